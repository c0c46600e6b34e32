"""§3.5 / §6: one test per option, showing it changes what the spec says it changes; every
option value constructs."""

from __future__ import annotations

import dataclasses
from fractions import Fraction as F

from rolkit import fields
from rolkit.dice import ScriptedDice
from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread import (
    Combatant,
    CoreDreadOptions,
    Modifiers,
    Weapon,
)
from rolkit.systems.core_dread.presets import ANA, BRUNO, CARLA, FIST, KNIFE, PISTOL
from rolkit.systems.core_dread.rules.hazards import fall_wound
from rolkit.systems.core_dread.rules.healing import malherido_check

from .cd_helpers import field_values

Opt = CoreDreadOptions


def test_every_option_is_tested_here():
    names = {f.name for f in dataclasses.fields(Opt)}
    tested = {n[len("test_") :] for n in globals() if n.startswith("test_")}
    assert names <= tested, names - tested


def test_reroll_policy():
    assert cd.apply_rerolls(
        [8, 2, 1, 3, 2], 4, 3, [7, 9, 3], Opt(reroll_policy="once_per_die")
    ) == (
        [7, 2, 1, 3, 2],
        1,
    )
    # same P(success) for s <= 3, different for s = 4
    once = Opt(reroll_policy="once_per_die")
    assert cd.check_success_probability(4, 3, options=once) == cd.check_success_probability(4, 3)
    assert cd.check_success_probability(4, 4, options=once) < cd.check_success_probability(4, 4)
    # and in a scripted roll: the second point is wasted under once_per_die
    dice = ScriptedDice([9, 1, 1, 1, 1, 9])
    roll = cd.roll_check(4, 2, dice, options=once)
    assert roll.rerolls == [(0, 9)] and dice.used == 6
    dice = ScriptedDice([9, 1, 1, 1, 1, 9, 2])
    roll = cd.roll_check(4, 2, dice)
    assert (
        roll.rerolls == [(0, 9), (0, 2)] and roll.hits == 5 and roll.degree == "exito_sobresaliente"
    )


def test_spectacular_label_from_final_hits():
    on = Opt(spectacular_label_from_final_hits=True)
    assert cd.degree_of_success(5, 3) == "exito_sobresaliente"
    assert cd.degree_of_success(5, 3, on) == "exito_espectacular"
    # the double wound still needs 5 natural hits: BRUNO FIST, 4 natural + 1 reroll
    r = cd.resolve_attack(BRUNO, ANA, FIST, cd.Modifiers(), ScriptedDice([1, 2, 3, 4, 9, 5]), on)
    assert r.attack_hits == 5 and not r.spectacular
    assert r.outcome.wound_level == "lesionado" and r.outcome.wound_count == 1


def test_damage_order():
    sub = Opt(damage_order="subtract_then_multiply")
    assert cd.opposed_damage(4, 4, "dodge", 3, 1, False) == (13, 0)
    assert cd.opposed_damage(4, 4, "dodge", 3, 1, False, sub) == (4, 0)
    assert cd.opposed_damage(2, 1, "block", 4, 2, False) == (0, 6)
    assert cd.opposed_damage(2, 1, "block", 4, 2, False, sub) == (0, 4)
    assert cd.opposed_damage(3, 4, "dodge", 5, 1, False) == (7, 0)
    assert cd.opposed_damage(2, 4, "none", 0, 1, True) == (0, 0)  # ranged minimum
    got = cd.attack_outcomes(ANA, BRUNO, KNIFE, Modifiers(defence="dodge"), sub)
    assert sum(p for k, p in got.items() if k.hit) == F(3653526, 9765625)


def test_malherido_step():
    inc = Opt(malherido_step="inclusive")
    assert cd.wound_from_damage(13, 4) == ("malherido", 1)
    assert cd.wound_from_damage(13, 4, inc) == ("malherido", 2)
    # in an attack: BRUNO (FOR 5) bat, 3 hits x4 = 12 vs FOR 1 → 12 - 2 = 10 over → 2 / 3
    weak = Combatant(fortaleza=1)
    a = cd.attack_outcomes(BRUNO, weak, KNIFE, Modifiers())
    b = cd.attack_outcomes(BRUNO, weak, KNIFE, Modifiers(), inc)
    assert a != b


def test_spectacular_wounds():
    plus = Opt(spectacular_wounds="plus_one")
    assert cd.adjust_wound("malherido", 3, False, True) == ("malherido", 6)
    assert cd.adjust_wound("malherido", 3, False, True, plus) == ("malherido", 4)
    got = cd.attack_outcomes(CARLA, ANA, PISTOL, Modifiers(), plus)
    assert got[cd.AttackOutcome(True, 20, "malherido", 4, False, 0, None, 0)] == F(243, 3125)


