"""notebooks/dashboard.ipynb executes with nbclient, and an appended driver cell proves the
widgets work: it changes a field, presses Tirar and replays the roll, for every system."""

import json
import os
import textwrap
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

import rolkit

pytestmark = pytest.mark.notebook

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
DASHBOARD = NOTEBOOKS / "dashboard.ipynb"

DRIVER = """
d = _  # the Dashboard the cell above displayed
assert d.system.id == {system!r}, d.system.id
assert d.lang == {lang!r} and d.message.value == "", (d.lang, d.message.value)
role, name = d.system.grid_axes[0] if d.system.grid_axes else ("attacker", None)
form = d.sections[role].form
row = form.rows[name] if name in form.rows else next(
    r for r in form.rows.values() if r.spec.kind == "int" and r.auto is None)
row.box.text.value = str(int(row.spec.min))
before = d.table.value
row.box.text.value = str(int(row.spec.max))
assert d.table.value != before and "rolkit-odds" in d.table.value
assert d.message.value == "", d.message.value
d.seed.value = "4242"
d.roll_button.click()
entry = d.entries[0]
assert entry.r.seed == 4242 and d.message.value == "" and d.seed.value == ""
entry.replay.click()
assert entry.matched is True
import json
print(json.dumps({{"headline": d.headline.value, "roll": entry.head.value}}))
"""


def run_dashboard(system, lang, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", f"system={system}&lang={lang}")
    tree = str(NOTEBOOKS.parent)  # the kernel imports this tree's rolkit and widgets
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join(p for p in (tree, os.environ.get("PYTHONPATH")) if p)
    )
    nb = nbformat.read(DASHBOARD, as_version=4)
    code_cells = [c for c in nb.cells if c.cell_type == "code"]
    assert len(code_cells) == 1, "the Voilà entry is one code cell"
    nb.cells.append(
        nbformat.v4.new_code_cell(textwrap.dedent(DRIVER.format(system=system, lang=lang)))
    )
    client = NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
    )
    client.execute()
    return nb


# one kernel per system (each start costs seconds); the languages alternate
CASES = [(s, ("es", "en")[i % 2]) for i, s in enumerate(rolkit.systems())]


@pytest.mark.parametrize(("system", "lang"), CASES)
def test_dashboard_notebook_drives(system, lang, monkeypatch):
    nb = run_dashboard(system, lang, monkeypatch)
    first, driver = nb.cells[0], nb.cells[-1]
    kinds = {o.output_type for o in first.outputs}
    assert "error" not in kinds and kinds <= {"execute_result", "display_data"}
    assert any(
        "application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in first.outputs
    )
    text = "".join(o.get("text", "") for o in driver.outputs if o.output_type == "stream")
    shown = json.loads(text.strip().splitlines()[-1])
    assert "%" in shown["headline"] and shown["roll"]
    assert not any(
        o.output_type == "stream" and o.name == "stderr" for c in nb.cells for o in c.outputs
    )
