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
is not won. Each combatant's defence policy is kept as given.

Only fights whose decision points number at most ``max_states`` are solved (duels); past
it :func:`best_move` refuses in plain words — never a silent estimate.
"""

from __future__ import annotations

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
#: The decision process is solved exactly up to this many nodes (a duel's are a few
#: thousand), else refused.
DEFAULT_MAX_NODES = 20_000

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
    exact chance to win taking it and choosing best afterwards, whether it is the default
    policy's choice."""

    action: str
    label: tuple[str, str]
    target: str | None
    value: Fraction
    default: bool

    def text(self, lang: str = "es") -> str:
        """«Fintar a Gorath» / "Fintar (feint) → Gorath"."""
        name = self.label[0] if lang == "es" else self.label[1]
        if self.target is None:
            return name
        return f"{name} a {self.target}" if lang == "es" else f"{name} → {self.target}"


@dataclass(frozen=True)
class BestMove(RichRepr):
    """The moves of ``actor`` (of ``side``), best first (ties in the system's order).

    Attributes:
        moves: every move it may take now, ranked by :attr:`Move.value`.
        default: the default policy's choice here (``None`` when the fight ends the turn
            at once: it is then the :data:`END` move).
        policy_value: the side's chance to win when it keeps the default policy always.
        nodes: the decision process's nodes (its size).
    """

    system: str
    actor: str
    side: str
    moves: tuple[Move, ...]
    default: Move
    policy_value: Fraction
    nodes: int

    @property
    def best(self) -> Move:
        return self.moves[0]

    @property
    def value(self) -> Fraction:
        """The side's chance to win choosing best from now on."""
        return self.best.value

    @property
    def difference(self) -> Fraction:
        """How much the best move gains over the default choice (both choosing best
        afterwards)."""
        return self.best.value - self.default.value

    def line(self, lang: str = "es") -> str:
        """«mejor opción: Fintar a Gorath (+3,2 pp frente a la elección por defecto)»."""
        move = self.best.text(lang)
        if self.best.default or self.difference == 0:
            return i18n.t("best.line.same", lang, move=move)
        return i18n.t("best.line", lang, move=move, diff=pp(self.difference, lang))

    def rows(self, lang: str = "es") -> list[dict[str, Any]]:
        """The ranked moves as records under the GM's column names: the move, the chance to
        win (%), the difference to the default choice (percentage points), whether it is
        the default, the exact value (a DataFrame of them:
        :func:`rolkit.display.tables.best_move_frame`)."""
        t = lambda key: i18n.t(f"best.col.{key}", lang)  # noqa: E731
        return [
            {
                t("move"): m.text(lang),
                t("win"): 100 * float(m.value),
                t("diff"): 100 * float(m.value - self.default.value),
                t("default"): m.default,
                t("exact"): str(m.value),
            }
            for m in self.moves
        ]

    def __repr__(self) -> str:
        top = ", ".join(f"{m.text('en')}={float(m.value):.4f}" for m in self.moves[:3])
        return f"BestMove({self.actor!r}: {top}; default={float(self.default.value):.4f})"


def pp(diff: Fraction, lang: str = "es") -> str:
    """A difference in percentage points, signed: «+3,2 pp» (below 0,05: «+< 0,1 pp»)."""
    x = 100 * float(diff)
    sign = "+" if x >= 0 else "−"
    text = "< 0.1" if 0 < abs(x) < 0.05 else f"{abs(x):.1f}"
    if lang == "es":
        text = text.replace(".", ",")
    return f"{sign}{text} pp"


# the decision process -----------------------------------------------------------------
#: A node: ``("turn", state, t)`` a turn not begun; ``("act", state, t, taken)`` a point
#: of a choosing combatant's turn; ``("after", state, t)`` its turn-end and round-end rules.
_Node = tuple[Any, ...]
#: A move at an ``"act"`` node: ``(action id, target index)`` or ``None`` (end the turn).
_Pick = tuple[str, int] | None


class TooManyNodes(Exception):
    """The decision process outgrew its bound."""


class TooSlow(Exception):
    """The decision process took longer than its time budget to explore."""


