"""A duel's first rounds by its two one-sided chains (#27 item 7): the exact answer of
``fight_odds(..., rounds=R)`` without the product of the two fighters' forms.

:mod:`rolkit.fight.independent` splits a duel into two sides that evolve independently
given the attack profiles each attacker shows, and plays them to the end with a cut
(certified bounds). Over a horizon of rounds nothing needs cutting: the same terms are
played turn by turn for ``R`` rounds with every state kept, so each result is an exact
Fraction — the mass that ended in each way within the horizon, each round's share of it,
and the mass still going (both standing: every fate ``None``). It equals the chain's walk
(:func:`rolkit.fight.walk.walk` after :meth:`~rolkit.fight.chain.Chain.explore`) field by
field; only the states counted differ: here the side states of every term at every turn
(a sum, not the product's distinct states).

It applies where :func:`~rolkit.fight.independent.decomposable` does (a duel from its
start, a system that declares its attack profile), else :class:`NotDecomposable`. The
profile is the system's word on what its turn reads of the attacker: a variant of a
system whose turn differs (Ashes of War without its recover actions, the benchmark's
one-attack round) declares the profile of its own turn
(``benchmarks.bench_ashes_of_war.one_attack_profile``), or the split reads the wrong one.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from fractions import Fraction
from functools import partial

from rolkit.fight.chain import Chain, TooLarge
from rolkit.fight.independent import (
    NotDecomposable,
    SideLaw,
    SideLaws,
    SplitLaws,
    SplitPass,
    Term,
    Weights,
    law_of,
    mass,
    push,
)
from rolkit.fight.result import Key, Outcome, going_keys
from rolkit.fight.state import BlowKey
from rolkit.model import Fate

__all__ = ["STATES_PER_LAW", "NotDecomposable", "split_horizon"]

#: The split builds at most one law of an action or a blow per this many states of
#: ``max_states`` (500 at the default 20 000; each law costs ~1–2 ms on wounded forms).
STATES_PER_LAW = 40


def split_horizon(chain: Chain, rounds: int, max_states: int) -> Outcome:
    """The exact outcome of the duel's first ``rounds`` rounds from its one-sided chains
    (module docstring): ``states`` is the side states summed over terms and turns.

    Raises:
        NotDecomposable: the duel is not one the split handles.
        TooLarge: the side states counted pass ``max_states``, or the chain's laws of
            actions and blows built ``max_states // STATES_PER_LAW``: a turn of actions
            may build many laws before its side states are counted (Ashes of War's
            default duel: 430 laws for round 1 in 0,3 s; round 2 stops at the bound in
            ~0,4 s, where uncounted it took 50 s before its states passed the bound).
    """
    run = _HorizonRun(_HorizonSplit(chain, max_states // STATES_PER_LAW), 0.0, math.inf)
    # each side: (its form, its foe's weapon), as SplitPass.play starts
    start = [SideLaws({(chain.start[i].form, chain.start[1 - i].weapon): 1}, 1) for i in (0, 1)]
    terms = [Term((start[0], start[1]))]
    n = len(chain.order)
    rounds_law: dict[int, Fraction] = {}
    states = 0
    for r in range(1, rounds + 1):
        if not terms:
            break
        before = _ended(run.ended)
        for turn in range(n):
            actor = chain.order[turn]
            terms = [x for t in terms for x in run.turn(t, actor)]
            if turn == n - 1:
                terms = [x for t in terms for x in run.round_end(t)]
            terms = [t for t in terms if t.sides[0].weights and t.sides[1].weights]
            states += sum(len(t.sides[0].weights) + len(t.sides[1].weights) for t in terms)
            if states > max_states:
                raise TooLarge()
        ended = _ended(run.ended) - before
        if ended:
            rounds_law[r] = ended
    out: dict[Key, Fraction] = dict(run.ended)
    going = sum((mass(t.sides[0]) * mass(t.sides[1]) for t in terms), Fraction(0))
    if going:
        for key in going_keys((None, None)):
            out[key] = out.get(key, Fraction(0)) + going
    return Outcome(states, out, rounds_law, Fraction(0), None)


class _HorizonSplit(SplitLaws):
    """:class:`SplitLaws` with a single blow's law read from the chain's settled law directly
    (the same rows :meth:`Chain.blow_successors` gives, no state of the product built),
    and a rule between attacks that leaves a standing form as it is (most do) answered as
    the identity at once."""

    def __init__(self, chain: Chain, laws: int) -> None:
        super().__init__(chain)
        self.laws = laws

    def _bounded(self) -> None:
        """Raise :class:`TooLarge` past the laws allowed: the chain's laws of actions and
        blows built (each one the system's after-state law, the costly part)."""
        if self.chain.laws_built > self.laws:
            raise TooLarge()

    def step(
        self, i: int, key: tuple[int, int], actor: int, taken: tuple[str, ...]
    ) -> SideLaw | None:
        known = super().step(i, key, actor, taken)
        self._bounded()
        return known

    def own_turn(self, i: int, key: tuple[int, int]) -> SideLaw:
        known = super().own_turn(i, key)
        self._bounded()
        return known

    def hook(self, which: str, i: int, key: tuple[int, int]) -> SideLaw:
        den, rows = self.chain.hook_law(which, key[0])
        if den == 1 and len(rows) == 1 and rows[0][0] == key[0]:
            return (1, ((key, 1),))  # a side state is standing: _fate_or keeps it
        return super().hook(which, i, key)

    def blows(self, i: int, profile: Hashable, key: tuple[int, int]) -> SideLaw:
        chain = self.chain
        self._bounded()
        if chain.multi:
            return super().blows(i, profile, key)
        memo = (i, profile, key[0], key[1])
        known = self._blows.get(memo)
        if known is None:
            j = 1 - i
            actor = chain.settle(self._reps[(i, profile)], key[1])
            # a standing actor's one blow on its only foe (Chain._blow_rows of a duel)
            blow = BlowKey(actor.form, key[0], actor.weapon, chain.defend[j])
            chain.met(blow)
            den, rows = chain.settled_law(blow, self.weapons0[j])
            fate_or = self._fate_or
            known = self._blows[memo] = law_of(
                (fate_or(d, (d.form, a.weapon)), w, den) for a, d, w in rows
            )
        return known


class _HorizonRun(SplitPass):
    """A pass with nothing cut; a turn of one blow (no actions) skips the actor's own
    turn: with no action on itself it leaves its side as it is (:meth:`SplitLaws.own_turn`
    is the identity on a standing form)."""

    def turn(self, term: Term, i: int) -> list[Term]:
        if self.chain.multi:
            return super().turn(term, i)
        split, j = self.split, 1 - i
        mine, theirs = term.sides[i], term.sides[j]
        if self.chain.turn_starts:
            mine, fell = push(mine, partial(split.hook, "start", i))
            self._fell_alone(j, fell, mine.den, theirs)
        groups: dict[Hashable, Weights] = {}
        for key, w in mine.weights.items():
            groups.setdefault(split.profile(i, key[0]), {})[key] = w
        out = []
        for profile, weights in groups.items():
            own = SideLaws(weights, mine.den)
            own_mass = mass(own)
            hit, fell = push(theirs, partial(split.blows, i, profile))
            for fate, w in fell.items():
                fates: list[Fate] = [None, None]
                fates[j] = fate
                self.end(i, (fates[0], fates[1]), Fraction(w, hit.den) * own_mass)
            pair = [own, own]
            pair[j] = hit
            out.append(Term((pair[0], pair[1])))
        return out


def _ended(ended: dict[Key, Fraction]) -> Fraction:
    """The mass ended so far: a side's win or a draw."""
    return sum((p for k, p in ended.items() if k[0] in ("win", "draw")), Fraction(0))
