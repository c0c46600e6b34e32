"""The GM screen's grid reads one number per cell (issue #26, item 7): each system's
``hit_fn`` (``System.p_hit``) equals ``odds(...).p_hit`` exactly, and refuses what the odds
refuse, on every cell of its default grids and under each defence; a system without one
reads the whole law; and one independent figure per system (a spec example, icepool or a
face-by-face enumeration) reached through the hook itself."""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction as F

import pandas as pd
import pytest

import rolkit
from rolkit import analysis
from rolkit.errors import RulesError
from rolkit.system import FORM_NAMES
from tests.contract.toy.system import SYSTEM as TOY

SYSTEMS = list(rolkit.systems())

#: modifiers that take each system's hit down another branch (defences, a dodge check,
#: concealment), each checked on a small grid
VARIANTS = {
    "core_dread": [{"defence": v} for v in ("none", "block", "dodge", "ranged_block")],
    "ashes_of_war": [
        {"defence": "none", "undefended_adversidad": "hard"},
        *({"defence": v} for v in ("dodge", "intercept_shield", "intercept_object")),
    ],
    "tierkreis": [{"mode": v} for v in ("attack_check", "dodge_check")],
    "gore": [{"defence": v} for v in ("none", "dodge", "block")],
    "nsd20": [{"concealment": "partial"}, {"concealment": "total", "cover": "improved"}],
}


def _outcome(fn, forms):
    """``fn``'s value on the four forms, or the kind of rules error it raises."""
    try:
        return fn(*(forms[r] for r in FORM_NAMES))
    except RulesError as err:
        return type(err)


def _hook_equals_law(system, forms=None, limit=12, axes=None) -> int:
    """Every cell of the grid: the hook's Fraction is the law's (or both refuse); returns
    how many cells the odds answered."""

    def law_hit(*four):
        return system.odds(*four).p_hit

    rows, cols = axes or system.screen_axes
    answered = 0
    for r, c, trial in analysis.grid_cells(system, forms, limit, rows=rows, cols=cols):
        if trial is None:
            continue
        want = _outcome(law_hit, trial)
        got = _outcome(system.p_hit, trial)
        assert got == want, (system.id, r, c)
        if isinstance(want, F):
            assert isinstance(got, F)
            answered += 1
    return answered


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_system_declares_its_hit_hook(system_id):
    assert rolkit.get_system(system_id).hit_fn is not None


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_hook_equals_the_whole_law_on_every_default_grid(system_id):
    s = rolkit.get_system(system_id)
    for axes in {s.grid_axes, s.screen_axes}:
        assert _hook_equals_law(s, axes=axes) > 0


@pytest.mark.parametrize(
    ("system_id", "change"),
    [(sid, change) for sid, changes in VARIANTS.items() for change in changes],
)
def test_the_hook_equals_the_whole_law_under_each_defence(system_id, change):
    s = rolkit.get_system(system_id)
    base = s.defaults()
    forms = {**base, "modifiers": dataclasses.replace(base["modifiers"], **change)}
    _hook_equals_law(s, forms, limit=4)


def test_a_system_without_a_hook_reads_the_whole_law():
    assert TOY.hit_fn is None and TOY.grid_axes is not None
    forms = TOY.defaults()
    four = [forms[r] for r in FORM_NAMES]
    assert TOY.p_hit(*four) == TOY.odds(*four).p_hit
    assert _hook_equals_law(TOY, axes=TOY.grid_axes) > 0


@pytest.mark.parametrize("system_id", ["nsd20", "gore"])
def test_the_grid_is_the_same_by_hook_and_by_whole_laws(system_id):
    s = rolkit.get_system(system_id)
    assert s.screen_axes is not None
    rows, cols = s.screen_axes
    by_hook = analysis.hit_grid(s, rows=rows, cols=cols, limit=5)
    by_law = analysis.hit_grid(s, rows=rows, cols=cols, limit=5, full_law=True)
    pd.testing.assert_frame_equal(by_hook, by_law, check_exact=True)


def test_a_pair_a_form_refuses_is_an_empty_cell():
    """NSd20: current PR above the maximum is refused by the form; that cell is NaN."""
    s = rolkit.get_system("nsd20")
    rows, cols = ("defender", "pr_current"), ("defender", "pr_max")
    grid = analysis.hit_grid(s, limit=5, rows=rows, cols=cols)
    assert math.isnan(grid.loc[999, 1]) and not math.isnan(grid.loc[999, 999])
    cells = {(r, c): t for r, c, t in analysis.grid_cells(s, limit=5, rows=rows, cols=cols)}
    kept = cells[(999, 999)]
    assert cells[(999, 1)] is None and kept is not None and kept["defender"].pr_current == 999


