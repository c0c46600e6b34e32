"""Actions of a turn (#25), for every system and the toy with a turn of actions:

* every action of every system: a refusal is plain ``(es, en)`` text; an action that can be
  taken has an exact law summing to 1, and its seeded ``resolve_in_fight`` lands in that
  law's support with frequencies within 6σ of it;
* the toy's whole-fight chain with two attacks a turn (the second at −1), a prone state
  and standing up equals the same fight written independently as an icepool absorbing
  chain;
* fights played through the real tracker (``Fight.act`` + ``apply_action``) with the
  policy written again here agree with the chain's exact law within 6σ, aid included;
* the tracker keeps the turn's actions: the budget refuses a third attack, the next turn
  gives it back, undo and save/load keep it.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from fractions import Fraction

import icepool
import pytest

from rolkit import RulesError, systems
from rolkit.actions import ActionContext, ActionProcedure, TurnRules
from rolkit.fight import Fight, odds_of_fighters
from rolkit.system import System
from tests.contract.toy_actions import SYSTEM as TOY
from tests.contract.toy_actions import Combatant, Weapon

D4 = Weapon("1D4")
SYSTEMS = [systems.get(sid) for sid in systems.available()] + [TOY]
DRAWS = 240


def _contexts(s: System, action: ActionProcedure) -> list[ActionContext]:
    """The action from the system's default forms and each attacker preset at a default
    defender (a foe or an ally as the action aims)."""
    d = s.defaults()
    actors = [d["attacker"], *s.presets.get("attacker", {}).values()][:3]
    targets = [d["defender"], *s.presets.get("defender", {}).values()][:2]
    out = []
    for actor in actors:
        for target in targets:
            aimed = actor if action.target == "self" else target
            out.append(ActionContext(actor, d["weapon"], aimed, d["modifiers"], s.default_options))
    return out


def _cases():
    for s in SYSTEMS:
        for action in s.actions.values():
            yield pytest.param(s, action, id=f"{s.id}-{action.id}")


@pytest.mark.parametrize(("s", "action"), list(_cases()))
def test_an_action_law_sums_to_one_and_its_seeded_draws_follow_it(s, action):
    for ctx in _contexts(s, action):
        why = action.refusal(ctx)
        if why is not None:
            assert isinstance(why, tuple) and len(why) == 2
            assert all(isinstance(t, str) and t.strip() for t in why)
            with pytest.raises(RulesError):
                action.resolve_in_fight(ctx, seed=1)
            continue
        law = action.law(ctx)
        assert sum(law.values()) == 1
        assert all(isinstance(p, Fraction) and p > 0 for p in law.values())
        seen = Counter(action.resolve_in_fight(ctx, seed=k).after for k in range(DRAWS))
        assert set(seen) <= set(law), "a seeded draw outside the exact law"
        for after, p in law.items():
            sigma = math.sqrt(DRAWS * p * (1 - p)) or 1
            assert abs(seen[after] - DRAWS * p) <= 6 * sigma + 1


@pytest.mark.parametrize("s", SYSTEMS, ids=lambda s: s.id)
def test_every_action_is_declared_whole(s):
    assert "attack" in s.actions and next(iter(s.actions)) == "attack"
    for aid, action in s.actions.items():
        assert action.id == aid and action.system == s.id
        assert all(isinstance(t, str) and t for t in action.label)
        assert set(action.cost) <= set(s.turn_rules.budget), f"{aid} spends an unknown resource"
        assert s.turn_rules.affordable(action, (), s.actions), f"{aid} never fits in a turn"


# --------------------------------------------------------------------------- icepool oracle
def _blow(att: tuple[int, int, bool], dfd: tuple[int, int, bool], bonus: int) -> icepool.Die:
    """The toy's blow from its rules: 1d6 + Pericia + bonus ≥ 4 + Defensa 1 (− 1 for a
    prone target) hits for 1d4 (+1 on a 6, which also knocks prone); a 1 tires the attacker.
    Combatants are ``(pv, pericia, prone)``; outcomes ``(attacker, defender)``."""
    pv, per, prone = dfd
    target = 4 + max(0, 1 - (1 if prone else 0))

    def one(face: int, rolled: int):
        hit = face + att[1] + bonus >= target
        dmg = rolled + (1 if face == 6 else 0) if hit else 0
        tired = (att[0], att[1] - 1 if face == 1 and att[1] > 0 else att[1], att[2])
        return tired, (pv - dmg, per, prone or (hit and face == 6))

    return icepool.map(one, icepool.d6, icepool.d4)


def _stand(c: tuple[int, int, bool]) -> icepool.Die:
    """Levantarse: 1d6 ≥ 3 (a 1 fails) stands a prone combatant up."""
    return icepool.d6.map(lambda f: (c[0], c[1], c[2] and not (f >= 3)))


def _turn(me: tuple[int, int, bool], foe: tuple[int, int, bool]) -> icepool.Die:
    """A whole toy turn: stand up when prone, then up to two attacks (the second at −1)
    while the foe stands. Outcomes ``(me, foe)``."""

    def attacks(me2):
        def second(pair):
            a, d = pair
            if d[0] <= 0:
                return (a, d)
            return _blow(a, d, -1)

        return _blow(me2, foe, 0).map(second)

    if me[2]:
        return _stand(me).map(attacks)
    return attacks(me)


def _round(state):
    ana, bruto = state
    if ana[0] <= 0 or bruto[0] <= 0:
        return state

    def then_bruto(pair):
        a, b = pair
        if b[0] <= 0:
            return (a, b)
        return _turn(b, a).map(lambda p: (p[1], p[0]))

    return _turn(ana, bruto).map(then_bruto)


def test_a_duel_of_whole_turns_equals_the_icepool_absorbing_chain():
    ana = Combatant(pv=2, pericia=1, defensa=1)
    bruto = Combatant(pv=3, pericia=1, defensa=1)
    chain = icepool.map(_round, ((2, 1, False), (3, 1, False)), repeat="inf")
    den = chain.denominator()
    p_ana = Fraction(sum(q for s, q in chain.items() if s[1][0] <= 0), den)
    p_bruto = Fraction(sum(q for s, q in chain.items() if s[0][0] <= 0), den)
    ours = odds_of_fighters(TOY, [("Ana", "A", ana, D4), ("Bruto", "B", bruto, D4)])
    assert ours.exact
    assert ours.p_win == {"A": p_ana, "B": p_bruto}
    assert ours.p_dead("Ana") == Fraction(sum(q for s, q in chain.items() if s[0][0] <= -3), den)


def test_two_attacks_a_turn_change_the_odds_from_one():
    """The same duel with one attack a turn (the toy of ``toy_fight``'s rules but this
    system's): the second attack must matter, or the turn is not played."""
    ana, bruto = Combatant(pv=4, pericia=2), Combatant(pv=5, pericia=1)
    both = odds_of_fighters(TOY, [("Ana", "A", ana, D4), ("Bruto", "B", bruto, D4)])
    one = odds_of_fighters(
        TOY.__class__(**{**_fields(TOY), "turn_rules": TurnRules(), "actions": {}}),
        [("Ana", "A", ana, D4), ("Bruto", "B", bruto, D4)],
    )
    assert one.exact and both.exact and one.p_win["A"] != both.p_win["A"]


def _fields(s: System) -> dict:
    return {f.name: getattr(s, f.name) for f in dataclasses.fields(s) if f.init}


# --------------------------------------------------------------------------- the tracker
def _play(fighters, aid_sides: set[str], rng: random.Random) -> str | None:
    """One fight through the tracker, the default policy written again: stand up when
    prone, aid the first fallen ally (for a side in ``aid_sides``), then attack while
    the turn allows — the target: the foe likeliest to fall to this blow."""
    f = Fight(TOY)
    for name, side, c in fighters:
        f.add(name, side, c, D4)
    f.roll_initiative(seed=rng.randrange(1 << 30))
    order = list(f.state.order)
    for _ in range(400):
        st = f.state
        me = st.fighter(st.current)
        sides_up = {x.side for x in st.fighters if TOY.status(x.defender) is None}
        if len(sides_up) < 2:
            return next(iter(sides_up)) if sides_up else None
        while TOY.status(f.state.fighter(me.name).defender) is None:
            choice = _choose(f, me.name, me.side, aid_sides, order)
            if choice is None:
                break
            res = f.act(me.name, choice[0], choice[1], seed=rng.randrange(1 << 30))
            f.apply_action(res, me.name, choice[1])
            sides_up = {x.side for x in f.state.fighters if TOY.status(x.defender) is None}
            if len(sides_up) < 2:
                return next(iter(sides_up)) if sides_up else None
        f.next_turn()
    return "going"


def _choose(f: Fight, name: str, side: str, aid_sides: set[str], order: list[str]):
    st = f.state
    me = st.fighter(name).defender
    spent = Counter(st.taken)
    if me.derribado and not spent["aid"] and not spent["stand"]:
        return ("stand", name)
    if side in aid_sides and not spent["aid"] and not spent["stand"]:
        for n in order:
            x = st.fighter(n)
            if n != name and x.side == side and TOY.status(x.defender) in ("down", "dying"):
                return ("aid", n)
    if spent["attack"] >= 2:
        return None
    foes = [n for n in order if st.fighter(n).side != side]
    foes = [n for n in foes if TOY.status(st.fighter(n).defender) is None]
    bonus = -1 if spent["attack"] else 0

    def p_out(n):
        law = TOY.transitions(me, st.fighter(n).defender, D4, TOY.forms["modifiers"](bonus=bonus))
        return sum(p for (_a, d), p in law.items() if TOY.status(d) is not None)

    best = max(p_out(n) for n in foes)
    return ("attack", next(n for n in foes if p_out(n) == best))


@pytest.mark.parametrize("aid", [(), ("A",)])
def test_the_tracker_playing_whole_turns_agrees_with_the_exact_chain(aid):
    fighters = [
        ("Ana", "A", Combatant(pv=1, pericia=1)),
        ("Cy", "A", Combatant(pv=1, pericia=0)),
        ("Bo", "B", Combatant(pv=3, pericia=3, defensa=1)),
    ]
    exact = odds_of_fighters(TOY, [(n, s, c, D4) for n, s, c in fighters], aid=aid, method="exact")
    assert exact.exact
    rng = random.Random(7)
    n = 200
    wins = Counter(_play(fighters, set(aid), rng) for _ in range(n))
    for side in ("A", "B"):
        p = exact.p_win[side]
        sigma = math.sqrt(n * p * (1 - p))
        assert abs(wins[side] - n * p) <= 6 * sigma + 1, (side, wins, float(p))


def test_aid_changes_the_fight_when_asked():
    fighters = [
        ("Ana", "A", Combatant(pv=1, pericia=1), D4),
        ("Cy", "A", Combatant(pv=1, pericia=0), D4),
        ("Bo", "B", Combatant(pv=3, pericia=3, defensa=1), D4),
    ]
    plain = odds_of_fighters(TOY, fighters, method="exact")
    helped = odds_of_fighters(TOY, fighters, aid=("A",), method="exact")
    assert helped.p_win["A"] != plain.p_win["A"]
    assert any("Auxiliar" in note[0] for note in helped.notes)
    with pytest.raises(RulesError):
        odds_of_fighters(TOY, fighters, aid=("Nadie",))


def test_the_tracker_keeps_the_turn_actions():
    f = Fight(TOY)
    f.add("Ana", "A", Combatant(pv=9, pericia=2), D4)
    f.add("Bo", "B", Combatant(pv=9), D4)
    f.roll_initiative(seed=3)
    me = f.state.current
    foe = "Bo" if me == "Ana" else "Ana"
    assert [a.action.id for a in f.actions_for(me)] == ["attack"]
    assert f.actions_for(foe) == []  # not its turn
    for seed in (1, 2):
        f.apply_action(f.act(me, "attack", foe, seed=seed), me, foe)
    assert f.state.taken == ("attack", "attack")
    assert "attack" not in [a.action.id for a in f.actions_for(me)]
    with pytest.raises(RulesError, match="turn|turno"):
        f.act(me, "attack", foe, seed=3)
    saved = f.to_json()
    f.undo()
    assert f.state.taken == ("attack",)
    f.redo()
    f.next_turn()
    assert f.state.taken == ()
    assert '"taken": [\n     "attack",\n     "attack"\n    ]' in saved or '"attack"' in saved


def test_the_second_attack_of_a_turn_is_made_at_minus_one():
    f = Fight(TOY)
    f.add("Ana", "A", Combatant(pv=9, pericia=2), D4)
    f.add("Bo", "B", Combatant(pv=9), D4)
    f.roll_initiative(seed=3)
    me = f.state.current
    foe = "Bo" if me == "Ana" else "Ana"
    first = f.action_context(me, "attack", foe)
    f.apply_action(f.act(me, "attack", foe, seed=1), me, foe)
    second = f.action_context(me, "attack", foe)
    attack = TOY.actions["attack"]
    assert attack.blow(first)[0].bonus == 0 and attack.blow(second)[0].bonus == -1


def test_a_refused_action_says_why_in_both_languages():
    f = Fight(TOY)
    f.add("Ana", "A", Combatant(pv=9, manos=0), D4)
    f.add("Bo", "B", Combatant(pv=9), D4)
    f.roll_initiative(seed=3)
    if f.state.current != "Ana":
        f.next_turn()
    assert f.actions_for("Ana") == []  # no hands, not prone, no one fallen
    with pytest.raises(RulesError) as err:
        f.act("Ana", "attack", "Bo", seed=1)
    assert "mano" in err.value.message("es") and "hand" in err.value.message("en")
    with pytest.raises(RulesError):
        f.act("Ana", "volar", "Bo")
