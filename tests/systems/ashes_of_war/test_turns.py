"""Ashes Of War: the rules that act between attacks (``SYSTEM.turn_start`` / ``round_end``).

* §4.5 ``defences_this_turn`` back to 0 at the end of the shared turn (the defect: one more ▽
  per defence for the whole fight);
* §4.16 bleeding ticks (V20, V21 continued), checked against the contract's ``bleed_tick``
  (validated forms, another code path), with the moving bleeding after a lost limb;
* §4.17 the Moribundo's Fortitud roll (V08 from three turns of the law), §4.18 the waking
  roll; every random law checked against the system's own ``stabilisation_roll`` /
  ``wake_roll`` run on every sequence of die faces (exhaustive, scripted dice);
* options: ``waking_roll`` off, ``bleed_timing``, ``dying_rule`` for the whole fight;
* a form with nothing to apply is returned unchanged (an equal form: a memoised law may hold an earlier, equal one).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction as F

import pytest

from rolkit import fields
from rolkit.dice import ScriptedDice
from rolkit.systems.ashes_of_war import (
    Modifiers,
    RulesConfig,
    WoundMark,
    apply_wound,
    bleed_tick,
    combatant,
    defence_pool,
    resolve_attack,
    wounds_from_marks,
)
from rolkit.systems.ashes_of_war.checks import stabilisation_roll, wake_roll
from rolkit.systems.ashes_of_war.system import SYSTEM
from rolkit.systems.ashes_of_war.tables import LOCATIONS
from rolkit.systems.ashes_of_war.turns import round_end, turn_start

from .aow_fixtures import ESPADA, GORATH, KIRA

D6 = RulesConfig()


def only(law: dict) -> object:
    assert sum(law.values()) == 1
    ((form, p),) = law.items()
    assert p == 1
    return form


def push(law: dict, step) -> dict:
    """The law after one more turn effect on every form of ``law``."""
    out: dict = {}
    for form, p in law.items():
        for after, q in step(form).items():
            out[after] = out.get(after, F(0)) + p * q
    return out


def with_conditions(c, **kw):
    return dataclasses.replace(c, conditions=dataclasses.replace(c.conditions, **kw))


def brute_force_hard(ndp: int, banes: int) -> F:
    """P(R ≥ 3) for ``ndp`` d6 and ``banes`` ▽ d6, success on 4+, R = max(0, S − T)."""
    hits = 0
    for faces in itertools.product(range(1, 7), repeat=ndp + banes):
        s = sum(f >= 4 for f in faces[:ndp])
        t = sum(f >= 4 for f in faces[ndp:])
        hits += max(0, s - t) >= 3
    return F(hits, 6 ** (ndp + banes))


def exhaustive(procedure, c, n_faces: int) -> dict:
    """The law of ``procedure(c, rng).active_after`` over every sequence of ``n_faces`` d6."""
    counts: Counter = Counter()
    for faces in itertools.product(range(1, 7), repeat=n_faces):
        rng = ScriptedDice(faces)
        counts[procedure(c, rng).active_after] += 1
        assert rng.remaining == 0
    return {form: F(n, 6**n_faces) for form, n in counts.items()}


# --------------------------------------------------------------------------- identity
def test_nothing_to_apply_returns_the_form_unchanged():
    d = SYSTEM.defaults()["defender"]
    for law in (SYSTEM.turn_start(d), SYSTEM.round_end(d), turn_start(KIRA), round_end(KIRA)):
        form = only(law)
        assert form is d or form is KIRA
    assert SYSTEM.has_turn_effects
    dead = with_conditions(KIRA, dead=True, bleeding_light=frozenset({"torso"}))
    dead = dataclasses.replace(dead, defences_this_turn=3)
    assert only(SYSTEM.turn_start(dead)) == dead
    assert only(SYSTEM.round_end(dead)) == dead


# --------------------------------------------------------------------------- §4.5
def test_successive_defences_count_within_one_turn_only():
    """«cada defensa sucesiva acumulará un dado de Desgracia»: within the shared turn."""
    twice = dataclasses.replace(GORATH, defences_this_turn=2)
    m = Modifiers(defence="dodge")
    assert defence_pool(twice, m).desgracias == 2
    after = only(SYSTEM.round_end(twice))
    assert after == GORATH and after.defences_this_turn == 0
    assert defence_pool(after, m).desgracias == 0
    assert only(SYSTEM.turn_start(twice)) == twice  # the counter is the round's, not the turn's


def test_a_defence_then_the_round_end_gives_a_fresh_defender():
    law = SYSTEM.transitions(KIRA, GORATH, ESPADA, Modifiers(defence="dodge"))
    dodged = [d for (_, d), _ in law.items() if d.wounds == GORATH.wounds]
    assert dodged and all(d.defences_this_turn == 1 for d in dodged)
    assert only(SYSTEM.round_end(dodged[0])) == GORATH


# --------------------------------------------------------------------------- §4.16
def test_v20_the_tick_fills_a_light_box_like_bleed_tick():
    d = combatant("D", wounds=wounds_from_marks({"right_arm": (WoundMark("serious", "cutting"),)}))
    d = with_conditions(d, first_serious_effects=frozenset({"right_arm"}))
    hurt = apply_wound(d, "right_arm", "serious", "piercing").state
    assert hurt.conditions.bleeding == {"right_arm": "light"}
    after = only(SYSTEM.round_end(hurt))
    assert after.wounds.count("right_arm", "light") == 1
    assert after.wounds.count("right_arm", "serious") == 2
    assert after == bleed_tick(hurt, "right_arm").state
    assert after.conditions.bleeding == {"right_arm": "light"}  # it keeps bleeding


def tick_by_contract(c, dying_rule: bool = False):
    """One end of turn through the contract's ``bleed_tick`` (validated forms)."""
    for loc in [loc for loc in LOCATIONS if loc in c.conditions.bleeding]:
        if c.conditions.dead:
            break
        if loc in c.conditions.bleeding and loc not in c.conditions.dismembered:
            c = bleed_tick(c, loc, dying_rule=dying_rule).state
    return c


