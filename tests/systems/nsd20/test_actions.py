"""The actions of an NSd20 turn (issue #25): each action's exact law against a brute
force over the dice written here (and icepool where it can say it), refusals from the
seed's words, and the effects on the forms."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import icepool
import pytest

import rolkit
from rolkit.actions import ActionAfter, ActionContext
from rolkit.fight import Fight
from rolkit.systems.nsd20 import Combatant, Modifiers, NSd20Rules, Weapon
from rolkit.systems.nsd20.rules.effort import EffortEvent, EffortState, effort_step
from rolkit.systems.nsd20.turns import round_end

S = rolkit.get_system("nsd20")
RULES = NSd20Rules()
#: E1 (V15): attack +5 (DES 14, attack_base 3), FUE 12 (+1 damage); Defensa 13.
JED = Combatant(name="Jed", dexterity=14, strength=12, attack_base=3, action_points=2)
TOM = Combatant(name="Tom", dexterity=12, reflexes_base=2, pr_max=20, serious_wound_threshold=99)
CLUB = Weapon(kind="melee", damage_dice=1, damage_die=6)
GUN = Weapon(kind="ranged", damage_dice=2, damage_die=6)
DYING = Combatant(name="Bill", pr_current=-2, wound_state="moribundo")


def ctx(actor, target, weapon=CLUB, taken=(), modifiers=None, rules=RULES) -> ActionContext:
    return ActionContext(actor, weapon, target, modifiers or Modifiers(), rules, taken)


def hits(n: int, bonus: int, target: int) -> bool:
    """P1/P5 written again: a natural 20 always, a natural 1 never, else total ≥ target."""
    return n == 20 or (n != 1 and n + bonus >= target)


# --------------------------------------------------------------------------- the turn
def test_the_turn_is_one_standard_action_and_one_free_one():
    assert dict(S.turn_rules.budget) == {"standard": 1, "free": 1}
    assert set(S.actions) == {"attack", "attack_effort", "aid", "help", "action_point"}
    assert S.actions["attack"].cost == {"standard": 1}
    assert S.actions["aid"].kind == "aid" and S.actions["aid"].target == "ally"
    assert S.actions["action_point"].cost == {"free": 1}


# --------------------------------------------------------------------------- attacks
def _brute_effort_attack(actor: Combatant, target: Combatant) -> dict[int, F]:
    """The defender's PR after E1's club with the Esfuerzo's +2, every face written out:
    attack d20 (+5 against 13), confirmation d20 on a 20, one or two d6+1, +2 once (G6)."""
    law: dict[int, F] = {}
    for n in range(1, 21):
        if not hits(n, 5, 13):
            law[target.pr] = law.get(target.pr, F(0)) + F(1, 20)
            continue
        for c in range(1, 21) if n == 20 else [None]:
            rolls = 2 if c is not None and hits(c, 5, 13) else 1
            p_conf = F(1, 20) if c is not None else F(1)
            for faces in itertools.product(range(1, 7), repeat=rolls):
                damage = sum(f + 1 for f in faces) + 2
                pr = target.pr - damage
                law[pr] = law.get(pr, F(0)) + F(1, 20) * p_conf * F(1, 6**rolls)
    return law


def test_attack_with_effort_law_matches_the_dice():
    law = S.actions["attack_effort"].law(ctx(JED, TOM))
    assert sum(law.values()) == 1
    by_pr: dict[int, F] = {}
    for after, p in law.items():
        assert after.actor.effort_used_this_turn and not after.actor.flat_footed
        by_pr[after.target.pr] = by_pr.get(after.target.pr, F(0)) + p
    assert by_pr == _brute_effort_attack(JED, TOM)


def test_attack_with_effort_against_icepool():
    """The damage of a hit that is not a confirmed critical is d6 + 1 + 2; icepool
    gives the same mean PR loss over the whole law."""
    law = S.actions["attack_effort"].law(ctx(JED, TOM))
    mean_loss = sum(p * (TOM.pr - a.target.pr) for a, p in law.items())
    d20 = icepool.d20
    hit = d20.map(lambda n: hits(n, 5, 13) and n != 20)
    crit_confirm = d20.map(lambda c: hits(c, 5, 13))
    p_plain = F(hit.probability(True)) + F(1, 20) * F(crit_confirm.probability(False))
    p_crit = F(1, 20) * F(crit_confirm.probability(True))
    one = icepool.d6 + 1
    mean_plain = F(one.mean()) + 2
    mean_crit = 2 * F(one.mean()) + 2
    assert mean_loss == p_plain * mean_plain + p_crit * mean_crit


def test_plain_attack_is_the_systems_attack():
    law = S.actions["attack"].law(ctx(JED, TOM))
    expected = S.transitions(JED, TOM, CLUB, Modifiers(), with_weapon=True)
    assert law == {ActionAfter(a, d, w): p for (a, d, w), p in expected.items()}
    assert not any(a.actor.effort_used_this_turn for a in law)


@pytest.mark.parametrize(
    ("actor", "weapon", "taken", "words"),
    [
        (Combatant(effort_used_this_turn=True), CLUB, (), "ya usó su Esfuerzo extra"),
        (JED, CLUB, ("attack_effort",), "ya usó su Esfuerzo extra"),
        (JED, GUN, (), "cuerpo a cuerpo"),
    ],
)
def test_attack_with_effort_refusals(actor, weapon, taken, words):
    why = S.actions["attack_effort"].refusal(ctx(actor, TOM, weapon, taken))
    assert why is not None and words in why[0] and why[1]
    assert S.actions["attack_effort"].law(ctx(actor, TOM, weapon, taken)) == {
        ActionAfter(actor, TOM, weapon): 1
    }


# --------------------------------------------------------------------------- first aid
@pytest.mark.parametrize(("medicine", "wisdom"), [(0, 10), (4, 14), (-3, 6), (12, 18)])
def test_first_aid_law_matches_the_faces(medicine, wisdom):
    """[SRD-assumed] d20 + Medicina + mod(SAB) against CD 15 stabilises a Moribundo."""
    medic = Combatant(name="Doc", medicine=medicine, wisdom=wisdom)
    modifier = medicine + (wisdom - 10) // 2
    p = sum(F(1, 20) for n in range(1, 21) if hits(n, modifier, 15))
    law = S.actions["aid"].law(ctx(medic, DYING))
    stable = Combatant(**{**DYING.__dict__, "stabilised": True})
    assert law == {
        **({ActionAfter(medic, stable, CLUB): p} if p else {}),
        **({ActionAfter(medic, DYING, CLUB): 1 - p} if p != 1 else {}),
    }
    single = icepool.d20.map(lambda n: hits(n, modifier, 15))
    assert p == F(single.probability(True))


def test_first_aid_makes_the_dying_ally_down_not_dying():
    medic = Combatant(name="Doc", medicine=20, wisdom=18)  # +24: only a natural 1 fails
    law = S.actions["aid"].law(ctx(medic, DYING))
    fates = {}
    for after, p in law.items():
        fates[S.status(after.target)] = fates.get(S.status(after.target), 0) + p
    assert fates == {"down": F(19, 20), "dying": F(1, 20)}


@pytest.mark.parametrize(
    ("actor", "target", "words"),
    [
        (Combatant(), TOM, "no está Moribundo"),
        (Combatant(), Combatant(pr_current=-1, wound_state="moribundo", stabilised=True), "ya"),
        (Combatant(stunned=True), DYING, "Aturdido"),
        (Combatant(fatigue="inconsciente"), DYING, "Inconsciente"),
    ],
)
def test_first_aid_refusals(actor, target, words):
    why = S.actions["aid"].refusal(ctx(actor, target))
    assert why is not None and words in why[0] and why[1]


# --------------------------------------------------------------------------- aid another
def test_help_law_is_the_attack_roll_against_cd_10():
    """«cada ayudante realiza la misma prueba contra una CD 10 … El éxito proporciona al
    líder un +2»: Jed's Ataque +5 against CD 10 succeeds on 5–20 (16/20)."""
    law = S.actions["help"].law(ctx(JED, TOM))
    p = sum(F(1, 20) for n in range(1, 21) if hits(n, 5, 10))
    assert p == F(16, 20)
    aided = {a.target.aid_bonus: q for a, q in law.items()}
    assert aided == {2: p, 0: 1 - p}


