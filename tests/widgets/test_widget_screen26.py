"""The Tablas tab never shows a stale grid (issue #26, item 7): a new system empties it at
once and says «Calculando…» until that system's grid replaces the note (drawn from the
one-number-per-cell table, before the weapons); a language change redraws a kept screen at
once."""

import pytest

from rolkit import analysis
from widgets.screen import ScreenPanel

from .widget_helpers import make_dashboard


@pytest.fixture
def held(monkeypatch):
    """A Tierkreis dashboard whose Tablas tab has been shown, its delayed shows held (the
    browser's debounce) so the test sees the state in between; the kept screens emptied."""
    monkeypatch.setattr("widgets.screen._SCREENS", {})
    d = make_dashboard("tierkreis")
    panel = d._tabs.panel_as(d._tabs.names.index(ScreenPanel.name), ScreenPanel)  # only it
    panel.show()
    monkeypatch.setattr(panel, "_first", lambda: None)
    monkeypatch.setattr(panel, "_later", lambda: None)
    return d, panel


def test_a_new_system_never_shows_the_old_grid(held, monkeypatch):
    d, panel = held
    assert "Tierkreis" in panel.title.value.replace("TIERKREIS", "Tierkreis")
    old = panel.grid.value
    assert "<table" in old
    d.set_system("nsd20")
    assert panel.grid.value == panel.weapons.value == panel.title.value == ""
    assert "rolkit-busy" in panel.message.value and "Calculando" in panel.message.value
    drawn = []
    original = panel.grid_html

    def spy(screen, lang):
        drawn.append((type(screen.grid), panel.message.value))
        return original(screen, lang)

    monkeypatch.setattr(panel, "grid_html", spy)
    panel.show()
    first, note = drawn[0]  # the grid alone, from plain lists, the weapons still coming
    assert first is analysis.HitTable and "rolkit-busy" in note
    want = analysis.gm_screen("nsd20")
    assert panel.grid.value == original(want, "es") != old
    assert panel.message.value == "" and panel.weapons.value == panel.weapons_html(want, "es")


def test_a_language_change_redraws_a_kept_screen_at_once(held):
    d, panel = held
    assert "Probabilidad de impactar" in panel.grid.value
    d.set_language("en")  # the delayed show is held: only an immediate redraw can pass
    assert "Chance to hit" in panel.grid.value and "Probabilidad" not in panel.grid.value
    assert panel.weapons.value == panel.weapons_html(panel.screen, "en")
    assert "-en.html" in panel.download.value
    assert panel.message.value == ""
