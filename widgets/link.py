"""The header's link to the current setup: an anchor that follows the setup, the page's
own address kept in step (Voilà only), and a button that copies the whole address.

The page runs the scripts through the shell's hidden HTML widget (``run_js``): ipywidgets'
HTML view does not run ``<script>``.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable

import ipywidgets as ipw

from rolkit import i18n

__all__ = ["LinkBar"]

#: Voilà only: JupyterLab's own address (/lab, /doc, /notebooks…) is left alone.
_JS_LINK = (
    "if(!/^\\/(lab|doc|notebooks|tree|edit)(\\/|$)/.test(location.pathname))"
    "{history.replaceState(null,'',location.pathname+'?'+{q})}"
)
#: the link on the clipboard: the Clipboard API (a secure context: https or loopback),
#: else a selected text area and the copy command. ``window.URL``: the code runs as an
#: inline ``onerror`` handler, whose scope holds ``document``, so a bare ``URL`` is
#: ``document.URL`` (a string) and ``new URL`` throws
_JS_COPY = (
    "(function(){var u=new window.URL({q},window.location.href).href;"
    "function old(){var t=document.createElement('textarea');t.value=u;"
    "document.body.appendChild(t);t.select();document.execCommand('copy');t.remove();}"
    "if(navigator.clipboard){navigator.clipboard.writeText(u).catch(old);}else{old();}})()"
)


class LinkBar:
    """``widget``: the link (``link``, an HTML widget) and «copiar enlace» (``copy_button``)."""

    def __init__(self, run_js: Callable[[str], None], guard: Callable) -> None:
        self._run_js = run_js
        self.query, self.lang = "", "es"
        self.link = ipw.HTML()
        self.link.add_class("rolkit-link")
        self.copy_button = ipw.Button(icon="copy", layout=ipw.Layout(width="auto"))
        self.copy_button.add_class("rolkit-copy-link")
        self.copy_button.on_click(lambda b: guard(self.copy))
        self.widget = ipw.HBox(
            [self.link, self.copy_button], layout=ipw.Layout(align_items="center")
        )

    def show(self, query: str, lang: str) -> None:
        """The link to ``query`` in ``lang``; the page's address follows it."""
        self.query, self.lang = query, lang
        label = html.escape(i18n.t("dash.link", lang))
        self.link.value = f'<a href="?{html.escape(query)}" target="_self">{label}</a>'
        self.copy_button.description = i18n.t("dash.link.copy", lang)
        self.copy_button.tooltip = i18n.t("dash.link.copy.tip", lang)
        self._run_js(_JS_LINK.replace("{q}", json.dumps(query)))

    def copy(self) -> None:
        """Put the whole address of this setup on the clipboard (the page's own address
        with the link's query), and say so on the button until the setup changes."""
        self._run_js(_JS_COPY.replace("{q}", json.dumps("?" + self.query)))
        self.copy_button.description = i18n.t("dash.link.copied", self.lang)
