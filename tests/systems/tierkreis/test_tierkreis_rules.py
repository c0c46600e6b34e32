"""Rules beyond the worked examples: R5 reporting, options, validation, fate, steps and
their i18n, the after-state, initiative by side."""

from __future__ import annotations

import dataclasses
from fractions import Fraction as F

import pytest

from rolkit import i18n
from rolkit.dice import ScriptedDice
from rolkit.errors import FieldRangeError, RulesError
from rolkit.systems import tierkreis as tk
from rolkit.systems.tierkreis.rules.adjustments import format_adjustments, intrinsic, parse_adjustments

NPC = dict(is_player=False)
BOW = tk.Weapon(kind="ranged", damage=3)


def law(a, d, w, m=None, field="result"):
    out: dict = {}
    for k, p in tk.attack_outcomes(a, d, w, m or tk.Modifiers()).items():
        v = getattr(k, field)
        out[v] = out.get(v, 0) + p
    return out


def mods(**options) -> tk.Modifiers:
    return tk.Modifiers(options=tk.TierkreisOptions(**options))


# --------------------------------------------------------------------------- R5 / R6
def test_r5_reports_which_adjustment_counted_and_which_was_ignored() -> None:
    power, stance, minus = (
        tk.Adjustment(2, label="poder"),
        tk.Adjustment(1, label="defensa"),
        tk.Adjustment(-1),
    )
    items = [tk.Adjustment(1, source="item"), tk.Adjustment(1, source="item")]
    applied, ignored = tk.split_adjustments([power, stance, minus, *items])
    assert applied == (power, minus, *items) and ignored == (stance,)
    applied, ignored = tk.split_adjustments(
        [tk.Adjustment(-3), tk.Adjustment(-1)], "largest_per_sign"
    )
    assert [a.value for a in applied] == [-3] and [a.value for a in ignored] == [-1]
    assert tk.split_adjustments([power, stance], "sum_all") == ((power, stance), ())


def test_intrinsic_adjustments_always_add_and_users_cannot_make_them() -> None:
    assert tk.combine_adjustments([intrinsic(-3, "x"), tk.Adjustment(2), tk.Adjustment(1)]) == -1
    with pytest.raises(tk.TierkreisInputError) as err:
        tk.Adjustment(1, source="intrinsic")
    assert err.value.field == "source"


def test_r6_an_adjustment_applies_only_to_its_check() -> None:
    c = tk.Combatant(agility=6, adjustments="+2 esquiva; +1 FUE ítem; -1 ataque")
    assert tk.check_target(c, "AGI", "dodge").target == 8
    assert tk.check_target(c, "AGI", "attack").target == 5
    assert tk.check_target(c, "FUE").target == 7
    assert tk.check_target(c, "SUE").target == 6


def test_adjustment_text_round_trips_and_bad_text_names_the_field() -> None:
    adjs = (tk.Adjustment(2, "attack", label="Furia"), tk.Adjustment(-1, "AGI", "item"))
    text = format_adjustments(adjs)
    assert text == "+2 ataque (Furia); -1 AGI ítem"
    assert parse_adjustments(text) == adjs
    assert tk.Combatant(adjustments=adjs) == tk.Combatant(adjustments=text)
    assert tk.Combatant(adjustments=adjs).adjustment_list == adjs
    for bad in ("dos", "+2 ataque ataque", "+20", "+1 (a;b)"):
        with pytest.raises(tk.TierkreisInputError) as err:
            tk.Modifiers(extra=bad)
        assert err.value.field == "extra", bad
        assert err.value.message("es") != err.value.message("en")


