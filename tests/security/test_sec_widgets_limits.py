"""Issue 23, item 3, kernel side: a page cannot create widgets in the dashboard's kernel,
and a text box does not keep or echo an oversized value.

In ipywidgets 8 a page may send ``comm_open`` with target ``jupyter.widget``: the kernel
then builds that model (any widget class, any state). 200 Text widgets of 3 MB took a
kernel from 150 to 784 MiB in 43 s. :func:`widgets.hardening.refuse_page_widgets` closes
such comms at once; ``jupyter.widget.control`` (Voilà's state request) keeps working.
"""

from __future__ import annotations

import logging
import uuid

import comm
import ipywidgets
import pytest
from ipywidgets._version import __control_protocol_version__
from ipywidgets.widgets import widget as ipw_widget

from widgets.hardening import CONTROL_TARGET, WIDGET_TARGET, refuse_page_widgets

PAGE_WIDGETS = 200
VALUE_BYTES = 3 * 1024 * 1024


def text_comm_open(value: str) -> dict:
    """The comm_open a page sends to create a Text model with ``value``."""
    state = {
        "_model_module": "@jupyter-widgets/controls",
        "_model_module_version": ipywidgets.__jupyter_widgets_controls_version__,
        "_model_name": "TextModel",
        "_view_module": "@jupyter-widgets/controls",
        "_view_module_version": ipywidgets.__jupyter_widgets_controls_version__,
        "_view_name": "TextView",
        "value": value,
    }
    return {
        "header": {"msg_type": "comm_open"},
        "metadata": {"version": ipywidgets.__protocol_version__},
        "content": {
            "comm_id": uuid.uuid4().hex,
            "target_name": WIDGET_TARGET,
            "data": {"state": state, "buffer_paths": []},
        },
        "buffers": [],
    }


@pytest.fixture
def manager(monkeypatch):
    """The process's comm manager with ipywidgets' two targets, as in a kernel."""
    manager = comm.get_comm_manager()
    monkeypatch.setattr(manager, "targets", {})
    monkeypatch.setattr(manager, "comms", {})
    ipywidgets.register_comm_target()
    return manager


def test_a_page_cannot_create_widgets_in_the_kernel(manager, caplog):
    log = logging.getLogger("rolkit.test.widgets")
    assert refuse_page_widgets(manager, log) is True
    assert refuse_page_widgets(manager, log) is False  # idempotent
    before = set(ipw_widget._instances)
    value = "x" * VALUE_BYTES
    with caplog.at_level(logging.WARNING, logger="rolkit.test.widgets"):
        for _ in range(PAGE_WIDGETS):
            manager.comm_open(None, None, text_comm_open(value))
    created = set(ipw_widget._instances) - before
    for model_id in created:  # leave the process as it was, whatever the outcome
        ipw_widget._instances[model_id].close()
    assert not created, f"the page created {len(created)} widgets in the kernel"
    assert manager.comms == {}, "a refused comm stays registered"
    assert "refused a widget (TextModel) from the page" in caplog.text
    assert len(caplog.records) <= 22  # the first 20, then one in a hundred


def test_the_state_request_still_works_and_does_not_pile_up(manager):
    refuse_page_widgets(manager, logging.getLogger("rolkit.test.widgets"))
    slider = ipywidgets.IntSlider(value=4)
    opened = []
    for _ in range(5):
        msg = {
            "metadata": {"version": __control_protocol_version__},
            "content": {"comm_id": uuid.uuid4().hex, "target_name": CONTROL_TARGET, "data": {}},
            "buffers": [],
        }
        manager.comm_open(None, None, msg)
        opened.append(msg["content"]["comm_id"])
    still_open = [c for c in manager.comms if c in opened]
    assert still_open == opened[-1:], "only the newest control comm stays open"
    sent = []
    control = manager.comms[opened[-1]]
    control.publish_msg = lambda msg_type, data=None, **kw: sent.append(data)
    control.handle_msg({"content": {"comm_id": opened[-1], "data": {"method": "request_states"}}})
    assert sent and slider.model_id in sent[0]["states"]
    slider.close()
