"""A turn of actions stepped action by action on a party split's entries (#27 item 3,
:mod:`rolkit.fight.party_turns`): the policy's choice made per entry from tables by
(actor slot, actions taken, foe slot) is the chain's own (:meth:`Acting.choose`) on the
joint state, ties (identical foes) and refusals included, for every actor, every tuple of
actions taken met and many pairs of side states; the attacks it meets and the actions it
takes are the chain's (the notes). The whole split is checked against exact solves in
``test_party_split.py``."""

from __future__ import annotations

import contextlib
import random
import time
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from rolkit.fight.acting import Choice
from rolkit.fight.chain import Chain, TooLarge
from rolkit.fight.party_split import _LEAST, _Laws, _Run, party_split
from rolkit.fight.state import Slot
from tests.core.fight.test_party_split import CASES, _case, _chain

#: fights whose turns are more than one attack (every system's are): identical foes (the
#: "weakest" ties, broken by the turn order), a foe down, Tierkreis' free attacks (the
#: budget's second action, refused in some states) and the "first" policy
CHOICE_CASES = {
    "tierkreis-3v3": _case("tierkreis", 3, 3),
    "tierkreis-3v2-first": _case("tierkreis", 3, 2, policy="first"),
    "tierkreis-2v3-interleaved": _case(
        "tierkreis", 2, 3, order=("B0", "A0", "B1", "A1", "B2"), hurt={"B1": {"pv_current": 1}}
    ),
    "gore-3v3": _case("gore", 3, 3),
    "nsd20-3v2": _case("nsd20", 3, 2),
    "ashes_of_war-2v2": _case("ashes_of_war", 2, 2),
}


def _state(laws: _Laws, x: int, y: int) -> Any:
    chain = laws.chain
    slots = [Slot(0, 0)] * len(chain.sides)
    for side, z in zip(laws.sides, (x, y), strict=True):
        for k, j in enumerate(side.members):
            slots[j] = side.states[z][k]
    return chain.new_state(slots)


def _decoded(laws: _Laws, s: int, t: Any, actor: int, enc: int) -> tuple[str, int] | None:
    """A choice as :meth:`TurnSteps.choices` encodes it: ``(action, target index)``."""
    if enc < 0:
        return None
    qbits, abits = t.bits
    a = (enc >> qbits) & ((1 << abits) - 1)
    q = (enc & ((1 << qbits) - 1)) - 1
    steps = laws.turn_steps(s)
    return t.acts[a].id, actor if q < 0 else steps.foes[q]


def _law(laws: _Laws, side: int, tab: Any, enc: int) -> dict[Any, float]:
    """The law of a choice as the split applies it: ``{(actor slot, target slot):
    chance}`` (a slot unchanged keeps its code; on itself, the target code is −1)."""
    qbits, abits = tab.bits
    q = (enc & ((1 << qbits) - 1)) - 1
    steps = laws.turn_steps(side)
    start, count, a2s, f2s, ps = steps.rows.arrays()
    n = enc >> (qbits + abits)
    out = {}
    for r in range(start[n], start[n] + count[n]):
        a2 = steps.mine.slots[a2s[r]]
        f2 = a2 if q < 0 else steps.theirs.slots[f2s[r]]  # on itself: the actor's slot after
        out[(a2, f2)] = float(ps[r])
    return out


def _chains_law(chain: Chain, state: Any, i: int, choice: Choice, taken: Any) -> dict[Any, float]:
    """The chain's law of the action (:meth:`Acting.act_law`, :meth:`Acting.after_act`)."""
    den, rows = chain.act_law(chain.act_key(state, i, choice, taken))
    exact: dict[Any, Fraction] = {}
    for after, w in rows:
        nxt = chain._after_plain(state, i, choice.target, after)
        pair = (nxt[i], nxt[choice.target])
        exact[pair] = exact.get(pair, Fraction(0)) + Fraction(w, den)
    return {pair: float(p) for pair, p in exact.items() if float(p) >= _LEAST}


@pytest.mark.parametrize("case", sorted(CHOICE_CASES))
def test_the_choice_per_entry_is_the_chains_choice_on_the_joint_state(case):
    s, spec, policy = CHOICE_CASES[case]
    laws = _Laws(_chain(s, spec, policy))
    with contextlib.suppress(TooLarge):  # enough side states (Ashes of War's outgrow the bound)
        _Run(laws, 1e-5, 0.0, time.perf_counter() + 3).play()
    chain = laws.chain
    rng = random.Random(7)
    compared = ties = refusals = 0
    for i in range(len(chain.sides)):
        side = laws.side_of[i]
        steps = laws.turn_steps(side)
        mine, theirs = laws.sides[side], laws.sides[1 - side]
        k = mine.pos[i]
        for t in range(len(steps.taken)):
            tab = steps.tables(t)
            taken = steps.taken[t]
            pairs = [
                (rng.randrange(len(mine.states)), rng.randrange(len(theirs.states)))
                for _ in range(60 if case.startswith("ashes") else 300)
            ]
            xs = np.asarray([p[0] for p in pairs])
            ys = np.asarray([p[1] for p in pairs])
            c = mine.arrays()[2][xs, k]
            got = steps.choices(tab, i, c, ys).tolist()
            for (x, y), enc in zip(pairs, got, strict=True):
                state = _state(laws, *((x, y) if side == 0 else (y, x)))
                want = None
                if (
                    not chain.spent(taken, False)
                    and not chain.terminal(state)
                    and chain.acting(state, i)
                ):
                    choice = chain.choose(state, i, taken)
                    want = None if choice is None else (choice.action, choice.target)
                assert _decoded(laws, side, tab, i, enc) == want, (case, i, taken, state)
                compared += 1
                if want is not None:
                    assert _law(laws, side, tab, enc) == _chains_law(
                        chain, state, i, Choice(*want), taken
                    )
                if want is not None and want[1] != i:  # an attack: were there ties, refusals?
                    foes = [j for j in steps.foes if chain.acting(state, j)]

                    def key(action: str, j: int, state: Any = state, i: int = i) -> Any:
                        return chain.act_key(state, i, Choice(action, j), taken)  # noqa: B023

                    scores = {chain.p_out_act(key(want[0], j)) for j in foes}
                    ties += len(scores) < len(foes)
                    refusals += any(
                        chain.refused(key(a.id, j))
                        for a in chain._affordable(taken, "attack")
                        for j in foes
                    )
    assert compared > 1000
    assert ties  # identical foes: equal scores, broken by the turn order
    if case.startswith("tierkreis"):
        assert refusals  # some attack the budget allows is refused on some foe


def _notes(chain: Chain) -> tuple[set[Any], set[str], set[Any]]:
    """The reasons met, the actions taken, and the attacks met by their forms."""
    forms = chain.forms
    met = {
        (k.action, forms[k.actor], forms[k.weapon], forms[k.target], k.taken, k.defend)
        for k in chain._met_acts
    }
    return set(chain.happened), set(chain.acted), met


@pytest.mark.parametrize("case", ["tierkreis-2v1-dying", "gore-2v2", "nsd20-2v2"])
def test_the_attacks_met_and_actions_taken_are_the_exact_solves(case):
    """The notes read the attacks the policy examined (:meth:`Acting.met_blow`) and the
    actions it chose (:attr:`Acting.acted`): run to completion, the split meets those
    the exact exploration of the same fight meets."""
    s, spec, policy = CASES[case]
    split = _chain(s, spec, policy)
    party_split(split, Fraction(1, 10**11), seconds=300)
    exact = _chain(s, spec, policy)
    exact.explore(10**6)
    assert _notes(split) == _notes(exact)
    assert split.acted