@pytest.mark.parametrize("rules", [D6, RulesConfig(dying_rule=True)], ids=["dead", "moribundo"])
def test_v21_a_lost_hand_bleeds_up_the_arm_into_the_torso(rules):
    """V21: a lethal cutting wound takes the hand and leaves Hemorragia Grave at the arm; each
    turn one serious wound there; the arm's lethal box takes the arm and the bleeding moves
    to the torso («pasa a la siguiente parte del cuerpo más cercana en dirección al torso»),
    which dies at its lethal box (or is left Moribundo, then dies at the next one)."""
    c = apply_wound(combatant("Varn", skills={"fortitude": 0}), "left_hand", "lethal", "cutting")
    c = c.state
    assert c.conditions.bleeding == {"left_arm": "serious"}
    seen = []
    for _ in range(12):
        if c.conditions.dead:
            break
        nxt = only(SYSTEM.round_end(c, rules))
        assert nxt == tick_by_contract(c, rules.dying_rule)
        c = nxt
        seen.append((c.wounds.count("left_arm", "serious"), c.wounds.count("torso", "serious")))
    # arm: 2 serious boxes, then its lethal box (dismembered); torso: 3 serious, then lethal
    assert seen[:2] == [(1, 0), (2, 0)]
    assert c.conditions.dead
    assert c.conditions.dismembered == {"left_arm", "left_hand"}
    assert c.wounds.count("torso", "serious") == 3
    # 2 arm ticks, the arm's lethal box, 3 torso ticks, the torso's lethal box (+1 Moribundo)
    assert seen[2:6] == [(2, 0), (2, 1), (2, 2), (2, 3)]
    assert len(seen) == (8 if rules.dying_rule else 7)


def test_bleeding_moves_and_the_dying_rule_keeps_a_torso_bleeder_alive_one_turn():
    full_torso = {
        "torso": (WoundMark("light", "blunt"),) * 4 + (WoundMark("serious", "blunt"),) * 3
    }
    c = combatant("T", wounds=wounds_from_marks(full_torso))
    c = with_conditions(c, bleeding_light=frozenset({"torso"}))
    dead = only(SYSTEM.round_end(c))
    assert dead.conditions.dead and dead.wounds.count("torso", "lethal") == 1
    moribundo = only(SYSTEM.round_end(c, RulesConfig(dying_rule=True)))
    assert moribundo.conditions.dying and moribundo.conditions.unconscious
    assert not moribundo.conditions.dead
    assert only(SYSTEM.round_end(moribundo, RulesConfig(dying_rule=True))).conditions.dead
    # a stabilised character was Moribundo: the rule is in play for it
    stable = with_conditions(c, stabilised=True, unconscious=True)
    assert only(SYSTEM.round_end(stable)).conditions.dying


