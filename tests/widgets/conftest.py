"""Fixtures of the widget tests (helpers live in widget_helpers.py)."""

from pathlib import Path

import pytest

from widgets import errors
from widgets import fight as fight_tab

from .widget_helpers import SYSTEM_IDS


@pytest.fixture(autouse=True)
def _best_line_only_where_tested(request, monkeypatch):
    """The Combate tab's «mejor opción» line (a decision process solved in the background
    on every change) is off but in its own tests: the others do not read it, and its
    worker would take CPU from their victory odds."""
    if not request.node.module.__name__.endswith("test_widget_fight_best"):
        monkeypatch.setattr(fight_tab, "BEST_ON", False)


#: widget test files that never read the Combate tab's «probabilidad de victoria» block (its
#: HTML, its odds, its worker), yet put two sides in a fight: each change solves that
#: fight in the background at the panel's full budget (an exact solve up to 8 000 states,
#: else 3 s of bounds and 1 000 simulated fights: ~80 s of CPU over these files, nobody
#: waiting for it). Here the same worker runs the same code, exact, bounds and simulation
#: paths, on a small budget. Not here: the block's own tests (victory, odds, bounds, why),
#: the best line's (it waits for the block), test_widget_words (it reads every text on
#: the page) and test_widget_lazy_tabs (it compares whole tabs).
VICTORY_UNREAD = frozenset(
    {
        "test_widget_display26",
        "test_widget_fight_actions",
        "test_widget_fight_limits",
        "test_widget_fight_table",
        "test_widget_fight_turns",
        "test_widget_forms",
        "test_widget_gm_fight",
        "test_widget_gm_roster",
        "test_widget_gm_screen_compare",
        "test_widget_history_cap",
        "test_widget_screen26",
        "test_widget_text_limits",
    }
)
#: the small budget: (PANEL_MAX_STATES, PANEL_SECONDS, PANEL_SIMULATIONS)
UNREAD_BUDGET = (100, 0.05, 20)


@pytest.fixture(autouse=True)
def _victory_budget_where_unread(request, monkeypatch):
    """The victory block's background solves on :data:`UNREAD_BUDGET` in the files of
    :data:`VICTORY_UNREAD`; a file listed there that comes to mention the block («victory»,
    as in ``wait_victory`` or ``p.victory``) stops the run instead of reading a cheap
    answer."""
    module = request.node.module
    if module.__name__.rsplit(".", 1)[-1] not in VICTORY_UNREAD:
        return
    if "victory" in Path(module.__file__).read_text(encoding="utf-8").lower():
        pytest.fail(f"{module.__name__} reads the victory block: take it out of VICTORY_UNREAD")
    states, seconds, simulations = UNREAD_BUDGET
    monkeypatch.setattr(fight_tab, "PANEL_MAX_STATES", states)
    monkeypatch.setattr(fight_tab, "PANEL_SECONDS", seconds)
    monkeypatch.setattr(fight_tab, "PANEL_SIMULATIONS", simulations)


@pytest.fixture(params=SYSTEM_IDS)
def system_id(request):
    return request.param


@pytest.fixture
def log_file(tmp_path, monkeypatch):
    """Send the dashboard log to a fresh file for this test."""
    path = tmp_path / "dashboard.log"
    monkeypatch.setenv("ROLKIT_LOG", str(path))
    old = [h for h in errors.log.handlers if h.get_name() == errors.HANDLER_NAME]
    for h in old:
        errors.log.removeHandler(h)
    yield path
    for h in list(errors.log.handlers):
        if h.get_name() == errors.HANDLER_NAME:
            errors.log.removeHandler(h)
            h.close()
    for h in old:
        errors.log.addHandler(h)
