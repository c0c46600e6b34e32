"""The dashboard's tabs, each panel built the first time it is needed (#17: load).

Ten game masters opening the dashboard at once each get the widgets of every tab: the
browser builds a model for every widget the kernel has, whether its tab is open or not.
:class:`LazyTabs` builds only the panels that are needed now: the first tab (Ataque,
the one shown), any panel not named lazy, a panel whose tab a link opens (``tab=...``)
or whose fields a link carries, and any other panel on the first selection of its tab (or
when the code asks for it, :meth:`LazyTabs.panel`). Until then its tab holds an empty
:class:`ipywidgets.Box`; once built, the panel replaces it and is told the current system
(and so shows what it would have shown had it been built with the others: the panels read
the language from the shared state when they are made).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

import ipywidgets as ipw

from rolkit.system import System
from widgets.state import AppState

__all__ = ["LazyTabs", "TabPanel"]

P = TypeVar("P", bound="TabPanel")


class TabPanel(Protocol):
    """What the shell asks of a panel: made with the shared state, told the system (and a
    link's parameters; it answers the ones it dropped) and the language."""

    name: str
    title_key: str
    widget: ipw.Widget

    def __init__(self, state: AppState) -> None: ...

    def set_system(
        self, system: System, params: list[tuple[str, str]] | None = None
    ) -> list[tuple[str, str]]: ...

    def set_language(self, lang: str) -> None: ...


class LazyTabs:
    """The panels of ``classes`` in one :class:`ipywidgets.Tab` (:attr:`widget`).

    Args:
        classes: the panel classes, in tab order.
        state: the shared :class:`AppState` every panel is made with.
        lazy: names of the panels that may wait for their tab to open.
        link_keys: ``{panel name: key prefixes}`` of the link parameters a panel reads
            (``check`` for ``check`` and ``check.<id>.<field>``): a link carrying one builds
            that panel at once, so it can restore the field or name it as dropped.
        prepare: called with each new panel before it is shown (the shell's own settings).
        guard: runs a panel's call, a user's error shown plainly (the shell's guard).
    """

    def __init__(
        self,
        classes: Sequence[type[TabPanel]],
        state: AppState,
        lazy: Iterable[str] = (),
        link_keys: Mapping[str, tuple[str, ...]] | None = None,
        prepare: Callable[[TabPanel], None] = lambda panel: None,
        guard: Callable[[Callable[[], Any]], Any] = lambda fn: fn(),
    ):
        self.classes = list(classes)
        self.state = state
        self.lazy = frozenset(lazy)
        self.link_keys = dict(link_keys or {})
        self._prepare, self._guard = prepare, guard
        self._panels: list[TabPanel | None] = [None] * len(self.classes)
        self.widget = ipw.Tab([ipw.Box() for _ in self.classes])
        for index, cls in enumerate(self.classes):
            if index == 0 or cls.name not in self.lazy:
                self._make(index)

    @property
    def names(self) -> list[str]:
        return [cls.name for cls in self.classes]

    @property
    def title_keys(self) -> list[str]:
        return [cls.title_key for cls in self.classes]

    def built(self) -> list[TabPanel]:
        """The panels made so far, in tab order."""
        return [p for p in self._panels if p is not None]

    def is_built(self, index: int) -> bool:
        return self._panels[index] is not None

    def panel(self, index: int) -> TabPanel:
        """The panel of tab ``index``, built (and told the current system) if it was not."""
        panel = self._panels[index]
        if panel is None:
            made = panel = self._make(index)
            system = self.state.system
            if system is not None:
                self._guard(lambda: made.set_system(system, []))
        return panel

    def panel_as(self, index: int, cls: type[P]) -> P:
        """:meth:`panel`, which the shell knows to be a ``cls``."""
        panel = self.panel(index)
        if not isinstance(panel, cls):
            raise TypeError(f"tab {index} holds a {type(panel).__name__}, not a {cls.__name__}")
        return panel

    def all(self) -> list[TabPanel]:
        """Every panel, each built if it was not."""
        return [self.panel(i) for i in range(len(self.classes))]

    def make_needed(self, params: Iterable[tuple[str, str]]) -> None:
        """Make (without a system yet) the panels a link needs: the tab it opens, the
        panels whose fields it carries. The caller then gives every built panel the system
        and the link, as when all were built at the start."""
        params = list(params)
        for index, name in enumerate(self.names):
            if self.is_built(index):
                continue
            prefixes = self.link_keys.get(name, ())
            opened = any(key == "tab" and text == name for key, text in params)
            carried = any(
                key == p or key.startswith(p + ".") for key, _ in params for p in prefixes
            )
            if opened or carried:
                self._make(index)

    def _make(self, index: int) -> TabPanel:
        panel = self.classes[index](self.state)
        self._prepare(panel)
        self._panels[index] = panel
        children = list(self.widget.children)
        children[index] = panel.widget
        self.widget.children = children  # the titles stay (same number of pages)
        return panel