# --------------------------------------------------------------------------- validation
def test_impossible_combinations_raise_naming_the_field() -> None:
    cases = [
        (lambda: tk.Combatant(pv_current=5), "pv_current"),
        (lambda: tk.Combatant(pv_current=2, death_points=1), "death_points"),
        (
            lambda: tk.roll_target(
                tk.Combatant(), tk.Combatant(), BOW, tk.Modifiers(attack_characteristic="FUE")
            ),
            "attack_characteristic",
        ),
        (
            lambda: tk.attack_outcomes(
                tk.Combatant(), tk.Combatant(), BOW, tk.Modifiers(attack_characteristic="AGI")
            ),
            "attack_characteristic",
        ),
        (
            lambda: tk.resolve_attack(
                tk.Combatant(),
                tk.Combatant(),
                BOW,
                tk.Modifiers(attack_characteristic="AGI"),
                ScriptedDice([1]),
            ),
            "attack_characteristic",
        ),
        (
            lambda: tk.attack_outcomes(
                tk.Combatant(pv_current=0), tk.Combatant(), BOW, tk.Modifiers()
            ),
            "pv_current",
        ),
        (lambda: tk.Combatant(strength=13), "strength"),
        (lambda: tk.TierkreisOptions(variable_damage_table="3: 1 2 3"), "variable_damage_table"),
    ]
    for fn, field in cases:
        with pytest.raises(tk.TierkreisInputError) as err:
            fn()
        assert err.value.field == field
        assert isinstance(err.value, FieldRangeError) and isinstance(err.value, RulesError)


def test_a_sword_may_force_fue_and_a_spec_none_fumble_penalty_is_accepted() -> None:
    a = tk.Combatant(strength=4, agility=9)
    assert (
        tk.roll_target(a, tk.Combatant(**NPC), tk.SWORD, tk.Modifiers(attack_characteristic="FUE"))[
            1
        ].target
        == 4
    )
    assert (
        tk.roll_target(a, tk.Combatant(**NPC), tk.SWORD, tk.Modifiers())[1].characteristic == "AGI"
    )
    assert tk.Combatant(fumble_penalty=None) == tk.Combatant()


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


def test_death_timing_and_fate() -> None:
    dying = tk.Combatant(pv_current=0, death_points=2, **NPC)
    odds = tk.SYSTEM.odds(tk.Combatant(agility=12), dying, tk.UNARMED, tk.Modifiers())
    assert odds.p_dead == F(11, 12)  # every hit (critical included) adds the 3rd death point
    later = tk.SYSTEM.odds(
        tk.Combatant(agility=12), dying, tk.UNARMED, mods(death_timing="turn_start")
    )
    assert later.p_dead == 0 and later.p_dying == 1
    hungry = tk.Combatant(strength=2, deprivation_days=2, pv_max_override=30, **NPC)
    assert hungry.status == "unconscious"
    down = tk.SYSTEM.odds(tk.Combatant(), hungry, tk.UNARMED, tk.Modifiers())
    assert down.fate() == {"down": F(1)}
    fresh = tk.SYSTEM.odds(
        tk.Combatant(agility=7), tk.Combatant(pv_max_override=5, **NPC), BOW, tk.Modifiers()
    )
    assert fresh.fate() == {None: F(11, 12), "dying": F(1, 12)}


def test_damage_reduction_placeholder_and_maneuver_naturals_off() -> None:
    armoured = tk.Combatant(pv_max_override=20, damage_reduction=2, **NPC)
    assert law(tk.Combatant(agility=12), armoured, BOW, None, "damage") == {
        0: F(1, 12),
        1: F(10, 12),
        4: F(1, 12),
    }
    r = tk.resolve_maneuver(
        "push", tk.Combatant(strength=3), mods(maneuver_naturals=False), ScriptedDice([1])
    )
    assert r.result == "success" and r.distance_m == 1
    r = tk.resolve_maneuver(
        "push", tk.Combatant(strength=12), mods(maneuver_naturals=False), ScriptedDice([12])
    )
    assert r.result == "success"


def test_jump_and_fall_options() -> None:
    assert tk.jump_modifier(6, 4, run_up=False, standing="hard_cap") is None
    assert tk.jump_modifier(6, 3, run_up=False, standing="hard_cap") == 0
    assert tk.jump_modifier(5, F(5, 2), run_up=False) == 0  # exact half: FUE 5 → 2.5 m
    assert tk.jump_modifier(6, F(11, 2)) == 0 and tk.jump_modifier(6, F(13, 2)) == -1  # G14
    assert tk.fall_damage(7, 6) == 3 and tk.fall_damage(7, 6, "up") == 4


