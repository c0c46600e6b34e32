"""Fixtures of the widget tests (helpers live in widget_helpers.py)."""

import pytest

from .widget_helpers import SYSTEM_IDS


@pytest.fixture(params=SYSTEM_IDS)
def system_id(request):
    return request.param


@pytest.fixture
def log_file(tmp_path, monkeypatch):
    """Send the dashboard log to a fresh file for this test."""
    from widgets import errors as views

    path = tmp_path / "dashboard.log"
    monkeypatch.setenv("ROLKIT_LOG", str(path))
    old = [h for h in views.log.handlers if getattr(h, "rolkit", False)]
    for h in old:
        views.log.removeHandler(h)
    yield path
    for h in list(views.log.handlers):
        if getattr(h, "rolkit", False):
            views.log.removeHandler(h)
            h.close()
    for h in old:
        views.log.addHandler(h)
