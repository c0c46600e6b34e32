"""The dashboard builds a hidden tab's panel on its first selection (widgets.tabs, #17 load),
and then shows exactly what the dashboard built with every tab at the start shows."""

import ipywidgets as ipw
import pytest

import rolkit
from widgets.app import Dashboard
from widgets.checks import ChecksPanel
from widgets.fight import FightPanel

from .widget_helpers import SAMPLE_REGISTRY

REAL = rolkit.systems()[0]


class Eager(Dashboard):
    """The dashboard as it was: every panel built at the start."""

    LAZY = ()


def _registry(system):
    return SAMPLE_REGISTRY if system in SAMPLE_REGISTRY else None


def _snapshot(widget):
    """What a browser is sent for ``widget`` and everything under it, model ids left out
    (a tree of (class, synced state, children))."""
    state = widget.get_state()
    refs = {k for k, v in state.items() if isinstance(v, str) and v.startswith("IPY_MODEL_")}
    own = {
        k: v for k, v in state.items() if k not in refs and k not in ("children", "layout", "style")
    }
    kids = [_snapshot(c) for c in getattr(widget, "children", ()) if isinstance(c, ipw.Widget)]
    extras = [_snapshot(getattr(widget, k)) for k in ("layout", "style") if hasattr(widget, k)]
    return (type(widget).__name__, sorted(own.items(), key=lambda kv: kv[0]), kids, extras)


def _pair(system, query=None):
    kw = {"registry": _registry(system)}
    if query is not None:
        return Dashboard(query=query, **kw), Eager(query=query, **kw)
    return Dashboard(system=system, **kw), Eager(system=system, **kw)


def _widget_count():
    from ipywidgets.widgets.widget import _instances

    return len(_instances)


@pytest.mark.parametrize("system", ["sample", REAL])
def test_only_the_first_tab_is_built_at_the_start_and_it_sends_fewer_widgets(system):
    before = _widget_count()
    lazy = Dashboard(system=system, registry=_registry(system))
    lazy_widgets = _widget_count() - before
    before = _widget_count()
    eager = Eager(system=system, registry=_registry(system))
    eager_widgets = _widget_count() - before
    assert lazy._tabs.built() == [lazy.attack]
    hidden = lazy.tabs.children[1:]
    assert all(type(c) is ipw.Box and not c.children for c in hidden)
    assert lazy.tabs.titles == eager.tabs.titles
    assert lazy.state.query() == eager.state.query()
    assert lazy_widgets < eager_widgets
    print(f"{system}: {lazy_widgets} widgets at the start instead of {eager_widgets}")


@pytest.mark.parametrize("system", ["sample", REAL])
def test_each_hidden_tab_builds_on_first_selection_and_shows_what_it_showed_before(system):
    lazy, eager = _pair(system)
    other = next(i for i in lazy.ids if i != system)
    for d in (lazy, eager):  # switched before the tabs open: they must follow
        d.lang_toggle.value = "en"
        d.picker.value = other
        d.picker.value = system
    for index in range(1, len(Dashboard.PANELS)):
        assert not lazy._tabs.is_built(index)
        lazy.tabs.selected_index = index
        eager.tabs.selected_index = index
        assert lazy._tabs.is_built(index)
        assert lazy.tabs.children[index] is lazy._tabs.panel(index).widget
        assert _snapshot(lazy.tabs.children[index]) == _snapshot(eager.tabs.children[index])
        assert lazy.state.query() == eager.state.query()
    assert _snapshot(lazy.widget) == _snapshot(eager.widget)  # the whole page, every tab open
    lazy.tabs.selected_index = 0
    lazy.tabs.selected_index = 2  # opened again: the same panel, not a new one
    assert lazy._tabs.panel(2) is lazy.panels[2]


def test_a_built_tab_follows_later_switches_like_before():
    lazy, eager = _pair("sample")
    for d in (lazy, eager):
        d.tabs.selected_index = 1
        d.checks.forms["chequeo"].rows["habilidad"].box.text.value = "4"
        d.lang_toggle.value = "en"
        d.picker.value = "sample2"
    assert _snapshot(lazy.tabs.children[1]) == _snapshot(eager.tabs.children[1])
    assert lazy.state.query() == eager.state.query()
    for index in range(len(Dashboard.PANELS)):  # the rest opened after the switches
        lazy.tabs.selected_index = eager.tabs.selected_index = index
    assert _snapshot(lazy.widget) == _snapshot(eager.widget)


@pytest.mark.parametrize(
    "query",
    [
        "system=sample&lang=es&tab=fight",
        "system=sample&lang=en&tab=checks&check.chequeo.habilidad=4",
        "system=sample&lang=es&check.chequeo.habilidad=99&check.chequeo.nope=1",  # dropped
        "system=sample&lang=es&tab=compare&attacker.fuerza=8",
    ],
)
def test_deep_links_open_and_restore_a_lazy_tab_as_before(query):
    lazy, eager = _pair("sample", query)
    assert lazy.tabs.selected_index == eager.tabs.selected_index
    assert lazy.notes.value == eager.notes.value
    assert lazy.state.query() == eager.state.query()
    index = lazy.tabs.selected_index
    assert lazy._tabs.is_built(index)
    assert _snapshot(lazy.tabs.children[index]) == _snapshot(eager.tabs.children[index])
    if "check." in query:  # the link's check fields: restored (or named) at once
        assert lazy._tabs.is_built(1)
        assert lazy.checks.params() == eager.checks.params()


def test_code_that_asks_for_a_panel_gets_it_built():
    d = Dashboard(system="sample", registry=SAMPLE_REGISTRY)
    assert not d._tabs.is_built(1)
    assert isinstance(d.checks, ChecksPanel) and d._tabs.is_built(1)
    assert d.checks.system is d.system
    fight = next(p for p in d.panels if p.name == "fight")
    assert isinstance(fight, FightPanel) and len(d._tabs.built()) == len(Dashboard.PANELS)
