"""The dashboard's roll history is bounded (#17 item 5): click after click on Tirar keeps
only the shown rolls whole; older ones are summarised, their widgets closed and their
memory freed, and the numbering goes on.

The bound is structural (each roll past the cap evicts exactly one), so it shows after a
few turnovers of the kept window as well as after 3000 clicks: the Ataque test rolls
:data:`ROLLS` times past a small :data:`CAP` instead of 3000 times past
:data:`~widgets.rolling.HISTORY_MAX` (each a real roll through the panel, about 20 widget
models); the Chequeos test rolls past the dashboard's own cap."""

import gc
import time
import weakref

import pytest
from ipywidgets.widgets import widget as ipw_widget

from widgets.attack import HISTORY_MAX
from widgets.hardening import EntryHistory

from .widget_helpers import make_dashboard

#: the Ataque history's cap in the first test (the dashboard's own is checked first)
CAP = 5
#: eight windows: the kept window turns over seven times after the first eviction
ROLLS = 8 * CAP


def _live_models() -> int:
    return len(ipw_widget._instances)


def _collect(ref: weakref.ref, tries: int = 100) -> None:
    """A full collection, repeated until ``ref`` is dead (at most ``tries`` times): in CPython
    ``gc.collect()`` does nothing while another thread's automatic collection is running
    (gcmodule.c: "already collecting, don't do anything"), and a fight solved in the
    background by an earlier test of this worker may be in one. A roll truly referenced
    stays alive through every try, so the check is the same."""
    for _ in range(tries):
        gc.collect()
        if ref() is None:
            return
        time.sleep(0.01)  # let the other thread's collection finish


def test_rolls_past_the_cap_keep_the_history_and_its_widgets_bounded():
    d = make_dashboard("sample")
    history = d.attack.entries
    assert isinstance(history, EntryHistory) and history == []
    assert history.limit == HISTORY_MAX  # the dashboard's own cap ...
    history = d.attack.entries = EntryHistory(limit=CAP)  # ... and a small one to roll past
    for _ in range(CAP + 1):
        d.roll()
    first = weakref.ref(history[-1])  # roll #2: the next roll evicts it
    assert history[-1].number == 2
    models = _live_models()
    for _ in range(ROLLS - CAP - 1):
        d.roll()
    _collect(first)
    assert first() is None, "an evicted roll is still referenced"
    assert _live_models() == models  # no widget model left behind by an evicted roll
    kept = history.kept()
    assert len(kept) == CAP and history.evicted == ROLLS - CAP
    assert len(history) == ROLLS  # every roll counted ...
    assert sum(history.summary.values()) == ROLLS - CAP  # ... and summarised
    assert [e.number for e in kept] == list(range(ROLLS, ROLLS - CAP, -1))
    assert f"#{ROLLS} " in kept[0].head.value  # the newest roll's number goes on past the cap
    assert list(d.history.children) == [e.widget for e in kept]  # the history shows them
    assert all(e.widget.comm is not None for e in kept)  # kept rolls still live in the page


def test_the_checks_history_is_bounded_too():
    d = make_dashboard("sample")
    c = d.checks
    assert isinstance(c.entries, EntryHistory)
    for _ in range(HISTORY_MAX + 5):
        c.roll()
    assert len(c.entries.kept()) == HISTORY_MAX and len(c.entries) == HISTORY_MAX + 5
    assert c.entries[0].number == HISTORY_MAX + 5


def test_entry_history_grows_only_at_its_front():
    history = EntryHistory(limit=2)
    with pytest.raises(ValueError):
        history.insert(1, object())
    assert not history and history == []
