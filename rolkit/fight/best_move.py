"""The best move (#27, item 4): for the combatant whose turn it is, each action and
target it may take now, ranked by its side's exact chance to win the fight if it takes it
and its side keeps choosing best afterwards, while the other side keeps its policy.

The fight is the chain of whole-fight odds (:class:`~rolkit.fight.chain.Chain`: the same
laws, rules between attacks and default policy) made a Markov decision process: on each
turn of a combatant of the choosing side, the turn is cut into its decisions — after the
turn-start rules, at each point of the turn (what has been taken so far, within the
turn's budget, :class:`~rolkit.actions.TurnRules`) it chooses one action it may take on
one target (a foe still able to act, an ally, itself) or to end its turn; the turn-end
and round-end rules follow. The other side's turns are the chain's own turns, its default
policy (:mod:`rolkit.fight.acting`). The chance to win is the largest over the choosing
side's ways to choose (:mod:`rolkit.fight.mdp`, exact Fractions); a fight that never ends
is not won. Each combatant's defence policy is kept as given, unless ``choose_defence``:
then the other side's turns are cut into their actions too, and at each blow on one of the
choosing side whose defence changes the blow's law (Core Dread: a defence spends the
defender's turn of the round) that one chooses to defend or to keep its action.

Past ``max_nodes`` decision points (or ``seconds`` of exploring) the answer is bounded,
never a silent estimate: the decision points are explored by probability mass, the
likeliest first (a fight's mass concentrates in few states), and the process is solved on
them twice, every point left unexplored worth 0 (a lower bound: the fights that reach one
counted lost) and 1 (an upper bound: counted won). The chance to win choosing best only
grows with the worth of the points it may reach, so each move's exact value lies in its
interval; moves whose intervals overlap the best one's cannot be told apart, and the
ranking says so. With ``bounds=False`` it refuses past the bound instead.
"""

from __future__ import annotations

import heapq
import math
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from rolkit import i18n, systems
from rolkit.fight.acting import Choice
from rolkit.fight.chain import Chain
from rolkit.fight.mdp import Option, Stopped, option_value, solve
from rolkit.fight.spec import FightSpec, plain, validate
from rolkit.fight.state import ChainState
from rolkit.reprs import RichRepr
from rolkit.system import System

if TYPE_CHECKING:
    from rolkit.fight.tracker import Fight

__all__ = ["best_move", "BestMove", "Move", "Stopped", "END", "DEFAULT_MAX_NODES"]

#: The id of the choice to end the turn (take nothing more).
END = "end"
#: The decision process is solved exactly up to this many nodes (every default duel: the
#: largest, NSd20's, has 41 700), else bounded on the likeliest this many.
DEFAULT_MAX_NODES = 60_000

i18n.register_pairs(
    "best",
    {
        "end": ("Terminar el turno", "Terminar el turno (end the turn)"),
        "line": (
            "mejor opción: {move} ({diff} frente a la elección por defecto)",
            "best option: {move} ({diff} over the default)",
        ),
        "line.same": (
            "mejor opción: {move} (la elección por defecto)",
            "best option: {move} (the default choice)",
        ),
        "line.bounded": (
            "mejor opción: {move} (victoria {win}; {diff} frente a la elección por defecto)",
            "best option: {move} (victory {win}; {diff} over the default)",
        ),
        "line.bounded.same": (
            "mejor opción: {move} (la elección por defecto; victoria {win})",
            "best option: {move} (the default choice; victory {win})",
        ),
        "line.apart": (
            "mejor opción: {move} (victoria {win}); no se puede distinguir de: {others}",
            "best option: {move} (victory {win}); cannot be told apart from: {others}",
        ),
        "between": ("entre {lo} y {hi}", "between {lo} and {hi}"),
        "more": ("{n} más", "{n} more"),
        "col.low": ("Victoria: cota inferior (%)", "Victory: lower bound (%)"),
        "col.high": ("Victoria: cota superior (%)", "Victory: upper bound (%)"),
        "col.move": ("Opción", "Opción (option)"),
        "col.win": ("Victoria (%)", "Victory (%)"),
        "col.diff": ("Frente a la elección por defecto (pp)", "Over the default (pp)"),
        "col.default": ("Por defecto", "Default"),
        "col.exact": ("Victoria exacta", "Exact victory"),
    },
)


