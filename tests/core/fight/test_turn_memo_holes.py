"""Three situations the default fights of ``test_turn_memo.py`` never reach, where the
chain's turn memos would give a wrong law if they were keyed or built carelessly: each
test compares the memoised (or plain-tuples) path with the reference on states built
for it, where the two would differ.

1. :meth:`Chain.successors` keeps a whole turn by what it reads, the actor's allies by
   their ability to act only: that flag decides whether the fight goes on once the actor
   falls in its own turn — Ashes of War's bleeding with ``bleed_timing="start_of_turn"``
   (§4.16) can fell it at its turn start, and only if an ally still stands do the
   round-end rules follow (§4.5 the foes' ``defences_this_turn`` back to 0); in a turn
   that does not end the round, Tierkreis's fumble damage (T1 11–12) can fell it, and
   only if an ally stands does its turn-end rule follow (P8/T1 the −2 lifted; seen only
   without merging fallen forms).
2. :meth:`Chain._plain_end` (the round's end on plain tuples) skips the dead, as
   :meth:`Chain.hook_rows` does («every combatant still in the fight»). In a chain a dead
   combatant is always its fate's token (:meth:`Laws.settle`), whose rules are the
   identity, so no reachable state tells the two apart (checked on an explored fight);
   the contract is checked on a state that holds a dead NSd20 form itself (``death_at_pr``
   set, an Esfuerzo extra pending: P11's round end, which NSd20 does not skip for the dead,
   would tire it).
3. :meth:`Chain.passes` is memoised by the actor's form and the turn: a fallen combatant
   passes only if no rule of that turn moves it — Tierkreis's dying character gains a
   death point at its own turn start (P10, G11 death at the turn start), and a turn
   that ends the round is never a pass (Core Dread §4.3: the round's end gives every turn
   back)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import rolkit
from rolkit.fight import odds_of_fighters
from rolkit.fight.bounds import Refiner
from rolkit.fight.chain import Chain
from rolkit.fight.spec import FightSpec
from rolkit.fight.state import ChainState, Slot
from tests.core.fight.test_bounds import _as_odds, assert_inside
from tests.core.fight.test_bounds import _chain as _bounds_chain

R = dataclasses.replace


def _chain(system_id: str, fighters: list[tuple[str, str, Any]], order: tuple[str, ...], **opts):
    """A chain of ``fighters`` ``(name, side, form)``, each with the system's default
    weapon, in ``order``, under the system's options changed by ``opts``."""
    s = rolkit.get_system(system_id)
    d = s.defaults()
    spec = FightSpec(s.id, tuple((n, side, f, d["weapon"]) for n, side, f in fighters), order=order)
    return Chain(s, spec, d["modifiers"], s.options_type(**opts), {})


def _rows(law) -> tuple[int, list[tuple[tuple[Slot, ...], int]]]:
    den, rows = law
    return den, [(tuple(st), w) for st, w in rows]


def _with_slot(chain: Chain, state: ChainState, i: int, form: Any) -> ChainState:
    """``state`` with combatant ``i`` holding ``form`` (settled, as a turn would leave it)."""
    slots = list(state)
    slots[i] = chain.settle(chain.intern(form), state[i][1])
    return chain.new_state(slots)


# 1 ------------------------------------------------------------------------------------
def _bleeding_out() -> tuple[Chain, ChainState, ChainState]:
    """Ashes of War, ``bleed_timing="start_of_turn"``: A0 (last in the order) bleeds out
    at its turn start, for sure; B0 has defended this round. ``(chain, A1 standing, A1
    dead)``: the same actor and foe, the ally's ability to act apart."""
    s = rolkit.get_system("ashes_of_war")
    d = s.defaults()
    opts = s.options_type(bleed_timing="start_of_turn")
    a = d["attacker"]
    wounded = R(a, conditions=R(a.conditions, bleeding_serious=frozenset({"torso", "head"})))
    ((bleeder, p),) = s.turn_start(wounded, opts).items()  # one turn of it already bled
    assert p == 1 and s.status(bleeder, opts) is None
    assert all(s.status(f, opts) is not None for f in s.turn_start(bleeder, opts))
    foe = R(d["defender"], defences_this_turn=1)
    assert s.round_end(foe, opts) != {foe: 1}  # §4.5 the round's end gives its defences back
    fighters = [("A0", "a", bleeder), ("A1", "a", a), ("B0", "b", foe)]
    chain = _chain("ashes_of_war", fighters, ("A1", "B0", "A0"), bleed_timing="start_of_turn")
    standing = chain.start
    dead = _with_slot(chain, standing, 1, R(a, conditions=R(a.conditions, dead=True)))
    assert not chain.terminal(dead) and not chain.acting(dead, 1)
    return chain, standing, dead


