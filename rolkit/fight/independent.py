"""A duel split into two one-sided chains (#27): each combatant's state under its foe's
blows, coupled only through what each attacker's own state does to its attacks.

In a duel, combatant ``i``'s form changes under its foe's blows and its own turn, and its
foe's weapon changes under the foe's blows on ``i``: the pair ``(form of i, weapon of the
foe)`` is ``i``'s *side*. A blow moves only the target's side, and it reads the attacker
only through its *attack profile* — what a system declares its turn reads to attack
(:attr:`rolkit.system.System.duel_profile`; Ashes of War:
:func:`rolkit.systems.ashes_of_war.checks.profile.attack_profile`).
So, given the sequence of profiles each attacker shows, the two sides evolve
independently: the fight's law is a sum of *terms*, each the product of one law per side
(the mass of the paths that showed one sequence of profiles). At a turn, the actor's side
is split by its profile and the foe's side moves by the turn's law for that profile (one
representative form per profile: the turn reads nothing else of it); the actor's side
moves by its own turn (its "recover" actions) and the rules between attacks move each
side alone. A term whose two sides are still after a whole round stands for ever.

The fight ends when a side falls: at a blow, its mass that falls times the other side's
mass (the actor does not fall in its own turn); at the round's end (bleeding), either or
both (a draw). Every number is exact (integer weights over one denominator per side). To
stay small, the states whose joint mass is below a threshold are cut, and their mass is
kept apart (``unknown``): every result ``k`` lies in ``[v_k, v_k + unknown]``, as with
:func:`rolkit.fight.bounds.bounded`; the threshold is lowered until the width asked for
or the time budget.

When it applies (:func:`decomposable`, else :class:`NotDecomposable` and the caller falls
back): two combatants on two sides, the fight from its start (no turn begun), to its end,
no aid, a system with a declared profile, both weapons accepted by it and no rule at a
turn's end; a profile of ``None`` met on the way stops it too (a turn that would change
its attacker through its attacks).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from fractions import Fraction
from functools import partial
from typing import Any, NamedTuple

from rolkit.fight.bounds import DEFAULT_WIDTH, Bounds
from rolkit.fight.chain import Chain
from rolkit.fight.laws import add_weight
from rolkit.fight.result import Key, ended_keys, going_keys, marginals
from rolkit.fight.state import ChainState, Slot, Summary
from rolkit.model import Fate

__all__ = [
    "NotDecomposable",
    "certified",
    "compact_bounds",
    "compact_engine",
    "decomposable",
    "exact_split_bounds",
    "split_bounds",
]

#: One side: ``{(form id, foe's weapon id): weight}`` over a denominator.
Weights = dict[tuple[int, int], int]
#: A law over a side's states: ``(den, ((state or a fate that ends the fight, weight), ...))``.
SideLaw = tuple[int, tuple[tuple[Any, int], ...]]


class NotDecomposable(Exception):
    """The duel cannot be split into one-sided chains (the reason is the message)."""


class _OutOfTime(Exception):
    """The time budget ran out in the middle of a turn."""


class _Side(NamedTuple):
    weights: Weights
    den: int


class _Term(NamedTuple):
    """The mass of the paths that showed one sequence of profiles: one law per side."""

    sides: tuple[_Side, _Side]


class _Fell(NamedTuple):
    """A side's state where it is out of the fight, with its fate."""

    fate: Fate


def _declared(chain: Chain) -> tuple[Callable[..., Hashable | None], Callable[..., bool]]:
    found = chain.s.duel_profile
    if found is None:
        raise NotDecomposable(f"{chain.s.id} declares no attack profile")
    return found


def decomposable(chain: Chain, rounds: int | None = None) -> str | None:
    """Why the fight of ``chain`` cannot be split (``None``: it can)."""
    if rounds is not None:
        return "a horizon in rounds"
    if len(chain.names) != 2 or chain.sides[0] == chain.sides[1]:
        return "not a duel"
    if chain.start_turn != 0 or chain.skip_first:
        return "a turn already begun"
    if chain.aiders or chain.revivable:
        return "aid between allies"
    if chain.turn_ends:
        return "rules at a turn's end"
    if chain.s.duel_profile is None:
        return f"{chain.s.id} declares no attack profile"
    _profile, weapon_ok = _declared(chain)
    for slot in chain.start:
        if not weapon_ok(chain.forms[slot.weapon], chain.options):
            return "a weapon its bearer's turn reads"
    if chain.terminal(chain.start):
        return "the fight is over"
    return None