def test_initiative_by_side_and_ties() -> None:
    e = tk.InitiativeEntry
    pcs = [e("Ana", 5, True, 6), e("Bea", 9, True, 6)]
    npcs = [e("Orco", 7, False, 8), e("Lobo", 3, False, 8)]
    assert tk.initiative_order(npcs + pcs, per_side=True) == [
        "Ana",
        "Bea",
        "Orco",
        "Lobo",
    ]  # 15 = 15: PCs
    assert tk.initiative_order([e("N", 5, False, 7), e("P", 5, True, 7)]) == ["P", "N"]
    with pytest.raises(tk.TierkreisInputError):
        tk.initiative_order([e("Ana", 5, True, 6), e("Bea", 9, True, 7)], per_side=True)


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


def test_after_state_follows_pv_death_points_and_fumbles() -> None:
    s = tk.SYSTEM
    npc = tk.Combatant(pv_max_override=5, **NPC)
    hit = [
        r
        for r in (
            s.resolve(tk.Combatant(agility=7), npc, BOW, tk.Modifiers(), seed=n) for n in range(40)
        )
        if r.view.damage
    ]
    assert hit
    for r in hit:
        after = s.after(r)["defender"]
        assert (
            after.pv == r.outcome.defender_after.pv
            and after.death_points == r.outcome.defender_after.death_points
        )
    fumble = tk.resolve_attack(tk.Combatant(), npc, BOW, tk.Modifiers(), ScriptedDice([12, 3]))
    from rolkit.systems.tierkreis.after import after

    assert after(fumble) == {"attacker": tk.Combatant(prone=True)}
    fumble = tk.resolve_attack(tk.Combatant(), npc, BOW, tk.Modifiers(), ScriptedDice([12, 6]))
    assert after(fumble)["attacker"].fumble_penalty == "physical"
    fumble = tk.resolve_attack(tk.Combatant(), npc, BOW, tk.Modifiers(), ScriptedDice([12, 12]))
    assert after(fumble)["attacker"].pv == 3


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


def test_healing_and_night_recovery() -> None:
    assert tk.heal(0, 2, 3, 10) == (3, 0, "active")  # P9: death points cleared, wakes up
    assert tk.heal(8, 0, 5, 10) == (10, 0, "active")
    assert tk.heal(0, 3, 5, 10).status == "dead"
    assert tk.night_recovery(2, 0, level=3, pv_max=10) == (5, 0, "active")
    assert tk.night_recovery(2, 0, level=3, pv_max=10, ate=False) == (2, 0, "active")  # P20
    assert tk.night_recovery(9, 0, level=3, pv_max=10, slept=False) == (9, 0, "active")


def test_a_fight_rolls_p23_initiative_and_applies_pv_and_death_points() -> None:
    from rolkit.fight import Fight

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


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: tk.variable_damage(21, 1), "damage"),
        (lambda: tk.variable_damage(3, 13), "d12"),
        (lambda: tk.fumble_effect(0), "d12"),
        (lambda: tk.attack_check_result(0, 5), "roll"),
        (lambda: tk.damage_factor(5, False), "damage_factor"),
        (lambda: tk.apply_damage(3, 0, -1), "damage"),
        (lambda: tk.apply_damage(3, 0, 1, "later"), "death_timing"),
        (lambda: tk.jump_modifier(6, -1), "distance_m"),
        (lambda: tk.fall_damage(float("nan"), 6), "height_m"),
        (lambda: tk.asphyxia_modifier(6, 0), "turn"),
        (lambda: tk.intoxication_modifier(0), "dose_number"),
        (lambda: tk.movement_m(13), "agility"),
        (
            lambda: tk.resolve_maneuver("kick", tk.Combatant(), tk.Modifiers(), ScriptedDice([1])),
            "maneuver",
        ),
        (lambda: tk.combine_adjustments([], "most"), "modifier_stacking"),
        (lambda: tk.Combatant().characteristic("LUK"), "characteristic"),
    ],
)
def test_rule_functions_refuse_bad_arguments_plainly(call, field) -> None:
    with pytest.raises(tk.TierkreisInputError) as err:
        call()
    assert err.value.field == field
    assert err.value.message("es") and err.value.message("en")


def test_step_rules_cite_the_rules_without_gap_codes() -> None:
    import re

    from rolkit.systems.tierkreis.checks.forms import JumpForm, ManeuverForm

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