def test_the_aid_goes_to_the_next_attack_and_is_used_up():
    aided = Combatant(**{**TOM.__dict__, "aid_bonus": 2, "name": "Tom"})
    base = S.odds(TOM, TOM, CLUB, Modifiers()).p_hit
    helped = S.odds(aided, TOM, CLUB, Modifiers()).p_hit
    assert helped - base == F(2, 20)
    for after in S.actions["attack"].law(ctx(aided, TOM)):
        assert after.actor.aid_bonus == 0


def test_help_caps():
    twice = Combatant(**{**TOM.__dict__, "aid_bonus": 2})
    assert S.actions["help"].refusal(ctx(JED, twice)) is None  # helpers stack (G4)
    no_stack = NSd20Rules(aid_helpers_stack=False)
    assert "toda la ayuda" in S.actions["help"].refusal(ctx(JED, twice, rules=no_stack))[0]
    none = NSd20Rules(max_helpers=0)
    assert S.actions["help"].refusal(ctx(JED, TOM, rules=none)) is not None
    assert S.actions["help"].refusal(ctx(JED, DYING)) is not None


# --------------------------------------------------------------------------- action point
def test_a_point_spent_after_the_effort_attack_avoids_the_fatigue():
    """P11 «Puedes gastar un Punto de Acción en ese mismo asalto … para eliminar la fatiga»."""
    point = S.actions["action_point"]
    assert point.refusal(ctx(JED, JED)) is not None  # no Esfuerzo yet
    after_attack = next(iter(S.actions["attack_effort"].law(ctx(JED, TOM)))).actor
    law = point.law(ctx(after_attack, after_attack, taken=("attack_effort",)))
    ((spent, p),) = law.items()
    assert p == 1 and spent.actor.action_points == 1 and spent.actor.action_point_spent
    (rested,) = round_end(spent.actor)
    assert rested.fatigue == "normal" and rested.action_points == 1
    (tired,) = round_end(after_attack)
    assert tired.fatigue == "fatigado" and tired.action_points == 2
    again = point.refusal(ctx(spent.actor, spent.actor))
    assert again is not None and "ya gastó" in again[0]
    broke = Combatant(effort_used_this_turn=True)
    assert "no le quedan" in point.refusal(ctx(broke, broke))[0]


