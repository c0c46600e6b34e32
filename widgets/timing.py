"""Debounce: a burst of widget changes (a slider dragged, a number typed) recomputes once.

A change sent by the browser (the kernel is handling a ``comm_msg``) waits ``delay``
seconds on the kernel's event loop and any newer call replaces it. A change made by code
(a notebook cell, plain pytest, no running loop) runs at once, so the caller reads the
result on the next line.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from IPython import get_ipython

__all__ = ["Debounced", "DELAY", "from_browser"]

#: seconds of quiet before a recompute: short enough that the odds feel live.
DELAY = 0.01


class Debounced:
    """``Debounced(fn)()`` calls ``fn()`` once the calls stop for ``delay`` seconds."""

    def __init__(self, fn: Callable[[], Any], delay: float = DELAY):
        self.fn, self.delay = fn, delay
        self._handle: asyncio.TimerHandle | None = None

    def __call__(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or not from_browser():
            self.fn()
            return
        if self._handle is not None:
            self._handle.cancel()
        self._handle = loop.call_later(self.delay, self._fire)

    def _fire(self) -> None:
        self._handle = None
        self.fn()


def from_browser() -> bool:
    """Whether the kernel is handling a widget message from the browser right now."""
    try:
        kernel = getattr(get_ipython(), "kernel", None)
        parent = kernel.get_parent("shell") if kernel is not None else None
    except Exception:  # noqa: BLE001 - no kernel, an older one: code, not a browser
        return False
    if not parent:
        return False
    return bool(parent.get("header", {}).get("msg_type") == "comm_msg")