class Move(NamedTuple):
    """One move of the combatant to act: the action's id (:data:`END`: end the turn), its
    ``(es, en)`` label, the target's name (``None``: itself or ending the turn), its side's
    exact chance to win taking it and choosing best afterwards (bounded: its lower bound,
    ``upper`` its upper bound), whether it is the default policy's choice."""

    action: str
    label: tuple[str, str]
    target: str | None
    value: Fraction
    default: bool
    #: the upper bound of a bounded value (``None``: ``value`` is exact)
    upper: Fraction | None = None

    @property
    def high(self) -> Fraction:
        """The upper bound of the chance to win (the exact value when exact)."""
        return self.value if self.upper is None else self.upper

    def text(self, lang: str = "es") -> str:
        """«Fintar a Gorath» / "Fintar (feint) → Gorath"."""
        name = self.label[0] if lang == "es" else self.label[1]
        if self.target is None:
            return name
        return f"{name} a {self.target}" if lang == "es" else f"{name} → {self.target}"

    def win(self, lang: str = "es") -> str:
        """Its chance to win: «56,2 %», or bounded «entre 55,1 % y 57,3 %»."""
        return between(self.value, self.upper, lang)


def between(low: Fraction, high: Fraction | None, lang: str = "es") -> str:
    """A chance, «56,2 %», or an interval «entre 55,1 % y 57,3 %» (the lower bound rounded
    down, the upper up: the interval shown contains the exact one)."""
    if high is None or high == low:
        return i18n.percent(float(low), lang, 1)
    lo = i18n.percent(math.floor(1000 * low) / 1000, lang, 1)
    hi = i18n.percent(math.ceil(1000 * high) / 1000, lang, 1)
    return i18n.t("best.between", lang, lo=lo, hi=hi)


@dataclass(frozen=True)
class BestMove(RichRepr):
    """The moves of ``actor`` (of ``side``), best first (ties in the system's order;
    bounded: by lower bound, then upper bound).

    Attributes:
        moves: every move it may take now, ranked by :attr:`Move.value`.
        default: the default policy's choice here (``None`` when the fight ends the turn
            at once: it is then the :data:`END` move).
        policy_value: the side's chance to win when it keeps the default policy always
            (bounded: its lower bound; ``policy_upper`` its upper bound).
        nodes: the decision process's nodes explored (its size, when exact).
        policy_upper: ``None`` when exact.
    """

    system: str
    actor: str
    side: str
    moves: tuple[Move, ...]
    default: Move
    policy_value: Fraction
    nodes: int
    policy_upper: Fraction | None = None

    @property
    def exact(self) -> bool:
        """Every value is exact (the whole decision process was solved)."""
        return self.policy_upper is None and all(m.upper is None for m in self.moves)

    @property
    def best(self) -> Move:
        return self.moves[0]

    @property
    def value(self) -> Fraction:
        """The side's chance to win choosing best from now on (bounded: its lower bound)."""
        return self.best.value

    @property
    def difference(self) -> Fraction:
        """How much the best move gains over the default choice (both choosing best
        afterwards; bounded: the least it may gain)."""
        return self.best.value - self.default.high

    @property
    def apart(self) -> tuple[Move, ...]:
        """The moves that cannot be told apart from the best (bounded: their intervals
        overlap its own — each may be the better one); empty when exact."""
        best = self.best
        return tuple(m for m in self.moves[1:] if m.upper is not None and m.high > best.value)

    def diff(self, move: Move, lang: str = "es") -> str:
        """``move``'s difference to the default choice: «+3,2 pp», bounded «entre −0,4 y
        +1,3 pp» (each end the widest: the lower bound less the default's upper one)."""
        if move == self.default or (move.upper is None and self.default.upper is None):
            return pp(move.value - self.default.value, lang)
        lo, hi = move.value - self.default.high, move.high - self.default.value
        return i18n.t("best.between", lang, lo=pp(lo, lang, "low"), hi=pp(hi, lang, "high"))

    def line(self, lang: str = "es") -> str:
        """«mejor opción: Fintar a Gorath (+3,2 pp frente a la elección por defecto)»;
        bounded, «… (victoria entre 55,1 % y 57,3 %; …)», or the moves it cannot be
        told apart from."""
        best = self.best
        move = best.text(lang)
        if self.exact:
            if best.default or self.difference == 0:
                return i18n.t("best.line.same", lang, move=move)
            return i18n.t("best.line", lang, move=move, diff=pp(self.difference, lang))
        apart = self.apart
        if apart:
            names = [m.text(lang) for m in apart[:3]]
            if len(apart) > 3:
                names.append(i18n.t("best.more", lang, n=len(apart) - 3))
            others = ", ".join(names)
            return i18n.t("best.line.apart", lang, move=move, win=best.win(lang), others=others)
        if best.default:
            return i18n.t("best.line.bounded.same", lang, move=move, win=best.win(lang))
        return i18n.t(
            "best.line.bounded", lang, move=move, win=best.win(lang), diff=self.diff(best, lang)
        )

    def rows(self, lang: str = "es") -> list[dict[str, Any]]:
        """The ranked moves as records under the GM's column names: the move, the chance to
        win (%; bounded: its lower and upper bounds), the difference to the default choice
        (percentage points; bounded: the lower bound less the default's upper one),
        whether it is the default, the exact value or interval (a DataFrame of them:
        :func:`rolkit.display.tables.best_move_frame`)."""
        t = lambda key: i18n.t(f"best.col.{key}", lang)  # noqa: E731
        rows = []
        for m in self.moves:
            row: dict[str, Any] = {t("move"): m.text(lang)}
            if self.exact:
                row[t("win")] = 100 * float(m.value)
            else:
                row[t("low")] = 100 * float(m.value)
                row[t("high")] = 100 * float(m.high)
            row[t("diff")] = 0.0 if m == self.default else 100 * float(m.value - self.default.high)
            row[t("default")] = m.default
            row[t("exact")] = str(m.value) if m.upper is None else f"[{m.value}, {m.upper}]"
            rows.append(row)
        return rows

    def __repr__(self) -> str:
        def show(m: Move) -> str:
            if m.upper is None:
                return f"{float(m.value):.4f}"
            return f"[{float(m.value):.4f}, {float(m.upper):.4f}]"

        top = ", ".join(f"{m.text('en')}={show(m)}" for m in self.moves[:3])
        return f"BestMove({self.actor!r}: {top}; default={show(self.default)})"


