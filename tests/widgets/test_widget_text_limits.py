"""Echo of oversized input is bounded (issue 23, 3): a 1 MB string sent by the page to any
text box of any tab is refused kernel-side; what the kernel sends back holds at most a
few characters of it (it used to come back ×5: the field's message, the form's, the roll
button's tooltip and reason), and the dashboard's own boxes say so beside the field."""

import logging
import re

import ipywidgets as ipw
import pytest
from ipywidgets.widgets import widget as ipw_widget

from widgets import hardening
from widgets.limits import BoundedText
from widgets.state import AppState, decode_form

from .comm_meter import comm_meter, front_end_update
from .widget_helpers import make_dashboard

BIG = "Zq" * 500_000  # 1 MB
ECHO_BUDGET = 10_000  # bytes of BIG the kernel may send back, for every box together
RUN = re.compile(r"(?:Zq)+Z?|q(?:Zq)*")


def echoed(meter) -> int:
    """Characters of BIG in everything the kernel sent."""
    return sum(len(m) for sent in meter.messages for m in RUN.findall(sent.text))


@pytest.fixture
def hardened(monkeypatch):
    """Widget.set_state as under Voilà (harden_kernel), for this test only."""
    log = logging.getLogger("rolkit.test.limits")
    log.addHandler(logging.NullHandler())
    log.propagate = False
    safe = hardening._safe_set_state(ipw_widget.Widget.set_state, log)
    monkeypatch.setattr(ipw_widget.Widget, "set_state", safe)


@pytest.mark.parametrize("system_id", ["sample", "core_dread", "nsd20"])
def test_a_1_mb_value_in_every_text_box_is_neither_kept_nor_echoed(
    monkeypatch, hardened, system_id
):
    old = set(ipw_widget._instances)
    d = make_dashboard(system_id)
    assert len(d.panels) >= 5  # every tab built
    boxes = [
        w
        for key, w in list(ipw_widget._instances.items())
        if isinstance(w, ipw.Text) and key not in old
    ]
    with comm_meter(monkeypatch) as meter:
        for i, box in enumerate(boxes):
            before = box.value
            front_end_update(box, value=BIG + "Zq" * i)  # each message says its own length
            assert box.value == before, f"{box.description or box._dom_classes} kept it"
    sent = echoed(meter)
    assert sent < ECHO_BUDGET, f"{sent} characters echoed: {meter.by_widget()}"
    ours = [w for w in boxes if isinstance(w, BoundedText)]
    assert len(ours) >= 5, "the dashboard's text boxes are not bounded"
    said = meter.count("texto demasiado largo (")
    assert said >= len(ours), f"{said} messages for {len(ours)} boxes"


def test_a_value_within_the_limit_still_works():
    assert make_dashboard("sample").panels
    box = next(w for w in ipw_widget._instances.values() if isinstance(w, BoundedText))
    front_end_update(box, value="x" * 10)
    assert box.value == "x" * 10  # kept (and its own message says what is wrong)


def test_a_link_note_quotes_a_long_value_briefly():
    state = AppState()
    system = state.get_system("core_dread")
    form = system.forms["attacker"]
    name, _ = next(iter(__import__("rolkit").fields.describe(form)))
    params = [(f"attacker.{name}", "9" * 100_000), ("attacker.nope" + "x" * 5000, "y" * 5000)]
    _, dropped = decode_form(form, "attacker.", params, form(), "es")
    assert dropped and all(len(label) + len(text) < 200 for label, text in dropped)