# --------------------------------------------------------------------------- resolve ~ law
MEDIC = Combatant(name="Doc", medicine=2, wisdom=12)
CASES = {
    "attack": ctx(JED, TOM),
    "attack_effort": ctx(JED, TOM),
    "aid": ctx(MEDIC, DYING),
    "help": ctx(Combatant(name="Kid", attack_base=1), TOM),
    "action_point": ctx(
        Combatant(effort_used_this_turn=True, action_points=1),
        Combatant(effort_used_this_turn=True, action_points=1),
    ),
}


@pytest.mark.parametrize("action_id", sorted(CASES))
def test_seeded_resolves_follow_the_exact_law(action_id):
    """Every after-state a seeded resolve lands on is in the law's support, and the
    frequencies of 600 seeds stay within 6 sigma of the law."""
    action = S.actions[action_id]
    c = CASES[action_id]
    assert action.refusal(c) is None
    law = action.law(c)
    assert sum(law.values()) == 1
    n = 600
    seen: dict[ActionAfter, int] = {}
    for seed in range(n):
        r = action.resolve_in_fight(c, seed=seed)
        assert r.after in law, (action_id, seed)
        assert r.text[0] and r.text[1] and r.steps
        seen[r.after] = seen.get(r.after, 0) + 1
    for after, p in law.items():
        sigma = (n * p * (1 - p)) ** 0.5
        assert abs(seen.get(after, 0) - n * p) <= 6 * sigma + 1e-9, (action_id, after)


def test_refused_actions_say_why_in_plain_words():
    for action_id, action in S.actions.items():
        why = action.refusal(ctx(Combatant(fatigue="inconsciente"), DYING))
        assert why is not None, action_id
        for text in why:
            assert text and "_" not in text and "§" not in text, (action_id, text)


# --------------------------------------------------------------------------- the tracker
def test_a_turn_through_the_tracker():
    """Jed hits with the Esfuerzo extra, spends his Punto de Acción in the same turn, and
    the round ends without fatigue (P11)."""
    f = Fight(S)
    f.add("Jed", "A", JED, CLUB)
    f.add("Tom", "B", TOM, CLUB)
    f.roll_initiative(seed=1)
    while f.state.current != "Jed":
        f.next_turn(seed=2)
    offered = [a.action.id for a in f.actions_for("Jed")]
    assert offered == ["attack", "attack_effort"]  # no ally to aid, no Esfuerzo yet
    hit = f.act("Jed", "attack_effort", "Tom", seed=5)
    f.apply_action(hit, "Jed", "Tom")
    jed = f.state.fighter("Jed").defender
    assert jed.effort_used_this_turn
    assert "Esfuerzo extra: fatiga al próximo asalto" in [es for es, _ in S.conditions(jed)]
    assert [a.action.id for a in f.actions_for("Jed")] == ["action_point"]
    spent = f.act("Jed", "action_point", seed=6)
    f.apply_action(spent, "Jed")
    jed = f.state.fighter("Jed").defender
    assert jed.action_points == 1 and jed.action_point_spent
    assert f.actions_for("Jed") == []  # the turn is spent
    start = f.state.round
    while f.state.round == start:
        f.next_turn(seed=3)
    jed = f.state.fighter("Jed").defender
    assert jed.fatigue == "normal" and not jed.effort_used_this_turn
    assert jed.action_points == 1


