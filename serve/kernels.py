"""Kernels bounded and freed: a cap on live sessions and culling of abandoned page loads.

:class:`BoundedKernelManager` is ``VoilaConfiguration.multi_kernel_manager_class``; Voilà
wraps it with its preheated pool. On top of jupyter_server's culler
(``cull_idle_timeout``, ``cull_connected``) it

* counts sessions (kernels handed to a page, the pool excluded) so the page handler can
  answer "ocupado / busy" past :attr:`max_sessions` instead of starting one more kernel;
* shuts down a kernel that left the pool (or was started for a GET) but never got a
  websocket within :attr:`abandoned_timeout` seconds: a plain GET, a crawler or a tab closed
  while loading does not hold ~100 MiB for the idle-cull time;
* shuts down a kernel whose last websocket closed :attr:`disconnected_timeout` seconds ago
  (the tab is gone even if its unload beacon was lost).
"""

from __future__ import annotations

import time
import uuid
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.ioloop import PeriodicCallback
from traitlets import Float, Int

__all__ = ["BoundedKernelManager"]


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
        self._unconnected_since: dict[str, float] = {}
        self._disconnected_since: dict[str, float] = {}
        self._pool_starting: set[str] = set()
        self._sweeper: PeriodicCallback | None = None

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

    def notify_connect(self, kernel_id: str) -> None:
        self._ever_connected.add(kernel_id)
        self._unconnected_since.pop(kernel_id, None)
        self._disconnected_since.pop(kernel_id, None)
        super().notify_connect(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id, 1) <= 0:
            self._disconnected_since[kernel_id] = time.monotonic()

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        # Voilà starts pool kernels with VOILA_PREHEAT=True in their environment: name the
        # kernel first so it is not counted as a session while it starts.
        kernel_id = kwargs.pop("kernel_id", None) or str(uuid.uuid4())
        for_pool = (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "True"
        if for_pool:
            self._pool_starting.add(kernel_id)
        try:
            kernel_id = await super().start_kernel(*args, kernel_id=kernel_id, **kwargs)
        finally:
            self._pool_starting.discard(kernel_id)
        self._start_sweeper()
        return kernel_id

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        self._ever_connected.discard(kernel_id)
        self._unconnected_since.pop(kernel_id, None)
        self._disconnected_since.pop(kernel_id, None)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)

    # -- the sweep ---------------------------------------------------------------------
    def _start_sweeper(self) -> None:
        if self._sweeper is None and (self.abandoned_timeout > 0 or self.disconnected_timeout > 0):
            self._sweeper = PeriodicCallback(self.sweep_abandoned, 1000 * self.sweep_interval)
            self._sweeper.start()

    async def sweep_abandoned(self, now: float | None = None) -> list[str]:
        """Shut down kernels out of the pool that never connected in time, or whose last
        websocket closed more than :attr:`disconnected_timeout` ago; their ids."""
        now = time.monotonic() if now is None else now
        pooled = self.pooled_kernel_ids()
        live = set(self.list_kernel_ids())
        for gone in set(self._unconnected_since) - live:
            del self._unconnected_since[gone]
        culled = []
        for gone in set(self._disconnected_since) - live:
            del self._disconnected_since[gone]
        for kernel_id in live - pooled - self._ever_connected:
            since = self._unconnected_since.setdefault(kernel_id, now)
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
