"""Small timing helpers shared by the benchmark modules."""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable


def median_seconds(
    fn: Callable[[], object],
    repeat: int = 15,
    warmup: int = 1,
    setup: Callable[[], object] | None = None,
) -> float:
    """Median wall time of ``fn()`` over ``repeat`` runs, after ``warmup`` untimed runs;
    ``setup()`` (untimed) before each run, e.g. clearing caches for a cold start."""
    for _ in range(warmup):
        if setup is not None:
            setup()
        fn()
    samples = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def medians_side_by_side(
    fns: list[Callable[[], object]],
    repeat: int = 5,
    setups: list[Callable[[], object] | None] | None = None,
) -> list[float]:
    """The median CPU time of each of ``fns`` (this process's, ``time.process_time``), run
    in turn ``repeat`` times, ``setups[i]()`` untimed before each run of ``fns[i]``: for
    ratios of single-threaded code on a shared machine, where the wall time of a run mostly
    measures the other processes (interleaved, a change of load touches each alike)."""
    samples: list[list[float]] = [[] for _ in fns]
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            setup = setups[i] if setups is not None else None
            if setup is not None:
                setup()
            t0 = time.process_time()
            fn()
            samples[i].append(time.process_time() - t0)
    return [statistics.median(s) for s in samples]


def clear_icepool_caches() -> None:
    """Clear every lru_cache found on loaded icepool modules: a cold start for an icepool
    peer, as ``rolkit.clear_caches()`` gives rolkit's side."""
    for name, module in list(sys.modules.items()):
        if name == "icepool" or name.startswith("icepool."):
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


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
