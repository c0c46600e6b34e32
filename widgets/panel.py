"""What every GM-tab panel shares: its system and language come from the shared
:class:`~widgets.state.AppState`, and its actions run guarded, a user's error shown
plainly in the panel's ``message`` and anything else as a short apology (logged)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as ipw

from rolkit import i18n
from rolkit.errors import RulesError
from rolkit.system import System
from widgets import views
from widgets.errors import guarded
from widgets.forms import field_labels, field_spec, humanize
from widgets.state import AppState

__all__ = ["GuardedPanel"]


class GuardedPanel:
    """Mixin: a panel with ``state`` (:class:`AppState`) and ``message`` (an HTML)."""

    state: AppState
    message: ipw.HTML

    @property
    def system(self) -> System | None:
        return self.state.system

    @property
    def lang(self) -> str:
        return self.state.lang

    def _guard(self, fn: Callable[[], Any]) -> Any:
        return guarded(fn, self._show_error, self._apologise)

    def _show_error(self, err: RulesError) -> None:
        """The rules message, with the system forms' labels for the internal paths and
        values it names («Atacante › Estados = «Conmocionado»…»), as the Ataque tab."""
        system = self.state.system
        if system is None:
            self.message.value = views.error_html(err.message(self.lang))
            return
        forms = {**system.forms, "options": system.options_type}
        text = humanize(
            err, self.lang, field_labels(forms, self.lang), field_spec(forms, err.field or "")
        )
        self.message.value = views.error_html(i18n.t("error.user", self.lang, msg=text))

    def _apologise(self) -> None:
        self.message.value = views.error_html(i18n.t("error.bug", self.lang))