class _Process:
    """The fight as a decision process for ``side``: nodes, their options and their moves,
    explored from the combatant to act (its turn begun, ``taken`` already)."""

    def __init__(
        self,
        chain: Chain,
        side: str,
        max_nodes: int,
        end_turn: bool = True,
        seconds: float | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> None:
        self.c = chain
        self.stop = stop
        self.side = side
        self.max_nodes = max_nodes
        #: the choosing side may end a turn before its budget is spent
        self.end_turn = end_turn
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.n = len(chain.order)
        self.index: dict[_Node, int] = {}
        self.nodes: list[_Node] = []
        self.options: list[list[Option]] = []
        self.picks: list[list[_Pick]] = []
        self.default: list[int] = []

    def node(self, key: _Node) -> int:
        known = self.index.get(key)
        if known is None:
            if len(self.nodes) >= self.max_nodes:
                raise TooManyNodes()
            known = self.index[key] = len(self.nodes)
            self.nodes.append(key)
        return known

    def explore(self, root: _Node) -> None:
        self.node(root)
        at = 0
        while at < len(self.nodes):
            opts, picks, default = self.expand(self.nodes[at])
            self.options.append(opts)
            self.picks.append(picks)
            self.default.append(default)
            at += 1
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise TooSlow()
            if self.stop is not None and at % 64 == 0 and self.stop():
                raise Stopped()

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
        if kind == "turn" and c.sides[actor] != self.side:
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
        return self.decide(state, t, key[3])

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
    stop: Callable[[], bool] | None = None,
) -> BestMove:
    """The moves of the combatant whose turn it is in ``fight``, best first.

    Each move's value is its side's exact chance to win the fight if it takes that move
    now and its side keeps choosing best afterwards (the rest of this turn included),
    while the other side keeps its policy (``policy``, ``policies``, ``aid``: as
    :func:`rolkit.fight_odds`). Every combatant keeps its defence policy. ``end_turn``:
    the side may also end a turn while it could still act (:data:`END`; with ``False``
    only when the default policy would, or when nothing else is left).

    ``fight``: a :class:`rolkit.fight.Fight` (its current turn, the actions already taken
    in it), or a :class:`FightSpec` with initiative rolled (``taken``: the actions taken
    this turn; ``system``: default the registered one). ``max_nodes`` and ``seconds``
    bound the work: past either it refuses. ``stop``: polled while it works; ``True``
    raises :class:`Stopped` (a background worker whose answer is no longer wanted).

    Raises:
        RulesError: no initiative rolled, the fight is over, the combatant cannot act, a
            fight :func:`~rolkit.fight_odds` refuses, or more than ``max_nodes`` decision
            points or ``seconds`` (too large to solve exactly).
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
    process = _Process(chain, side, max_nodes, end_turn, seconds, stop)
    try:
        process.explore(("act", chain.start, spec.turn, tuple(taken)))
    except TooManyNodes:
        bound = f"{max_nodes:,}".replace(",", "\u202f")
        raise plain(
            f"no exact best move: more than {bound} decision points (a fight too large)",
            f"sin cálculo exacto de la mejor opción: más de {bound} puntos de decisión "
            "(un combate demasiado grande)",
        ) from None
    except TooSlow:
        raise plain(
            f"no exact best move within {seconds:g} s (a fight too large)",
            f"sin cálculo exacto de la mejor opción en {seconds:g} s (un combate demasiado grande)",
        ) from None
    return _ranked(process, s, current, side, stop)


def _ranked(
    process: _Process, s: System, actor: str, side: str, stop: Callable[[], bool] | None = None
) -> BestMove:
    value, _chosen = solve(process.options, 0, process.default, stop)

    def worth(j: int) -> Fraction:
        v = value[j]
        assert v is not None
        return v

    restricted = [[opts[d]] for opts, d in zip(process.options, process.default, strict=True)]
    policy_value = solve(restricted, 0, None, stop)[0][0]
    assert policy_value is not None
    names = process.c.names
    moves = []
    for k, (opt, pick) in enumerate(zip(process.options[0], process.picks[0], strict=True)):
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
                option_value(opt, worth),
                k == process.default[0],
            )
        )
    default = moves[process.default[0]]
    ranked = sorted(moves, key=lambda m: -m.value)  # stable: ties keep the system's order
    return BestMove(s.id, actor, side, tuple(ranked), default, policy_value, len(process.nodes))
