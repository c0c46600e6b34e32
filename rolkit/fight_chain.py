"""Whole-fight odds: who wins, in how many rounds, and how each combatant ends (#16).

A fight from the tracker (:class:`rolkit.fight.Fight`) is a Markov chain over the
combatants' forms: each turn, the combatant whose turn it is attacks one foe, and the
system's exact after-state law (:meth:`rolkit.system.System.transitions`) moves the
attacker, the target and the weapon to their forms after the blow. A side is out when none
of its combatants can act (:meth:`~rolkit.system.System.status` is not ``None``); the fight
is absorbed there (a draw when both sides are out after the same blow).

**Exact** (the default): the chain is explored over the reachable states; when their number
stays under ``max_states`` it is solved with integer weights over one common denominator
(every law's denominator divides it), one :class:`~fractions.Fraction` per result:

* ``rounds=N``: the law of the state after N rounds, turn by turn: each side's chance to
  win by then, a draw, the fight still going, and the round each fight ended in;
* ``rounds=None``: to the end. The first rounds are walked as above (until 99 % of the
  fights have ended, or ``rounds_shown``), then
  each state still going is solved for its absorption law, by memoised dynamic
  programming over the rounds' kernel, in strongly connected groups: the chance of a
  whole round that brings its start state back — nothing changed, or counters "this
  turn" set back at its end — is summed as a geometric series, and a group with several
  round starts (a state back after two rounds or more: a −2 that ends) is solved as
  their exact linear system.

**Simulated**: past the bound (or with ``method="simulate"``), ``n`` seeded fights drawn
blow by blow from the same laws with the same policy; the result says so ("simulado,
n = …, ± …", the widest 95 % interval of its probabilities). Never silently approximate.

Rules of the chain (what a GM would expect, stated in :attr:`FightOdds.notes`):

* the order is the fight's initiative as rolled (from the current turn on), or the order of
  entry when initiative has not been rolled; a system that rerolls initiative every round
  (``initiative_each_round``) is walked with that order held fixed, and the notes say so;
* every combatant attacks with its own weapon and the default modifiers (or ``modifiers``);
* the target policy: ``"weakest"`` (default) attacks the foe this blow is likeliest to put
  out of the fight (ties: the earlier in the order); ``"first"`` the first foe able to act
  in the order. ``policies={name: policy}`` sets it per combatant;
* a combatant who cannot act skips its turn; a round is every turn of the order once;
* the rules that act between attacks (:meth:`~rolkit.system.System.turn_start`,
  :meth:`~rolkit.system.System.turn_end`, :meth:`~rolkit.system.System.round_end`) in the
  contract's order: a combatant's turn is its turn-start rules, then its blow if it can
  act, then its turn-end rules (given the fight's modifiers); after the last turn of the order,
  the round-end rules of everyone not dead; the fight ends as soon as fewer than two sides
  can act, whichever step did it. A fight taken from the tracker has its current turn
  begun (:attr:`FightSpec.started`): that turn's start rules are not applied again;
* a blow is made as :meth:`~rolkit.system.System.fight_blow` says (Core Dread, §4.3.6 and
  G23: an attacker who used its turn defending this round does not attack, its turn
  passes; a defender who has already acted takes the blow undefended, not skipped), and
  the notes give the reasons the fight met. The defence policy, when the modifiers carry
  a defence the defender may make or not: ``"when_able"`` (default — what the GM asked
  for by setting the defence: a defender who has not acted yet defends, and so loses its
  own attack of the round) or ``"keep_action"`` (it never defends and keeps its attack);
  ``defence_policies={name: policy}`` per combatant. With ``"when_able"`` the rule bites:
  in a duel the second in the order dodges every blow and never attacks;
* a combatant out of the fight is never attacked again (no coup de grâce); once no rule
  between attacks can change it (dead, or every such law the identity; always, for a system
  without them) the chain keeps only its fate, so situations that differ only in how the
  fallen fell merge; until then it keeps its form (dying → stable or dead; knocked out →
  awake and fighting again).
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from rolkit.dice import MAX_SEED
from rolkit.errors import RulesError, input_error
from rolkit.model import FATES, Fate
from rolkit.reprs import RichRepr

__all__ = [
    "FightOdds",
    "fight_odds",
    "odds_of_fighters",
    "FightSpec",
    "DEFAULT_MAX_STATES",
    "DEFAULT_SIMULATIONS",
]

#: The exact solve stops exploring past this many distinct states (combatants' forms).
DEFAULT_MAX_STATES = 20_000
#: Simulated fights when the exact solve does not fit (95 % interval ± ≤ 1 pp).
DEFAULT_SIMULATIONS = 10_000
#: With ``rounds=None``, rounds are walked one by one (their law shown) until the chance
#: the fight is still going is at most ``SHOWN_TAIL``, or ``SHOWN_ROUNDS_CAP`` rounds;
#: the rest is solved to the end and shown as «más tarde».
SHOWN_TAIL = Fraction(1, 100)
SHOWN_ROUNDS_CAP = 40
#: A simulated fight is stopped (and counted as still going) after this many rounds.
SIMULATION_ROUND_CAP = 200

Policy = Literal["weakest", "first"]
POLICIES: tuple[str, ...] = ("weakest", "first")
DefencePolicy = Literal["when_able", "keep_action"]
DEFENCE_POLICIES: tuple[str, ...] = ("when_able", "keep_action")
Method = Literal["auto", "exact", "simulate"]


# --------------------------------------------------------------------------- the setup
@dataclass(frozen=True)
class FightSpec:
    """A fight to evaluate, as plain picklable data (what :func:`rolkit.sweep` ships).

    ``fighters``: ``(name, side, combatant form, weapon form)`` in order of entry;
    ``order``: names in turn order (empty: order of entry); ``turn``: whose turn it is;
    ``started``: that turn has begun, its start-of-turn rules already applied (a fight
    under way in the tracker); else they apply first (a fight about to begin);
    ``options``: the house rules the fight is played under (``None``: the system's
    defaults), the tracker's own (:attr:`rolkit.fight.Fight.options`).
    """

    system: str
    fighters: tuple[tuple[str, str, Any, Any], ...]
    order: tuple[str, ...] = ()
    turn: int = 0
    initiative_rolled: bool = False
    started: bool = False
    options: Any = None

    @classmethod
    def of(cls, fight: Any) -> FightSpec:
        """The spec of a :class:`rolkit.fight.Fight` as it stands now."""
        st = fight.state
        return cls(
            fight.system.id,
            tuple((f.name, f.side, f.defender, f.weapon) for f in st.fighters),
            tuple(st.order),
            st.turn if st.order else 0,
            bool(st.order),
            bool(st.order),
            fight.options,
        )


def _plain(en: str, es: str, field_name: str | None = None) -> RulesError:
    return input_error(field_name, en=en, es=es, cls=RulesError)


# --------------------------------------------------------------------------- the result
@dataclass(frozen=True)
class FightOdds(RichRepr):
    """The law of a whole fight.

    Attributes:
        system: the system id.
        names, sides: the combatants (order of entry) and their sides.
        side_names: the two sides, in order of first appearance.
        rounds: the horizon (``None``: to the end).
        method: ``"exact"`` or ``"simulated"``.
        p_win: each side's chance to win (within the horizon).
        p_draw: both sides out after the same blow.
        p_ongoing: the fight still going after ``rounds`` rounds (``rounds=None``: a fight
            where no blow can ever change anything).
        rounds_law: ``{r: P(the fight ends in round r)}`` for the rounds walked one by one;
            :attr:`p_later` is the rest (ends later, ``rounds=None`` only).
        mean_rounds: the exact mean length of the fight in rounds (``rounds=None``, exact,
            when every fight ends), else ``None``.
        fates: ``{name: {fate: P}}`` how each combatant stands at the end (or at the
            horizon).
        states: distinct states explored (exact) — ``0`` when simulated.
        n, margin: simulated fights and the widest 95 % half-width of the probabilities.
        reason: ``(es, en)`` why it was simulated, or ``None``.
        notes: ``(es, en)`` pairs: the chain's assumptions for this fight.
        policy, defence_policy: each combatant's target and defence policies.
    """

    system: str
    names: tuple[str, ...]
    sides: tuple[str, ...]
    side_names: tuple[str, str]
    rounds: int | None
    method: Literal["exact", "simulated"]
    p_win: Mapping[str, Fraction]
    p_draw: Fraction
    p_ongoing: Fraction
    rounds_law: Mapping[int, Fraction]
    p_later: Fraction
    mean_rounds: Fraction | None
    fates: Mapping[str, Mapping[Fate, Fraction]]
    states: int = 0
    n: int | None = None
    margin: float | None = None
    reason: tuple[str, str] | None = None
    notes: tuple[tuple[str, str], ...] = ()
    policy: Mapping[str, str] = field(default_factory=dict)
    #: each combatant's defence policy (``"when_able"`` or ``"keep_action"``)
    defence_policy: Mapping[str, str] = field(default_factory=dict)

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    def p_out(self, name: str) -> Fraction:
        """``name``'s chance to end unable to act (down, dying or dead)."""
        return sum((p for f, p in self.fates[name].items() if f is not None), Fraction(0))

    def p_dead(self, name: str) -> Fraction:
        return self.fates[name].get("dead", Fraction(0))

    def expected_rounds(self) -> Fraction | None:
        """The mean length of the fight in rounds: exact to the end when known
        (:attr:`mean_rounds`), else over the fights that ended in the rounds walked
        (``None`` if none did)."""
        if self.mean_rounds is not None:
            return self.mean_rounds
        ended = sum(self.rounds_law.values(), Fraction(0))
        if not ended:
            return None
        return sum((r * p for r, p in self.rounds_law.items()), Fraction(0)) / ended

    def label(self, lang: str = "es") -> str:
        """How the numbers were obtained, for a GM: «exacto» or «simulado, n = …, ± …»."""
        if self.exact:
            return "exacto" if lang == "es" else "exact"
        n = f"{self.n:,}".replace(",", "\u202f")
        margin = f"{100 * (self.margin or 0):.1f}"
        if lang == "es":
            return f"simulado, n = {n}, ± {margin.replace('.', ',')} %"
        return f"simulated, n = {n}, ± {margin} %"

    def __repr__(self) -> str:
        wins = ", ".join(f"{s}={float(p):.4f}" for s, p in self.p_win.items())
        return (
            f"FightOdds({self.system!r}, {self.method}, {wins}, draw={float(self.p_draw):.4f}, "
            f"ongoing={float(self.p_ongoing):.4f}, states={self.states})"
        )


