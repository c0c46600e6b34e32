"""Fixtures of the widget tests (helpers live in widget_helpers.py)."""

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
