"""States that last (issue #25, item 2): Estabilizado (first aid) and the Punto de Acción
spent against an Esfuerzo extra's fatigue (P11), set on the forms, read by the rules that
they affect, and listed by the conditions."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import rolkit
from rolkit.dice import ScriptedDice
from rolkit.systems.nsd20 import (
    Combatant,
    Modifiers,
    NSd20InputError,
    Weapon,
    apply_hazard,
    resolve_attack,
)
from rolkit.systems.nsd20.after import combatant_conditions
from rolkit.systems.nsd20.rules.effort import EffortEvent, EffortState, effort_step
from rolkit.systems.nsd20.turns import round_end

S = rolkit.get_system("nsd20")
E1_A = Combatant(dexterity=14, strength=12, attack_base=3)
DYING = Combatant(dexterity=12, reflexes_base=2, pr_current=-3, wound_state="moribundo")
STABLE = Combatant(
    dexterity=12, reflexes_base=2, pr_current=-3, wound_state="moribundo", stabilised=True
)
CLUB = Weapon(kind="melee", damage_dice=1, damage_die=6)


# --------------------------------------------------------------------------- Estabilizado
def test_only_a_dying_character_can_be_stabilised():
    with pytest.raises(NSd20InputError) as err:
        Combatant(stabilised=True)
    assert "Moribundo" in err.value.message("es")
    Combatant(pr_current=0, stabilised=True)  # 0 PR: dying though not yet marked (P8)


def test_a_stabilised_moribundo_is_down_not_dying():
    assert S.status(DYING) == "dying"
    assert S.status(STABLE) == "down"


def test_new_damage_ends_the_stabilisation():
    """A hit on a stabilised Moribundo leaves it dying again; a miss leaves it as it is."""
    law = S.transitions(E1_A, STABLE, CLUB, Modifiers())
    fates: dict[object, F] = {}
    for (_, d_after), p in law.items():
        if d_after.pr == STABLE.pr:
            assert d_after.stabilised
        else:
            assert not d_after.stabilised and d_after.pr < STABLE.pr
        fates[S.status(d_after)] = fates.get(S.status(d_after), F(0)) + p
    assert fates == S.odds(E1_A, STABLE, CLUB, Modifiers()).fate()
    # E1: Defensa here is 10 + 2 + 0 (Moribundo loses Esquiva): a natural 7+ hits
    assert fates["down"] == F(6, 20)


def test_resolve_keeps_or_ends_the_stabilisation():
    miss = resolve_attack(E1_A, STABLE, CLUB, Modifiers(), ScriptedDice([3]))
    assert miss.outcome == "miss" and miss.key.fate == "down"
    assert miss.defender_after.stabilised
    hit = resolve_attack(E1_A, STABLE, CLUB, Modifiers(), ScriptedDice([12, 3]))
    assert hit.damage == 4 and hit.key.fate == "dying"
    assert not hit.defender_after.stabilised and hit.defender_after.pr == -7


def test_a_hazard_also_ends_it():
    assert apply_hazard(STABLE, 0, ScriptedDice([])).defender_after.stabilised
    hurt = apply_hazard(STABLE, 2, ScriptedDice([]))
    assert not hurt.defender_after.stabilised and hurt.fate == "dying"


# --------------------------------------------------------------------------- P11 the point
def test_action_point_spent_needs_an_effort_this_turn():
    with pytest.raises(NSd20InputError):
        Combatant(action_point_spent=True)


def test_a_point_spent_in_the_same_round_cancels_the_fatigue():
    """Seed: «Puedes gastar un Punto de Acción en ese mismo asalto … para eliminar la fatiga
    y no sufrir ningún efecto adverso»; the state machine gives the same (V12's rows)."""
    tired = Combatant(effort_used_this_turn=True, action_points=1)
    spent = Combatant(effort_used_this_turn=True, action_point_spent=True, action_points=0)
    (after_tired,) = round_end(tired)
    (after_spent,) = round_end(spent)
    assert after_tired.fatigue == "fatigado" and after_tired.action_points == 1
    assert after_spent.fatigue == "normal" and after_spent.action_points == 0
    assert not after_spent.effort_used_this_turn and not after_spent.action_point_spent
    machine = EffortState(action_points=1)
    machine = effort_step(machine, EffortEvent(kind="use_effort", benefit="melee_damage"))
    machine = effort_step(machine, EffortEvent(kind="spend_action_point"))
    machine = effort_step(machine, EffortEvent(kind="start_of_round"))
    assert (machine.fatigue, machine.action_points) == (after_spent.fatigue, 0)


# --------------------------------------------------------------------------- conditions
def test_conditions_name_every_lasting_state():
    c = Combatant(
        flat_footed=True,
        stunned=True,
        stun_rounds_left=1,
        fatigue="fatigado",
        wound_state="moribundo",
        pr_current=-1,
        stabilised=True,
        effort_used_this_turn=True,
    )
    es = [e for e, _ in combatant_conditions(c)]
    assert es == [
        "Desprevenido",
        "Aturdido (2 asaltos)",
        "Fatigado",
        "Moribundo",
        "Estabilizado",
        "Esfuerzo extra: fatiga al próximo asalto",
    ]
    assert combatant_conditions(Combatant()) == ()
    spent = Combatant(effort_used_this_turn=True, action_point_spent=True)
    assert "Punto de Acción gastado" in combatant_conditions(spent)[0][0]
    for es_label, en_label in combatant_conditions(c):
        assert es_label and en_label and "_" not in es_label + en_label


# --------------------------------------------------------------------------- aid received
def test_aid_received_adds_to_the_next_attack_and_is_used_up():
    """§1.7 «El éxito proporciona al líder un +2»: +2 per helper on the next attack roll."""
    target = Combatant(dexterity=12, reflexes_base=2)  # Defensa 13
    aided = Combatant(dexterity=14, strength=12, attack_base=3, aid_bonus=4)
    base = S.odds(E1_A, target, CLUB, Modifiers()).p_hit
    assert base == F(13, 20)  # 8–20
    assert S.odds(aided, target, CLUB, Modifiers()).p_hit == F(17, 20)  # 4–20
    for a_after, _ in S.transitions(aided, target, CLUB, Modifiers()):
        assert a_after.aid_bonus == 0
    r = resolve_attack(aided, target, CLUB, Modifiers(), ScriptedDice([4, 1]))
    assert r.outcome == "hit" and r.attacker_after.aid_bonus == 0
