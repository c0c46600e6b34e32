"""Small timing helpers shared by the benchmark modules."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_seconds(fn: Callable[[], object], repeat: int = 15, warmup: int = 1) -> float:
    """Median wall time of ``fn()`` over ``repeat`` runs, after ``warmup`` untimed runs."""
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


class Ratio(float):
    """A benchmark value that is a ratio (printed ``×1.23``), not a time."""


def fmt_value(value: float) -> str:
    """Seconds in a readable unit, or ``×r`` for a :class:`Ratio`; ``n/a`` for NaN."""
    if value != value:
        return "     n/a  "
    if isinstance(value, Ratio):
        return f"{'×' + format(value, '.2f' if value < 100 else ',.0f'):>9}  "
    return fmt_seconds(value)


def fmt_seconds(s: float) -> str:
    if s < 1e-3:
        return f"{s * 1e6:8.1f} µs"
    if s < 1:
        return f"{s * 1e3:8.2f} ms"
    return f"{s:8.2f} s "
