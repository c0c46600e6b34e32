"""Run every `benchmarks/bench_*.py` module and print its figures (medians)."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import traceback
from pathlib import Path

from benchmarks.timing import fmt_value


def main(selected: list[str]) -> int:
    names = sorted(
        m.name
        for m in pkgutil.iter_modules([str(Path(__file__).parent)])
        if m.name.startswith("bench_")
    )
    if selected:
        names = [n for n in names if any(s in n for s in selected)]
    failed = 0
    for name in names:
        print(f"\n== {name} ==", flush=True)
        try:
            rows = importlib.import_module(f"benchmarks.{name}").run()
        except Exception:  # noqa: BLE001 - report and go on with the other benchmarks
            traceback.print_exc()
            failed += 1
            continue
        for label, seconds, note in rows:
            print(f"  {label:<58} {fmt_value(seconds)}   {note}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