def test_the_dying_rule_option_reaches_the_attack_too():
    """``RulesConfig.dying_rule`` is the whole fight's Moribundo rule: V13 without the
    modifier."""
    v12 = Modifiers(defence="intercept_shield", aimed_location="torso")
    on = SYSTEM.odds(KIRA, GORATH, ESPADA, v12, RulesConfig(dying_rule=True))
    off = SYSTEM.odds(KIRA, GORATH, ESPADA, v12)
    v13 = SYSTEM.odds(KIRA, GORATH, ESPADA, dataclasses.replace(v12, dying_rule=True))
    assert on.fate() == v13.fate() != off.fate()
    assert on.fate().get("dead", F(0)) == 0 < off.fate()["dead"]


def test_the_dying_rule_option_reaches_a_resolved_attack():
    """V13's roll (V12's dice) with the whole fight's option instead of the modifier."""
    v12 = Modifiers(defence="intercept_shield", aimed_location="torso")
    faces = [6, 5, 2, 4, 4, 1, 2, 4, 5, 6]
    rules = RulesConfig(dying_rule=True)
    on = resolve_attack(KIRA, GORATH, ESPADA, v12, ScriptedDice(faces), rules=rules)
    assert "dying" in on.outcome.events
    c = on.outcome.defender_after.conditions
    assert c.dying and c.unconscious and not c.dead
    off = resolve_attack(KIRA, GORATH, ESPADA, v12, ScriptedDice(faces))
    assert "dead" in off.outcome.events


def test_bleed_timing_start_of_turn_moves_the_tick_to_the_own_turn():
    c = with_conditions(KIRA, bleeding_light=frozenset({"right_leg"}))
    c = dataclasses.replace(c, defences_this_turn=1)
    start = RulesConfig(bleed_timing="start_of_turn")
    assert only(SYSTEM.round_end(c, start)) == dataclasses.replace(c, defences_this_turn=0)
    ticked = only(SYSTEM.turn_start(c, start))
    assert ticked == bleed_tick(c, "right_leg").state
    assert only(SYSTEM.turn_start(c)) == c


def test_every_location_bleeds_once_per_turn():
    c = with_conditions(
        KIRA, bleeding_light=frozenset({"head", "left_foot"}), bleeding_serious=frozenset({"torso"})
    )
    after = only(SYSTEM.round_end(c))
    assert after.wounds.count("head", "light") == 1
    assert after.wounds.count("left_foot", "light") == 1
    assert after.wounds.count("torso", "serious") == 1
    assert (
        sum(
            after.wounds.count(loc, s)
            for loc in after.wounds.light
            for s in ("light", "serious", "lethal")
        )
        == 3
    )


# --------------------------------------------------------------------------- §4.17
def moribundo(fortitude: int, failures: int = 0, pending: int = 0):
    c = combatant("M", skills={"fortitude": fortitude})
    c = dataclasses.replace(c, pending_desgracias=pending)
    return with_conditions(c, dying=True, unconscious=True, dying_failures=failures)


def test_moribundo_roll_one_turn():
    c = moribundo(3)
    law = SYSTEM.turn_start(c)
    p = brute_force_hard(3, 0)
    assert p == F(1, 8)
    stable = with_conditions(c, dying=False, stabilised=True)
    worse = with_conditions(c, dying_failures=1)
    assert law == {stable: p, worse: 1 - p}
    assert stable.conditions.unconscious  # «estabilizado, sigue Inconsciente»