def pp(diff: Fraction, lang: str = "es", bound: str | None = None) -> str:
    """A difference in percentage points, signed: «+3,2 pp» (below 0,05: «+< 0,1 pp»).
    ``bound="low"``: the lower end of an interval, rounded down, without its unit
    («−0,4»); ``"high"``: its upper end, rounded up («+1,3 pp»)."""
    x = 100 * float(diff)
    if bound is not None:
        x = (math.floor if bound == "low" else math.ceil)(1000 * diff) / 10
    sign = "+" if x >= 0 else "−"
    text = "< 0.1" if bound is None and 0 < abs(x) < 0.05 else f"{abs(x):.1f}"
    if lang == "es":
        text = text.replace(".", ",")
    return f"{sign}{text}" if bound == "low" else f"{sign}{text} pp"


# the decision process -----------------------------------------------------------------
#: A node: ``("turn", state, t)`` a turn not begun; ``("act", state, t, taken)`` a point
#: of a choosing combatant's turn; ``("after", state, t)`` its turn-end and round-end rules.
_Node = tuple[Any, ...]
#: A move at an ``"act"`` node: ``(action id, target index)`` or ``None`` (end the turn).
_Pick = tuple[str, int] | None


class _Process:
    """The fight as a decision process for ``side``: nodes, their options and their moves,
    explored from the combatant to act (its turn begun, ``taken`` already), the likeliest
    first (:meth:`explore`); a node not explored has no options (``None``)."""

    def __init__(
        self,
        chain: Chain,
        side: str,
        end_turn: bool = True,
        stop: Callable[[], bool] | None = None,
        choose_defence: bool = False,
    ) -> None:
        self.c = chain
        self.stop = stop
        self.side = side
        #: the choosing side may end a turn before its budget is spent
        self.end_turn = end_turn
        #: the choosing side chooses, blow by blow, to defend or to keep its action
        self.choose_defence = choose_defence
        self.n = len(chain.order)
        self.index: dict[_Node, int] = {}
        self.nodes: list[_Node] = []
        #: each node's chance to be reached (a float, only to choose what to explore
        #: first): the paths explored summed, a decision's options not — at a decision
        #: each node gets the largest chance any one option gives it
        self.mass: list[float] = []
        self.options: list[list[Option] | None] = []
        self.picks: list[list[_Pick]] = []
        self.default: list[int] = []
        #: the nodes explored
        self.explored = 0

    def node(self, key: _Node) -> int:
        known = self.index.get(key)
        if known is None:
            known = self.index[key] = len(self.nodes)
            self.nodes.append(key)
            self.mass.append(0.0)
            self.options.append(None)
            self.picks.append([])
            self.default.append(0)
        return known

    def explore(self, root: _Node, max_nodes: int, deadline: float | None = None) -> bool:
        """Explore nodes from ``root`` by mass, the likeliest first, until every one is
        explored (``True``), ``max_nodes`` are, or the clock passes ``deadline``."""
        self.node(root)
        self.mass[0] = 1.0
        heap = [(-1.0, 0)]
        while heap:
            _m, i = heapq.heappop(heap)
            if self.options[i] is not None:
                continue  # explored already (an older, smaller mass)
            if self.explored >= max(1, max_nodes) or (
                deadline is not None and self.explored and time.monotonic() > deadline
            ):
                return False
            opts, picks, default = self.expand(self.nodes[i])
            self.options[i], self.picks[i], self.default[i] = opts, picks, default
            self.explored += 1
            reach: dict[int, float] = {}
            for option in opts:  # the likeliest option to reach each node: one is taken
                for j, chance in option.kids:
                    reach[j] = max(reach.get(j, 0.0), float(chance))
            for j, most in reach.items():
                if self.options[j] is None:
                    self.mass[j] += self.mass[i] * most
                    heapq.heappush(heap, (-self.mass[j], j))
            if self.stop is not None and self.explored % 64 == 0 and self.stop():
                raise Stopped()
        return True

    # successors ----------------------------------------------------------------------
    def outcome(self, rows: Iterable[tuple[ChainState, Fraction]], then: Any) -> Option:
        """An option whose states are ``rows``; each state going on is the node
        ``then(state)``."""
        win = ends = Fraction(0)
        kids: dict[int, Fraction] = {}
        for state, p in rows:
            if self.c.terminal(state):
                ends += p
                if self.c.summary(state).winner == self.side:
                    win += p
            else:
                j = self.node(then(state))
                kids[j] = kids.get(j, Fraction(0)) + p
        return Option(win, ends, tuple(kids.items()))

    def expand(self, key: _Node) -> tuple[list[Option], list[_Pick], int]:
        kind, state, t = key[0], key[1], key[2]
        c = self.c
        actor = c.order[t]
        nxt = (t + 1) % self.n
        if kind == "turn" and c.sides[actor] != self.side and not self.choose_defence:
            den, succ = c.successors(state, t)
            law = [(s, Fraction(w, den)) for s, w in succ]
            return [self.outcome(law, lambda s: ("turn", s, nxt))], [None], 0
        if kind == "turn":
            start = self.stage(state, actor, "start") if c.turn_starts else [(state, Fraction(1))]
            return [self.outcome(start, lambda s: ("act", s, t, ()))], [None], 0
        if kind == "after":
            rows: list[tuple[ChainState, Fraction]] = [(state, Fraction(1))]
            if c.turn_ends:
                rows = self.staged(rows, actor, "turn_end")
            if c.round_ends and t == self.n - 1:
                rows = self.staged(rows, None, "end")
            return [self.outcome(rows, lambda s: ("turn", s, nxt))], [None], 0
        if c.sides[actor] != self.side:
            return self.foe_step(state, t, key[3])
        return self.decide(state, t, key[3])

    def foe_step(
        self, state: ChainState, t: int, taken: tuple[str, ...]
    ) -> tuple[list[Option], list[_Pick], int]:
        """One action of the other side's turn, as its policy chooses it (the chain's
        :meth:`~rolkit.fight.acting.Acting.turn_rows`, one step); when it aims at one of
        the choosing side whose defence changes the action's law, that one chooses to
        defend or to keep its action (the defence policy's choice first, the default)."""
        c = self.c
        i = c.order[t]
        choice = c.choose(state, i, taken) if c.acting(state, i) else None
        if choice is None:
            return [self.outcome([(state, Fraction(1))], lambda s: ("after", s, t))], [None], 0
        then = (*taken, choice.action)
        j = choice.target
        key = c.act_key(state, i, choice, taken)
        keys = [key]
        if c.sides[j] == self.side:
            other = key._replace(defend=not key.defend)
            if not c.refused(other) and c.act_law(other) != c.act_law(key):
                keys.append(other)
        opts = []
        for k in keys:
            den, rows = c.act_law(k)
            law = [(c.after_act(state, i, j, after), Fraction(w, den)) for after, w in rows]
            opts.append(self.outcome(law, lambda s: ("act", s, t, then)))
        return opts, [None] * len(opts), 0

    def stage(
        self, state: ChainState, who: int | None, which: str
    ) -> list[tuple[ChainState, Fraction]]:
        den, rows = self.c.hook_rows(state, who, which)
        return [(s, Fraction(w, den)) for s, w in rows]

    def staged(
        self, rows: list[tuple[ChainState, Fraction]], who: int | None, which: str
    ) -> list[tuple[ChainState, Fraction]]:
        """``rows`` after one stage of rules between attacks (only while the fight goes on)."""
        out: list[tuple[ChainState, Fraction]] = []
        for s, p in rows:
            if self.c.terminal(s):
                out.append((s, p))
            else:
                out.extend((s2, p * q) for s2, q in self.stage(s, who, which))
        return out

    def decide(
        self, state: ChainState, t: int, taken: tuple[str, ...]
    ) -> tuple[list[Option], list[_Pick], int]:
        """A point of a choosing combatant's turn: each action it may take on each target,
        and ending the turn (the default policy's choice marked)."""
        c = self.c
        i = c.order[t]
        end = self.outcome([(state, Fraction(1))], lambda s: ("after", s, t))
        if not c.acting(state, i):
            return [end], [None], 0
        opts: list[Option] = []
        picks: list[_Pick] = []
        rules = c.s.turn_rules
        for action in c.actions.values():
            if not rules.affordable(action, taken, c.actions):
                continue
            for j in self.targets(state, i, action.target):
                key = c.act_key(state, i, Choice(action.id, j), taken)
                if c.refused(key):
                    continue
                den, rows = c.act_law(key)
                then = (*taken, action.id)
                law = [(c.after_act(state, i, j, after), Fraction(w, den)) for after, w in rows]
                opts.append(self.outcome(law, lambda s, then=then: ("act", s, t, then)))
                picks.append((action.id, j))
        choice = c.choose(state, i, taken)
        wanted = None if choice is None else (choice.action, choice.target)
        if self.end_turn or wanted is None or not opts:
            opts.append(end)
            picks.append(None)
        return opts, picks, picks.index(wanted)

    def targets(self, state: ChainState, i: int, aim: str) -> list[int]:
        """Whom an action aimed at ``aim`` may target: itself; an ally whose form the
        fight keeps (a fallen one not settled for good); a foe still able to act."""
        c = self.c
        if aim == "self":
            return [i]
        if aim == "ally":
            return [
                j
                for j in c.order
                if j != i and c.sides[j] == c.sides[i] and c.forms[state[j][0]] is not None
            ]
        return [j for j in c.order if c.sides[j] != c.sides[i] and c.acting(state, j)]