# --------------------------------------------------------------------------- independent
def test_core_dread_hook_gives_the_spec_examples():
    """Spec Appendix A: AV2 P(hit) = 513/625; AV3 (block with counter) 18057/100000."""
    from rolkit.systems.core_dread import Modifiers
    from rolkit.systems.core_dread.presets import ANA, BRUNO, CARLA, FIST, PISTOL

    s = rolkit.get_system("core_dread")
    assert s.p_hit(CARLA, ANA, PISTOL, Modifiers()) == F(513, 625)
    assert s.p_hit(ANA, BRUNO, FIST, Modifiers(defence="block")) == F(18057, 100000)


def test_nsd20_hook_gives_the_spec_example():
    """Spec V15 (E1): miss 7/20, so P(hit) = 13/20; with partial concealment (P5.1, a hit
    lost on 17–20) 13/20 · 16/20."""
    from rolkit.systems.nsd20 import Combatant, Modifiers, Weapon

    s = rolkit.get_system("nsd20")
    a = Combatant(dexterity=14, strength=12, attack_base=3)
    d = Combatant(dexterity=12, reflexes_base=2, pr_max=20, serious_wound_threshold=10)
    assert s.p_hit(a, d, Weapon(), Modifiers()) == F(13, 20)
    assert s.p_hit(a, d, Weapon(), Modifiers(concealment="partial")) == F(13, 20) * F(16, 20)


def test_tierkreis_hook_follows_the_spec_formula():
    """R4 for an attack check of target t: P(critical) = 1/12 and P(hit, not critical) =
    max(0, min(t, 11) − 1)/12 (the spec's enumeration), along the grid's AGI axis."""
    from rolkit.systems.tierkreis.attack.stages import attack_target

    s = rolkit.get_system("tierkreis")
    base = s.defaults()
    mods = dataclasses.replace(base["modifiers"], mode="attack_check")
    for agility in range(1, 13):
        a = dataclasses.replace(base["attacker"], agility=agility)
        t = attack_target(a, base["defender"], base["weapon"], mods).target
        want = F(1, 12) + F(max(0, min(t, 11) - 1), 12)
        assert s.p_hit(a, base["defender"], base["weapon"], mods) == want, agility


def test_ashes_of_war_hook_matches_icepool():
    """P(absorbed or wound) of the icepool model of the benchmark, for each defence."""
    pytest.importorskip("icepool")
    from benchmarks.bench_ashes_of_war import icepool_law
    from rolkit.systems.ashes_of_war import Modifiers
    from tests.systems.ashes_of_war.aow_fixtures import ESPADA, GORATH, KIRA

    s = rolkit.get_system("ashes_of_war")
    for defence in ("none", "dodge", "intercept_shield"):
        m = Modifiers(defence=defence)
        law = icepool_law(KIRA, GORATH, ESPADA, m)
        want = sum((p for k, p in law.items() if k[0] in ("absorbed", "wound")), F(0))
        assert s.p_hit(KIRA, GORATH, ESPADA, m) == want, defence


def test_gore_hook_matches_a_d100_enumeration():
    """T4 over both d100s, tier by tier as the benchmark's icepool model reads them (§1.2,
    §1.4): a hit is a cell that lands; an impaling weapon's «empalar» too."""
    from benchmarks.bench_gore import _T4, _icepool_tier
    from rolkit.systems import gore as g

    s = rolkit.get_system("gore")
    spear = g.Weapon(damage="1D6+1", impaling=True)
    for attack, dodge, weapon in ((120, 75, g.Weapon(damage="1D8+1")), (70, 20, spear)):
        a, d, m = g.Combatant(attack_skill=attack), g.Combatant(dodge_skill=dodge), g.Modifiers()
        assert (g.attack_skill(a, d, weapon, m), g.defence_skill(d, a, weapon, m)) == (
            attack,
            dodge,
        )
        hits = sum(
            (_icepool_tier(x, attack, weapon.impaling), _icepool_tier(y, dodge, False)) in _T4
            for x in range(1, 101)
            for y in range(1, 101)
        )
        assert s.p_hit(a, d, weapon, m) == F(hits, 100 * 100), (attack, dodge)