class _Split:
    """The turn laws of each side over interned ids (memoised), from the chain's own
    turn (:meth:`Chain.turn_rows`) and rules between attacks (:meth:`Chain.hook_law`)."""

    def __init__(self, chain: Chain) -> None:
        why = decomposable(chain)
        if why is not None:
            raise NotDecomposable(why)
        self.chain = chain
        self.profile_fn, _ok = _declared(chain)
        self.forms0 = tuple(slot.form for slot in chain.start)
        self.weapons0 = tuple(slot.weapon for slot in chain.start)
        self._profiles: dict[tuple[int, int], Hashable] = {}
        self._reps: dict[tuple[int, Hashable], int] = {}
        self._hooks: dict[tuple[str, int, int], SideLaw] = {}
        self._own: dict[tuple[int, int, int], SideLaw] = {}
        self._blows: dict[tuple[int, Hashable, int, int], SideLaw] = {}
        self._steps: dict[tuple[int, tuple[int, int], int, tuple[str, ...]], SideLaw | None] = {}

    # facts ---------------------------------------------------------------------------
    def profile(self, i: int, form: int) -> Hashable:
        known = self._profiles.get((i, form))
        if known is None:
            weapon = self.chain.forms[self.weapons0[i]]
            known = self.profile_fn(self.chain.forms[form], weapon, self.chain.options)
            if known is None:
                raise NotDecomposable("a turn that changes its attacker through its attacks")
            self._profiles[(i, form)] = known
            self._reps.setdefault((i, known), form)
        return known

    def _state(self, slots: list[Slot]) -> ChainState:
        return self.chain.new_state(slots)

    def turn(self, state: ChainState, i: int) -> list[tuple[ChainState, int, int]]:
        """The chain's own turn of ``i`` (its actions, or its one blow) as rows."""
        if self.chain.multi:
            return self.chain.turn_rows(state, i)
        den, rows = self.chain.blow_successors(state, i)
        return [(s, w, den) for s, w in rows]

    def _fate_or(self, slot: Slot, key: Any) -> Any:
        fate = self.chain.status(slot.form)
        return key if fate is None else _Fell(fate)

    # laws on one side ------------------------------------------------------------------
    def hook(self, which: str, i: int, key: tuple[int, int]) -> SideLaw:
        """A rule between attacks on side ``i``'s state ``key`` (its own form only)."""
        memo = (which, i, key[0])
        known = self._hooks.get(memo)
        if known is None:
            den, rows = self.chain.hook_law(which, key[0])
            out: dict[Any, int] = {}
            for form, w in rows:
                slot = self.chain.settle(form, self.weapons0[i])
                nxt = self._fate_or(slot, (form, -1))
                out[nxt] = out.get(nxt, 0) + w
            known = self._hooks[memo] = (den, tuple(out.items()))
        den, law = known
        return den, tuple((k if isinstance(k, _Fell) else (k[0], key[1]), w) for k, w in law)

    def own_turn(self, i: int, key: tuple[int, int]) -> SideLaw:
        """Side ``i`` after its own turn: the actions the policy takes on itself (stand
        up, pick up…) before it attacks; its attacks leave it as it is (the profile says
        so, :attr:`~rolkit.system.System.duel_profile`) and are the foe's side's law (:meth:`blows`)."""
        memo = (i, key[0], key[1])
        known = self._own.get(memo)
        if known is None:
            chain, j = self.chain, 1 - i
            slots = [Slot(0, 0), Slot(0, 0)]
            slots[i] = chain.settle(key[0], self.weapons0[i])
            slots[j] = Slot(self.forms0[j], key[1])
            layer: dict[tuple[ChainState, tuple[str, ...]], list[int]] = {
                (self._state(slots), ()): [1, 1]
            }
            done: list[tuple[Any, int, int]] = []
            while layer:
                nxt: dict[tuple[ChainState, tuple[str, ...]], list[int]] = {}
                for (st, taken), (w, d) in layer.items():
                    choice = chain.choose(st, i, taken) if chain.multi else None
                    if choice is None or choice.target != i:
                        done.append((self._fate_or(st[i], (st[i].form, key[1])), w, d))
                        continue
                    den, rows = chain.act_law(chain.act_key(st, i, choice, taken))
                    for after, v in rows:
                        add_weight(
                            nxt,
                            (chain.after_act(st, i, i, after), (*taken, choice.action)),
                            w * v,
                            d * den,
                        )
                layer = nxt
            known = self._own[memo] = _law(done)
        return known

    def step(
        self, i: int, key: tuple[int, int], actor: int, taken: tuple[str, ...]
    ) -> SideLaw | None:
        """One action of ``i``'s turn (``None``: the turn is over): its actor in form
        ``actor`` (a representative of its profile, as its own actions left it), having
        taken ``taken``, its foe's side in ``key``. The law over the next
        ``(side, actor's form, taken)``, or the foe's fall."""
        memo = (i, key, actor, taken)
        if memo in self._steps:
            return self._steps[memo]
        chain, j = self.chain, 1 - i
        slots = [Slot(0, 0), Slot(0, 0)]
        slots[i] = chain.settle(actor, key[1])
        slots[j] = Slot(key[0], self.weapons0[j])
        st = self._state(slots)
        choice = chain.choose(st, i, taken)
        known: SideLaw | None = None
        if choice is not None:
            chain.acted[choice.action] = None
            den, rows = chain.act_law(chain.act_key(st, i, choice, taken))
            then = (*taken, choice.action)
            out = []
            for after, v in rows:
                s = chain.after_act(st, i, choice.target, after)
                nxt = self._fate_or(s[j], ((s[j].form, s[i].weapon), s[i].form, then))
                out.append((nxt, v, den))
            known = _law(out)
        self._steps[memo] = known
        return known

    def blows(self, i: int, profile: Hashable, key: tuple[int, int]) -> SideLaw:
        """Side ``key`` of the target after the turn of its foe ``i`` showing ``profile``
        (played by a representative form of that profile)."""
        memo = (i, profile, key[0], key[1])
        known = self._blows.get(memo)
        if known is None:
            j = 1 - i
            slots = [Slot(0, 0), Slot(0, 0)]
            slots[i] = self.chain.settle(self._reps[(i, profile)], key[1])
            slots[j] = Slot(key[0], self.weapons0[j])
            rows = self.turn(self._state(slots), i)
            known = self._blows[memo] = _law(
                (self._fate_or(s[j], (s[j].form, s[i].weapon)), w, d) for s, w, d in rows
            )
        return known


