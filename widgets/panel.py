"""What every GM-tab panel shares: its system and language come from the shared
:class:`~widgets.state.AppState`, its actions run guarded (a user's error shown plainly
by :meth:`GuardedPanel.show_error`, anything else as a short apology, logged), and a
burst of value changes made by code can be held so that it refreshes once."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
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
    _holding: bool = False

    @property
    def system(self) -> System | None:
        return self.state.system

    @property
    def active_system(self) -> System:
        """The system on screen; the shell sets one before any action can run."""
        system = self.state.system
        if system is None:
            raise RuntimeError(f"{type(self).__name__}: no system set yet")
        return system

    @property
    def lang(self) -> str:
        return self.state.lang

    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        """Coalesce: no refresh for the value changes made inside (presets, relabels)."""
        outer, self._holding = self._holding, True
        try:
            yield
        finally:
            self._holding = outer

    def when_free(self, fn: Callable[[], object]) -> Callable[..., None]:
        """``fn`` as a widget callback that does nothing while the panel is held."""

        def callback(*_: object) -> None:
            if not self._holding:
                fn()

        return callback

    def _guard(self, fn: Callable[[], Any]) -> Any:
        return guarded(fn, self.show_error, self._apologise)

    def show_error(self, err: RulesError) -> None:
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
