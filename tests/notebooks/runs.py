"""Each notebook executed once per test process and shared by the files that read it:
test_examples.py (every example), test_gm_reference.py and test_docs.py (which renders
the pages of a subset of them). A kernel run of a notebook costs seconds of CPU; these
files used to run the same four notebooks twice. ``make test`` hands the three files to one
xdist worker (tests/conftest.py, ``SHARED_FILES``), so the second reader finds the run.

A run is what ``make docs`` does (tools/render_docs.py): a fresh ``python3`` kernel with the
notebook's folder as its working directory, no widget state stored; an appended cell, then
removed, reports the kernel's ``sys.prefix`` and its CPU time (start-up included).
"""

from __future__ import annotations

import copy
import importlib.util
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import nbformat

ROOT = Path(__file__).resolve().parents[2]


def load_renderer() -> ModuleType:
    """tools/render_docs.py as a module (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location(
        "rolkit_render_docs", ROOT / "tools" / "render_docs.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


RENDER = load_renderer()

PROBE = (
    "import json, sys, time\nprint(json.dumps({'prefix': sys.prefix, 'cpu': time.process_time()}))"
)
CELL_TIMEOUT_S = 180  # per cell: a bound against a hung kernel, not a speed check


@dataclass(frozen=True)
class Run:
    """An executed notebook (probe removed), the wall and kernel CPU seconds, the kernel's
    ``sys.prefix``."""

    executed: nbformat.NotebookNode
    seconds: float
    cpu_seconds: float
    prefix: str

    def notebook(self) -> nbformat.NotebookNode:
        """A copy of the executed notebook: a reader may change it (the renderer replaces
        widget outputs) without another reader seeing that."""
        return copy.deepcopy(self.executed)


_RUNS: dict[Path, Run] = {}


def run(path: Path) -> Run:
    """``path`` executed in a fresh kernel, once per process; raises nbclient's
    ``CellExecutionError`` if a cell fails (and a later call runs it again)."""
    path = path.resolve()
    if path not in _RUNS:
        nb, seconds, text = RENDER.run_probed(path, PROBE, CELL_TIMEOUT_S)
        found = json.loads(text.strip().splitlines()[-1])
        _RUNS[path] = Run(nb, seconds, float(found["cpu"]), str(found["prefix"]))
    return _RUNS[path]


def for_renderer(path: Path) -> tuple[nbformat.NotebookNode, float, float]:
    """:func:`run` in the shape of ``render_docs.execute``: notebook, wall s, CPU s."""
    done = run(path)
    return done.notebook(), done.seconds, done.cpu_seconds