# --------------------------------------------------------------------------- at the turn after
def test_a_point_at_the_start_of_the_next_turn_takes_the_fatigue_back():
    """P11 «… o al inicio del turno siguiente en el que realizaste un Esfuerzo extra»: V12's
    R3 row, Exhausto → Fatigado with one point spent."""
    a = Combatant(fatigue="fatigado", effort_used_this_turn=True, action_points=1)
    (came,) = round_end(a)
    assert came.fatigue == "exhausto" and came.effort_fatigue_undoable
    machine = EffortState(fatigue="fatigado", action_points=1)
    for event in (
        EffortEvent(kind="use_effort", benefit="melee_damage"),
        EffortEvent(kind="start_of_round"),
        EffortEvent(kind="start_of_turn", spend_action_point=True),
    ):
        machine = effort_step(machine, event)
    law = S.actions["action_point"].law(ctx(came, came))
    ((after, p),) = law.items()
    assert p == 1
    assert (after.actor.fatigue, after.actor.action_points) == (machine.fatigue, 0)
    assert after.actor.fatigue == "fatigado" and not after.actor.effort_fatigue_undoable


def test_the_chance_ends_with_that_turn_or_the_next_round():
    came = Combatant(fatigue="fatigado", effort_fatigue_undoable=True, action_points=1)
    (ended,) = S.turn_end(came)
    assert not ended.effort_fatigue_undoable and ended.fatigue == "fatigado"
    (later,) = round_end(came)
    assert not later.effort_fatigue_undoable
    assert S.actions["action_point"].refusal(ctx(ended, ended)) is not None
    assert "Punto de Acción en este turno" in S.conditions(came)[-1][0]
    (no_points,) = round_end(Combatant(effort_used_this_turn=True))
    assert no_points.effort_fatigue_undoable  # it came; no point to spend is the actor's
    assert "no le quedan" in S.actions["action_point"].refusal(ctx(no_points, no_points))[0]


def test_the_next_turn_through_the_tracker():
    f = Fight(S)
    f.add("Jed", "A", JED, CLUB)
    f.add("Tom", "B", TOM, CLUB)
    f.roll_initiative(seed=1)
    while f.state.current != "Jed":
        f.next_turn(seed=2)
    f.apply_action(f.act("Jed", "attack_effort", "Tom", seed=5), "Jed", "Tom")
    f.next_turn(seed=4)
    while f.state.current != "Jed":
        f.next_turn(seed=4)
    jed = f.state.fighter("Jed").defender
    assert jed.fatigue == "fatigado" and jed.effort_fatigue_undoable
    assert "action_point" in [a.action.id for a in f.actions_for("Jed")]
    f.apply_action(f.act("Jed", "action_point", seed=7), "Jed")
    jed = f.state.fighter("Jed").defender
    assert (jed.fatigue, jed.action_points) == ("normal", 1)


def test_the_point_wakes_one_the_effort_knocked_out():
    """V12 ladder: Exhausto + Esfuerzo → Inconsciente at the round's start; P11's
    start_of_turn(spend_action_point) takes it back to Exhausto (the state machine allows
    it: only use_effort is refused while Inconsciente)."""
    (out,) = round_end(Combatant(fatigue="exhausto", effort_used_this_turn=True, action_points=1))
    assert out.fatigue == "inconsciente" and out.effort_fatigue_undoable
    ((after, _),) = S.actions["action_point"].law(ctx(out, out)).items()
    assert after.actor.fatigue == "exhausto" and after.actor.action_points == 0
    dying = Combatant(
        wound_state="moribundo",
        pr_current=-1,
        fatigue="fatigado",
        effort_fatigue_undoable=True,
        action_points=1,
    )
    assert "Inconsciente" in S.actions["action_point"].refusal(ctx(dying, dying))[0]