def test_an_allys_ability_to_act_decides_the_round_end_after_the_actor_bleeds_out():
    """The last turn of the round, its actor felled by its turn start: with an ally still
    standing the fight goes on and the round's end gives the foe its defences back; with
    none it is over. The whole-turn memo serves each state the law built stage by stage,
    whichever of the two it met first."""
    for first in (0, 1):
        chain, standing, dead = _bleeding_out()
        last = len(chain.order) - 1
        laws = {}
        for state in (standing, dead)[first:] + (standing, dead)[:first]:
            law = chain.successors(state, last)
            fresh = chain._turn_law(state, chain.order[last], chain.stages(last, False))
            assert _rows(law) == _rows(fresh), (first, state)
            laws[state] = _rows(law)
        assert laws[standing] != laws[dead]  # the flag does change the turn
        assert len(chain._whole) == 2
    # and the foe's defences are what differs: given back only while the fight goes on
    (after_standing, _w), (after_dead, _v) = laws[standing][1][0], laws[dead][1][0]
    forms = chain.forms
    assert forms[after_standing[2][0]].defences_this_turn == 0
    assert forms[after_dead[2][0]].defences_this_turn == 1
    assert chain.terminal(chain.new_state(list(after_dead)))


def test_an_allys_ability_to_act_decides_the_turn_end_after_the_actor_fumbles_out():
    """A turn that does not end the round: Tierkreis's A0 at 1 PV, its fumble's −2 in
    its last turn (P8/T1), may fumble again and take the 1 damage (T1 11–12, P9) that
    fells it; its turn-end rule lifts the −2 only if the fight goes on, that is if its
    ally stands. Without merging fallen forms (``merge=False``, the chain that checks
    merging is exact) the two laws differ, and the whole-turn memo serves each state its
    own, whichever it met first (merged, the −2 of one out for good is not kept)."""
    s = rolkit.get_system("tierkreis")
    d = s.defaults()
    a, w = d["attacker"], d["weapon"]
    actor = R(a, pv_current=1, fumble_penalty="physical", physical_penalty_turns=1)
    assert s.turn_end(actor) != {actor: 1}
    fighters = (("A0", "a", actor, w), ("A1", "a", a, w), ("B0", "b", d["defender"], w))
    spec = FightSpec(s.id, fighters, order=("A0", "A1", "B0"))
    dead = R(a, pv_current=0, death_points=3, dead=True)
    for first in (0, 1):
        chain = Chain(s, spec, d["modifiers"], s.options_type(), {}, merge=False)
        standing = chain.start
        fallen = _with_slot(chain, standing, 1, dead)
        stages = chain.stages(0, False)
        assert "end" not in stages
        laws = {}
        for state in (standing, fallen)[first:] + (standing, fallen)[:first]:
            law = chain.successors(state, 0)
            assert _rows(law) == _rows(chain._turn_law(state, 0, stages)), (first, state)
            laws[state] = {tuple(st)[0] for st, _w in law.rows}
        assert laws[standing] != laws[fallen]  # the fallen actor's −2: lifted, or not


# 2 ------------------------------------------------------------------------------------
def test_every_dead_combatant_of_a_fight_is_its_fates_token_which_no_rule_moves():
    """Why the plain round end's skip of the dead cannot show in a fight: a dead
    combatant's slot is always the token of ``"dead"`` (no form), and every rule between
    attacks leaves it as it is. Checked on every state of two rounds of a Core Dread
    2 v 1 whose round's end moves the others (a turn given back)."""
    s = rolkit.get_system("core_dread")
    d = s.defaults()
    weak = R(d["defender"], magullado=3, lesionado=3, malherido=3)  # a blow from death
    fighters = [("A0", "a", d["attacker"]), ("A1", "a", d["attacker"]), ("B0", "b", weak)]
    chain = _chain("core_dread", fighters, ("A0", "A1", "B0"))
    chain.explore(100_000, rounds=2)
    dead = {
        slot for st in chain._states.values() for slot in st if chain._status[slot[0]] == "dead"
    }
    assert dead  # the fight does kill
    for form, weapon in dead:
        assert chain.forms[form] is None and form == weapon
        for which in ("start", "turn_end", "end"):
            assert chain.hook_law(which, form) == (1, ((form, 1),))


def test_the_plain_round_end_skips_a_dead_combatant_as_the_staged_one_does():
    """NSd20 with ``death_at_pr``: a dead form with an Esfuerzo extra pending, which P11's
    round end would tire (the system's rule does not skip the dead; the chain does). On a
    state holding that form itself, the last turn built on plain tuples is the turn built
    stage by stage: the dead combatant left as it is."""
    s = rolkit.get_system("nsd20")
    d = s.defaults()
    opts = s.options_type(death_at_pr=-10)
    dead = R(d["attacker"], pr_current=-10, wound_state="moribundo", effort_used_this_turn=True)
    assert s.status(dead, opts) == "dead" and s.round_end(dead, opts) != {dead: 1}
    fighters = [("A0", "a", d["attacker"]), ("A1", "a", d["attacker"]), ("B0", "b", d["defender"])]
    chain = _chain("nsd20", fighters, ("A0", "A1", "B0"), death_at_pr=-10)
    slots = list(chain.start)
    slots[1] = Slot(chain.intern(dead), slots[1][1])  # the form itself, not its token
    state = chain.new_state(slots)
    last = len(chain.order) - 1
    stages = chain.stages(last, False)
    assert "end" in stages and chain.multi
    den, rows = chain._plain_turn(state, chain.order[last], stages)
    law = chain._turn_law(state, chain.order[last], stages)
    assert (den, rows) == _rows(law)
    assert len(rows) > 1 and all(st[1] == slots[1] for st, _w in rows)


