"""The Combate tab's «mejor opción» line (#27, item 4): never stale.

Every change of the fight on screen asks :meth:`BestLine.show` for the state's line: the
best move of the combatant to act, with its gain over the default choice
(:func:`rolkit.best_move`). A request numbers a *generation*; a line already known is
shown at once, others are solved by one background worker that shows its answer only if
its request is still the newest — so the line never shows an earlier state's move, and
says «calculando…» while it works. A fight too large to solve exactly within the panel's
budget gets the bounded answer: «victoria entre 55,1 % y 57,3 %», or the moves that cannot
be told apart; a state it cannot answer says why (the refusal's own words); before
initiative, or once the fight is over, the line is empty.
"""

from __future__ import annotations

import html
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import NamedTuple

import ipywidgets as ipw

from rolkit import i18n
from rolkit.errors import RulesError
from rolkit.fight import FightSpec
from rolkit.fight.best_move import BestMove
from rolkit.fight.mdp import Stopped
from rolkit.system import System
from widgets.latest_request import LatestRequest, join_worker

__all__ = ["BestLine", "BestRequest", "CACHE_MAX"]

log = logging.getLogger("rolkit.dashboard")

#: states whose best move is kept (a roll, undo and redo do not solve it again)
CACHE_MAX = 64

i18n.register_pairs(
    "gm.fight.best",
    {
        "busy": ("mejor opción: calculando…", "best option: calculating…"),
    },
)

#: ``(spec, taken, system, stop) -> BestMove``; raises RulesError when it cannot answer,
#: :class:`~rolkit.fight.mdp.Stopped` when ``stop()`` turns true
Solver = Callable[[FightSpec, tuple[str, ...], System, Callable[[], bool]], BestMove]
#: what is kept per state: the best move, or the refusal's ``(es, en)`` message
_Known = BestMove | tuple[str, str]


class BestRequest(NamedTuple):
    """The state asked for: its spec and the actions taken this turn, in ``lang``."""

    spec: FightSpec
    taken: tuple[str, ...]
    system: System
    lang: str
    gen: int = 0


class BestLine(LatestRequest[BestRequest]):
    """The line's widget, its cache and its one background worker (the newest request wins:
    :class:`~widgets.latest_request.LatestRequest`).

    Args:
        solve: ``(spec, taken, system, stop) -> BestMove`` (the panel's bounded best_move).
        before: called by the worker before it solves (the panel waits for its victory
            odds: the two share the interpreter, the odds come first); a request
            superseded meanwhile is dropped unsolved.
        busy: while it is true (the victory odds are being solved) the solve stops and
            starts again after ``before``; a superseded request stops too.
    """

    def __init__(
        self,
        solve: Solver,
        before: Callable[[], object] | None = None,
        busy: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__()
        self._solve = solve
        self._before = before
        self._busy = busy
        self.widget = ipw.HTML()
        self.widget.add_class("rolkit-fight-best")
        #: the best move on screen (``None`` while computing, or when there is none)
        self.best: BestMove | None = None
        self._cache: OrderedDict[tuple[FightSpec, tuple[str, ...]], _Known] = OrderedDict()

    def clear(self) -> None:
        """Nothing to ask (before initiative, a fight over, one side)."""
        with self._lock:
            self._next_gen()
            self.best = None
            self.widget.value = ""

    def show(self, request: BestRequest) -> None:
        """Show ``request``'s line: at once when known, else «calculando…» until solved."""
        with self._lock:
            request = request._replace(gen=self._next_gen())
            known = self._cache.get((request.spec, request.taken))
            if known is not None:
                self._render(request, known)
                return
            self.best = None
            busy = html.escape(i18n.t("gm.fight.best.busy", request.lang))
            self.widget.value = f"<p class='rolkit-best-busy'><i>{busy}</i></p>"
            self._submit(request)

    def wait(self, timeout: float = 120) -> BestMove | None:
        """Wait for the worker (tests, notebooks); the best move on screen then."""
        join_worker(self, timeout)
        return self.best

    def _handle(self, request: BestRequest) -> None:
        """The worker's step: the cached line, else wait ``before`` and solve."""
        key = (request.spec, request.taken)
        with self._lock:
            known = self._cache.get(key)
        if known is None and self._before is not None:
            self._before()
            if self._superseded(request):  # superseded while the odds were solved
                return
        keep = known is None
        if known is None:
            try:
                known = self._solve(
                    request.spec, request.taken, request.system, self._stopper(request)
                )
            except Stopped:  # still wanted: again, once the odds are solved
                self._requeue(request)
                return
            except RulesError as err:  # too large, or no move: said plainly
                known = (err.message("es"), err.message("en"))
            except Exception:  # noqa: BLE001 - a background failure must reach the GM plainly
                log.exception("best move failed")
                known = (i18n.t("error.bug", "es"), i18n.t("error.bug", "en"))
                keep = False
        if keep:
            with self._lock:
                self._cache[key] = known
                while len(self._cache) > CACHE_MAX:
                    self._cache.popitem(last=False)
        found = known
        self._publish(request, lambda: self._render(request, found))

    def _stopper(self, request: BestRequest) -> Callable[[], bool]:
        """Stop when ``request`` is superseded or the victory odds are being solved."""
        busy = self._busy
        return lambda: self._superseded(request) or (busy is not None and busy())

    def _render(self, r: BestRequest, known: _Known) -> None:
        """Under the lock: put the line (or why there is none) on screen."""
        if isinstance(known, BestMove):
            self.best = known
            line = html.escape(known.line(r.lang))
            self.widget.value = f"<p class='rolkit-best'><b>{line}</b></p>"
            return
        self.best = None
        why = html.escape(known[r.lang != "es"])
        self.widget.value = f"<p class='rolkit-best-none'><small>{why}</small></p>"
