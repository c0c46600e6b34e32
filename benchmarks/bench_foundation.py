"""`import rolkit` time (target ≤ 100 ms) and odds at default forms for every system
(target ≤ 5 ms), measured in fresh interpreters / the current one."""

from __future__ import annotations

import functools
import statistics
import subprocess
import sys

import rolkit
from benchmarks.timing import median_seconds

IMPORT_PROBE = "import time; t = time.perf_counter(); import rolkit; print(time.perf_counter() - t)"
BASELINE_PROBE = (
    "import time; t = time.perf_counter(); import fractions, dataclasses, random; "
    "print(time.perf_counter() - t)"
)


def _cold_import(code: str, runs: int = 7) -> float:
    samples = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        )
        samples.append(float(out.stdout.strip()))
    return statistics.median(samples)


def run() -> list[tuple[str, float, str]]:
    rows = []
    t_rolkit = _cold_import(IMPORT_PROBE)
    t_base = _cold_import(BASELINE_PROBE)
    rows.append(
        (
            "import rolkit (cold, fresh interpreter)",
            t_rolkit,
            f"target ≤ 100 ms; {t_rolkit / t_base:.1f}× the stdlib modules it needs "
            f"(fractions+dataclasses+random: {t_base * 1e3:.1f} ms)",
        )
    )
    for system_id in rolkit.systems.available():
        s = rolkit.get_system(system_id)
        forms = s.defaults()
        args = [forms[r] for r in ("attacker", "defender", "weapon", "modifiers")]
        t = median_seconds(functools.partial(s.odds, *args), repeat=25)
        rows.append((f"{system_id}: s.odds at default forms", t, "target ≤ 5 ms"))
        attacker, defender, weapon, modifiers = args
        resolve = functools.partial(s.resolve, attacker, defender, weapon, modifiers, seed=7)
        t = median_seconds(resolve, repeat=25)
        rows.append((f"{system_id}: s.resolve at default forms", t, "one seeded roll"))
    return rows
