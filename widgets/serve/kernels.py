"""Kernels bounded and freed: a cap on live sessions and culling of abandoned page loads.

:class:`BoundedKernelManager` is ``VoilaConfiguration.multi_kernel_manager_class``; Voilà
wraps it with its preheated pool. On top of jupyter_server's culler
(``cull_idle_timeout``, ``cull_connected``) it

* counts sessions (kernels handed to a page, the pool excluded) so the page handler can
  answer "ocupado / busy" past :attr:`max_sessions` instead of starting one more kernel;
* shuts down a kernel whose page was served (:meth:`page_served`, called by the page
  handler when the GET ends) but never opened a websocket within
  :attr:`abandoned_timeout` seconds: a plain GET, a crawler or a tab closed while loading
  does not hold ~100 MiB for the idle-cull time. The clock starts when the page is
  served, not when the kernel was started: a preheated kernel may wait in the pool for
  hours, and a kernel started by a GET may take long to run the notebook on a loaded
  machine; timed from their start, both were shut down under a page still loading;
* shuts down a kernel whose last websocket closed :attr:`disconnected_timeout` seconds ago
  (the tab is gone even if its unload beacon was lost);
* never idle-culls a kernel waiting in the pool or handed to a page that has not
  connected yet (jupyter_server's culler would: "idle" since it was preheated); the
  abandoned sweep is what frees those. A first connection counts as activity, so a
  page's idle time starts when it connects;
* counts each client's sessions (:meth:`claim_session`, :meth:`settle_claim`): past
  :attr:`widgets.serve.limits.ServeLimits.sessions_per_client` the page handler answers
  "busy" to that client only, so one client cannot hold the whole cap;
* starts kernels with ``JUPYTER_WIDGETS_ECHO=0`` (:data:`ECHO_ENV`): no widget update
  reaches the page unvalidated;
* closes a shut-down kernel's websockets (jupyter_server leaves them open), so the page
  learns that its session ended and shows its notice (:data:`widgets.serve.pages.IDLE_NOTICE_SCRIPT`).
"""

from __future__ import annotations

import os
import time
import uuid
from datetime import UTC, datetime
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.ioloop import PeriodicCallback
from traitlets import Float, Int

from .limits import limits_of

__all__ = ["BoundedKernelManager"]

GOING_AWAY = 1001  # websocket close code: the session ended on the server
#: ipywidgets 8 sends a browser's widget update back to every front end ("echo_update")
#: *before* validating it, so one client of a kernel could make its page show any value
#: (a NaN, an object, arbitrary HTML in an HTML widget). Off in every kernel started here
#: (an operator can set it to "1" in the server's environment): one page per kernel has no
#: other view to keep in step.
ECHO_ENV = "JUPYTER_WIDGETS_ECHO"


