"""Fixtures of the widget tests (helpers live in widget_helpers.py)."""

import pytest

from widgets import errors

from .widget_helpers import SYSTEM_IDS


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