def _law(rows: Any) -> SideLaw:
    """Rows ``(state, weight, den)`` as one law over the lcm of their denominators (none:
    ``(1, ())``)."""
    acc: dict[Any, list[int]] = {}
    for key, w, d in rows:
        held = acc.get(key)
        if held is None:
            acc[key] = [w, d]
        else:
            common = math.lcm(held[1], d)
            held[0] = held[0] * (common // held[1]) + w * (common // d)
            held[1] = common
    den = math.lcm(*{d for _w, d in acc.values()}) if acc else 1
    return den, tuple((k, w * (den // d)) for k, (w, d) in acc.items())


def _push(
    side: _Side, law_of: Callable[[tuple[int, int]], SideLaw], deadline: float = math.inf
) -> tuple[_Side, dict]:
    """``side`` moved by each state's law: the states that go on, and the mass that fell
    (``fate → weight``), both over the new denominator.

    Raises:
        _OutOfTime: past ``deadline`` while building the laws.
    """
    laws = {}
    timed = deadline != math.inf  # no clock read per state when there is no deadline
    for key in side.weights:
        if timed and time.perf_counter() > deadline:
            raise _OutOfTime()
        laws[key] = law_of(key)
    big = math.lcm(*{den for den, _rows in laws.values()}) if laws else 1
    out: Weights = {}
    fell: dict[Fate, int] = {}
    for key, w in side.weights.items():
        den, rows = laws[key]
        scale = w * (big // den)
        for nxt, v in rows:
            if isinstance(nxt, _Fell):
                fell[nxt.fate] = fell.get(nxt.fate, 0) + scale * v
            else:
                out[nxt] = out.get(nxt, 0) + scale * v
    return _reduced(out, side.den * big, fell)


def _reduced(weights: Weights, den: int, fell: dict) -> tuple[_Side, dict]:
    g = den
    for w in weights.values():
        g = math.gcd(g, w)
    for w in fell.values():
        g = math.gcd(g, w)
    if g > 1:
        weights = {k: w // g for k, w in weights.items()}
        fell = {k: w // g for k, w in fell.items()}
        den //= g
    return _Side(weights, den), fell


class _Run:
    """One pass: the terms played turn by turn, states under ``cut`` joint mass dropped."""

    def __init__(self, split: _Split, cut: float, deadline: float) -> None:
        self.split = split
        self.chain = split.chain
        self.cut = cut
        self.deadline = deadline
        self.ended: dict[Key, Fraction] = {}
        self.unknown = Fraction(0)
        self.states = 0

    def end(self, winner: int | None, fates: tuple[Fate, Fate], mass: Fraction) -> None:
        side = None if winner is None else self.chain.sides[winner]
        for key in ended_keys(Summary(side, fates)):
            self.ended[key] = self.ended.get(key, Fraction(0)) + mass

    def play(self) -> None:
        chain = self.chain
        start = tuple(
            _Side({(chain.start[i].form, chain.start[1 - i].weapon): 1}, 1) for i in (0, 1)
        )
        terms = [_Term((start[0], start[1]))]
        n, turn = len(chain.order), 0
        while terms:
            before = (dict(self.ended), self.unknown)
            try:
                actor = chain.order[turn % n]
                played = [x for t in terms for x in self.turn(t, actor)]
                if turn % n == n - 1:
                    played = [x for t in played for x in self.round_end(t)]
                played = [x for t in played for x in self.pruned(t)]
                if turn % n == n - 1:  # after the cut: no law built for a state cut
                    played = [x for t in played for x in self.standing(t)]
                terms = played
            except _OutOfTime:  # the turn is not counted: every term left is unknown
                self.ended, self.unknown = before
                self.unknown += sum(_mass(t.sides[0]) * _mass(t.sides[1]) for t in terms)
                return
            turn += 1

    def turn(self, term: _Term, i: int) -> list[_Term]:
        """Combatant ``i``'s turn on one term: its turn-start rules, then per profile its
        own recover actions and its blows on the other side."""
        split, j = self.split, 1 - i
        mine, theirs = term.sides[i], term.sides[j]
        if self.chain.turn_starts:
            mine, fell = _push(mine, partial(split.hook, "start", i), self.deadline)
            self._fell_alone(j, fell, mine.den, theirs)
        groups: dict[Hashable, Weights] = {}
        for key, w in mine.weights.items():
            groups.setdefault(split.profile(i, key[0]), {})[key] = w
        out = []
        for profile, weights in groups.items():
            own, fell = _push(_Side(weights, mine.den), partial(split.own_turn, i), self.deadline)
            assert not fell, "an actor fell in its own turn"
            own_mass = _mass(own)
            if self.chain.multi:
                hit, fell = self._actions(theirs, i, profile, own_mass)
            else:
                hit, fell = _push(theirs, partial(split.blows, i, profile), self.deadline)
            for fate, w in fell.items():
                fates = [None, None]
                fates[j] = fate
                self.end(i, (fates[0], fates[1]), Fraction(w, hit.den) * own_mass)
            pair = [own, own]
            pair[j] = hit
            out.append(_Term((pair[0], pair[1])))
        return out

    def _actions(
        self, theirs: _Side, i: int, profile: Hashable, own_mass: Fraction
    ) -> tuple[_Side, dict]:
        """The target's side through the actions of ``i``'s turn one at a time (its
        representative's own actions, then its attacks), the states under the cut dropped
        after each (their mass times the actor's to ``unknown``): a turn of two attacks
        builds the second attack's law only where the first left enough mass."""
        split = self.split
        rep = split._reps[(i, profile)]
        pending = {(key, rep, ()): w for key, w in theirs.weights.items()}
        den = theirs.den
        done: dict[Any, list[int]] = {}
        fell: dict[Any, list[int]] = {}
        while pending:
            laws = {}
            for e in pending:
                if time.perf_counter() > self.deadline:
                    raise _OutOfTime()
                laws[e] = split.step(i, *e)
            big = math.lcm(*{law[0] for law in laws.values() if law is not None})
            nxt: dict[Any, int] = {}
            for e, w in pending.items():
                law = laws[e]
                if law is None:
                    add_weight(done, e[0], w, den)
                    continue
                d, rows = law
                scale = w * (big // d)
                for ne, v in rows:
                    if isinstance(ne, _Fell):
                        add_weight(fell, ne.fate, scale * v, den * big)
                    else:
                        nxt[ne] = nxt.get(ne, 0) + scale * v
            den *= big
            bar = self.cut / float(own_mass) * den if own_mass else math.inf
            gone = sum(w for w in nxt.values() if w < bar)
            if gone:
                self.unknown += Fraction(gone, den) * own_mass
                nxt = {e: w for e, w in nxt.items() if w >= bar}
            pending = nxt
        side_law = _law((k, w, d) for k, (w, d) in done.items())
        fell_law = _law((f, w, d) for f, (w, d) in fell.items())
        top = math.lcm(side_law[0], fell_law[0])
        weights = {k: w * (top // side_law[0]) for k, w in side_law[1]}
        falls = {f: w * (top // fell_law[0]) for f, w in fell_law[1]}
        return _reduced(weights, top, falls)

    def _fell_alone(self, standing: int, fell: dict, den: int, other: _Side) -> None:
        """Mass of the other combatant fallen at its turn's start: ``standing`` wins."""
        other_mass = _mass(other)
        for fate, w in fell.items():
            fates: list[Fate] = [None, None]
            fates[1 - standing] = fate
            self.end(standing, (fates[0], fates[1]), Fraction(w, den) * other_mass)

    def round_end(self, term: _Term) -> list[_Term]:
        """The rules at the round's end on each side alone; the falls they cause."""
        if not self.chain.round_ends:
            return [term]
        split = self.split
        moved = []
        falls = []
        for i in (0, 1):
            side, fell = _push(term.sides[i], partial(split.hook, "end", i), self.deadline)
            moved.append(side)
            falls.append({f: Fraction(w, side.den) for f, w in fell.items()})
        alive = [_mass(s) for s in moved]
        for f0, p0 in falls[0].items():
            self.end(1, (f0, None), p0 * alive[1])
            for f1, p1 in falls[1].items():
                self.end(None, (f0, f1), p0 * p1)
        for f1, p1 in falls[1].items():
            self.end(0, (None, f1), alive[0] * p1)
        return [_Term((moved[0], moved[1]))]

    def standing(self, term: _Term) -> list[_Term]:
        """The states of both sides that a whole round leaves where they are, every step
        certain, stand for ever together (nobody can change anything): counted as going."""
        still = [self._still(i, term) for i in (0, 1)]
        if not still[0] or not still[1]:
            return [term]
        a, b = term.sides
        s0 = _Side({k: a.weights[k] for k in still[0]}, a.den)
        s1 = _Side({k: b.weights[k] for k in still[1]}, b.den)
        mass = _mass(s0) * _mass(s1)
        for key in going_keys((None, None)):
            self.ended[key] = self.ended.get(key, Fraction(0)) + mass
        rest0 = _Side({k: w for k, w in a.weights.items() if k not in still[0]}, a.den)
        rest1 = _Side({k: w for k, w in b.weights.items() if k not in still[1]}, b.den)
        return [
            t
            for t in (_Term((s0, rest1)), _Term((rest0, b)))
            if t.sides[0].weights and t.sides[1].weights
        ]

    def _still(self, i: int, term: _Term) -> set[tuple[int, int]]:
        """Side ``i``'s states that every step of a round maps to themselves for sure,
        whatever the other side's states in the term show."""
        split, j = self.split, 1 - i
        profiles = {split.profile(j, k[0]) for k in term.sides[j].weights}
        out = set()
        for key in term.sides[i].weights:
            if time.perf_counter() > self.deadline:
                raise _OutOfTime()
            if not all(self._untouched(j, p, key) for p in profiles):
                continue
            laws = [split.own_turn(i, key)]
            if self.chain.turn_starts:
                laws.append(split.hook("start", i, key))
            if self.chain.round_ends:
                laws.append(split.hook("end", i, key))
            if all(len(rows) == 1 and rows[0][0] == key for _d, rows in laws):
                out.add(key)
        return out

    def _untouched(self, i: int, profile: Hashable, key: tuple[int, int]) -> bool:
        """The turn of ``i`` showing ``profile`` leaves its foe's side ``key`` as it is,
        for sure (its actions on itself aside)."""
        if not self.chain.multi:
            rows = self.split.blows(i, profile, key)[1]
            return len(rows) == 1 and rows[0][0] == key
        e: Any = (key, self.split._reps[(i, profile)], ())
        while True:
            law = self.split.step(i, *e)
            if law is None:
                return True
            rows = law[1]
            if len(rows) != 1 or isinstance(rows[0][0], _Fell) or rows[0][0][0] != key:
                return False
            e = rows[0][0]

    def pruned(self, term: _Term) -> list[_Term]:
        """The term with each state whose joint mass is under the cut dropped (its exact
        mass to ``unknown``): ``a⊗b = a'⊗b + (a−a')⊗b`` and ``a'⊗b = a'⊗b' + a'⊗(b−b')``."""
        a, b = term.sides
        self.states += len(a.weights) + len(b.weights)
        mb = _mass(b)
        a, gone = _cut(a, self.cut / float(mb) if mb else math.inf)
        self.unknown += gone * mb
        ma = _mass(a)
        b, gone = _cut(b, self.cut / float(ma) if ma else math.inf)
        self.unknown += gone * ma
        if not a.weights or not b.weights:
            return []
        return [_Term((a, b))]


def _cut(side: _Side, limit: float) -> tuple[_Side, Fraction]:
    """``side`` without its states of mass under ``limit``, and their mass."""
    bar = limit * side.den
    keep = {k: w for k, w in side.weights.items() if w >= bar}
    if len(keep) == len(side.weights):
        return side, Fraction(0)
    gone = sum(side.weights.values()) - sum(keep.values())
    return _Side(keep, side.den), Fraction(gone, side.den)


def _mass(side: _Side) -> Fraction:
    return Fraction(sum(side.weights.values()), side.den)


# The split's parts, public for a horizon of rounds (rolkit.fight.horizon_split, #27 item
# 7): the same turn laws and passes, played for R rounds with nothing cut.
SplitLaws = _Split
SplitPass = _Run
SideLaws = _Side
Term = _Term
push = _push
law_of = _law
mass = _mass


#: Binary64's unit roundoff (round to nearest), and the grid the lower bounds are rounded
#: down to (as :mod:`rolkit.fight.bounds`).
_U = Fraction(1, 2**53)
_GRID = 2**64
#: The compact engine's first cut, and the least factor between two passes' cuts.
_FIRST_CUT = 1e-4
_STEP = 0.5
#: No pass cuts finer: a state's mass stays ≥ cut × its least chance (≈ 1e-9), far from
#: the subnormal floats the certificate excludes.
_LEAST_CUT = 1e-200
#: A pass costs about cut^(-1/_COST_POWER) (measured on the default duel: ^-0.42 from 1e-4
#: to 1e-5, ^-0.7 to 1e-6, ^-0.78 to 1e-7). Aiming at ^-0.65 was narrower at 1 and 5 CPU
#: seconds but overran a 30 s budget by 60 % (one fine turn runs to its end): ^-0.8 kept.
_COST_POWER = 1.25


def compact_engine(chain: Chain) -> Any:
    """The system's compact engine for this duel (:attr:`~rolkit.system.System.
    duel_compact`), or ``None`` where it has none or these forms are not all it models."""
    build = chain.s.duel_compact
    if build is None or decomposable(chain) is not None:
        return None
    forms = tuple(chain.forms[slot.form] for slot in chain.start)
    weapons = tuple(chain.forms[slot.weapon] for slot in chain.start)
    return build(forms, weapons, chain.modifiers, chain.options, chain.order)


def certified(
    chain: Chain, ended: dict[Any, float], flops: int, states: int, spent: float
) -> Bounds:
    """Certified bounds from the float masses ended per ``(winner, fates)``, computed
    with ``flops`` operations on operands ≥ 0 (the argument of :mod:`rolkit.fight.bounds`:
    ``exact ≥ float · (1 − K u)``, Higham's γ_K; no subnormal enters): each lower bound
    rounded down, the unknown one minus their sum."""
    scale = 1 - flops * _U
    if scale <= 0:
        raise OverflowError("too many float operations to bound their rounding")
    lows: dict[Summary, Fraction] = {}
    for (winner, fates), mass in ended.items():
        side = None if winner is None else chain.sides[winner]
        low = Fraction(math.floor(Fraction(mass) * scale * _GRID), _GRID)
        if low:
            key = Summary(side, tuple(fates))
            lows[key] = lows.get(key, Fraction(0)) + low
    unknown = 1 - sum(lows.values(), Fraction(0))
    return Bounds(marginals(lows, {}), unknown, states, spent)


def compact_bounds(
    chain: Chain, engine: Any, width: Fraction = DEFAULT_WIDTH, seconds: float = 5.0
) -> Bounds:
    """:func:`split_bounds` by the system's compact engine: passes with a cut lowered
    each time (as far as the time left seems to allow, at least halved), until the unknown
    mass is at most ``width`` or ``seconds`` have passed; the narrowest pass."""
    began = time.perf_counter()
    cut, best, last = _FIRST_CUT, None, 0.0
    while True:
        t0 = time.perf_counter()
        ended, _done = engine.play(cut, began + seconds)
        spent = time.perf_counter() - began
        result = certified(chain, ended, engine.flops, engine.states, spent)
        if best is None or result.unknown < best.unknown:
            best = result
        if best.unknown <= width or spent >= seconds or cut < _LEAST_CUT:
            return Bounds(best.lower, best.unknown, best.explored, spent)
        last = time.perf_counter() - t0
        left = seconds - spent
        # the finest cut whose pass fits the time left (_COST_POWER)
        fits = (max(left, 1e-3) / max(last, 1e-3)) ** -_COST_POWER
        cut *= min(_STEP, fits)


def split_bounds(chain: Chain, width: Fraction = DEFAULT_WIDTH, seconds: float = 5.0) -> Bounds:
    """Certified bounds on how the duel ends, from its one-sided chains (module
    docstring): a coarse cut first, then √2 finer each pass (the laws kept) until every
    interval is at most ``width`` wide or ``seconds`` have passed; a pass the deadline
    stops counts its unplayed mass unknown, and the narrowest pass is returned.

    Small steps, not tenfold ones: a pass replays the laws the passes before it built (on
    Ashes of War's default duel a replay costs ~2 % of building them), so a finer pass
    costs about its new laws alone, and a tenfold step mostly ran out of time half-way
    (its partial pass wider than the last whole one; ÷ 2 and ÷ √2 measured better).

    When the system has a compact engine for these forms (:func:`compact_engine`), it
    pushes the sides instead (:func:`compact_bounds`).

    Raises:
        NotDecomposable: the duel is not one this splits (:func:`decomposable`).
    """
    engine = compact_engine(chain)
    if engine is not None:
        return compact_bounds(chain, engine, width, seconds)
    return exact_split_bounds(chain, width, seconds)


def exact_split_bounds(
    chain: Chain, width: Fraction = DEFAULT_WIDTH, seconds: float = 5.0
) -> Bounds:
    """:func:`split_bounds` by the exact one-sided chains (no compact engine).

    Raises:
        NotDecomposable: the duel is not one this splits (:func:`decomposable`).
    """
    split = _Split(chain)
    began = time.perf_counter()
    cut = float(width)  # a coarse pass first (0,1 s on the default AoW duel): any budget answers
    best: Bounds | None = None
    while True:
        run = _Run(split, cut, began + seconds)
        run.play()
        spent = time.perf_counter() - began
        result = Bounds(run.ended, run.unknown, run.states, spent)
        if best is None or result.unknown < best.unknown:
            best = result
        if best.unknown <= width or spent >= seconds:
            return Bounds(best.lower, best.unknown, best.explored, spent)
        cut /= math.sqrt(2)