# the entry point ------------------------------------------------------------------------
def best_move(
    fight: Fight | FightSpec,
    *,
    taken: Iterable[str] = (),
    system: System | None = None,
    policy: str = "weakest",
    policies: Mapping[str, str] | None = None,
    modifiers: Any = None,
    defence_policy: str = "when_able",
    defence_policies: Mapping[str, str] | None = None,
    aid: Iterable[str] = (),
    end_turn: bool = True,
    max_nodes: int = DEFAULT_MAX_NODES,
    seconds: float | None = None,
    bounds: bool = True,
    choose_defence: bool = False,
    stop: Callable[[], bool] | None = None,
) -> BestMove:
    """The moves of the combatant whose turn it is in ``fight``, best first.

    Each move's value is its side's exact chance to win the fight if it takes that move
    now and its side keeps choosing best afterwards (the rest of this turn included),
    while the other side keeps its policy (``policy``, ``policies``, ``aid``: as
    :func:`rolkit.fight_odds`). Every combatant keeps its defence policy
    (``defence_policy``, ``defence_policies``), unless ``choose_defence``: the side then
    also chooses best, at each of the other side's blows on one of its own whose defence
    changes the blow's law, to defend or to keep its action (Core Dread: a defence spends
    the defender's turn of the round; the other side keeps its defence policy). ``end_turn``:
    the side may also end a turn while it could still act (:data:`END`; with ``False``
    only when the default policy would, or when nothing else is left).

    ``fight``: a :class:`rolkit.fight.Fight` (its current turn, the actions already taken
    in it), or a :class:`FightSpec` with initiative rolled (``taken``: the actions taken
    this turn; ``system``: default the registered one). ``max_nodes`` decision points and
    ``seconds`` of exploring bound the work: past either, the values are bounded (each
    :attr:`Move.value` a lower bound, :attr:`Move.upper` an upper one; module docstring),
    or with ``bounds=False`` refused. ``stop``: polled while it works; ``True`` raises
    :class:`Stopped` (a background worker whose answer is no longer wanted).

    Raises:
        RulesError: no initiative rolled, the fight is over, the combatant cannot act, a
            fight :func:`~rolkit.fight_odds` refuses, or (``bounds=False``) more than
            ``max_nodes`` decision points or ``seconds``.
    """
    if isinstance(fight, FightSpec):
        spec, s = fight, system if system is not None else systems.get(fight.system)
    else:
        spec, s, taken = FightSpec.of(fight), fight.system, fight.state.taken
    if not spec.initiative_rolled or not spec.order:
        raise plain("roll initiative first", "tira la iniciativa primero")
    current = spec.order[spec.turn]
    per = {f[0]: (policies or {}).get(f[0], policy) for f in spec.fighters}
    defence = {f[0]: (defence_policies or {}).get(f[0], defence_policy) for f in spec.fighters}
    validate(s, spec, None, policy, per, defence_policy, defence)
    mods = s.defaults()["modifiers"] if modifiers is None else modifiers
    options = spec.options if spec.options is not None else s.options_type()
    chain = Chain(s, spec, mods, options, per, defence, tuple(aid))
    actor = chain.names.index(current)
    side = chain.sides[actor]
    if chain.terminal(chain.start):
        raise plain("the fight is over", "el combate ha terminado")
    if not chain.acting(chain.start, actor):
        raise plain(f"{current} cannot act now", f"{current} no puede actuar ahora")
    process = _Process(chain, side, end_turn, stop, choose_defence)
    deadline = None if seconds is None else time.monotonic() + seconds
    whole = process.explore(("act", chain.start, spec.turn, tuple(taken)), max_nodes, deadline)
    if not whole and not bounds:
        if process.explored >= max_nodes:
            bound = f"{max_nodes:,}".replace(",", "\u202f")
            raise plain(
                f"no exact best move: more than {bound} decision points (a fight too large)",
                f"sin cálculo exacto de la mejor opción: más de {bound} puntos de decisión "
                "(un combate demasiado grande)",
            )
        raise plain(
            f"no exact best move within {seconds:g} s (a fight too large)",
            f"sin cálculo exacto de la mejor opción en {seconds:g} s (un combate demasiado grande)",
        )
    return _ranked(process, s, current, side, whole, stop)


