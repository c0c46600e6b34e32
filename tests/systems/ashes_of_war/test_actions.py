"""Ashes Of War: the actions of a turn (issue #25), each exact law against a brute force
over the die faces written here (and icepool for the opposed roll), each seeded resolve
against its law, and the costs as the seed gives them:

«Un personaje puede realizar un máximo de dos ataques por turno. El segundo ataque
realizado se efectuará con un dado de Desgracia»; Correr «le impide atacar ese turno»;
Fintar «utiliza la acción de movimiento … Sus dos acciones de ataque siguen disponibles»;
Auxiliar «consume una acción del turno, una de ataque o la de movimiento … Solo puede
hacerse una vez por turno»; Recarga N «tardan N acciones del mismo turno»; «Sin munición no
hay recarga».
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction as F

import icepool
import pytest

from rolkit.actions import ActionAfter, ActionContext
from rolkit.fight import Fight
from rolkit.systems.ashes_of_war import Modifiers, RulesConfig, Weapon
from rolkit.systems.ashes_of_war.checks.turn import ACTIONS, TURN_RULES
from rolkit.systems.ashes_of_war.forms import evolve
from rolkit.systems.ashes_of_war.system import SYSTEM

from .aow_fixtures import ESPADA, GORATH, HACHA, KIRA

RULES = RulesConfig()
TORSO = Modifiers(aimed_location="torso")
A = SYSTEM.actions


def ctx(actor=KIRA, target=GORATH, weapon=ESPADA, taken=(), modifiers=TORSO, options=RULES):
    return ActionContext(actor, weapon, target, modifiers, options, tuple(taken), True)


def with_conditions(c, **kw):
    return evolve(c, conditions=evolve(c.conditions, **kw))


def pool_r(faces, ndp):
    """R = max(0, S − T) of one roll: the first ``ndp`` faces are skill dice (4+)."""
    s = sum(f >= 4 for f in faces[:ndp])
    t = sum(f >= 4 for f in faces[ndp:])
    return max(0, s - t)


def brute_at_least(ndp: int, banes: int, need: int) -> F:
    n = ndp + banes
    ok = sum(pool_r(f, ndp) >= need for f in itertools.product(range(1, 7), repeat=n))
    return F(ok, 6**n)


def brute_opposed(a: int, r: int) -> F:
    """P(R_active > R_reactive), every face of both rolls (no ▽)."""
    win = 0
    for faces in itertools.product(range(1, 7), repeat=a + r):
        win += pool_r(faces[:a], a) > pool_r(faces[a:], r)
    return F(win, 6 ** (a + r))


def only_rows(law):
    assert sum(law.values()) == 1
    return law


# --------------------------------------------------------------------------- the turn
def test_a_turn_is_one_movement_and_two_attacks():
    assert dict(SYSTEM.turn_rules.budget) == {"move": 1, "attack": 2}
    assert SYSTEM.turn_rules is TURN_RULES and SYSTEM.has_turn_actions
    assert set(A) == set(ACTIONS)
    costs = {a: dict(p.cost) for a, p in A.items()}
    assert costs["attack"] == {"attack": 1}
    assert costs["feint"] == costs["aid"] == costs["reload"] == {"move": 1}
    assert costs["aid_attack"] == costs["reload_attack"] == {"attack": 1}
    assert costs["run"] == {"move": 1, "attack": 2}
    rules = SYSTEM.turn_rules
    assert rules.affordable(A["attack"], ("attack",), A)
    assert not rules.affordable(A["attack"], ("attack", "attack"), A)  # «máximo de dos»
    assert rules.affordable(A["attack"], ("feint", "attack"), A)  # «siguen disponibles»
    assert not rules.affordable(A["run"], ("attack",), A)
    assert not rules.affordable(A["attack"], ("run",), A)  # «le impide atacar ese turno»


def test_the_second_attack_has_a_desgracia_die_exactly():
    # Kira aims at Gorath's torso, undefended: every hit wounds (3d6 − RD 2 ≥ 1), so
    # Gorath is unchanged exactly when the attack misses (R < 1).
    for taken, banes in (((), 0), (("attack",), 1), (("feint", "attack"), 1)):
        law = only_rows(A["attack"].law(ctx(taken=taken)))
        p_same = sum(p for after, p in law.items() if after.target == GORATH)
        assert p_same == 1 - brute_at_least(4, banes, 1)
    first = A["attack"].law(ctx())
    assert first == {
        ActionAfter(a, d, w): p
        for (a, d, w), p in SYSTEM.transitions(
            KIRA, GORATH, ESPADA, TORSO, with_weapon=True
        ).items()
    }


def test_a_refused_attack_says_why_and_changes_nothing():
    dropped = with_conditions(KIRA, weapon_dropped=True)
    why = A["attack"].refusal(ctx(actor=dropped))
    assert why == (
        "ha soltado el arma: tiene que recogerla",
        "has dropped the weapon: it must pick it up",
    )
    assert A["attack"].law(ctx(actor=dropped)) == {ActionAfter(dropped, GORATH, ESPADA): 1}
    assert A["attack"].refusal(ctx(taken=("run",)))[0] == "ha corrido este turno: no puede atacar"


# --------------------------------------------------------------------------- Fintar
@pytest.mark.parametrize(("act", "alert"), [(3, 2), (2, 2), (0, 1), (4, 0)])
def test_feint_law_is_actuar_against_alerta(act, alert):
    feinter = evolve(KIRA, act=act)
    target = evolve(GORATH, alert=alert)
    p = brute_opposed(act, alert)
    pool = lambda n: (n @ icepool.d6.map(lambda x: int(x >= 4))) if n else icepool.Die([0])  # noqa: E731
    assert p == F((pool(act) > pool(alert)).probability(True) if act else 0)
    law = only_rows(A["feint"].law(ctx(actor=feinter, target=target)))
    expected = {ActionAfter(feinter, evolve(target, feint_pending=True), ESPADA): p}
    if p != 1:
        expected[ActionAfter(feinter, target, ESPADA)] = 1 - p
    assert law == {k: v for k, v in expected.items() if v}


def test_feint_is_refused_on_one_who_cannot_defend_and_spends_the_feinters_pending_bane():
    down = with_conditions(GORATH, unconscious=True)
    assert A["feint"].refusal(ctx(target=down)) is not None
    shaken = evolve(KIRA, act=3, pending_desgracias=1)
    law = A["feint"].law(ctx(actor=shaken))
    assert {a.actor.pending_desgracias for a in law} == {0}
    # the pending ▽ is counted in the roll: 3 dice and 1 ▽ against Alerta 2
    win = 0
    for faces in itertools.product(range(1, 7), repeat=6):
        win += pool_r(faces[:4], 3) > pool_r(faces[4:], 2)
    assert sum(p for a, p in law.items() if a.target.feint_pending) == F(win, 6**6)


# --------------------------------------------------------------------------- Correr
def test_run_law_and_its_failure_bane():
    runner = evolve(KIRA, run=2)
    law = only_rows(A["run"].law(ctx(actor=runner, target=runner)))
    p = brute_at_least(2, 0, 1)  # Fácil
    assert law == {
        ActionAfter(runner, runner, ESPADA): p,
        ActionAfter(
            evolve(runner, pending_desgracias=1), evolve(runner, pending_desgracias=1), ESPADA
        ): 1 - p,
    }
    hard = RulesConfig(run_adversidad="intermediate")
    law2 = A["run"].law(ctx(actor=runner, target=runner, options=hard))
    assert law2[ActionAfter(runner, runner, ESPADA)] == brute_at_least(2, 0, 2)
    assert A["run"].refusal(ctx(actor=with_conditions(runner, prone=True))) is not None


# --------------------------------------------------------------------------- Auxiliar
def test_aid_applies_its_result_to_the_ally():
    aider = evolve(KIRA, aid=2)
    bleeding = with_conditions(GORATH, bleeding_light=frozenset({"left_arm"}))
    law = only_rows(A["aid"].law(ctx(actor=aider, target=bleeding)))
    p = brute_at_least(2, 0, 2)  # Intermedia
    assert p == F(1, 4)
    assert law == {
        ActionAfter(aider, GORATH, ESPADA): p,  # the bleeding stopped on the ally's own form
        ActionAfter(aider, bleeding, ESPADA): 1 - p,
    }
    assert A["aid_attack"].law(ctx(actor=aider, target=bleeding)) == law


def test_aid_stabilises_a_moribundo_and_wakes_an_inconsciente():
    aider = evolve(KIRA, aid=3)
    p = brute_at_least(3, 0, 2)
    dying = with_conditions(GORATH, dying=True, unconscious=True, dying_failures=1)
    law = A["aid"].law(ctx(actor=aider, target=dying))
    stable = with_conditions(GORATH, stabilised=True, unconscious=True)
    assert law[ActionAfter(aider, stable, ESPADA)] == p
    out = with_conditions(GORATH, unconscious=True)
    assert A["aid"].law(ctx(actor=aider, target=out))[ActionAfter(aider, GORATH, ESPADA)] == p


def test_aid_only_once_a_turn_and_only_when_there_is_something_to_tend():
    bleeding = with_conditions(GORATH, bleeding_light=frozenset({"torso"}))
    assert A["aid"].refusal(ctx(target=bleeding)) is None
    for taken in (("aid",), ("aid_attack",), ("aid_self",)):
        assert A["aid_attack"].refusal(ctx(target=bleeding, taken=taken)) == (
            "ya ha auxiliado este turno",
            "has already given aid this turn (Auxiliar)",
        )
    assert A["aid"].refusal(ctx(target=GORATH)) == (
        "no tiene nada que atender ahí",
        "has nothing to tend there",
    )


def test_aid_on_itself_stops_its_own_bleeding():
    me = with_conditions(evolve(KIRA, aid=2), bleeding_serious=frozenset({"torso"}))
    law = only_rows(A["aid_self"].law(ctx(actor=me, target=me)))
    healed = with_conditions(me, bleeding_serious=frozenset())
    assert law == {
        ActionAfter(healed, healed, ESPADA): F(1, 4),
        ActionAfter(me, me, ESPADA): F(3, 4),
    }


# --------------------------------------------------------------------------- Recargar
CROSSBOW = Weapon(
    "Ballesta",
    skill="ranged",
    damage="2d6",
    damage_type="piercing",
    reload=2,
    loaded=0,
    ammunition=5,
)
SHOOTER = evolve(KIRA, ranged=3)


def test_recarga_2_takes_two_actions_of_the_same_turn():
    first = A["reload"].law(ctx(actor=SHOOTER, target=SHOOTER, weapon=CROSSBOW))
    assert first == {ActionAfter(SHOOTER, SHOOTER, CROSSBOW): 1}  # one of two actions
    second = A["reload_attack"].law(
        ctx(actor=SHOOTER, target=SHOOTER, weapon=CROSSBOW, taken=("reload",))
    )
    loaded = evolve(CROSSBOW, loaded=None, ammunition=4)
    assert second == {ActionAfter(SHOOTER, SHOOTER, loaded): 1}
    assert A["attack"].refusal(ctx(actor=SHOOTER, weapon=CROSSBOW)) is not None
    assert (
        A["attack"].refusal(ctx(actor=SHOOTER, weapon=loaded, taken=("reload", "reload_attack")))
        is None
    )
    # «Una Recarga 2 gasta la acción de movimiento y un ataque, o los dos ataques»
    late = ctx(actor=SHOOTER, target=SHOOTER, weapon=CROSSBOW, taken=("attack", "attack"))
    assert A["reload"].refusal(late)[0] == "no le queda turno para completar la Recarga 2"


def test_no_ammunition_no_reload():
    dry = evolve(CROSSBOW, ammunition=0)
    why = A["reload"].refusal(ctx(actor=SHOOTER, target=SHOOTER, weapon=dry))
    assert why is not None and "Sin munición no hay recarga" in why[0]


# --------------------------------------------------------------------------- T5 recoveries
def test_standing_up_and_picking_up_spend_the_movement_with_no_roll():
    down = with_conditions(KIRA, prone=True, weapon_dropped=True)
    up = A["stand"].law(ctx(actor=down, target=down))
    stood = with_conditions(KIRA, weapon_dropped=True)
    assert up == {ActionAfter(stood, stood, ESPADA): 1}
    got = A["pick_up"].law(ctx(actor=down, target=down))
    armed = with_conditions(KIRA, prone=True)
    assert got == {ActionAfter(armed, armed, ESPADA): 1}
    assert A["stand"].refusal(ctx()) == ("no está Derribado", "is not Derribado (prone)")


# --------------------------------------------------------------------------- resolve vs law
CASES = [
    ("attack", ctx(taken=("attack",))),
    ("feint", ctx(actor=evolve(KIRA, act=2))),
    ("run", ctx(actor=evolve(KIRA, run=1), target=evolve(KIRA, run=1))),
    ("aid", ctx(actor=evolve(KIRA, aid=3), target=with_conditions(GORATH, unconscious=True))),
    (
        "stand",
        ctx(actor=with_conditions(KIRA, prone=True), target=with_conditions(KIRA, prone=True)),
    ),
]


@pytest.mark.parametrize(("action", "context"), CASES, ids=[c[0] for c in CASES])
def test_seeded_resolves_follow_the_exact_law(action, context):
    proc = A[action]
    law = only_rows(proc.law(context))
    n = 600
    seen = Counter(proc.resolve_in_fight(context, seed=s).after for s in range(n))
    assert set(seen) <= set(law)
    for after, p in law.items():
        sigma = math.sqrt(float(p * (1 - p)) / n)
        assert abs(seen[after] / n - float(p)) <= 6 * sigma + 1e-9


# --------------------------------------------------------------------------- the tracker
def test_a_worked_turn_in_the_tracker():
    fight = Fight(SYSTEM)
    fight.add("Kira", "A", evolve(KIRA, act=2))
    fight.add("Gorath", "B", GORATH, HACHA)
    fight.roll_initiative(seed=1)
    assert fight.state.current == "Kira"
    ids = [a.action.id for a in fight.actions_for("Kira")]
    assert ids[:1] == ["attack"] and "feint" in ids and "run" in ids and "stand" not in ids
    feint = fight.act("Kira", "feint", "Gorath", seed=3)
    fight.apply_action(feint, "Kira", "Gorath")
    assert fight.state.taken == ("feint",)
    assert [a.action.id for a in fight.actions_for("Kira")] == ["attack"]  # both attacks left
    one = fight.act("Kira", "attack", "Gorath", seed=4)
    fight.apply_action(one, "Kira", "Gorath")
    two = fight.act("Kira", "attack", "Gorath", seed=5)
    assert dict(two.roll.steps[0].derived)["second_attack"] == 1
    fight.apply_action(two, "Kira", "Gorath")
    assert fight.actions_for("Kira") == []  # the turn is spent