def test_v08_three_failed_turns_kill():
    """V08: ``dying_death_probability(3)`` = 343/512, here from three turns of the law."""
    law = {moribundo(3): F(1)}
    for _ in range(3):
        law = push(law, SYSTEM.turn_start)
    dead = sum(p for c, p in law.items() if c.conditions.dead)
    assert dead == F(343, 512)
    assert sum(law.values()) == 1
    # the dead stay dead; the stabilised no longer roll to live (they roll to wake)
    assert all(c.conditions.dead or c.conditions.stabilised for c in law)


@pytest.mark.parametrize(
    "fortitude,failures,pending", [(3, 0, 0), (3, 2, 0), (4, 1, 0), (3, 0, 1), (2, 0, 0)]
)
def test_moribundo_law_is_the_stabilisation_roll_over_every_face(fortitude, failures, pending):
    c = moribundo(fortitude, failures, pending)
    law = SYSTEM.turn_start(c)
    assert law == exhaustive(stabilisation_roll, c, fortitude + pending)
    p = brute_force_hard(fortitude, pending)
    assert sum(q for f, q in law.items() if f.conditions.stabilised) == p
    assert all(f.pending_desgracias == 0 for f in law)  # the roller's next roll spends them


# --------------------------------------------------------------------------- §4.18
@pytest.mark.parametrize("fortitude,pending", [(2, 0), (3, 0), (4, 0), (4, 1)])
def test_waking_roll_is_the_wake_roll_over_every_face(fortitude, pending):
    c = combatant("I", skills={"fortitude": fortitude})
    c = with_conditions(dataclasses.replace(c, pending_desgracias=pending), unconscious=True)
    law = SYSTEM.turn_start(c)
    assert law == exhaustive(wake_roll, c, fortitude + pending)
    awake = sum(q for f, q in law.items() if not f.conditions.unconscious)
    assert awake == brute_force_hard(fortitude, pending)
    if fortitude <= 2 and not pending:  # G2: NdP ≤ 2 cannot reach Difícil
        assert only(law) == c


def test_waking_roll_values():
    c = with_conditions(combatant("I", skills={"fortitude": 4}), unconscious=True)
    law = SYSTEM.turn_start(c)
    assert law == {with_conditions(c, unconscious=False): F(5, 16), c: F(11, 16)}
    stable = with_conditions(c, stabilised=True)
    assert SYSTEM.turn_start(stable)[with_conditions(stable, unconscious=False)] == F(5, 16)


def test_waking_roll_off_is_the_identity():
    c = with_conditions(combatant("I", skills={"fortitude": 4}), unconscious=True)
    assert only(SYSTEM.turn_start(c, RulesConfig(waking_roll=False))) == c
    dying = moribundo(3)  # the Moribundo's roll is not the waking roll: it still happens
    assert len(SYSTEM.turn_start(dying, RulesConfig(waking_roll=False))) == 2


def test_laws_sum_to_one_over_a_fight_like_set_of_forms():
    law = SYSTEM.transitions(KIRA, GORATH, ESPADA, Modifiers(defence="intercept_shield"))
    for (_, d), _ in law.items():
        for rules in (D6, RulesConfig(dying_rule=True, bleed_timing="start_of_turn")):
            assert sum(SYSTEM.turn_start(d, rules).values()) == 1
            assert sum(SYSTEM.round_end(d, rules).values()) == 1


def assert_valid_canonical(form) -> None:
    """Validated and canonical: the data round trip rebuilds an equal form, same hash."""
    again = fields.from_data(type(form), fields.to_data(form))
    assert again == form and hash(again) == hash(form)


def test_every_form_after_a_turn_effect_is_valid_and_canonical():
    bleeder = with_conditions(
        dataclasses.replace(KIRA, defences_this_turn=2, pending_desgracias=1),
        bleeding_light=frozenset({"right_leg", "head"}),
        bleeding_serious=frozenset({"left_arm"}),
    )
    starts = [bleeder, moribundo(4, 1, 1), with_conditions(bleeder, unconscious=True)]
    law = SYSTEM.transitions(KIRA, GORATH, ESPADA, Modifiers(defence="intercept_shield"))
    starts += [d for (_, d) in law][:40]
    for rules in (D6, RulesConfig(dying_rule=True, bleed_timing="start_of_turn")):
        for c in starts:
            for step in (SYSTEM.turn_start, SYSTEM.round_end):
                for form in step(c, rules):
                    assert_valid_canonical(form)