def _values(
    process: _Process, cut: Fraction, default: bool, stop: Callable[[], bool] | None
) -> list[Fraction]:
    """Every node's value choosing best (``default``: keeping the default policy), each
    node not explored worth ``cut``."""
    end = [Option(cut, Fraction(1), ())]
    options = [
        end if opts is None else [opts[d]] if default else opts
        for opts, d in zip(process.options, process.default, strict=True)
    ]
    value = solve(options, 0, None if default else process.default, stop)[0]
    return [Fraction(0) if v is None else v for v in value]


def _ranked(
    process: _Process,
    s: System,
    actor: str,
    side: str,
    whole: bool,
    stop: Callable[[], bool] | None = None,
) -> BestMove:
    low = _values(process, Fraction(0), False, stop)
    high = None if whole else _values(process, Fraction(1), False, stop)
    policy_low = _values(process, Fraction(0), True, stop)[0]
    policy_high = None if whole else _values(process, Fraction(1), True, stop)[0]
    names = process.c.names
    root = process.options[0]
    assert root is not None
    moves = []
    for k, (opt, pick) in enumerate(zip(root, process.picks[0], strict=True)):
        if pick is None:
            label = (i18n.t("best.end", "es"), i18n.t("best.end", "en"))
            target = None
        else:
            action = s.actions[pick[0]]
            label = action.label
            target = None if action.target == "self" else names[pick[1]]
        moves.append(
            Move(
                END if pick is None else pick[0],
                label,
                target,
                option_value(opt, low.__getitem__),
                k == process.default[0],
                None if high is None else option_value(opt, high.__getitem__),
            )
        )
    default = moves[process.default[0]]
    # stable: ties keep the system's order
    ranked = sorted(moves, key=lambda m: (-m.value, -m.high))
    return BestMove(
        s.id, actor, side, tuple(ranked), default, policy_low, process.explored, policy_high
    )
