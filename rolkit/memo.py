"""Memoisation for the exact engines, and the one switch that clears it all.

``@memo`` is ``functools.lru_cache`` that also registers the cached function, so
:func:`clear_caches` (``rolkit.clear_caches()``) reaches every memo in the package —
benchmarks call it to time cold paths, tests to isolate runs. It also clears any other
``lru_cache``/``cache`` function it finds at module level in a loaded ``rolkit`` module,
so a cache someone forgot to register is not missed.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["memo", "clear_caches", "registered"]

F = TypeVar("F", bound=Callable[..., Any])
_REGISTERED: list[Any] = []


def memo(fn: F) -> F:
    """Cache ``fn`` (arguments must be hashable) and register it for :func:`clear_caches`."""
    cached = functools.lru_cache(maxsize=None)(fn)
    _REGISTERED.append(cached)
    return cached  # type: ignore[return-value]


def registered() -> tuple[Any, ...]:
    """The functions :func:`clear_caches` clears (registered ones and any found)."""
    found = list(_REGISTERED)
    for name, module in list(sys.modules.items()):
        if name != "rolkit" and not name.startswith("rolkit."):
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and value not in found:
                found.append(value)
    return tuple(found)


def clear_caches() -> int:
    """Clear every memo of the package; returns how many caches were cleared."""
    caches = registered()
    for fn in caches:
        fn.cache_clear()
    return len(caches)
