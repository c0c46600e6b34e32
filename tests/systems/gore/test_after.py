"""#16 item 1 for G.O.R.E.: the exact law of the forms after one attack
(``SYSTEM.transitions``) and the §7.3 track read from a form (``SYSTEM.status``).

* the law sums to exactly 1 over valid forms of the right classes;
* its marginals are the odds': the law of ``status(defender_after)`` is ``odds.fate()``, the
  HP lost is ``odds.damage()``, the location struck is ``odds.location()``, and the
  defender stays as it was at least as often as the blow misses without side effects;
* a seeded Monte Carlo of ``resolve`` + ``after`` agrees within 6σ (defaults, a shield
  bearer blocking, a wounded target with hit locations, a burst, a KO);
* an independent oracle: every dice sequence ``resolve_attack`` can draw, walked depth
  first with exact probabilities (the 00 «tira otra vez» of T11 cut at a known mass);
* the T10 and T11 laws the after-state multiplies in, against the tables face by face.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

import rolkit
import rolkit.systems.gore as g
from rolkit import fields
from rolkit.dice import ScriptedDice
from rolkit.systems.gore.after import melee_fumble_law, serious_loss_law

from .gore_fixtures import BROADSWORD, CLUB, DODGER, WARRIOR

S = g.SYSTEM
ROLES = ("attacker", "defender", "weapon", "modifiers")
SMG = g.Weapon(damage="1D2+1", kind="firearm", range_m=50.0, automatic=True)


def _forms(**kw: Any) -> dict[str, Any]:
    return {**S.defaults(), **kw}


def _preset(role: str, name: str) -> Any:
    return S.presets[role][name]


def _with(forms: dict[str, Any], **options: str) -> dict[str, Any]:
    """The same attack under other options (``after_effects``, ``serious_wound_losses``)."""
    m = forms["modifiers"]
    opts = dataclasses.replace(m.options, **options)
    return {**forms, "modifiers": dataclasses.replace(m, options=opts)}


EVERY = {"after_effects": "all"}  # T11 results and defensa inhábil written into the forms
T10 = {"serious_wound_losses": "apply"}  # T10 losses written into the forms


GUERRERO = "Guerrero (Hab. 60, FUE 13, TAM 14: MD +1D4)"


def _setups() -> list[tuple[str, dict[str, Any]]]:
    """Defaults (both option settings), every attacker × defender preset, the modifiers
    that change the law (with every effect written), and T10 applied where grave wounds
    happen."""
    out = [("defaults", _forms()), ("defaults, every effect", _with(_forms(), **EVERY))]
    for an, a in S.presets["attacker"].items():
        for dn, d in S.presets["defender"].items():
            out.append((f"{an} / {dn}", _forms(attacker=a, defender=d)))
    guerrero = _preset("attacker", GUERRERO)
    rodela = _preset("defender", "Con rodela (bloqueo 50, 20 PG)")
    for mn in ("Bloquear", "Localización de impactos", "Buscar un KO, sin defensa", "Carga (+1D4)"):
        m = _preset("modifiers", mn)
        forms = _forms(attacker=guerrero, defender=rodela, modifiers=m)
        out.append((f"Guerrero / rodela / {mn}", _with(forms, **EVERY)))
    plain = _preset("defender", "Sin armadura (12 PG)")
    out.append(
        ("Guerrero / 12 PG / T10 applied", _with(_forms(attacker=guerrero, defender=plain), **T10))
    )
    located = _preset("modifiers", "Localización de impactos")
    out.append(
        (
            "Guerrero / 12 PG / hit locations / T10 applied",
            _with(_forms(attacker=guerrero, defender=plain, modifiers=located), **T10, **EVERY),
        )
    )
    out.append(
        (
            "burst with hit locations",
            _forms(
                attacker=g.Combatant(attack_skill=60),
                defender=g.Combatant(hp_max=20),
                weapon=SMG,
                modifiers=g.Modifiers(
                    defence="none", distance_m=20.0, bullets=3, use_hit_locations=True
                ),
            ),
        )
    )
    out.append(("capture", _forms(modifiers=g.Modifiers(maneuver="capture", defence="none"))))
    out.append(("disarm", _forms(attacker=guerrero, modifiers=g.Modifiers(maneuver="disarm"))))
    return out


SETUPS = _setups()


def _law(forms: dict[str, Any]) -> dict[tuple[Any, ...], Fraction]:
    return S.transitions(*(forms[r] for r in ROLES), with_weapon=True)


def _wounded(forms: dict[str, Any]) -> list[g.Combatant]:
    """Two defenders reached by one transition that can still act (the likeliest hurt ones)."""
    law = _law(forms)
    hurt = [
        (p, d) for (_a, d, _w), p in law.items() if d != forms["defender"] and S.status(d) is None
    ]
    hurt.sort(key=lambda pd: -pd[0])
    return [d for _, d in hurt[:2]]


# ------------------------------------------------------------------------------ 1. shape
@pytest.mark.parametrize("name, forms", SETUPS, ids=[n for n, _ in SETUPS])
def test_the_law_sums_to_one_over_valid_forms(name, forms):
    law = _law(forms)
    assert sum(law.values()) == 1
    assert all(isinstance(p, Fraction) and p > 0 for p in law.values())
    for a, d, w in law:
        assert isinstance(a, g.Combatant) and isinstance(d, g.Combatant)
        assert isinstance(w, g.Weapon)
    ranked = sorted(law, key=lambda k: law[k])
    for key in {*ranked[:40], *ranked[-40:]}:  # the rarest and likeliest after-states
        for form in key:  # built without re-validation: prove each is a valid instance
            again = fields.from_data(type(form), fields.to_data(form))
            assert again == form and hash(again) == hash(form)


# ------------------------------------------------------------------------------ 2. odds
def _marginal(law, f) -> dict[Any, Fraction]:
    out: dict[Any, Fraction] = {}
    for key, p in law.items():
        k = f(*key)
        out[k] = out.get(k, Fraction(0)) + p
    return {k: v for k, v in out.items() if v}


def _check_against_odds(forms: dict[str, Any]) -> None:
    odds = S.odds(*(forms[r] for r in ROLES))
    law = _law(forms)
    d0 = forms["defender"]
    assert _marginal(law, lambda a, d, w: S.status(d)) == {
        f: p for f, p in odds.fate().items() if p
    }
    rows = odds.probabilities
    lost = _marginal(law, lambda a, d, w: d0.current_hp - d.current_hp)
    assert lost == {
        k: p for k, p in g.attack_outcomes(*(forms[r] for r in ROLES)).damage().items() if p
    }
    quiet = sum(
        p
        for row, p in rows.items()
        if row.category in ("miss", "cover_hit")
        and row.attacker_tier not in ("pifia",)
        and row.defender_tier != "pifia"
        and row.damage == 0
    )
    unchanged = sum(p for (a, d, w), p in law.items() if d == d0)
    if S.status(d0) is None and d0.current_hp > 2:
        assert unchanged >= quiet
    if forms["modifiers"].use_hit_locations and forms["modifiers"].bullets == 1:
        struck = _marginal(
            law,
            lambda a, d, w: next(
                (
                    loc
                    for loc in g.LOCATIONS
                    if d.location_damage.get(loc, 0) > d0.location_damage.get(loc, 0)
                ),
                None,
            ),
        )
        named = {}
        for row, p in rows.items():
            if row.location is not None and row.damage > 0:
                named[row.location] = named.get(row.location, Fraction(0)) + p
        assert {k: v for k, v in struck.items() if k is not None} == named


@pytest.mark.parametrize("name, forms", SETUPS, ids=[n for n, _ in SETUPS])
def test_the_marginals_are_the_odds(name, forms):
    _check_against_odds(forms)


@pytest.mark.parametrize(
    "name",
    [
        "defaults",
        "defaults, every effect",
        "Guerrero / rodela / Localización de impactos",
        "burst with hit locations",
    ],
)
def test_the_marginals_are_the_odds_from_wounded_defenders(name):
    forms = dict(SETUPS)[name]
    wounded = _wounded(forms)
    assert wounded
    for d in wounded:
        _check_against_odds({**forms, "defender": d})


def test_status_reads_the_track_from_the_form():
    assert S.status(g.Combatant()) is None
    assert S.status(g.Combatant(hp_current=2)) == "down"
    assert S.status(g.Combatant(hp_current=0)) == "dying"
    assert S.status(g.Combatant(conditions={"unconscious"})) == "down"
    assert S.status(g.Combatant(conditions={"captured"})) == "down"
    # T8: head ceil(12/3) = 4 HP; 4 lost → disabled (down), 8 lost → severe (dead)
    assert S.status(g.Combatant(location_damage={"cabeza": 4})) == "down"
    assert S.status(g.Combatant(location_damage={"cabeza": 8})) == "dead"
    assert S.status(g.Combatant(location_damage={"pierna_derecha": 8})) == "dying"
    assert S.status(g.Combatant(location_damage={"pierna_derecha": 4})) is None


def test_a_ko_and_a_capture_leave_the_target_down_in_its_form():
    ko = _forms(modifiers=_preset("modifiers", "Buscar un KO, sin defensa"))
    law = _law(ko)
    knocked = [d for (_a, d, _w) in law if "unconscious" in d.conditions]
    assert knocked and all(not d.can_defend and S.status(d) == "down" for d in knocked)
    cap = dict(SETUPS)["capture"]
    captured = [d for (_a, d, _w) in _law(cap) if "captured" in d.conditions]
    assert captured and all(d.hp_current is None and not d.can_defend for d in captured)


def test_a_serious_wound_that_lowers_max_hp_keeps_the_location_split():
    """T10 VIII (−1D3 PG máximos) after a disabled head: the head stays disabled (down), not
    re-graded severe by the smaller pool (the fate the odds give). Dice: attack 10, T7 d20
    19 (head), 1D8 7, T10 d100 62 (VIII), FUE −1D6 2, PG máximos −1D3 3, SUE 50."""
    d = g.Combatant(hp_max=12)
    m = g.Modifiers(defence="none", use_hit_locations=True)
    w = g.Weapon(damage="1D8")
    m = dataclasses.replace(m, options=dataclasses.replace(m.options, **T10))
    res = g.resolve_attack(g.Combatant(), d, w, m, ScriptedDice([10, 19, 7, 62, 2, 3, 50]))
    assert (res.location, res.location_status, res.wound, res.fate) == (
        "cabeza",
        "disabled",
        "grave",
        "down",
    )
    after = res.defender_after
    assert after.max_hp == 9 and after.fue == 9
    assert after.location_hp_override["cabeza"] == 4  # ceil(12/3), not ceil(9/3) = 3
    assert S.status(after) == "down"
    law = _law(_with(_forms(defender=d, modifiers=m, weapon=w), **T10))
    assert law[(g.Combatant(), after, w)] > 0


# ------------------------------------------------------------------------------ 3. Monte Carlo
def _after(forms: dict[str, Any], seed: int) -> tuple[Any, Any, Any]:
    after = S.after(S.resolve(*(forms[r] for r in ROLES), seed=seed))
    return tuple(after.get(r, forms[r]) for r in ("attacker", "defender", "weapon"))


def _within_6_sigma(p: Fraction, hits: int, n: int) -> bool:
    sigma = math.sqrt(float(p) * (1 - float(p)) / n)
    return abs(hits / n - float(p)) <= 6 * sigma + 1e-12


def _monte_carlo(forms: dict[str, Any], n: int) -> None:
    """Every sampled after-state has positive probability; each one with n·p ≥ 5 is within
    6σ, and the after-states too rare for the normal approximation (a T10 loss, a fumble
    after a wound: hundreds of them, each n·p < 5) are tested pooled, within 6σ."""
    law = _law(forms)
    counts = Counter(_after(forms, seed) for seed in range(n))
    assert [k for k in counts if k not in law] == []
    rare_p, rare_hits = Fraction(0), 0
    for key, p in law.items():
        if n * p < 5:
            rare_p += p
            rare_hits += counts.get(key, 0)
        else:
            assert _within_6_sigma(p, counts.get(key, 0), n), (float(p), key)
    assert _within_6_sigma(rare_p, rare_hits, n), (float(rare_p), rare_hits)


MC = [
    "defaults",
    "defaults, every effect",
    "Guerrero / rodela / Bloquear",
    "burst with hit locations",
    "Guerrero / rodela / Buscar un KO, sin defensa",
    "disarm",
]


@pytest.mark.parametrize("name", MC)
def test_seeded_resolve_and_after_agree_with_the_law(name):
    _monte_carlo(dict(SETUPS)[name], 2500 if name.startswith("defaults") else 1500)


def test_seeded_resolve_and_after_agree_from_a_wounded_state():
    forms = dict(SETUPS)["Guerrero / rodela / Localización de impactos"]
    _monte_carlo({**forms, "defender": _wounded(forms)[0]}, 1500)


# ------------------------------------------------------------------------------ 4. oracle
class _Draw(Exception):
    def __init__(self, a: int, b: int) -> None:
        self.range = (a, b)


class _Replay:
    """Replays a prefix of dice, then stops at the first new draw (depth-first walk)."""

    def __init__(self, prefix: tuple[int, ...]) -> None:
        self.prefix, self.i = prefix, 0

    def randint(self, a: int, b: int) -> int:
        if self.i < len(self.prefix):
            self.i += 1
            return self.prefix[self.i - 1]
        raise _Draw(a, b)


def _every_roll(forms: dict[str, Any], max_draws: int) -> tuple[dict[Any, Fraction], Fraction]:
    """The exact law of ``resolve_attack``'s after-state over every dice sequence, and the
    mass of the sequences longer than ``max_draws`` (only T11's 00 rerolls go that far)."""
    law: dict[Any, Fraction] = {}
    cut = Fraction(0)
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    a, d, w, m = (forms[r] for r in ROLES)
    while stack:
        prefix, p = stack.pop()
        try:
            res = g.resolve_attack(a, d, w, m, _Replay(prefix))
        except _Draw as draw:
            lo, hi = draw.range
            if len(prefix) >= max_draws:
                cut += p
                continue
            q = p / (hi - lo + 1)
            stack.extend(((*prefix, v), q) for v in range(lo, hi + 1))
            continue
        key = (res.attacker_after, res.defender_after, res.weapon_after)
        law[key] = law.get(key, Fraction(0)) + p
    return law, cut


def test_the_law_equals_every_dice_sequence_walked():
    """A wounded target (chest already hurt), hit locations, no defence: attack d100, T7
    d20, the 1D3 blow, the attacker's T11 d100 on a fumble (00 rerolls cut at 4 draws)."""
    d = g.Combatant(hp_current=5, location_damage={"pecho": 3})
    forms = _with(
        _forms(
            defender=d,
            weapon=g.Weapon(damage="1D3"),
            modifiers=g.Modifiers(defence="none", use_hit_locations=True),
        ),
        **EVERY,
    )
    exact = _law(forms)
    walked, cut = _every_roll(forms, max_draws=4)
    assert 0 < cut < Fraction(1, 10**3)
    assert sum(walked.values()) + cut == 1
    assert set(walked) == set(exact)
    for key, p in exact.items():
        assert 0 <= p - walked[key] <= cut


# ------------------------------------------------------------------------------ tables
def test_the_t10_loss_law_is_the_table_face_by_face():
    law, den = serious_loss_law()
    assert sum(n for _, n in law) == den
    mass: dict[tuple[tuple[str, int], ...], Fraction] = {}
    for face in range(1, 101):
        row = g.table_lookup("serious_wound", face)
        dice = dict(rolkit.systems.gore.tables.T10_LOSS_DICE)[row.type]
        sides = [int(x.split("D")[1]) for _, x in dice]
        for combo in _product(sides):
            key = tuple((name, v) for (name, _), v in zip(dice, combo, strict=True))
            mass[key] = mass.get(key, Fraction(0)) + Fraction(1, 100 * math.prod(sides))
    assert {k: Fraction(n, den) for k, n in law} == mass


def _product(sides: list[int]) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for s in sides:
        out = [(*c, v) for c in out for v in range(1, s + 1)]
    return out


def test_the_t11_fumble_law_rolls_again_on_00():
    law, den = melee_fumble_law()
    assert den == 99 and sum(n for _, n in law) == 99
    by_effect = {g.attack.stages.fumble_effect(row): n for row, n in law}
    assert by_effect[("half_block", None, False, False, False)] == 4  # 08–11
    assert by_effect[("half_all", 1, False, False, False)] == 3  # 29–31 «el siguiente turno»
    assert by_effect[("half_all", None, False, False, False)] == 3  # 80–82, until cleared
    assert by_effect[(None, None, True, False, False)] == 3  # 36–38 «Pierde 1 CAR»
    assert by_effect[(None, None, False, True, False)] == 4  # 54–57 armour −2
    assert by_effect[(None, None, False, False, True)] == 3  # 65–67 the shield breaks


def test_by_default_fumbles_and_a_disabled_defence_leave_no_mark():
    """``after_effects = "blow"``: the T11 row and *defensa inhábil* stay in the roll; with
    ``"all"`` they are written (and the law has more after-states)."""
    blow, every = _law(_forms()), _law(_with(_forms(), **EVERY))
    assert all(a == S.defaults()["attacker"] for a, _d, _w in blow)
    assert all(d.can_defend for _a, d, _w in blow if S.status(d) is None)
    assert any(not d.can_defend for _a, d, _w in every if S.status(d) is None)
    assert any(a.conditions for a, _d, _w in every)
    assert len(every) > len(blow)


def test_equal_situations_give_equal_forms():
    """A shield hit that takes no PG leaves the shield as it was (no explicit pg_current)."""
    d = _preset("defender", "Con rodela (bloqueo 50, 20 PG)")
    law = _law(_forms(defender=d, modifiers=_preset("modifiers", "Bloquear")))
    shields = {x.block_item for (_a, x, _w) in law}
    assert d.block_item in shields
    assert all(s is None or s.pg_current is None or s.pg_current < s.pg_max for s in shields)
    assert dataclasses.replace(d) == d


# --------------------------------------------------------------------------- after-state
def _scripted_after(attacker, defender, weapon, mods, faces):
    rng = ScriptedDice(faces)
    r = g.resolve_attack(attacker, defender, weapon, mods, rng)
    assert rng.remaining == 0
    return r


def test_after_a_hit_hp_is_current_minus_damage():
    defender = g.Combatant(name="D", armour=3, hp_current=9, hp_max=12)
    r = _scripted_after(g.Combatant(), defender, g.Weapon(), g.Modifiers(defence="none"), [20, 5])
    assert (r.damage, r.wound) == (2, "leve")
    assert r.defender_after.hp_current == 9 - 2 == r.hp_after
    assert r.defender_after.damage_24h == 2  # P13.7: a leve wound adds to the 24 h total
    assert r.attacker_after == g.Combatant() and r.weapon_after == g.Weapon()
    # through the System: the same after-state, only the roles that changed
    assert g.SYSTEM.after_fn(r)["defender"] == r.defender_after


def test_after_a_mortal_hit_keeps_negative_hp_and_no_24h_damage():
    r = _scripted_after(WARRIOR, DODGER, BROADSWORD, g.Modifiers(), [7, 55, 3])
    assert (r.damage, r.wound, r.hp_after) == (20, "mortal", -8)
    assert r.defender_after.hp_current == -8 and r.defender_after.damage_24h == 0
    assert r.defender_after.can_defend  # the form's fate is read from its HP
    assert r.defender_after.mortal_rounds == 0  # P13.4: wounded this round


def test_after_a_block_the_tracked_item_keeps_its_pg():
    d = g.Combatant(block_skill=50, armour=1, block_item=g.Shield(kind="pequeno", pg_max=5))
    r = _scripted_after(
        g.Combatant(), d, g.Weapon(damage="2D8"), g.Modifiers(defence="block"), [20, 30, 8, 8]
    )
    assert r.defender_after.block_item.pg_current == 0 == r.effects["item_pg_after"]
    assert r.defender_after.hp_current == d.max_hp - 5
    d = g.Combatant(block_skill=50, block_item=g.Shield(kind="pequeno", pg_max=15))
    r = _scripted_after(
        g.Combatant(), d, g.Weapon(damage="1D8"), g.Modifiers(defence="block"), [20, 30, 6]
    )
    assert r.category == "blocked" and r.damage == 0
    # no PG lost: the item is left as it was (pg_current empty = full), so equal
    # situations stay equal forms
    assert r.defender_after.block_item == d.block_item == g.Shield(kind="pequeno", pg_max=15)
    assert r.defender_after.hp_current is None  # no damage: the form is left as it was


def test_after_block_cells_cost_weapon_and_item_pg():
    a = g.Combatant(attack_skill=60)
    d = g.Combatant(block_skill=60, block_item=g.Shield(kind="normal", pg_max=20))
    w = g.Weapon(damage="1D6", pg=10)
    # attack Éxito (30) vs block Crítico (2): «No golpea, el arma del atacante pierde 2PG»
    r = _scripted_after(a, d, w, g.Modifiers(defence="block"), [30, 2])
    assert r.effects["attacker_weapon_pg_loss"] == 2
    assert r.weapon_after == dataclasses.replace(w, pg=8)
    # attack Crítico (2) vs block Éxito (30): hit_max, the defender's item −4 PG
    r = _scripted_after(a, d, w, g.Modifiers(defence="block"), [2, 30])
    assert r.category == "hit_max"
    assert r.defender_after.block_item.pg_current == 16
    assert r.defender_after.hp_current == r.hp_after


def test_after_a_located_hit_adds_to_that_location():
    d = g.Combatant(hp_max=30, location_damage={"pecho": 1})
    mods = g.Modifiers(defence="none", use_hit_locations=True)
    r = _scripted_after(g.Combatant(), d, g.Weapon(), mods, [20, 11, 4])  # d20 11: pecho; 1D6 = 4
    assert (r.location, r.damage) == ("pecho", 4)
    assert r.defender_after.location_damage["pecho"] == 5
    assert r.defender_after.location_damage.get("cabeza", 0) == 0


def test_after_ko_and_defence_disabled_take_the_defence_away():
    a = g.Combatant(fue=13, tam=14, attack_skill=55)
    r = _scripted_after(
        a, g.Combatant(hp_max=12), CLUB, g.Modifiers(defence="none", ko_attempt=True), [30, 5, 3, 4]
    )
    assert r.defender_after.can_defend is False and r.defender_after.hp_current is None


def test_after_states_are_valid_forms_over_many_seeds():
    system = rolkit.get_system("gore")
    d = g.Combatant(
        name="D", block_skill=50, dodge_skill=40, hp_max=10, block_item=g.Shield(pg_max=6)
    )
    w = g.Weapon(damage="1D10+2", pg=3)
    for defence in ("dodge", "block", "none"):
        mods = g.Modifiers(defence=defence, use_hit_locations=True)
        for seed in range(60):
            r = system.resolve(WARRIOR, d, w, mods, seed=seed)
            for role, form in system.after(r).items():
                assert type(form) is system.forms[role]
                assert dataclasses.replace(form) == form  # re-validates
            defender = system.after(r).get("defender", d)
            assert defender.current_hp == d.current_hp - r.outcome.damage


def test_after_a_fumble_leaves_its_lasting_condition_on_the_fumbler():
    # attack 100 (Pifia) vs dodge 90 (Fallo): «Atacante tira para la tabla de pifias»; T11 93
    lasting = g.Modifiers(options=g.GoreOptions(after_effects="all"))
    r = _scripted_after(g.Combatant(), g.Combatant(name="D"), CLUB, lasting, [100, 90, 93])
    assert r.effects["attacker_fumble"].low == 92
    assert r.attacker_after.conditions == frozenset({"half_dodge"})
    # by default (after_effects="blow") the roll reports it but the form keeps the blow only
    r = _scripted_after(g.Combatant(), g.Combatant(name="D"), CLUB, g.Modifiers(), [100, 90, 93])
    assert r.effects["attacker_fumble"].low == 92
    assert r.attacker_after.conditions == frozenset()
    assert r.defender_after == g.Combatant(name="D")
    assert set(g.SYSTEM.after_fn(r)) == {"attacker", "defender", "weapon"}
