"""§6 one attack (:mod:`rolkit.systems.tierkreis.attack`) beyond the worked examples: the
options that change it (half damage, naturals on powers, the GM's damage table, damage
reduction; maneuver naturals off), and the steps it records (R5 applied/ignored, rules cited
without gap codes)."""

from __future__ import annotations

import re
from fractions import Fraction as F

from rolkit.dice import ScriptedDice
from rolkit.systems import tierkreis as tk
from rolkit.systems.tierkreis.checks.forms import JumpForm, ManeuverForm

from .tk_fixtures import BOW, NPC, law, mods


# --------------------------------------------------------------------------- options
def test_half_damage_on_dodge_and_its_mirror_on_a_miss() -> None:
    power = tk.Weapon(kind="power", damage=5, half_damage_on_dodge=True)
    dodge = tk.attack_outcomes(
        tk.Combatant(**NPC), tk.Combatant(pv_max_override=20), power, tk.Modifiers()
    )
    assert dodge == {
        tk.Outcome("dodged", None, 2, "active"): F(1, 2),
        tk.Outcome("hit", None, 5, "active"): F(1, 2),
    }
    up = law(
        tk.Combatant(**NPC),
        tk.Combatant(pv_max_override=20),
        power,
        mods(half_damage_rounding="up"),
        "damage",
    )
    assert up == {3: F(1, 2), 5: F(1, 2)}
    # G9: a PC's miss (not a fumble) deals half; with mirroring off, nothing
    attack = law(
        tk.Combatant(intelligence=6), tk.Combatant(pv_max_override=20, **NPC), power, None, "damage"
    )
    assert attack == {10: F(1, 12), 5: F(5, 12), 2: F(5, 12), 0: F(1, 12)}
    off = law(
        tk.Combatant(intelligence=6),
        tk.Combatant(pv_max_override=20, **NPC),
        power,
        mods(mirror_modifiers=False),
        "damage",
    )
    assert off == {10: F(1, 12), 5: F(5, 12), 0: F(1, 2)}


def test_power_attacks_without_naturals() -> None:
    power = tk.Weapon(kind="power", damage=1, power_characteristic="CAR")
    a = tk.Combatant(charisma=12)
    assert law(a, tk.Combatant(**NPC), power, mods(crits_on_power_attacks=False)) == {"hit": F(1)}
    assert law(
        tk.Combatant(charisma=1),
        tk.Combatant(**NPC),
        power,
        tk.Modifiers(cover=5, options=tk.TierkreisOptions(crits_on_power_attacks=False)),
    ) == {"miss": F(1)}
    assert law(a, tk.Combatant(**NPC), power) == {
        "critical": F(1, 12),
        "hit": F(10, 12),
        "fumble": F(1, 12),
    }


def test_gm_variable_damage_table_replaces_its_rows_only() -> None:
    row = [0] * 11 + [12]
    o = tk.TierkreisOptions(variable_damage=True, variable_damage_table={3: row})
    assert o.variable_damage_table == "3: 0 0 0 0 0 0 0 0 0 0 0 12"
    assert o.damage_table == {3: tuple(row)}
    big = tk.Combatant(pv_max_override=99, **NPC)
    # target 12 (AGI 12): faces 2..11 hit (10/12), 1 critical, 12 fumble
    dmg = law(tk.Combatant(agility=12), big, BOW, tk.Modifiers(options=o), "damage")
    assert dmg == {
        0: F(1, 12) + F(10, 12) * F(11, 12) + F(1, 12) * F(11, 12),
        12: F(10, 144),
        24: F(1, 144),
    }
    other = tk.Weapon(kind="ranged", damage=5)
    five = law(tk.Combatant(agility=12), big, other, tk.Modifiers(options=o), "damage")
    assert five[0] == F(1, 12)  # the placeholder row of 5 has no 0
    assert tk.variable_damage(5, 12, {3: row}) == 8 and tk.variable_damage(3, 12, {3: row}) == 12


