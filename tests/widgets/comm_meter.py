"""Measure what the kernel sends to the page: every comm message a widget publishes.

In plain pytest ipywidgets' comms are ``comm.DummyComm``s (they send nothing);
:class:`CommMeter` patches their ``publish_msg`` to record each message's size, so a test
can bound the bytes one click (or one front-end update) makes the kernel send.
:func:`front_end_update` applies an update as a browser's would (``set_state``, no echo:
the serving layer starts kernels with ``JUPYTER_WIDGETS_ECHO=0``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import comm
import pytest
from ipywidgets.widgets import widget as ipw_widget


@dataclass
class Sent:
    comm_id: str
    msg_type: str
    text: str  # the message's data as JSON
    buffers: int  # bytes of its binary buffers

    @property
    def size(self) -> int:
        return len(self.text.encode("utf-8")) + self.buffers


@dataclass
class CommMeter:
    messages: list[Sent] = field(default_factory=list)

    def clear(self) -> None:
        self.messages.clear()

    @property
    def total(self) -> int:
        """Bytes of every message recorded."""
        return sum(m.size for m in self.messages)

    def count(self, needle: str) -> int:
        """How many times ``needle`` appears in what was sent (JSON text, so a needle of
        plain ASCII letters is counted as the page would receive it)."""
        return sum(m.text.count(needle) for m in self.messages)

    def by_widget(self) -> dict[str, int]:
        """Bytes sent per widget class (the biggest senders first)."""
        sizes: dict[str, int] = {}
        for m in self.messages:
            w = ipw_widget._instances.get(m.comm_id)
            name = type(w).__name__ if w is not None else "?"
            sizes[name] = sizes.get(name, 0) + m.size
        return dict(sorted(sizes.items(), key=lambda kv: -kv[1]))


@contextmanager
def comm_meter(monkeypatch: pytest.MonkeyPatch) -> Iterator[CommMeter]:
    meter = CommMeter()

    def publish_msg(
        self: Any,
        msg_type: str,
        data: Any = None,
        metadata: Any = None,
        buffers: Any = None,
        **keys: Any,
    ) -> None:
        text = json.dumps(data, default=str, ensure_ascii=False)
        size = sum(len(memoryview(b).cast("B")) for b in buffers or ())
        meter.messages.append(Sent(self.comm_id, msg_type, text, size))

    monkeypatch.setattr(comm.DummyComm, "publish_msg", publish_msg)
    yield meter


def front_end_update(widget: Any, **state: Any) -> None:
    """``widget``'s traits set as a browser sets them (a ``comm_msg`` update, no echo)."""
    saved = ipw_widget.JUPYTER_WIDGETS_ECHO
    ipw_widget.JUPYTER_WIDGETS_ECHO = False
    try:
        widget.set_state(state)
    finally:
        ipw_widget.JUPYTER_WIDGETS_ECHO = saved
