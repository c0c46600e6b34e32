"""The registered ``SYSTEM``: every i18n key a step shows, the presets in both directions
(PC → NPC, NPC → PC), and a fight through its hooks (P23 initiative, PV after a blow)."""

from __future__ import annotations

import dataclasses

import pytest

from rolkit import i18n
from rolkit.fight import Fight
from rolkit.systems import tierkreis as tk

from .tk_fixtures import BOW, NPC


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_key_a_step_shows_is_registered(lang: str) -> None:
    configs = [
        (
            tk.Combatant(prone=True, intoxicated=True, adjustments="+1 (Furia)"),
            tk.Combatant(prone=True, **NPC),
            BOW,
            tk.Modifiers(cover=2, surprise=True, options=tk.TierkreisOptions(variable_damage=True)),
        ),
        (tk.Combatant(**NPC), tk.Combatant(defensive_stance=True), tk.SWORD, tk.Modifiers(cover=1)),
    ]
    for a, d, w, m in configs:
        for seed in range(30):
            r = tk.SYSTEM.resolve(a, d, w, m, seed=seed)
            for s in r.steps:
                assert i18n.has(s.label, lang), s.label
                for key, value in s.derived.items():
                    assert i18n.has(f"tierkreis.derived.{key}", lang), key
                    if isinstance(value, str) and value.startswith("tierkreis."):
                        assert i18n.has(value, lang), value
    for flag in ("fumble", "dodged", "half_damage", "self_damage_1", "weapon_dropped"):
        assert i18n.has(f"tierkreis.flag.{flag}", lang)


def test_presets_cover_both_directions() -> None:
    s = tk.SYSTEM
    pcs = [c for c in s.presets["attacker"].values() if c.is_player]
    npcs = [c for c in s.presets["attacker"].values() if not c.is_player]
    assert pcs and npcs
    assert {w.damage for w in s.presets["weapon"].values()} >= {1, 2, 3}
    modes = {
        tk.roll_target(a, d, tk.UNARMED, tk.Modifiers())[0] for a in pcs + npcs for d in pcs + npcs
    }
    assert modes == {"attack_check", "dodge_check"}
    assert dataclasses.replace(tk.Combatant(), name="x").name == "x"


def test_a_fight_rolls_p23_initiative_and_applies_pv_and_death_points() -> None:
    fight = Fight(tk.SYSTEM)
    fight.add("Ana", "pj", tk.Combatant(name="Ana", agility=5), BOW)
    fight.add("Orco", "pnj", tk.Combatant(name="Orco", agility=8, is_player=False), tk.SWORD)
    state = fight.roll_initiative(seed=3)
    steps = state.entry.steps
    rolls = {s.params["name"]: s.derived["score"] for s in steps}
    assert [s.label for s in steps] == ["tierkreis.step.initiative"] * 2
    agility = {"Ana": 5, "Orco": 8}
    expected = sorted(rolls, key=lambda n: (-rolls[n], -agility[n]))  # ties: higher AGI
    assert list(state.order) == expected
    # the orc attacks Ana: she dodges (P3); a hit lowers her PV in the fight
    for seed in range(40):
        r = fight.attack("Orco", "Ana", seed=seed)
        if r.view.damage:
            break
    assert r.outcome.mode == "dodge_check"
    state = fight.apply(r, "Orco", "Ana")
    assert state.fighter("Ana").defender.pv == 4 - r.view.damage
