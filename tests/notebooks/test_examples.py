"""Every teaching notebook in ``examples/`` executes cleanly with nbclient.

A notebook is a test: it runs top to bottom in a fresh ``python3`` kernel (this venv's
interpreter) with ``examples/`` as its working directory, and no cell may raise. An
appended cell proves the kernel is this venv's Python. Notebooks added later by anyone
are picked up with no change here. Each must run in under 30 s of its kernel's CPU time
(start-up included). Each is run once for this file and test_docs.py (runs.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest

from tests.notebooks import runs

pytestmark = pytest.mark.notebook

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))
MAX_SECONDS = 30


def outputs(nb: nbformat.NotebookNode) -> list[dict]:
    return [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]


def cell_text(cell: nbformat.NotebookNode, mime: str = "text/plain") -> str:
    parts = []
    for o in cell.outputs:
        if o.output_type == "stream":
            parts.append(o.text)
        elif mime in o.get("data", {}):
            parts.append(o["data"][mime])
    return "".join(parts)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_example_notebook_executes(path):
    done = runs.run(path)
    nb = done.notebook()
    assert not [o for o in outputs(nb) if o.output_type == "error"]
    assert done.prefix == sys.prefix, "the kernel must be this venv's python"
    for o in outputs(nb):
        assert "Traceback" not in o.get("text", ""), o.get("text")
    # The budget is the kernel's own CPU time (start-up included): wall-clock time on a shared
    # machine also counts the other jobs (it is recorded as the run's seconds).
    assert done.cpu_seconds < MAX_SECONDS, f"{path.name}: {done.cpu_seconds:.1f} s of CPU"


def test_the_index_notebook_is_among_the_examples():
    assert "index.ipynb" in {p.name for p in NOTEBOOKS}


MAGICS_NB = EXAMPLES / "ipython_magics.ipynb"


@pytest.mark.skipif(not MAGICS_NB.exists(), reason="no ipython_magics notebook")
def test_magics_notebook_shows_rolls_odds_and_plain_errors():
    nb = runs.run(MAGICS_NB).notebook()
    cells = {c.source.strip(): c for c in nb.cells if c.cell_type == "code"}
    roll = cells["%tirar 2d6+3 seed=5"]
    assert "semilla 5" in cell_text(roll, "text/html")
    odds = cells["%prob 1D8+1D4 >= 6"]
    assert "11/16" in cell_text(odds, "text/html")
    typo = cells["%tirar 2d"]
    assert [o.name for o in typo.outputs if o.output_type == "stream"] == ["stderr"]
    assert cell_text(typo).startswith("rolkit: ")
    htmls = [o for o in outputs(nb) if "text/html" in o.get("data", {})]
    assert len(htmls) >= 8
