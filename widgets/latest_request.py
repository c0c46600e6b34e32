"""«The latest request wins»: the one background worker of a Combate block (#26, #27).

:class:`LatestRequest` is shared by the victory block (:mod:`widgets.fight_victory`) and
the best-move line (:mod:`widgets.fight_best`). Its contract:

* at most one worker thread (``thread``) and at most one pending request: a new request,
  or a clear, replaces the pending one and numbers a new *generation*;
* a result is shown only while its request is the newest (:meth:`~LatestRequest._publish`
  paints under the lock, and only then), so the screen never shows an earlier state;
* a superseded request is stopped if it can be: its solver's ``stop()`` may read
  :meth:`~LatestRequest._superseded`;
* an exception the compute step lets escape is logged and the worker goes on with the
  next request (the widgets catch their own and show them plainly).

Each widget keeps its own compute step (:meth:`~LatestRequest._handle`), its cache and
its «calculando…» text.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

__all__ = ["LatestRequest", "join_worker"]

log = logging.getLogger("rolkit.dashboard")


class Stamped(Protocol):
    """A request numbered with its generation (the widgets' NamedTuples)."""

    @property
    def gen(self) -> int: ...


R = TypeVar("R", bound=Stamped)


def join_worker(owner: Any, timeout: float = 120) -> None:
    """Wait for ``owner.thread`` (a block's background worker) to end: one being started
    (assigned, not yet running) is waited for once it runs."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        worker = owner.thread
        if worker is None:
            return
        if worker.ident is None:  # assigned, not started yet
            time.sleep(0.01)
            continue
        worker.join(max(0.0, deadline - time.monotonic()))
        return


class LatestRequest(Generic[R]):
    """The lock, the generation, the one pending request and the one worker thread.

    A subclass stamps its request with :meth:`_next_gen` (under ``_lock``), hands it to
    :meth:`_submit` when it must be computed, and computes it in :meth:`_handle`, which
    runs on the worker without the lock and shows its result through :meth:`_publish`.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._gen = 0
        self._pending: R | None = None
        #: the one background worker, ``None`` when idle
        self.thread: threading.Thread | None = None

    @property
    def generation(self) -> int:
        """The newest request's generation."""
        return self._gen

    def _next_gen(self) -> int:
        """Under the lock: every earlier request is superseded (the pending one dropped);
        the new generation, for the request (or clear) being made."""
        self._gen += 1
        self._pending = None
        return self._gen

    def _submit(self, request: R) -> None:
        """Under the lock: ``request`` (stamped with the newest generation) is the one
        pending; the worker is started when none runs."""
        self._pending = request
        if self.thread is None:
            self.thread = threading.Thread(target=self._work, daemon=True)
            self.thread.start()

    def _superseded(self, request: R) -> bool:
        """A newer request (or a clear) came: ``request``'s work is wasted (a stop flag)."""
        return request.gen != self._gen

    def _requeue(self, request: R) -> None:
        """``request`` was stopped yet is still the newest, nothing pending: ask it again."""
        with self._lock:
            if not self._superseded(request) and self._pending is None:
                self._pending = request

    def _publish(self, request: R, paint: Callable[[], object]) -> bool:
        """Show ``request``'s result: ``paint()`` runs under the lock, only while
        ``request`` is the newest; whether it ran."""
        with self._lock:
            if self._superseded(request):
                return False
            paint()
            return True

    def _handle(self, request: R) -> None:
        """Compute ``request`` on the worker (without the lock) and :meth:`_publish` it."""
        raise NotImplementedError

    def _work(self) -> None:
        while True:
            with self._lock:
                request = self._pending
                if request is None:
                    self.thread = None
                    return
                self._pending = None
            try:
                self._handle(request)
            except Exception:  # noqa: BLE001 - one failure must not stop the later requests
                log.exception("background request failed")