class BoundedKernelManager(AsyncMappingKernelManager):
    """A mapping kernel manager with a session cap and an abandoned-kernel sweep."""

    max_sessions = Int(
        8,
        config=True,
        help="Most kernels in use by pages at once (the preheated pool is not counted); "
        "past it a new page gets the 'busy, try again' answer (HTTP 503).",
    )
    abandoned_timeout = Float(
        45.0,
        config=True,
        help="Seconds a kernel handed to a page may wait for its first websocket "
        "before it is shut down (0 disables).",
    )
    disconnected_timeout = Float(
        30.0,
        config=True,
        help="Seconds a kernel whose every websocket closed may wait for a reconnection "
        "(a reload, a network blip) before it is shut down: the fallback when a closed "
        "tab's unload beacon never arrives (0 disables).",
    )
    sweep_interval = Float(10.0, config=True, help="Seconds between abandoned-kernel sweeps.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._ever_connected: set[str] = set()
        self._served_at: dict[str, float] = {}
        self._preheated: set[str] = set()
        self._disconnected_since: dict[str, float] = {}
        self._pool_starting: set[str] = set()
        self._sweeper: PeriodicCallback | None = None
        self._owners: dict[str, str] = {}  # kernel id -> the client its page was served to
        self._claims: dict[object, str] = {}  # pages being served -> their client

    # -- bookkeeping -------------------------------------------------------------------
    def pooled_kernel_ids(self) -> set[str]:
        """Kernels waiting in Voilà's preheated pool (not yet handed to a page)."""
        ids: set[str] = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    kernel_id = task.result().get("kernel_id")
                    if kernel_id:
                        ids.add(kernel_id)
        return ids

    def sessions_in_use(self) -> int:
        """Live kernels minus the pool (ready, or still starting for it): what
        :attr:`max_sessions` bounds."""
        pooled = self.pooled_kernel_ids() | self._pool_starting
        return sum(1 for k in self.list_kernel_ids() if k not in pooled)

    def at_capacity(self) -> bool:
        return self.max_sessions > 0 and self.sessions_in_use() >= self.max_sessions

    def sessions_of(self, key: str) -> int:
        """Sessions held by client ``key``: live kernels served to it, and pages being
        served to it."""
        live = set(self.list_kernel_ids())
        owned = sum(1 for k, owner in self._owners.items() if owner == key and k in live)
        return owned + sum(1 for owner in self._claims.values() if owner == key)

    def claim_session(self, key: str) -> object | None:
        """A place for one more page of client ``key`` (hand it to :meth:`settle_claim`
        when the page is served), or None past its share
        (:attr:`~widgets.serve.limits.ServeLimits.sessions_per_client`)."""
        cap = limits_of(self.config).sessions_per_client
        if cap > 0 and self.sessions_of(key) >= cap:
            return None
        claim = object()
        self._claims[claim] = key
        return claim

    def settle_claim(self, claim: object, kernel_id: str | None) -> None:
        """The page of ``claim`` was served with ``kernel_id`` (None: no kernel)."""
        key = self._claims.pop(claim, None)
        if key is not None and kernel_id is not None and kernel_id in self._kernels:
            self._owners[kernel_id] = key

    def page_served(self, kernel_id: str, now: float | None = None) -> None:
        """The page of ``kernel_id`` was sent (or its GET ended): the time it has to
        connect (:attr:`abandoned_timeout`) starts now."""
        if kernel_id in self._kernels and kernel_id not in self._ever_connected:
            self._served_at.setdefault(kernel_id, time.monotonic() if now is None else now)

    def _awaiting_page(self, kernel_id: str) -> bool:
        """In the pool (starting, pre-rendering or ready) or served but not yet connected."""
        if kernel_id in self._ever_connected:
            return False
        return kernel_id in self._served_at or kernel_id in self._preheated

    def notify_connect(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is not None and kernel_id not in self._ever_connected:
            kernel.last_activity = datetime.now(UTC)  # idle since its page connected, not preheated
        self._ever_connected.add(kernel_id)
        self._served_at.pop(kernel_id, None)
        self._preheated.discard(kernel_id)
        self._disconnected_since.pop(kernel_id, None)
        super().notify_connect(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id, 1) <= 0:
            self._disconnected_since[kernel_id] = time.monotonic()

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]  # jupyter_server's signature, widened
        # Voilà starts pool kernels with VOILA_PREHEAT=True in their environment: name the
        # kernel first so it is not counted as a session while it starts.
        kernel_id = kwargs.pop("kernel_id", None) or str(uuid.uuid4())
        env = dict(kwargs.get("env") or os.environ)
        env.setdefault(ECHO_ENV, "0")  # see the module docstring: no unvalidated echoes
        kwargs["env"] = env
        for_pool = env.get("VOILA_PREHEAT") == "True"
        if for_pool:
            self._pool_starting.add(kernel_id)
            self._preheated.add(kernel_id)
        try:
            kernel_id = await super().start_kernel(*args, kernel_id=kernel_id, **kwargs)
        finally:
            self._pool_starting.discard(kernel_id)
        self._start_sweeper()
        return kernel_id

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]  # jupyter_server's signature, widened
        self._forget(kernel_id)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)
        self._close_websockets(kernel_id)

    def _forget(self, kernel_id: str) -> None:
        self._owners.pop(kernel_id, None)
        self._ever_connected.discard(kernel_id)
        self._served_at.pop(kernel_id, None)
        self._preheated.discard(kernel_id)
        self._disconnected_since.pop(kernel_id, None)

    def _close_websockets(self, kernel_id: str) -> None:
        """Close the page websockets of a kernel that was shut down (culled, its tab's
        beacon, the sweep): jupyter_server leaves them open, so the page could not tell that
        its session ended (its idle notice listens for the close)."""
        for connection in list(ZMQChannelsWebsocketConnection._open_sockets):
            if getattr(connection, "kernel_id", None) != kernel_id:
                continue
            try:
                connection.websocket_handler.close(GOING_AWAY, "kernel shut down")
            except Exception:  # already closed
                self.log.debug("kernel %s: websocket already closed", kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        dead = getattr(kernel, "execution_state", None) == "dead"
        if not dead and self._awaiting_page(kernel_id):
            return  # not idle: no visitor has had it yet (see the module docstring)
        await super().cull_kernel_if_idle(kernel_id)

    # -- the sweep ---------------------------------------------------------------------
    def _start_sweeper(self) -> None:
        if self._sweeper is None and (self.abandoned_timeout > 0 or self.disconnected_timeout > 0):
            self._sweeper = PeriodicCallback(self.sweep_abandoned, 1000 * self.sweep_interval)
            self._sweeper.start()

    async def sweep_abandoned(self, now: float | None = None) -> list[str]:
        """Shut down kernels whose page was served but never connected in time, or whose
        last websocket closed more than :attr:`disconnected_timeout` ago; their ids."""
        now = time.monotonic() if now is None else now
        live = set(self.list_kernel_ids())
        for gone in (set(self._served_at) | set(self._disconnected_since)) - live:
            self._forget(gone)
        self._preheated &= live
        for gone in set(self._owners) - live:
            self._owners.pop(gone, None)
        culled = []
        for kernel_id, since in self._served_at.items():
            if (
                self.abandoned_timeout > 0
                and now - since >= self.abandoned_timeout
                and not self._kernel_connections.get(kernel_id, 0)
            ):
                self.log.info("kernel %s: page never connected; shutting it down", kernel_id)
                culled.append(kernel_id)
        for kernel_id, since in self._disconnected_since.items():
            if (
                self.disconnected_timeout > 0
                and now - since >= self.disconnected_timeout
                and self._kernel_connections.get(kernel_id, 0) <= 0
            ):
                self.log.info("kernel %s: every tab closed; shutting it down", kernel_id)
                culled.append(kernel_id)
        for kernel_id in culled:
            try:
                await self.shutdown_kernel(kernel_id)
            except Exception:  # already gone
                self.log.warning("kernel %s: could not shut down", kernel_id)
        return culled