def test_damage_reduction_placeholder_and_maneuver_naturals_off() -> None:
    armoured = tk.Combatant(pv_max_override=20, damage_reduction=2, **NPC)
    assert law(tk.Combatant(agility=12), armoured, BOW, None, "damage") == {
        0: F(1, 12),
        1: F(10, 12),
        4: F(1, 12),
    }
    r = tk.resolve_maneuver(
        "push", tk.Combatant(strength=3), mods(maneuver_naturals="none"), ScriptedDice([1])
    )
    assert r.result == "success" and r.distance_m == 1
    r = tk.resolve_maneuver(
        "push", tk.Combatant(strength=12), mods(maneuver_naturals="none"), ScriptedDice([12])
    )
    assert r.result == "success"
    # the earlier yes/no option still reads: yes was «1 crítico, 12 falla», no was none
    assert tk.TierkreisOptions(maneuver_naturals=True).maneuver_naturals == "both"  # type: ignore[arg-type]
    assert tk.TierkreisOptions(maneuver_naturals=False).maneuver_naturals == "none"  # type: ignore[arg-type]
    r = tk.resolve_maneuver(
        "push", tk.Combatant(strength=2), mods(maneuver_naturals="both"), ScriptedDice([1])
    )
    assert r.result == "critical" and r.distance_m == 2 and r.opponent_prone


# --------------------------------------------------------------------------- steps
def test_steps_list_each_adjustment_applied_or_ignored() -> None:
    m = tk.Modifiers(cover=3)
    r = tk.resolve_attack(
        tk.Combatant(**NPC),
        tk.Combatant(defensive_stance=True),
        tk.Weapon(kind="firearm"),
        m,
        ScriptedDice([5]),
    )
    labels = [(s.label, s.derived.get("adjustment"), s.derived.get("value")) for s in r.steps]
    assert ("tierkreis.step.applied", "tierkreis.adj.cover.mirrored", "+3") in labels
    assert ("tierkreis.step.ignored", "tierkreis.adj.defensive_stance", "+1") in labels
    assert r.result == "dodged"


def test_step_rules_cite_the_rules_without_gap_codes() -> None:
    rules = [
        s.rule
        for seed in range(30)
        for s in tk.SYSTEM.resolve(
            tk.Combatant(), tk.Combatant(is_player=False), BOW, tk.Modifiers(), seed=seed
        ).steps
    ]
    cap = tk.TierkreisOptions(standing_jump="hard_cap")
    rules += [
        s.rule
        for s in tk.SYSTEM.checks["jump"]
        .resolve(JumpForm(distance_m=9, run_up=False), cap, seed=1)
        .steps
    ]
    rules += [s.rule for s in tk.SYSTEM.checks["maneuver"].resolve(ManeuverForm(), seed=1).steps]
    assert rules and not [r for r in rules if re.search(r"\bG\d+", r)]


def test_resolution_exposes_the_shared_result_attributes() -> None:
    """The spec's ``Resolution`` is the system's result (issue 24's one vocabulary): steps,
    key, the health after of both sides (§6: ``HealthState``) and no weapon change; the
    System's resolve hook returns it as ``Resolved(steps, outcome, key)``."""
    a, d = tk.Combatant(agility=7), tk.Combatant(pv_max_override=5, **NPC)
    r = tk.resolve_attack(a, d, BOW, tk.Modifiers(), ScriptedDice([1]))
    assert r.key == tk.AttackKey("critical", None, 6, "unconscious", "dying")
    assert r.key.outcome == r.outcome
    assert r.defender_after == tk.HealthState(0, 0, "unconscious")
    assert r.attacker_after == tk.HealthState(4, 0, "active")
    assert r.weapon_after == r.weapon  # no shots counted: the same weapon form
    resolved = tk.SYSTEM.resolve_fn(a, d, BOW, tk.Modifiers(), tk.DEFAULT, ScriptedDice([1]))
    assert resolved.steps == r.steps and resolved.outcome == r and resolved.key == r.key
