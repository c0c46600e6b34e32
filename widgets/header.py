"""The dashboard's header: title, system picker, language, the link bar, print, and the
hidden box that runs a line of JavaScript (:func:`build_header`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import ipywidgets as ipw

from widgets.link import LinkBar

__all__ = ["Header", "build_header"]


class Header(NamedTuple):
    """The header's widgets (``widget``: the whole row)."""

    widget: ipw.HBox
    title: ipw.HTML
    picker: ipw.Dropdown
    lang_toggle: ipw.ToggleButtons
    linkbar: LinkBar
    print_button: ipw.Button
    js: ipw.HTML


def build_header(lang: str, run_js: Callable[[str], None], guard: Callable[..., Any]) -> Header:
    """The header row in ``lang``; the link bar runs its JavaScript through ``run_js``."""
    wide = {"description_width": "initial"}
    title = ipw.HTML()
    picker = ipw.Dropdown(style=wide, layout=ipw.Layout(width="auto"))
    picker.add_class("rolkit-system")
    lang_toggle = ipw.ToggleButtons(
        options=[("ES", "es"), ("EN", "en")], value=lang, style={"button_width": "3em"}
    )
    lang_toggle.add_class("rolkit-lang")
    linkbar = LinkBar(run_js, guard)
    print_button = ipw.Button(icon="print", layout=ipw.Layout(width="auto"))
    print_button.add_class("rolkit-print")
    js = ipw.HTML(layout=ipw.Layout(display="none"))
    row = ipw.HBox(
        [title, picker, lang_toggle, linkbar.widget, print_button, js],
        layout=ipw.Layout(
            align_items="center", justify_content="space-between", flex_flow="row wrap"
        ),
    )
    row.add_class("rolkit-header")
    return Header(row, title, picker, lang_toggle, linkbar, print_button, js)
