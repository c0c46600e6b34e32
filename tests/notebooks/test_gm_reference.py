"""The GM reference notebook executes top to bottom and its look-ups show real answers."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from tests.notebooks import runs

pytestmark = pytest.mark.notebook

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.fixture(scope="module")
def executed() -> nbformat.NotebookNode:
    """Run once for this file and test_docs.py (runs.py)."""
    return runs.run(NOTEBOOKS / "gm_reference.ipynb").notebook()


def text_of(nb: nbformat.NotebookNode) -> str:
    parts = []
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            assert o.output_type != "error", o
            parts.append(o.get("text", "") + o.get("data", {}).get("text/plain", ""))
            parts.append(o.get("data", {}).get("text/html", ""))
    return "\n".join(parts)


def test_notebook_runs_and_answers(executed):
    text = text_of(executed)
    assert "P(1D8+1D4 ≥ 6) = 11/16" in text  # sums 2..5 have 10 of 32 ways
    assert "1D8 (" in text and "semilla 7" in text
    assert "muere" in text  # the headline names the fate
    assert "Probabilidad de victoria: A " in text and "exacto" in text  # whole-fight odds
    assert "bando A: " in text and " → " in text  # a blow moved them
    assert "p_left" in text  # the balance sweep's table
    assert "Encuentro justo: Pelea " in text and "chosen" in text  # balance_encounter
    assert "rolkit-odds" in text  # the styled odds table
    assert "Traceback" not in text


def test_every_system_has_its_screen_its_checks_and_a_fight(executed):
    import rolkit

    html = text_of(executed)
    for sid in rolkit.systems():
        name = rolkit.get_system(sid).display_name("es")
        assert f"{name} · % impacta · Atacante: " in html, sid  # axes named by their labels
        assert f"{name}: " in html  # its fight's last log entry
    assert "Defensor: Esquivar" in html  # G.O.R.E.'s screen: attack skill × dodge
    assert "3/16" in html or "18,8 % muere" in html  # the defender's fate, exact
    assert "descargar: " in html and "pantalla-gore-es.html" in html
    assert "¿Y si…?" in html and "Registro del combate" in html
