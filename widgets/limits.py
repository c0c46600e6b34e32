"""Text boxes with a length limit the kernel enforces (issue 23, 3: "echo of oversized
input bounded").

A value the page sends that is longer than the box's ``max_chars`` is refused before any
callback sees it: the kernel keeps its value and sends it back (the box snaps back), and
the box's owner shows :func:`too_long_message` beside it — the field named by its label,
the value quoted only by its first characters. So a 1 MB paste is neither kept nor
echoed (it used to come back five times: the field's message, the form's, the roll
button's tooltip and reason). ``widgets.hardening`` refuses such values for every other
text box too, under Voilà, without a message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as ipw

from rolkit import i18n
from widgets import texts  # noqa: F401  (registers dash.too_long)
from widgets.hardening import TEXT_MAX

__all__ = ["BoundedText", "NAME_MAX", "NUMBER_MAX", "TEXT_MAX", "clip", "too_long_message"]

#: a combatant's or a roster entry's name
NAME_MAX = 80
#: a number or a seed typed in a box
NUMBER_MAX = 64
#: characters of a refused value quoted in its message
QUOTED = 24


def clip(text: str, limit: int = QUOTED) -> str:
    """``text`` cut to ``limit`` characters, ``…`` marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def too_long_message(label: str, length: int, limit: int, head: str, lang: str) -> str:
    """The plain message for a refused value (``head``: its first characters)."""
    return i18n.t("dash.too_long", lang, label=label, n=length, max=limit, text=clip(head))


class BoundedText(ipw.Text):
    """An ``ipywidgets.Text`` whose value from the page is refused past ``max_chars``.

    ``on_refused(callback)`` registers ``callback(length, head)`` (``head``: the first
    characters of the refused value), called instead of any value observer.
    """

    def __init__(self, *args: Any, max_chars: int = TEXT_MAX, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.max_chars = max_chars
        self._on_refused: list[Callable[[int, str], None]] = []

    def on_refused(self, callback: Callable[[int, str], None]) -> None:
        self._on_refused.append(callback)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        value = sync_data.get("value") if isinstance(sync_data, dict) else None
        if isinstance(value, str) and len(value) > self.max_chars:
            sync_data = {k: v for k, v in sync_data.items() if k != "value"}
            self.send_state("value")  # the page's box shows the kernel's value again
            for callback in self._on_refused:
                callback(len(value), value[: QUOTED + 1])
            if not sync_data:
                return
        super().set_state(sync_data)
