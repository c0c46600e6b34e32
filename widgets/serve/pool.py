"""The preheated pool refilled one kernel at a time, after a burst of visitors is served.

Voilà (0.5.13) refills its pool by starting every missing kernel at once, ``fill_delay``
seconds after each one is taken: ten visitors at once start ten kernels, each running the
notebook, all together — on 2 cores they take the CPU in the middle of the burst and the
pages still loading starve (measured: no page ready within 120 s). :class:`SerialPoolRefill`
replaces that refill:

* ONE kernel is started at a time; the next starts only when it has finished pre-rendering
  the notebook (:meth:`SerialPoolRefill.prerendered`: its notebook waits for the visitor's
  request on ``/voila/query/<id>``, or ran to the end), or after :attr:`refill_timeout`;
* no refill kernel starts while pages are still being handed out: it waits until no kernel
  was taken from the pool for :attr:`refill_quiet` seconds and no page that got a kernel is
  still connecting (its kernel socket not yet open), at most :attr:`refill_patience` seconds
  after the last take (an abandoned page does not stop the refill for ever);
* the start-up fill goes the same way (one at a time), so the first kernel is ready sooner;
* ``VoilaKernelManager.fill_delay`` is not used.

:func:`serial_refill_factory` is ``voila.app.voila_kernel_manager_factory`` with this mixin in
front of Voilà's pooled class (:class:`widgets.serve.app.RolkitVoila` uses it); with
``preheat_kernel`` off it returns Voilà's class unchanged.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from typing import Any

from traitlets import Float
from traitlets.config import LoggingConfigurable
from voila.request_info_handler import RequestInfoSocketHandler
from voila.utils import ENV_VARIABLE
from voila.voila_kernel_manager import voila_kernel_manager_factory

__all__ = ["SerialPoolRefill", "serial_refill_factory"]


class SerialPoolRefill(LoggingConfigurable):
    """Mixin for Voilà's ``VoilaKernelManager``: see the module docstring."""

    refill_quiet = Float(
        5.0,
        config=True,
        help="Seconds without a page taking a pooled kernel before a refill kernel starts.",
    )
    refill_patience = Float(
        60.0,
        config=True,
        help="Most seconds after the last take that a refill waits for pages still "
        "connecting (a page that never connects does not hold the refill back longer).",
    )
    refill_timeout = Float(
        180.0,
        config=True,
        help="Most seconds one refill kernel may take to pre-render the notebook before "
        "the next one starts.",
    )
    refill_poll = Float(0.25, config=True, help="Seconds between the refill's checks.")

    # set before Voilà's __init__ runs its start-up fill (which calls fill_if_needed)
    _refillers: dict[str, asyncio.Task[None]]
    _refill_args: dict[str, tuple[dict[str, str], dict[str, Any]]]
    _handed_out: set[str]
    _last_take: float
    refills_started: int
    refills_running: int

    def __init__(self, **kwargs: Any) -> None:
        self._refillers = {}
        self._refill_args = {}
        self._handed_out = set()
        self._last_take = float("-inf")
        self.refills_started = 0  # kernels the refill started (start-up fill included)
        self.refills_running = 0  # at most one, by design: the tests check it
        super().__init__(**kwargs)

    # -- Voilà's entry points ----------------------------------------------------------
    def fill_if_needed(
        self,
        delay: float | None = None,
        notebook_name: str | None = None,
        extra_kernel_env_variables: dict[str, str] | None = None,
        **kwargs: Any,
    ) -> None:
        """Make sure the pool of ``notebook_name`` is being refilled (one kernel at a time);
        ``delay`` is ignored (see :attr:`refill_quiet`)."""
        key = notebook_name or ""
        self._refill_args[key] = (dict(extra_kernel_env_variables or {}), kwargs)
        self._pools.setdefault(notebook_name, [])  # type: ignore[attr-defined]  # Voilà's pool manager, mixed in at run time
        if key not in self._refillers:
            self._refillers[key] = _loop().create_task(self._refill(notebook_name))

    async def get_rendered_notebook(self, notebook_name: str, *args: Any, **kwargs: Any) -> Any:
        self._last_take = time.monotonic()
        render_task, rendered_cache, kernel_id = await super().get_rendered_notebook(  # type: ignore[misc]  # Voilà's pool manager, mixed in at run time
            notebook_name, *args, **kwargs
        )
        self._handed_out.add(kernel_id)
        self._last_take = time.monotonic()
        return render_task, rendered_cache, kernel_id

    def notify_connect(self, kernel_id: str) -> None:
        self._handed_out.discard(kernel_id)
        super().notify_connect(kernel_id)  # type: ignore[misc]  # Voilà's pool manager, mixed in at run time

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        self._handed_out.discard(kernel_id)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[misc]  # Voilà's pool manager, mixed in at run time

    async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:
        for task in list(self._refillers.values()):
            task.cancel()
        self._refillers.clear()
        await super().shutdown_all(*args, **kwargs)  # type: ignore[misc]  # Voilà's pool manager, mixed in at run time

    # -- the refill --------------------------------------------------------------------
    def _pool_setting(self, notebook_name: str | None, name: str, fallback: Any) -> Any:
        """``name`` in Voilà's ``kernel_pools_config`` for ``notebook_name`` (else default)."""
        config: dict[str, Any] = self.kernel_pools_config  # type: ignore[attr-defined]  # Voilà's pool manager, mixed in at run time
        default: dict[str, Any] = config.get("default", {})
        mine: dict[str, Any] = config.get(notebook_name or "", default)
        return mine.get(name, default.get(name, fallback))

    def pool_target(self, notebook_name: str | None) -> int:
        """The configured pool size of ``notebook_name``."""
        return int(self._pool_setting(notebook_name, "pool_size", 1))

    def pages_connecting(self) -> set[str]:
        """Kernels handed to a page whose kernel socket has not opened yet."""
        live = set(self.list_kernel_ids())  # type: ignore[attr-defined]  # Voilà's pool manager, mixed in at run time
        self._handed_out &= live
        served: dict[str, float] = getattr(self, "_served_at", {})  # BoundedKernelManager's
        return self._handed_out | (set(served) & live)

    def quiet(self, now: float | None = None) -> bool:
        """True when a refill kernel may start now (see the module docstring)."""
        now = time.monotonic() if now is None else now
        since = now - self._last_take
        if since < self.refill_quiet:
            return False
        return since >= self.refill_patience or not self.pages_connecting()

    def prerendered(self, item: asyncio.Task[Any]) -> bool:
        """The pool kernel of ``item`` is done with the notebook's work before the visitor:
        its notebook waits for the request (``/voila/query/<id>`` open), or ran to the end;
        a kernel that failed to start is done too."""
        if not item.done():
            return False
        if item.cancelled() or item.exception() is not None:
            return True
        content = item.result()
        return content["kernel_id"] in RequestInfoSocketHandler._waiters or content["task"].done()

    async def _refill(self, notebook_name: str | None) -> None:
        key = notebook_name or ""
        try:
            pool: list[asyncio.Task[Any]] = self._pools[notebook_name]  # type: ignore[attr-defined]  # Voilà's pool manager, mixed in at run time
            while len(pool) < self.pool_target(notebook_name):
                while not self.quiet():
                    await asyncio.sleep(self.refill_poll)
                if len(pool) >= self.pool_target(notebook_name):
                    break
                item = self._start_one(notebook_name)
                pool.append(item)
                self.refills_running += 1
                try:
                    end = time.monotonic() + self.refill_timeout
                    while not self.prerendered(item) and time.monotonic() < end:
                        await asyncio.sleep(self.refill_poll)
                finally:
                    self.refills_running -= 1
                if item.done() and not item.cancelled() and item.exception() is not None:
                    self.log.warning("a pool kernel for %s failed to start", notebook_name)
                    if item in pool:
                        pool.remove(item)
                    await asyncio.sleep(max(self.refill_quiet, 1.0))
            # no await from the last check to here: a take now finds no refiller, starts one
            self.log.info(
                "Kernel pool of %s is filled with %s kernel(s)",
                notebook_name,
                self.pool_target(notebook_name),
            )
        finally:
            self._refillers.pop(key, None)

    def _start_one(self, notebook_name: str | None) -> asyncio.Task[Any]:
        """Start one pool kernel and its pre-rendering, with the environment Voilà gives a
        pool kernel (``VoilaKernelManager.fill_if_needed``)."""
        extra, kwargs = self._refill_args.get(notebook_name or "", ({}, {}))
        kwargs = dict(kwargs)
        pool_env: dict[str, str] = self._pool_setting(notebook_name, "kernel_env_variables", {})
        if "path" not in kwargs:
            root = self.root_dir  # type: ignore[attr-defined]  # Voilà's pool manager, mixed in at run time
            kwargs["path"] = os.path.dirname(notebook_name) if notebook_name is not None else root
        env = os.environ.copy()
        env.update(kwargs.get("env", {}))
        for name, value in pool_env.items():
            env.setdefault(name, value)
        env.update(extra)
        parent = self.parent
        env[ENV_VARIABLE.VOILA_BASE_URL] = parent.base_url  # type: ignore[union-attr]  # Voilà's pool manager, mixed in at run time
        env[ENV_VARIABLE.VOILA_SERVER_URL] = parent.server_url  # type: ignore[union-attr]  # Voilà's pool manager, mixed in at run time
        env[ENV_VARIABLE.VOILA_APP_PORT] = str(parent.port)  # type: ignore[union-attr]  # Voilà's pool manager, mixed in at run time
        env[ENV_VARIABLE.VOILA_PREHEAT] = "True"
        kwargs["env"] = env
        self.refills_started += 1
        initialize = self._initialize  # type: ignore[attr-defined]  # Voilà's pool manager, mixed in at run time
        return _loop().create_task(initialize(notebook_name, None, **kwargs))


def _loop() -> asyncio.AbstractEventLoop:
    try:
        return asyncio.get_event_loop()
    except RuntimeError:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        return loop


def serial_refill_factory(
    base_class: type,
    preheat_kernel: bool,
    default_pool_size: int,
    page_config_hook: Callable[..., Any] | None = None,
) -> type:
    """Voilà's ``voila_kernel_manager_factory``, the pooled class with
    :class:`SerialPoolRefill` in front."""
    voila_class = voila_kernel_manager_factory(
        base_class, preheat_kernel, default_pool_size, page_config_hook=page_config_hook
    )
    if not preheat_kernel:
        return voila_class
    return type("VoilaKernelManager", (SerialPoolRefill, voila_class), {"__module__": __name__})