# 3 ------------------------------------------------------------------------------------
def _assert_passes_as_built(chain: Chain, states: list[ChainState]) -> int:
    """For each state and turn, in the order given: :meth:`Chain.passes` is true exactly
    when the actor cannot act, the turn does not end the round and the turn built stage
    by stage is ``state`` with weight 1. Returns the passes seen."""
    seen = 0
    for state in states:
        for turn in range(len(chain.order)):
            actor, stages = chain.order[turn], chain.stages(turn, False)
            law = chain._turn_law(state, actor, stages)
            still = _rows(law) == (1, [(tuple(state), 1)])
            want = not chain.acting(state, actor) and "end" not in stages and still
            assert chain.passes(state, turn) == want, (state, turn)
            seen += want
    return seen


def test_a_dying_combatant_does_not_pass_the_turn_its_death_point_comes():
    """Tierkreis (P10, G11): a character at 0 PV cannot act, yet its own turn start gives
    it a death point (the third kills it then); only the dead pass. Each fallen form
    asked at its turn, the dead first and last (a memo keyed by the turn alone, or blind
    to the turn's rules, would answer the dying with the dead's pass)."""
    s = rolkit.get_system("tierkreis")
    d = s.defaults()
    a = d["attacker"]
    fighters = [("A0", "a", a), ("A1", "a", a), ("B0", "b", d["defender"])]
    dying = [R(a, pv_current=0, death_points=k) for k in range(4)]
    dead = R(a, pv_current=0, death_points=3, dead=True)
    assert all(s.status(f) == "dying" and s.turn_start(f) != {f: 1} for f in dying)
    for forms in ([dead, *dying], [*dying, dead]):
        chain = _chain("tierkreis", fighters, ("A0", "A1", "B0"))
        states = [_with_slot(chain, chain.start, 0, f) for f in forms]
        assert _assert_passes_as_built(chain, states) == 1


def test_a_fallen_combatant_does_not_pass_the_turn_that_ends_the_round():
    """Core Dread (§4.3): two dead combatants share one slot, the token of their fate;
    the one whose turn ends the round does not pass (the round's end gives the others
    their spent turns back), though the other, earlier in the order, does — a memo keyed
    by the form alone would answer the second with the first's pass."""
    s = rolkit.get_system("core_dread")
    d = s.defaults()
    a = d["attacker"]
    dead, spent = R(a, dead=True), R(a, turn_available=False)
    assert s.status(dead) == "dead" and s.round_end(spent) != {spent: 1}
    foe = R(d["defender"], turn_available=False)
    fighters = [("A0", "a", dead), ("A1", "a", spent), ("A2", "a", dead), ("B0", "b", foe)]
    chain = _chain("core_dread", fighters, ("A0", "A1", "B0", "A2"))
    assert chain.start[0] == chain.start[2]
    assert _assert_passes_as_built(chain, [chain.start]) == 1
    assert not chain.passes(chain.start, 3) and chain.passes(chain.start, 0)


def test_the_bounds_of_a_fight_with_a_dying_combatant_hold_its_death():
    """The certified bounds go through the turns that pass at once (:meth:`Chain.passes`,
    :class:`~rolkit.fight.bounds.Explorer`): on a small Tierkreis 2 v 1 with A0 dying
    (one death point: two more turn starts kill it, P10), explored to the end, they hold
    the exact odds — A0 dead in 308 015 / 373 248 of the fights, the others over first."""
    s = rolkit.get_system("tierkreis")
    d = s.defaults()
    a, b, w = d["attacker"], d["defender"], d["weapon"]
    fighters = [
        ("A0", "a", R(a, pv_current=0, death_points=1), w),
        ("A1", "a", R(a, pv_current=2), w),
        ("B0", "b", R(b, pv_current=2), w),
    ]
    exact = odds_of_fighters(s, fighters, method="exact", rounds_shown=0)
    assert exact.exact and exact.fates["A0"]["dead"] == Fraction(308015, 373248)
    chain = _bounds_chain(s, fighters)
    found = Refiner(chain).refine(10**6)
    assert found.unknown == 0
    assert_inside(_as_odds(s, fighters, chain, found), exact)