def test_counter_can_be_spectacular():
    on = Opt(counter_can_be_spectacular=True)
    # ANA fists BRUNO (1 hit); BRUNO blocks with 5 natural hits: counter 4 → Magullado ×1
    faces = [1, 9, 9, 9, 9, 1, 1, 1, 1, 1]
    off = cd.resolve_attack(ANA, BRUNO, FIST, Modifiers(defence="block"), ScriptedDice(faces))
    assert off.outcome.counter_wound_count == 1
    r = cd.resolve_attack(ANA, BRUNO, FIST, Modifiers(defence="block"), ScriptedDice(faces), on)
    assert (r.outcome.counter_wound_level, r.outcome.counter_wound_count) == ("magullado", 2)
    assert r.counter_marked == ("magullado", "magullado")
    a = cd.attack_outcomes(ANA, BRUNO, FIST, Modifiers(defence="block"))
    b = cd.attack_outcomes(ANA, BRUNO, FIST, Modifiers(defence="block"), on)
    assert a != b and sum(b.values()) == 1


def test_opposed_tie_break():
    assert cd.opposed_check(5, 0, 5, 0)["draw"] == F(63, 256)
    assert cd.opposed_check(5, 0, 5, 0, Opt(opposed_tie_break="reroll")) == {
        "a": F(1, 2),
        "b": F(1, 2),
        "draw": 0,
    }


def test_gore_penalty():
    assert cd.wound_penalty((1, 1, 1), gore=True) == 6
    assert cd.wound_penalty((1, 1, 1), gore=True, options=Opt(gore_penalty="worst")) == 3
    assert cd.wound_penalty((1, 1, 0), gore=True, options=Opt(gore_penalty="worst")) == 2
    # standard mode ignores the option
    assert cd.wound_penalty((0, 2, 1), options=Opt(gore_penalty="worst")) == 4


def test_penalties_affect_derived():
    hurt = Combatant(fortaleza=4, lesionado=2)  # effective FOR 2
    on = Opt(penalties_affect_derived=True)
    a = cd.attack_outcomes(ANA, hurt, FIST, Modifiers())
    b = cd.attack_outcomes(ANA, hurt, FIST, Modifiers(), on)
    levels_a = {k.wound_level for k in a if k.damage == 3}
    levels_b = {k.wound_level for k in b if k.damage == 3}
    assert levels_a == {"magullado"} and levels_b == {"lesionado"}


def test_armor_absorbs_falls():
    assert fall_wound(2, 4, absorption=3) == ("lesionado", 1)  # 6 points, no absorption
    assert fall_wound(2, 4, absorption=3, options=Opt(armor_absorbs_falls=True)) == ("magullado", 1)


def test_defence_requires_turn():
    tired = dataclasses.replace(BRUNO, turn_available=False)
    try:
        cd.attack_outcomes(ANA, tired, KNIFE, Modifiers(defence="block"))
        raise AssertionError("expected an error")
    except cd.CoreDreadInputError as err:
        assert err.field == "modifiers.defence"
    got = cd.attack_outcomes(
        ANA, tired, KNIFE, Modifiers(defence="block"), Opt(defence_requires_turn=False)
    )
    assert sum(got.values()) == 1


def test_ranged_dodge():
    only = Opt(ranged_dodge="only_to_cover")
    m = Modifiers(defence="dodge")
    assert sum(cd.attack_outcomes(CARLA, ANA, PISTOL, m).values()) == 1
    try:
        cd.attack_outcomes(CARLA, ANA, PISTOL, m, only)
        raise AssertionError("expected an error")
    except cd.CoreDreadInputError as err:
        assert err.field == "modifiers.defence"


def test_disastrous_healing_aggravates():
    """Spec §3.5/G24: «agravamiento de heridas durante la curación» is named but has no rule,
    so by default a Fallo desastroso (0 hits) healing a Malherido changes nothing; the old
    reading (+1 Malherido) stays the option ``disastrous_healing_aggravates=True``."""
    assert malherido_check((0, 0, 1), 0, cared=True) == ((0, 0, 1), False)
    on = Opt(disastrous_healing_aggravates=True)
    assert malherido_check((0, 0, 1), 0, cared=True, options=on) == ((0, 0, 2), False)
    assert malherido_check((0, 0, 3), 0, cared=True, options=on) == ((0, 0, 3), True)
    assert malherido_check((0, 0, 1), 1, cared=True, options=on) == ((0, 0, 1), False)


def test_default_options_are_the_spec_defaults():
    d = cd.DEFAULT_OPTIONS
    assert (d.reroll_policy, d.damage_order, d.malherido_step) == (
        "repeat",
        "multiply_then_subtract",
        "exclusive",
    )
    assert (d.spectacular_wounds, d.opposed_tie_break, d.gore_penalty, d.ranged_dodge) == (
        "double",
        "draw",
        "sum",
        "always",
    )
    assert not d.spectacular_label_from_final_hits and not d.counter_can_be_spectacular
    assert not d.penalties_affect_derived and not d.armor_absorbs_falls
    assert d.defence_requires_turn and not d.disastrous_healing_aggravates
    assert Weapon().name == "Sin armas"


def test_every_option_value_constructs():
    for name, spec in fields.describe(CoreDreadOptions):
        for value in field_values(spec):
            o = CoreDreadOptions(**{name: value})
            assert cd.SYSTEM.odds(**cd.SYSTEM.defaults(), options=o).total == 1
