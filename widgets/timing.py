"""Debounce: a burst of widget changes (a slider dragged, a number typed) recomputes once.

Inside a running kernel the call waits ``delay`` seconds on the kernel's event loop and
any newer call replaces it; without a running loop (plain pytest) it runs at once, so
tests read the result immediately.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

__all__ = ["Debounced", "DELAY"]

#: seconds of quiet before a recompute: short enough that the odds feel live.
DELAY = 0.03


class Debounced:
    """``Debounced(fn)()`` calls ``fn()`` once the calls stop for ``delay`` seconds."""

    def __init__(self, fn: Callable[[], Any], delay: float = DELAY):
        self.fn, self.delay = fn, delay
        self._handle: asyncio.TimerHandle | None = None

    def __call__(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.fn()
            return
        if self._handle is not None:
            self._handle.cancel()
        self._handle = loop.call_later(self.delay, self._fire)

    def _fire(self) -> None:
        self._handle = None
        self.fn()