# --------------------------------------------------------------------------- the chain
class _TooLarge(Exception):
    """The reachable states outgrew the bound."""


class _Chain:
    """The fight as a Markov chain. A state is a tuple of ``(form id, weapon id)`` per
    combatant: forms are interned once (hashing a big frozen form is the slow part), so
    states hash as small tuples of ints."""

    def __init__(
        self,
        system: Any,
        spec: FightSpec,
        modifiers: Any,
        options: Any,
        policies: Mapping[str, str],
        defence_policies: Mapping[str, str] | None = None,
    ) -> None:
        self.s = system
        self.names = tuple(f[0] for f in spec.fighters)
        self.sides = tuple(f[1] for f in spec.fighters)
        self.modifiers = modifiers
        self.options = options
        index = {n: i for i, n in enumerate(self.names)}
        order = spec.order or self.names
        self.order = tuple(index[n] for n in order)
        self.policy = tuple(policies.get(n, "weakest") for n in self.names)
        #: each combatant defends when able (``"when_able"``) or keeps its action
        self.defend = tuple(
            (defence_policies or {}).get(n, "when_able") == "when_able" for n in self.names
        )
        self.start_turn = spec.turn
        #: the system has rules acting between attacks (turn start, round end)
        self.hooks = bool(system.has_turn_effects)
        #: the start turn has begun: its turn-start rules are not applied again
        self.skip_first = self.hooks and spec.started
        #: which rules between attacks the system declares (the others are skipped)
        self.turn_starts = system.turn_start_fn is not None
        self.turn_ends = system.turn_end_fn is not None
        self.round_ends = system.round_end_fn is not None
        self._stages: dict[tuple[int, bool], tuple[str, ...]] = {}
        #: a blow's ``(modifiers it is made with or None, reasons)``, per (a, d, w, defend)
        self._blows: dict[tuple[int, int, int, bool], tuple[Any, tuple[Any, ...]]] = {}
        #: the reasons of the blows the fight can really meet (for the notes)
        self.happened: dict[tuple[str, str, str], None] = {}
        self._hook_laws: dict[tuple[str, int], tuple[int, tuple[tuple[int, int], ...]]] = {}
        self._settled: dict[tuple[int, int], tuple[int, int]] = {}
        self._hook_rows: dict[
            tuple[tuple[Any, ...], int | None, str],
            tuple[int, tuple[tuple[tuple[Any, ...], int], ...]],
        ] = {}
        self._ids: dict[Any, int] = {}
        self.forms: list[Any] = []
        self._status: list[Fate] = []
        self._out: dict[Fate, int] = {}
        self.impossible: set[tuple[int, int, int, bool]] = set()
        self._p_down: dict[tuple[int, int, int, bool], Fraction] = {}
        self._tables: dict[tuple[int, int, int, bool], tuple[list[int], list[Any], int]] = {}
        self.sampling = False
        self.start = tuple(self.settle(self.intern(f[2]), self.intern(f[3])) for f in spec.fighters)
        self._laws: dict[tuple[int, int, int, bool], tuple[int, tuple[tuple[Any, int], ...]]] = {}
        self._targets: dict[tuple[Any, int], int] = {}
        self._terminal: dict[Any, bool] = {}
        self._steps: dict[tuple[Any, int, bool], list[tuple[Any, int, bool]]] = {}
        self._summaries: dict[Any, tuple[str | None, tuple[Fate, ...]]] = {}
        self.denominator = 1

    def intern(self, form: Any) -> int:
        known = self._ids.get(form)
        if known is None:
            known = self._ids[form] = len(self.forms)
            self.forms.append(form)
            is_weapon = isinstance(form, self.s.forms["weapon"]) and not isinstance(
                form, self.s.forms["defender"]
            )
            self._status.append(None if is_weapon else self.s.status(form, self.options))
        return known

    # facts about a state ---------------------------------------------------------
    def status(self, form_id: int) -> Fate:
        return self._status[form_id]

    def acting(self, state: tuple[Any, ...], i: int) -> bool:
        return self._status[state[i][0]] is None

    def standing_sides(self, state: tuple[Any, ...]) -> frozenset[str]:
        return frozenset(self.sides[i] for i in range(len(state)) if self.acting(state, i))

    def terminal(self, state: tuple[Any, ...]) -> bool:
        known = self._terminal.get(state)
        if known is None:
            known = self._terminal[state] = len(self.standing_sides(state)) < 2
        return known

    def summary(self, state: tuple[Any, ...]) -> tuple[str | None, tuple[Fate, ...]]:
        """``(winning side or None for a draw, each combatant's fate)``."""
        known = self._summaries.get(state)
        if known is None:
            standing = self.standing_sides(state)
            winner = next(iter(standing)) if len(standing) == 1 else None
            known = (winner, tuple(self._status[f] for f, _ in state))
            self._summaries[state] = known
        return known

    # one blow ----------------------------------------------------------------------
    def blow(self, key: tuple[int, int, int, bool]) -> tuple[Any, tuple[Any, ...]]:
        """``(modifiers, reasons)`` of the blow ``(attacker, defender, weapon, defend)``:
        :meth:`System.fight_blow` on the fight's modifiers (``None``: no blow)."""
        known = self._blows.get(key)
        if known is None:
            a, d, w, defend = key
            known = self._blows[key] = self.s.fight_blow(
                self.forms[a],
                self.forms[d],
                self.forms[w],
                self.modifiers,
                self.options,
                defend=defend,
            )
        return known

    def defence_matters(self) -> bool:
        """The fight's modifiers carry a defence a fresh defender may choose not to make
        (the system's default combatants' blow differs with and without ``defend``)."""
        if self.s.fight_blow_fn is None:
            return False
        d = self.s.defaults()
        weapon = self.forms[self.start[0][1]]
        if not isinstance(weapon, self.s.forms["weapon"]):
            weapon = d["weapon"]
        both = [
            self.s.fight_blow(
                d["attacker"], d["defender"], weapon, self.modifiers, self.options, defend=x
            )[0]
            for x in (True, False)
        ]
        return both[0] is not None and both[0] != both[1]

    def met(self, key: tuple[int, int, int, bool]) -> None:
        """The fight meets this blow: keep its reasons for the notes."""
        for reason in self.blow(key)[1]:
            self.happened[reason] = None

    def law(
        self, attacker: int, defender: int, weapon: int, defend: bool = True
    ) -> tuple[int, tuple[Any, ...]]:
        """The blow's after-state law as ``(denominator, (((a, d, w) ids, weight), ...))``:
        the system's after-state law with the modifiers :meth:`blow` gives, or "no blow"
        (nothing changes) when it gives none."""
        key = (attacker, defender, weapon, defend)
        known = self._laws.get(key)
        if known is None:
            mods, _reasons = self.blow(key)
            try:
                if mods is None:
                    law = {
                        (self.forms[attacker], self.forms[defender], self.forms[weapon]): Fraction(
                            1
                        )
                    }
                else:
                    law = self.s.transitions(
                        self.forms[attacker],
                        self.forms[defender],
                        self.forms[weapon],
                        mods,
                        self.options,
                        with_weapon=True,
                    )
            except RulesError:
                # the attack cannot be made in this state (a weapon worn out, a shield
                # broken under "intercept"…): the turn passes and nothing changes
                self.impossible.add(key)
                law = {
                    (self.forms[attacker], self.forms[defender], self.forms[weapon]): Fraction(1)
                }
            den = math.lcm(*(p.denominator for p in law.values()))
            known = (
                den,
                tuple(
                    (
                        (self.intern(a), self.intern(d), self.intern(w)),
                        p.numerator * (den // p.denominator),
                    )
                    for (a, d, w), p in law.items()
                ),
            )
            self._laws[key] = known
            self.denominator = math.lcm(self.denominator, den)
        return known

    def p_out_by(self, attacker: int, target: int, state: tuple[Any, ...]) -> Fraction:
        """The chance this blow puts ``target`` out of the fight (the policy's measure):
        from the blow's law when it is known, else ``odds(...).p_down`` — the same number
        (the fate's law is the odds', a property every system is tested for), cheaper
        for a simulation that will not need the whole law."""
        key = (state[attacker][0], state[target][0], state[attacker][1], self.defend[target])
        if key in self._laws or not self.sampling:
            den, rows = self.law(*key)
            out = sum(w for (_a, d, _w), w in rows if self._status[d] is not None)
            return Fraction(out, den)
        known = self._p_down.get(key)
        if known is None:
            a, d, w = (self.forms[k] for k in key[:3])
            mods = self.blow(key)[0]
            try:
                known = (
                    Fraction(0) if mods is None else self.s.odds(a, d, w, mods, self.options).p_down
                )
            except RulesError:
                known = Fraction(0)
            self._p_down[key] = known
        return known

    def sample(self, state: tuple[Any, ...], actor: int, rng: random.Random) -> tuple[Any, ...]:
        """One turn drawn at random: from the blow's law when it is known, else by
        resolving the attack with a seed drawn from ``rng`` and reading the forms after
        it (``s.resolve`` + ``s.after``, what the fight tracker does)."""
        if not self.acting(state, actor):
            return state
        j = self.target(state, actor)
        form, weapon = state[actor]
        key = (form, state[j][0], weapon, self.defend[j])
        self.met(key)
        table = self._tables.get(key)
        if table is None and key in self._laws:
            den, rows = self._laws[key]
            acc, outs, total = [], [], 0
            for triple, w in rows:
                total += w
                acc.append(total)
                outs.append(triple)
            table = self._tables[key] = (acc, outs, den)
        if table is not None:
            acc, outs, den = table
            a_after, d_after, w_after = outs[bisect.bisect_right(acc, rng.randrange(den))]
        else:
            a, d, w = self.forms[form], self.forms[state[j][0]], self.forms[weapon]
            mods = self.blow(key)[0]
            if mods is None:
                return state
            try:
                res = self.s.resolve(
                    a, d, w, mods, self.options, seed=rng.randrange(1, MAX_SEED + 1)
                )
            except RulesError:
                self.impossible.add(key)
                return state
            after = self.s.after(res)
            a_after = self.intern(after.get("attacker", a))
            d_after = self.intern(after.get("defender", d))
            w_after = self.intern(after.get("weapon", w))
        nxt = list(state)
        nxt[actor] = self.settle(a_after, w_after)
        nxt[j] = self.settle(d_after, state[j][1])
        return tuple(nxt)

    def target(self, state: tuple[Any, ...], i: int) -> int:
        """The foe combatant ``i`` attacks in ``state`` (by its policy)."""
        cached = self._targets.get((state, i))
        if cached is not None:
            return cached
        foes = [j for j in self.order if self.sides[j] != self.sides[i] and self.acting(state, j)]
        if self.policy[i] == "first" or len(foes) == 1:
            chosen = foes[0]
        else:
            best = max(self.p_out_by(i, j, state) for j in foes)
            chosen = next(j for j in foes if self.p_out_by(i, j, state) == best)
        self._targets[(state, i)] = chosen
        return chosen

    def successors(
        self, state: tuple[Any, ...], turn: int, first: bool = False
    ) -> tuple[int, list[tuple[Any, int]]]:
        """``(denominator, [(next state, weight)])`` of turn ``turn`` in ``state``: the
        actor's turn-start rules (unless ``first``: a turn already begun), its blow if it
        can act, its turn-end rules, and after the last turn of the order the round-end
        rules of everyone not dead — each step only while the fight goes on (the
        contract's order)."""
        actor = self.order[turn]
        if not self.hooks:
            return self.blow_successors(state, actor)
        stages = self.stages(turn, first)
        # integer weights, each over its own product of denominators (most are equal)
        rows: list[tuple[tuple[Any, ...], int, int]] = [(state, 1, 1)]
        srows: Sequence[tuple[Any, int]]
        blown: tuple[int, Sequence[tuple[Any, int]]] | None = None
        touched = False  # a rule between attacks changed some state (else: the blow's law)
        for stage in stages:
            nxt: list[tuple[tuple[Any, ...], int, int]] = []
            for s1, w1, d1 in rows:
                if self.terminal(s1):
                    nxt.append((s1, w1, d1))
                    continue
                if stage == "blow":
                    sd, srows = self.blow_successors(s1, actor)
                    if not touched:
                        blown = (sd, srows)
                elif stage == "turn_end":
                    form = s1[actor][0]
                    if self.hook_law("turn_end", form)[1] == ((form, 1),):
                        nxt.append((s1, w1, d1))
                        continue
                    sd, srows = self.hook_rows(s1, actor, stage)
                else:
                    sd, srows = self.hook_rows(s1, None if stage == "end" else actor, stage)
                if sd == 1 and len(srows) == 1:
                    touched = touched or (stage != "blow" and srows[0][0] != s1)
                    nxt.append((srows[0][0], w1, d1))
                    continue
                touched = touched or stage != "blow"
                nxt.extend((s2, w1 * w2, d1 * sd) for s2, w2 in srows)
            rows = nxt
        if not touched and blown is not None:  # the rules between attacks changed nothing
            self.denominator = math.lcm(self.denominator, blown[0])
            return blown[0], list(blown[1])
        acc: dict[tuple[Any, ...], list[int]] = {}

        def add(key: tuple[Any, ...], weight: int, den: int) -> None:
            held = acc.get(key)
            if held is None:
                acc[key] = [weight, den]
            elif held[1] == den:
                held[0] += weight
            else:
                common = math.lcm(held[1], den)
                held[0] = held[0] * (common // held[1]) + weight * (common // den)
                held[1] = common

        for s3, w3, d3 in rows:
            add(s3, w3, d3)
        den = math.lcm(*(d for _w, d in acc.values()))
        self.denominator = math.lcm(self.denominator, den)
        return den, [(k, w * (den // d)) for k, (w, d) in acc.items()]

    def stages(self, turn: int, first: bool) -> tuple[str, ...]:
        """The steps of turn ``turn`` (``first``: already begun), the rules the system does
        not declare left out: ``"start"``, ``"blow"``, ``"turn_end"``, ``"end"``."""
        key = (turn, first)
        known = self._stages.get(key)
        if known is None:
            steps = ["start"] if self.turn_starts and not first else []
            steps.append("blow")
            if self.turn_ends:
                steps.append("turn_end")
            if self.round_ends and turn == len(self.order) - 1:
                steps.append("end")
            known = self._stages[key] = tuple(steps)
        return known

    def blow_successors(
        self, state: tuple[Any, ...], actor: int
    ) -> tuple[int, list[tuple[Any, int]]]:
        """``(denominator, [(next state, weight)])`` of ``actor``'s blow in ``state``."""
        if not self.acting(state, actor):
            return 1, [(state, 1)]
        j = self.target(state, actor)
        form, weapon = state[actor]
        key = (form, state[j][0], weapon, self.defend[j])
        self.met(key)
        den, rows = self.law(*key)
        merged: dict[tuple[Any, ...], int] = {}
        for (a_after, d_after, w_after), w in rows:
            nxt = list(state)
            nxt[actor] = self.settle(a_after, w_after)
            nxt[j] = self.settle(d_after, state[j][1])
            key = tuple(nxt)
            merged[key] = merged.get(key, 0) + w
        return den, list(merged.items())

    # rules between attacks -----------------------------------------------------------
    def hook_law(self, which: str, form: int) -> tuple[int, tuple[tuple[int, int], ...]]:
        """The law of ``which`` (``"start"``: :meth:`System.turn_start`, ``"turn_end"``:
        :meth:`System.turn_end`, ``"end"``: :meth:`System.round_end`) on the interned form
        ``form``, as ``(denominator,
        ((form id after, weight), ...))``; memoised per form id (a fate token: identity)."""
        key = (which, form)
        known = self._hook_laws.get(key)
        if known is None:
            c = self.forms[form]
            if c is None:
                known = (1, ((form, 1),))
            else:
                if which == "turn_end":
                    law = self.s.turn_end(c, self.options, self.modifiers)
                else:
                    rule = self.s.turn_start if which == "start" else self.s.round_end
                    law = rule(c, self.options)
                den = math.lcm(*(p.denominator for p in law.values()))
                known = (
                    den,
                    tuple(
                        (self.intern(f), p.numerator * (den // p.denominator))
                        for f, p in law.items()
                    ),
                )
            self._hook_laws[key] = known
        return known

    def unchanging(self, form: int) -> bool:
        """No rule between attacks changes this form (every law is the identity)."""
        return all(
            self.hook_law(which, form)[1] == ((form, 1),) for which in ("start", "turn_end", "end")
        )

    def hook_rows(
        self, state: tuple[Any, ...], actor: int | None, which: str = "start"
    ) -> tuple[int, tuple[tuple[tuple[Any, ...], int], ...]]:
        """The law of ``state`` after the rules between attacks, as ``(denominator,
        ((state after, weight), ...))``: ``actor``'s turn-start (``which="start"``) or
        turn-end (``"turn_end"``) rules, or with ``None`` the round-end rules of everyone
        not dead (independent draws; weapons stay as they are). Memoised per state."""
        key = (state, actor, which)
        known = self._hook_rows.get(key)
        if known is not None:
            return known
        if actor is None:
            who: Iterable[int] = (i for i, (f, _w) in enumerate(state) if self._status[f] != "dead")
            which = "end"
        else:
            who = (actor,)
        den = 1
        dist: dict[tuple[Any, ...], int] = {state: 1}
        for i in who:
            form, weapon = state[i]
            law_den, rows = self.hook_law(which, form)
            if rows == ((form, 1),):
                continue
            new: dict[tuple[Any, ...], int] = {}
            for s, w in dist.items():
                for after, v in rows:
                    nxt = list(s)
                    nxt[i] = self.settle(after, weapon)
                    k = tuple(nxt)
                    new[k] = new.get(k, 0) + w * v
            dist, den = new, den * law_den
        known = self._hook_rows[key] = (den, tuple(dist.items()))
        return known

    def sample_hooks(
        self, state: tuple[Any, ...], who: Iterable[int], which: str, rng: random.Random
    ) -> tuple[Any, ...]:
        """One draw of :meth:`hook_rows`."""
        nxt = list(state)
        for i in who:
            form, weapon = state[i]
            den, rows = self.hook_law(which, form)
            if rows == ((form, 1),):
                continue
            roll, total = rng.randrange(den), 0
            for after, w in rows:
                total += w
                if roll < total:
                    nxt[i] = self.settle(after, weapon)
                    break
        return tuple(nxt)

    def sample_turn(
        self, state: tuple[Any, ...], turn: int, rng: random.Random, first: bool = False
    ) -> tuple[Any, ...]:
        """One turn drawn at random, in the order of :meth:`successors`."""
        actor = self.order[turn]
        if not self.hooks:
            return self.sample(state, actor, rng)
        if not first and self.turn_starts:
            state = self.sample_hooks(state, (actor,), "start", rng)
            if self.terminal(state):
                return state
        state = self.sample(state, actor, rng)
        if self.turn_ends and not self.terminal(state):
            state = self.sample_hooks(state, (actor,), "turn_end", rng)
        if self.round_ends and turn == len(self.order) - 1 and not self.terminal(state):
            alive = [i for i, (f, _w) in enumerate(state) if self._status[f] != "dead"]
            state = self.sample_hooks(state, alive, "end", rng)
        return state

    def settle(self, form: int, weapon: int) -> tuple[int, int]:
        """A combatant's entry in a state: its form and weapon while it can act, or while
        a rule between attacks may still change it (a dying character's roll, waking up);
        once out of the fight for good, one token per fate (it never acts nor is attacked
        again, so which wounds it fell with changes nothing later: equal situations
        merge)."""
        fate = self._status[form]
        if fate is None:
            return (form, weapon)
        known = self._settled.get((form, weapon))
        if known is not None:
            return known
        if self.hooks and fate != "dead" and not self.unchanging(form):
            known = (form, weapon)
        else:
            token = self._out.get(fate)
            if token is None:
                token = self._out[fate] = len(self.forms)
                self.forms.append(None)
                self._status.append(fate)
            known = (token, token)
        self._settled[(form, weapon)] = known
        return known

    # exploration -------------------------------------------------------------------
    def explore(self, max_states: int, rounds: int | None = None) -> int:
        """Visit every (state, turn) reachable (within ``rounds`` rounds, if given); fixes
        :attr:`denominator`. Returns the number of distinct states; raises
        :class:`_TooLarge` past ``max_states``."""
        n = len(self.order)
        horizon = None if rounds is None else (n - self.start_turn) + (rounds - 1) * n
        seen_states = {self.start}
        frontier = [(self.start, self.start_turn, self.skip_first)]
        seen = set(frontier)
        depth = 0
        while frontier and (horizon is None or depth < horizon):
            layer = []
            for state, turn, first in frontier:
                if self.terminal(state):
                    continue
                _den, succ = self.successors(state, turn, first)
                nxt_turn = (turn + 1) % n
                for nxt, _w in succ:
                    if nxt not in seen_states:
                        seen_states.add(nxt)
                        if len(seen_states) > max_states:
                            raise _TooLarge()
                    if (nxt, nxt_turn, False) not in seen:
                        seen.add((nxt, nxt_turn, False))
                        layer.append((nxt, nxt_turn, False))
            frontier = layer
            depth += 1
        return len(seen_states)

    def step_weights(
        self, state: tuple[Any, ...], turn: int, first: bool = False
    ) -> list[tuple[Any, int, bool]]:
        """The turn's successors ``(next state, weight over denominator, ends the fight)``
        (memoised; call after :meth:`explore` has fixed the denominator). ``first``: the
        turn has already begun (its turn-start rules are not applied)."""
        key = (state, turn, first)
        known = self._steps.get(key)
        if known is None:
            den, succ = self.successors(state, turn, first)
            scale = self.denominator // den
            known = [(nxt, w * scale, self.terminal(nxt)) for nxt, w in succ]
            self._steps[key] = known
        return known

    # a round -------------------------------------------------------------------------
    def run_turns(
        self, dist: dict[Any, int], first_turn: int, begun: bool = False
    ) -> tuple[dict[Any, int], dict[Any, int], int]:
        """Play turns ``first_turn``..end of the order on ``dist`` (weights over
        ``denominator ** k``; ``begun``: the first of them has already begun). Returns
        (still going at the round's end, ended: summary → weight, k turns played); every
        weight is over ``denominator ** k``."""
        ended: dict[Any, int] = {}
        big = self.denominator
        k = 0
        for turn in range(first_turn, len(self.order)):
            nxt: dict[Any, int] = {}
            for summary, w in ended.items():
                ended[summary] = w * big
            first = begun and turn == first_turn
            for state, w in dist.items():
                for succ, v, ends in self.step_weights(state, turn, first):
                    if ends:
                        key = self.summary(succ)
                        ended[key] = ended.get(key, 0) + w * v
                    else:
                        nxt[succ] = nxt.get(succ, 0) + w * v
            dist = nxt
            k += 1
        return dist, ended, k


# --------------------------------------------------------------------------- exact solve
def _walk(
    chain: _Chain, rounds: int, tail: Fraction | None = None, collect: bool = True
) -> dict[str, Any]:
    """Walk ``rounds`` rounds turn by turn (fewer once the chance still going is ≤
    ``tail``), with integer weights over one running denominator.

    Returns ``rounds_law`` (r → P(ends in round r)), ``walked`` (rounds walked) and, with
    ``collect``, ``ended`` (summary → P) and ``going`` (each combatant's fates → P for
    the fights still going): everything summed in integers first, one Fraction per row.
    """
    dist: dict[Any, int] = {chain.start: 1}
    den = 1
    ended: dict[Any, int] = {}
    rounds_law: dict[int, Fraction] = {}
    first = chain.start_turn
    walked = 0
    for r in range(1, rounds + 1):
        if not dist or (tail is not None and Fraction(sum(dist.values()), den) <= tail):
            break
        walked = r
        dist, ended_now, k = chain.run_turns(dist, first, chain.skip_first and r == 1)
        scale = chain.denominator**k
        den *= scale
        first = 0
        total = 0
        if collect:
            for summary in ended:
                ended[summary] *= scale
        for summary, w in ended_now.items():
            total += w
            if collect:
                ended[summary] = ended.get(summary, 0) + w
        if total:
            rounds_law[r] = Fraction(total, den)
        # keep the integers small: renormalise by the gcd of what is still going
        # (given up at the first weight prime to the denominator, the usual case)
        g = den
        for w in (*dist.values(), *ended.values()):
            g = math.gcd(g, w)
            if g == 1:
                break
        if g > 1:
            dist = {s: w // g for s, w in dist.items()}
            ended = {s: w // g for s, w in ended.items()}
            den //= g
    out: dict[str, Any] = {"rounds_law": rounds_law, "walked": walked}
    if collect:
        going: dict[Any, int] = {}
        for s, w in dist.items():
            fates = chain.summary(s)[1]
            going[fates] = going.get(fates, 0) + w
        out["ended"] = {summary: Fraction(w, den) for summary, w in ended.items()}
        out["going"] = {fates: Fraction(w, den) for fates, w in going.items()}
    return out


def _ended_keys(summary: tuple[str | None, tuple[Fate, ...]]) -> list[tuple[Any, ...]]:
    """The marginal keys an ended fight counts towards: who won (or a draw) and each
    combatant's fate. The chain propagates these marginals, not the joint summaries
    (fewer numbers per state; every result asked for is a marginal)."""
    winner, fates = summary
    head = ("win", winner) if winner is not None else ("draw",)
    return [head, *(("fate", i, f) for i, f in enumerate(fates))]


def _going_keys(fates: tuple[Fate, ...]) -> list[tuple[Any, ...]]:
    """The marginal keys of a fight still going: its mass and each combatant's fate."""
    return [("going",), *(("going", i, f) for i, f in enumerate(fates))]


def _marginals(ended: Mapping[Any, Fraction], going: Mapping[Any, Fraction]) -> dict:
    """Joint results (summary → P, fates → P) as marginals."""
    out: dict[Any, Fraction] = {}
    for summary, p in ended.items():
        for key in _ended_keys(summary):
            out[key] = out.get(key, Fraction(0)) + p
    for fates, p in going.items():
        for key in _going_keys(fates):
            out[key] = out.get(key, Fraction(0)) + p
    return out


#: The key under which an absorption law carries the mean number of rounds left.
_LENGTH = ("mean rounds left",)


Law = tuple[int, dict[Any, int]]  # (D, {marginal key: N}): each value is N / D


def _combine(terms: list[tuple[int, Law]], extra: dict[Any, int], scale: int) -> Law:
    """``(extra + Σ w · law) / scale`` over one denominator (the lcm of the laws')."""
    m = math.lcm(*(law[0] for _w, law in terms)) if terms else 1
    out = {key: n * m for key, n in extra.items()}
    for w, (d, values) in terms:
        factor = w * (m // d)
        for key, n in values.items():
            out[key] = out.get(key, 0) + n * factor
    return scale * m, out


def _reduced(law: Law) -> Law:
    den, values = law
    g = den
    for n in values.values():
        g = math.gcd(g, n)
        if g == 1:
            return law
    return den // g, {key: n // g for key, n in values.items()}


_Node = tuple[Any, int, bool]  # (state, turn, the turn has already begun)
#: The key under which a turn's law carries its weight on its round's start state.
_SELF = ("back to the round's start",)


def _absorb(chain: _Chain) -> Law:
    """Solve, children first, how the fight ends from its start: the law of every
    (state, turn) reachable as marginals (:func:`_ended_keys`), plus ``_LENGTH``: the
    mean number of round ends still to cross. Returns the start's law.

    Each turn's value is its outcomes' (ended: their marginals; else the next turn's
    value). The turns are taken in strongly connected groups, children first (Tarjan's
    order). A group is one turn, or the turns that can come back to a round's start
    state ``v`` (turn 0): a whole round that changes nothing, or rules between attacks
    that set counters "this turn" back at its end. In a group, every turn is a law plus
    ``α`` times ``V(v, 0)`` (kept under ``_SELF``), solved children first with the way
    back to ``v`` cut; then ``V(v, 0) = c / (1 − α)``: the geometric series of the rounds
    that bring ``v`` back, in integers over one denominator per state. A state every
    round brings back stands forever (:func:`_going_keys`). A group with several round
    starts (a way back to an earlier round's state: a counter that runs out, a condition
    that ends) is solved as their linear system (``solve_many``); only a singular one
    (round starts the rounds never leave) raises :class:`_Cycle`.
    """
    n = len(chain.order)
    big = chain.denominator
    memo: dict[tuple[Any, int], Law] = {}
    root: _Node = (chain.start, chain.start_turn, chain.skip_first)
    start_law: list[Law] = []

    def kids(node: _Node) -> list[_Node]:
        v, t, begun = node
        out = {
            (succ, (t + 1) % n, False): None
            for succ, _w, ends in chain.step_weights(v, t, begun)
            if not ends
        }
        return list(out)

    def value(node: _Node, local: Mapping[_Node, Law], selves: Mapping[_Node, Any]) -> Law:
        """``node``'s law over its successors' laws (``local`` first, then ``memo``); a
        successor in ``selves`` (a round start being solved) is kept as an unknown under
        its key (``_SELF``, or ``(_SELF, j)`` for the j-th of several)."""
        v, t, begun = node
        extra: dict[Any, int] = {}
        terms: list[tuple[int, Law]] = []
        going = 0
        for succ, w, ends in chain.step_weights(v, t, begun):
            if ends:
                for key in _ended_keys(chain.summary(succ)):
                    extra[key] = extra.get(key, 0) + w
                continue
            going += w
            c = (succ, (t + 1) % n, False)
            unknown = selves.get(c)
            if unknown is not None:
                extra[unknown] = extra.get(unknown, 0) + w
            else:
                known = local.get(c)
                terms.append((w, known if known is not None else memo[(succ, c[1])]))
        if t == n - 1:  # every fight still going crosses the round's end
            extra[_LENGTH] = going
        return _combine(terms, extra, big)

    def store(node: _Node, law: Law) -> None:
        if node == root:
            start_law.append(law)
        if not node[2]:
            memo[(node[0], node[1])] = law

    def children_first(roots: list[_Node], members: set[_Node], cut: set[_Node]) -> list[_Node]:
        """The group's turns reachable from ``roots``, each after its successors, never
        going into ``cut`` (the round starts being solved); a cycle left once they are cut
        raises :class:`_Cycle`."""
        order: list[_Node] = []
        seen: set[_Node] = set()
        on_path: set[_Node] = set()
        for root in roots:
            if root in seen:
                continue
            seen.add(root)
            stack: list[tuple[_Node, bool]] = [(root, False)]
            while stack:
                node, expanded = stack.pop()
                if expanded:
                    on_path.discard(node)
                    order.append(node)
                    continue
                on_path.add(node)
                stack.append((node, True))
                for c in kids(node):
                    if c in members and c not in cut:
                        if c in on_path:
                            raise _Cycle()
                        if c not in seen:
                            seen.add(c)
                            stack.append((c, False))
        return order

    def solve(group: list[_Node]) -> None:
        if len(group) == 1 and group[0] not in kids(group[0]):
            law = value(group[0], {}, {})
            # reduce a round's start only: the turns inside a round keep the round's
            # natural denominators, so their lcm stays small where they meet
            store(group[0], _reduced(law) if group[0][1] == 0 else law)
            return
        pivots = [g for g in group if g[1] == 0 and not g[2]]
        if len(pivots) > 1:
            solve_many(group, pivots)
            return
        if len(pivots) != 1:
            raise _Cycle()
        pivot = pivots[0]
        # children first, the way back to the pivot cut (what is left has no cycle)
        order = children_first([pivot], set(group), {pivot})
        local: dict[_Node, Law] = {}
        for node in order:
            local[node] = value(node, local, {pivot: _SELF})
        den, values = local[pivot]
        back = values.pop(_SELF, 0)
        if back == den:  # every round brings the pivot back: it stands forever
            fates = chain.summary(pivot[0])[1]
            x: Law = (1, {**dict.fromkeys(_going_keys(fates), 1), _LENGTH: 0})
        else:
            x = _reduced((den - back, values))
        # the group's turns again, children first, now that the pivot's value is known
        # (``big · lcm`` of their children's denominators, which share their factors)
        store(pivot, x)
        for node in order[:-1]:
            store(node, value(node, {}, {}))

    def solve_many(group: list[_Node], pivots: list[_Node]) -> None:
        """A group with several round starts (a state that comes back after two rounds or
        more): every turn is a law plus ``Σ a_j · V(p_j, 0)`` over the round starts ``p_j``
        (kept under ``(_SELF, j)``), solved children first with every way back to a round
        start cut; then the round starts' own linear system ``d_i V_i − Σ a_ij V_j = c_i``,
        by exact Gaussian elimination. A singular system (a set of round starts the
        rounds never leave) is not solved: :class:`_Cycle`."""
        cut, members = set(pivots), set(group)
        order = children_first(  # the other turns, children first
            [c for p in pivots for c in kids(p) if c in members and c not in cut], members, cut
        )
        unknowns = {p: (_SELF, j) for j, p in enumerate(pivots)}

        local: dict[_Node, Law] = {}
        for node in order:
            local[node] = value(node, local, unknowns)
        k = len(pivots)
        matrix: list[list[Fraction]] = []
        rhs: list[dict[Any, Fraction]] = []
        for i, p in enumerate(pivots):
            den, values = value(p, local, unknowns)
            line = [Fraction(0)] * k
            line[i] += den
            const: dict[Any, Fraction] = {}
            for key, num in values.items():
                if isinstance(key, tuple) and len(key) == 2 and key[0] == _SELF:
                    line[key[1]] -= num
                else:
                    const[key] = Fraction(num)
            matrix.append(line)
            rhs.append(const)
        for col in range(k):  # Gauss–Jordan, exact
            piv = next((r for r in range(col, k) if matrix[r][col] != 0), None)
            if piv is None:
                raise _Cycle()
            matrix[col], matrix[piv] = matrix[piv], matrix[col]
            rhs[col], rhs[piv] = rhs[piv], rhs[col]
            lead = matrix[col][col]
            matrix[col] = [x / lead for x in matrix[col]]
            rhs[col] = {key: x / lead for key, x in rhs[col].items()}
            for r in range(k):
                f = matrix[r][col]
                if r != col and f != 0:
                    matrix[r] = [a - f * b for a, b in zip(matrix[r], matrix[col], strict=True)]
                    out = dict(rhs[r])
                    for key, x in rhs[col].items():
                        out[key] = out.get(key, Fraction(0)) - f * x
                    rhs[r] = out
        for i, p in enumerate(pivots):
            values_i = {key: x for key, x in rhs[i].items() if x != 0}
            d = math.lcm(*(x.denominator for x in values_i.values())) if values_i else 1
            store(p, _reduced((d, {key: int(x * d) for key, x in values_i.items()})))
        for node in order:
            store(node, value(node, {}, {}))

    # Tarjan's strongly connected components, without recursion
    index: dict[_Node, int] = {root: 0}
    low: dict[_Node, int] = {root: 0}
    on_stack: set[_Node] = {root}
    pending: list[_Node] = [root]
    frames: list[list[Any]] = [[root, kids(root), 0]]
    while frames:
        frame = frames[-1]
        node, children, i = frame
        if i < len(children):
            frame[2] = i + 1
            c = children[i]
            if (c[0], c[1]) in memo:
                continue
            if c not in index:
                index[c] = low[c] = len(index)
                on_stack.add(c)
                pending.append(c)
                frames.append([c, kids(c), 0])
            elif c in on_stack:
                low[node] = min(low[node], index[c])
            continue
        frames.pop()
        if frames:
            parent = frames[-1][0]
            low[parent] = min(low[parent], low[node])
        if low[node] == index[node]:
            group = []
            while True:
                member = pending.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            solve(group)
    return start_law[0]


class _Cycle(Exception):
    """The chain can return to an earlier round's state (not only to the same one): not
    solved exactly."""


def _to_the_end(chain: _Chain) -> dict[Any, Fraction]:
    """How the fight ends from its start (state and turn), as marginals; ``_LENGTH``
    holds the exact mean number of rounds (the current one included)."""
    if chain.terminal(chain.start):
        law = _marginals({chain.summary(chain.start): Fraction(1)}, {})
        law[_LENGTH] = Fraction(0)
        return law
    den, values = _absorb(chain)
    law = {key: Fraction(n, den) for key, n in values.items()}
    law[_LENGTH] = law.get(_LENGTH, Fraction(0)) + 1
    return law


def _exact(
    chain: _Chain, rounds: int | None, rounds_shown: int | None, max_states: int
) -> dict[str, Any]:
    states = chain.explore(max_states, rounds)
    if rounds is not None:
        walk = _walk(chain, rounds)
        return {
            "states": states,
            "marginals": _marginals(walk["ended"], walk["going"]),
            "rounds_law": walk["rounds_law"],
            "p_later": Fraction(0),
            "mean_rounds": None,
        }
    shown = (rounds_shown, None) if rounds_shown is not None else (SHOWN_ROUNDS_CAP, SHOWN_TAIL)
    walk = _walk(chain, shown[0], shown[1], collect=False)
    law = _to_the_end(chain)
    mean = law.pop(_LENGTH)
    never = law.get(("going",), Fraction(0))
    shown_total = sum(walk["rounds_law"].values(), Fraction(0))
    return {
        "states": states,
        "marginals": law,
        "rounds_law": walk["rounds_law"],
        "p_later": 1 - never - shown_total,
        "mean_rounds": None if never else mean,
    }


# --------------------------------------------------------------------------- simulation
def _simulate(
    chain: _Chain, rounds: int | None, rounds_shown: int | None, n: int, seed: int
) -> dict:
    """``n`` fights drawn blow by blow with the same policy: from a blow's law where
    the exploration already built it, else resolved as the tracker would."""
    rng = random.Random(seed)
    cap = rounds if rounds is not None else SIMULATION_ROUND_CAP
    shown = rounds if rounds is not None else (rounds_shown or SHOWN_ROUNDS_CAP)
    ended: dict[Any, int] = {}
    going: dict[Any, int] = {}
    rounds_law: dict[int, int] = {}
    later = 0
    chain.sampling = True
    for _ in range(n):
        state, turn, r = chain.start, chain.start_turn, 1
        begun = chain.skip_first
        while True:
            if chain.terminal(state):
                key = chain.summary(state)
                ended[key] = ended.get(key, 0) + 1
                if r <= shown:
                    rounds_law[r] = rounds_law.get(r, 0) + 1
                else:
                    later += 1
                break
            state = chain.sample_turn(state, turn, rng, begun)
            begun = False
            turn += 1
            if turn == len(chain.order):
                turn = 0
                r += 1
                if r > cap and not chain.terminal(state):
                    fates = chain.summary(state)[1]
                    going[fates] = going.get(fates, 0) + 1
                    break
    as_p = {k: Fraction(v, n) for k, v in ended.items()}
    return {
        "states": 0,
        "marginals": _marginals(as_p, {k: Fraction(v, n) for k, v in going.items()}),
        "rounds_law": {r: Fraction(v, n) for r, v in sorted(rounds_law.items())},
        "p_later": Fraction(later, n),
        "mean_rounds": None,
    }


def _margin(probabilities: Iterable[Fraction], n: int) -> float:
    """The widest 95 % normal half-width over ``probabilities`` (at least that of a
    probability 1/n, so an outcome never seen is not called impossible)."""
    floor = 1 / n
    widest = 1.96 * math.sqrt(floor * (1 - floor) / n)
    for p in probabilities:
        widest = max(widest, 1.96 * math.sqrt(float(p) * (1 - float(p)) / n))
    return widest


# --------------------------------------------------------------------------- the API
def fight_odds(
    fight: Any,
    rounds: int | None = None,
    *,
    policy: Policy = "weakest",
    policies: Mapping[str, str] | None = None,
    modifiers: Any = None,
    options: Any = None,
    method: Method = "auto",
    max_states: int = DEFAULT_MAX_STATES,
    simulations: int = DEFAULT_SIMULATIONS,
    seed: int = 0,
    rounds_shown: int | None = None,
    system: Any = None,
    defence_policy: DefencePolicy = "when_able",
    defence_policies: Mapping[str, str] | None = None,
) -> FightOdds:
    """The exact odds of a whole fight from its current state.

    Args:
        fight: a :class:`rolkit.fight.Fight` (or a :class:`FightSpec`) with two sides.
        rounds: the horizon in rounds, or ``None`` for the fight to its end.
        policy: every combatant's target policy (``"weakest"`` or ``"first"``).
        policies: ``{name: policy}`` overriding ``policy`` for some combatants.
        modifiers: the modifiers every attack uses (default: the system's defaults).
        options: the system's options (house rules); default: the fight's own
            (:attr:`FightSpec.options`), else the system's defaults.
        method: ``"auto"`` (exact under ``max_states``, else simulated and said so),
            ``"exact"`` (raise past the bound) or ``"simulate"``.
        max_states: the bound on distinct reachable states for the exact solve.
        simulations: fights simulated when simulating.
        seed: the seed of the simulation.
        rounds_shown: with ``rounds=None``, rounds whose end chance is given one by one
            (default: until 99 % of fights have ended, at most 40).
        system: the System of a :class:`FightSpec` (default: the registered one).
        defence_policy: when the modifiers carry a defence and the system's rules tie it
            to the defender's turn (:meth:`~rolkit.system.System.fight_blow`, Core Dread:
            a defence spends the turn): ``"when_able"`` (default: a defender who has not
            acted yet this round defends, and so loses its own attack of the round; one
            who has acted is hit undefended) or ``"keep_action"`` (it never defends and
            keeps its attack).
        defence_policies: ``{name: defence policy}`` overriding ``defence_policy``.

    Raises:
        RulesError: not two sides, an unknown policy, a system without its after-state
            law, or ``method="exact"`` past the bound.
    """
    import rolkit

    if isinstance(fight, FightSpec):
        spec, s = fight, system if system is not None else rolkit.get_system(fight.system)
    else:
        spec, s = FightSpec.of(fight), fight.system
    return _fight_odds(
        s,
        spec,
        rounds,
        policy=policy,
        policies=policies or {},
        modifiers=modifiers,
        options=options,
        method=method,
        max_states=max_states,
        simulations=simulations,
        seed=seed,
        rounds_shown=rounds_shown,
        defence_policy=defence_policy,
        defence_policies=defence_policies or {},
    )


def odds_of_fighters(system: Any, fighters: Iterable[tuple[str, str, Any, Any]], **kw: Any):
    """:func:`fight_odds` of combatants ``(name, side, character, weapon)`` in this order."""
    import rolkit

    s = system if not isinstance(system, str) else rolkit.get_system(system)
    return fight_odds(FightSpec(s.id, tuple(fighters)), system=s, **kw)


def _check_policies(
    default: str,
    per: Mapping[str, str],
    allowed: tuple[str, ...],
    names: set[str],
    field_name: str,
    kind: tuple[str, str],
) -> None:
    """Each policy one of ``allowed`` and each named combatant in the fight."""
    for who, p in [("*", default), *per.items()]:
        if p not in allowed:
            choices = (" o ".join(allowed), " or ".join(allowed))
            raise _plain(
                f"unknown {kind[1]} policy {p!r} ({choices[1]})",
                f"política de {kind[0]} desconocida {p!r} ({choices[0]})",
                field_name,
            )
        if who != "*" and who not in names:
            raise _plain(f"no combatant is called {who!r}", f"ningún combatiente se llama {who!r}")


def _validate(
    s: Any,
    spec: FightSpec,
    rounds: int | None,
    policy: str,
    policies: Mapping[str, str],
    defence_policy: str = "when_able",
    defence_policies: Mapping[str, str] | None = None,
) -> None:
    if not s.has_transitions:
        raise _plain(
            f"{s.display_name('en')} does not give its after-state law yet",
            f"{s.display_name('es')} aún no da su ley de estados tras el ataque",
        )
    sides = list(dict.fromkeys(f[1] for f in spec.fighters))
    if len(sides) != 2:
        raise _plain(
            f"a fight needs exactly two sides (got {len(sides)})",
            f"un combate necesita exactamente dos bandos (hay {len(sides)})",
            "sides",
        )
    if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int)):
        raise _plain("rounds must be a whole number", "las rondas deben ser un número entero")
    if rounds is not None and not 1 <= rounds <= 1000:
        raise _plain("rounds must be 1 to 1000", "las rondas deben estar entre 1 y 1000")
    names = {f[0] for f in spec.fighters}
    _check_policies(policy, policies, POLICIES, names, "policy", ("objetivo", "target"))
    _check_policies(
        defence_policy,
        defence_policies or {},
        DEFENCE_POLICIES,
        names,
        "defence_policy",
        ("defensa", "defence"),
    )
    for name, _side, form, weapon in spec.fighters:
        if not isinstance(form, s.forms["defender"]) or not isinstance(weapon, s.forms["weapon"]):
            raise _plain(
                f"{name}: not a {s.display_name('en')} combatant",
                f"{name}: no es un combatiente de {s.display_name('es')}",
            )


def _fight_odds(
    s: Any,
    spec: FightSpec,
    rounds: int | None,
    *,
    policy: str = "weakest",
    policies: Mapping[str, str],
    modifiers: Any = None,
    options: Any = None,
    method: str = "auto",
    max_states: int = DEFAULT_MAX_STATES,
    simulations: int = DEFAULT_SIMULATIONS,
    seed: int = 0,
    rounds_shown: int | None = None,
    defence_policy: str = "when_able",
    defence_policies: Mapping[str, str] | None = None,
) -> FightOdds:
    _validate(s, spec, rounds, policy, policies, defence_policy, defence_policies)
    if method not in ("auto", "exact", "simulate"):
        raise _plain(f"unknown method {method!r}", f"método desconocido {method!r}", "method")
    modifiers = s.defaults()["modifiers"] if modifiers is None else modifiers
    options = spec.options if options is None else options
    options = s.options_type() if options is None else options
    per = {f[0]: policies.get(f[0], policy) for f in spec.fighters}
    per_defence = {f[0]: (defence_policies or {}).get(f[0], defence_policy) for f in spec.fighters}
    chain = _Chain(s, spec, modifiers, options, per, per_defence)
    reason: tuple[str, str] | None = None
    result: dict[str, Any] | None = None
    if method != "simulate":
        try:
            result = _exact(chain, rounds, rounds_shown, max_states)
        except _TooLarge:
            reason = (
                f"más de {max_states:,} estados posibles".replace(",", "\u202f"),
                f"more than {max_states:,} possible states".replace(",", "\u202f"),
            )
            if method == "exact":
                raise _plain(
                    f"the exact fight has {reason[1]} (past the bound); simulate it instead",
                    f"el combate exacto tiene {reason[0]} (más que el límite); simúlalo",
                ) from None
        except _Cycle:
            reason = (
                "los estados pueden volver a uno anterior",
                "the states can return to an earlier one",
            )
            if method == "exact":
                raise _plain(
                    f"not solved exactly: {reason[1]}", f"no se resuelve exacto: {reason[0]}"
                ) from None
    else:
        reason = ("simulación pedida", "simulation asked for")
    if result is None:
        result = _simulate(chain, rounds, rounds_shown, simulations, seed)
    return _collect(s, spec, chain, rounds, result, reason, simulations, per, per_defence)


def _collect(
    s: Any,
    spec: FightSpec,
    chain: _Chain,
    rounds: int | None,
    result: Mapping[str, Any],
    reason: tuple[str, str] | None,
    simulations: int,
    per: Mapping[str, str],
    per_defence: Mapping[str, str] | None = None,
) -> FightOdds:
    side_names = tuple(dict.fromkeys(chain.sides))
    p_win = {side: Fraction(0) for side in side_names}
    marginals = result["marginals"]
    p_draw = marginals.get(("draw",), Fraction(0))
    p_ongoing = marginals.get(("going",), Fraction(0))
    fates: dict[str, dict[Fate, Fraction]] = {n: {} for n in chain.names}
    for key, p in marginals.items():
        if key[0] == "win":
            p_win[key[1]] += p
        elif len(key) == 3:  # ("fate" | "going", combatant, fate)
            name, fate = chain.names[key[1]], key[2]
            fates[name][fate] = fates[name].get(fate, Fraction(0)) + p
    fates = {n: {f: law[f] for f in FATES if law.get(f)} for n, law in fates.items()}
    simulated = reason is not None
    probs = [*p_win.values(), p_draw, p_ongoing]
    notes = [
        (
            "Orden: la iniciativa tirada, desde el turno actual"
            if spec.initiative_rolled
            else "Orden: el de entrada (aún no se tiró la iniciativa)",
            "Order: the initiative rolled, from the current turn"
            if spec.initiative_rolled
            else "Order: order of entry (initiative not rolled yet)",
        ),
        (
            "Cada uno ataca con su arma y los modificadores por defecto",
            "Everyone attacks with their own weapon and the default modifiers",
        )
        if chain.modifiers == s.defaults()["modifiers"]
        else (
            "Cada uno ataca con su arma y los modificadores elegidos",
            "Everyone attacks with their own weapon and the modifiers chosen",
        ),
    ]
    if chain.impossible:
        notes.append(
            (
                "Algún ataque no podía hacerse en su estado (arma o escudo gastados…): "
                "ese turno pasa sin cambios",
                "Some attack could not be made in its state (a weapon or shield worn "
                "out…): that turn passes with no change",
            )
        )
    notes.extend(_defence_notes(chain, per_defence or {}))
    if getattr(s, "initiative_each_round", False):
        notes.append(
            (
                "El sistema repite la iniciativa cada ronda; aquí se mantiene el orden",
                "The system rerolls initiative every round; here the order is held",
            )
        )
    return FightOdds(
        system=s.id,
        names=chain.names,
        sides=chain.sides,
        side_names=(side_names[0], side_names[1]),
        rounds=rounds,
        method="simulated" if simulated else "exact",
        p_win=p_win,
        p_draw=p_draw,
        p_ongoing=p_ongoing,
        rounds_law=dict(sorted(result["rounds_law"].items())),
        p_later=result["p_later"],
        mean_rounds=result["mean_rounds"],
        fates=fates,
        states=result["states"],
        n=simulations if simulated else None,
        margin=_margin(probs, simulations) if simulated else None,
        reason=reason,
        notes=tuple(notes),
        policy=dict(per),
        defence_policy=dict(per_defence or {}),
    )


#: How a blow's reason is told in the notes: ``role -> (es, en)`` subject.
_SUBJECT = {
    "attacker": ("A veces un atacante", "Sometimes an attacker"),
    "defender": ("A veces un defensor", "Sometimes a defender"),
}


def _defence_notes(chain: _Chain, per_defence: Mapping[str, str]) -> list[tuple[str, str]]:
    """The defence policy, when the fight's modifiers carry a defence the defender may make
    or not (:meth:`System.fight_blow` with and without ``defend`` differ), and the reasons
    of the blows the fight met that were made otherwise than the modifiers say."""
    notes: list[tuple[str, str]] = []
    if chain.defence_matters():
        keep = [n for n in chain.names if per_defence.get(n) == "keep_action"]
        es = (
            "Defensa: quien aún no ha actuado en el asalto se defiende, y gasta así su "
            "turno (no ataca ese asalto); quien ya actuó recibe el golpe sin defensa"
        )
        en = (
            "Defence: a combatant who has not acted yet this round defends, and so spends "
            "its turn (it does not attack that round); one who has acted takes the blow "
            "undefended"
        )
        if keep:
            es += f"; no se defienden (guardan su acción): {', '.join(keep)}"
            en += f"; never defending (keeping their action): {', '.join(keep)}"
        notes.append((es, en))
    for role, es, en in chain.happened:
        subject_es, subject_en = _SUBJECT.get(role, _SUBJECT["defender"])
        notes.append((f"{subject_es} {es}", f"{subject_en} {en}"))
    return notes
