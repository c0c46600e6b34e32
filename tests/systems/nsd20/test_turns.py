"""NSd20: the rule at the end of a round (``SYSTEM.round_end``), P11 Esfuerzo extra.

* «Al inicio del asalto inmediatamente después del Esfuerzo extra, quedas Fatigado»: a blow
  with the Esfuerzo leaves the attacker marked; the round's end brings one step of fatigue
  (V12's ladder, played through real attacks: Fatigado, Exhausto, Inconsciente) and clears
  the once-per-turn mark, so the next round's Esfuerzo is allowed;
* the option ``effort_spends_action_point``: a Punto de Acción is spent and no fatigue
  comes (V12's R3 row); without points left the fatigue comes anyway;
* the fatigue reaches the next attack: V13's attack bonus 5 → 4 (Fatigado) → 2 (Exhausto);
* no dice: each law is one form, probability 1; without an Esfuerzo the form itself; no
  ``turn_start``;
* the initiative of the fight tracker (§2.1): ties by the modifier, then roll-offs.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

import rolkit
from rolkit import fields
from rolkit.dice import ScriptedDice
from rolkit.fight import Fight, InitiativeEntry
from rolkit.systems import nsd20
from rolkit.systems.nsd20 import Combatant, Modifiers, NSd20Rules, Weapon
from rolkit.systems.nsd20.rules.effort import EffortEvent, EffortState, effort_step
from rolkit.systems.nsd20.turns import roll_initiative

S = nsd20.SYSTEM
E1_A = Combatant(dexterity=14, strength=12, attack_base=3)
E1_D = Combatant(dexterity=12, reflexes_base=2, pr_max=20, serious_wound_threshold=10)
SWORD = Weapon(kind="melee", damage_die=8)
EFFORT = Modifiers(extra_effort_damage=True)
SPEND = NSd20Rules(effort_spends_action_point=True)


def only(law: dict) -> Combatant:
    assert sum(law.values()) == 1
    ((form, p),) = law.items()
    assert p == 1
    return form


def blow(attacker: Combatant, modifiers: Modifiers = EFFORT) -> Combatant:
    """The attacker after one blow (the same whatever the dice)."""
    law = S.transitions(attacker, E1_D, SWORD, modifiers)
    (a,) = {a for (a, _d) in law}
    return a


def test_nothing_to_apply_returns_the_form_unchanged():
    for c in (S.defaults()["attacker"], E1_A, replace(E1_A, fatigue="exhausto")):
        assert only(S.round_end(c)) == c
        assert only(S.turn_start(c)) == c
    assert S.turn_start_fn is None and S.has_turn_effects
    plain = blow(E1_A, Modifiers())
    assert only(S.round_end(plain)) == plain


def test_v12_the_ladder_through_real_blows():
    """V12: effort, round, effort, round, effort, round → Fatigado, Exhausto, Inconsciente."""
    a = E1_A
    ladder = []
    for _ in range(3):
        a = blow(a)
        assert a.effort_used_this_turn
        a = only(S.round_end(a))
        assert not a.effort_used_this_turn
        ladder.append(a.fatigue)
    assert ladder == ["fatigado", "exhausto", "inconsciente"]
    assert a.unconscious and S.status(a) == "down"
    with pytest.raises(nsd20.NSd20InputError):  # V12 R5: an Inconsciente cannot
        blow(a)


def test_the_fatigue_reaches_the_next_attack():
    """V13: attack bonus 5; Fatigado → 4; Exhausto → 2 (the T4 penalty on DEX)."""
    tired = only(S.round_end(blow(E1_A)))
    exhausted = only(S.round_end(blow(tired)))
    bonuses = [nsd20.attack_bonus(c, SWORD, Modifiers()) for c in (E1_A, tired, exhausted)]
    assert bonuses == [5, 4, 2]
    before = S.odds(E1_A, E1_D, SWORD, Modifiers()).p_hit
    after = S.odds(tired, E1_D, SWORD, Modifiers()).p_hit
    assert before - after == F(1, 20)  # −1 on a d20 roll: one face fewer hits


def test_v12_an_action_point_cancels_the_fatigue():
    a = replace(E1_A, action_points=1)
    kept = only(S.round_end(blow(a)))
    assert (kept.fatigue, kept.action_points) == ("fatigado", 1)
    spent = only(S.round_end(blow(a), SPEND))
    assert (spent.fatigue, spent.action_points) == ("normal", 0)
    assert not spent.effort_used_this_turn
    # no point left: the fatigue comes anyway
    again = only(S.round_end(blow(spent), SPEND))
    assert (again.fatigue, again.action_points) == ("fatigado", 0)


def test_the_same_end_as_the_spec_state_machine():
    """The round's end is P11's ``start_of_round`` + ``start_of_turn`` on the pending effort;
    with the option, spending the point in the same round ends where V12's R3 row (spending
    it at the start of the next turn) does."""
    for fatigue in ("normal", "fatigado", "exhausto"):
        for points in (0, 2):
            c = replace(E1_A, fatigue=fatigue, action_points=points, effort_used_this_turn=True)
            st = EffortState(fatigue=fatigue, action_points=points)
            st = effort_step(st, EffortEvent(kind="use_effort", benefit="melee_damage"))
            st = effort_step(st, EffortEvent(kind="start_of_round"))
            plain = effort_step(st, EffortEvent(kind="start_of_turn"))
            after = only(S.round_end(c))
            assert (after.fatigue, after.action_points) == (plain.fatigue, plain.action_points)
            if points:
                undo = effort_step(st, EffortEvent(kind="start_of_turn", spend_action_point=True))
                spent = only(S.round_end(c, SPEND))
                assert (spent.fatigue, spent.action_points) == (undo.fatigue, undo.action_points)
                assert spent.fatigue == fatigue


def test_every_form_after_the_round_end_is_valid_and_canonical():
    for fatigue in ("normal", "fatigado", "exhausto", "inconsciente"):
        for points in (0, 3):
            c = replace(E1_A, fatigue=fatigue, action_points=points, effort_used_this_turn=True)
            for rules in (nsd20.NSd20Rules(), SPEND):
                for form in S.round_end(c, rules):
                    again = fields.from_data(Combatant, fields.to_data(form))
                    assert again == form and hash(again) == hash(form)


# --------------------------------------------------------------------------- initiative
def test_initiative_ties_by_modifier_then_roll_off():
    quick = Combatant(dexterity=14, reflexes_base=2)  # Iniciativa +4
    slow = Combatant()  # +0
    entries = [
        InitiativeEntry("A", "x", quick),
        InitiativeEntry("B", "y", quick),
        InitiativeEntry("C", "y", slow),
    ]
    rng = ScriptedDice([10, 10, 14, 5, 12])  # A 14, B 14, C 14; A and B roll off: 5 < 12
    order, steps = roll_initiative(entries, rng)
    assert order == ["B", "A", "C"] and rng.remaining == 0
    assert [s.label for s in steps].count("nsd20.step.initiative_tie") == 2

    fight = Fight(rolkit.get_system("nsd20"))
    fight.add("A", "x", quick)
    fight.add("C", "y", slow)
    assert set(fight.roll_initiative(seed=9).order) == {"A", "C"}
