"""One application state shared by the dashboard shell and its panels, and the link.

:class:`AppState` holds the registry, the current system and language, each panel's
link parameters and the derived-values hook. The link is a query string:
``system=…&lang=…``, the open tab (``tab=checks``; absent for the first, Ataque), then, per panel, every non-default field as ``<role>.<field>=<value>``
(attack forms and options) or ``check.<id>.<field>=…`` (the Chequeos tab). Opening it
restores the setup; a field that does not fit is dropped and named in a plain note, which
quotes at most :data:`QUOTED` characters of what the link carried (a link is the page's
address: whatever length it has, the note stays short).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any
from urllib.parse import parse_qsl, urlencode

import rolkit
from rolkit import fields, i18n
from rolkit.errors import RulesError
from rolkit.fields import describe
from rolkit.roster import Roster
from rolkit.system import System
from rolkit.systems import available

__all__ = ["AppState", "encode_form", "decode_form", "parse_query", "Dropped"]

Dropped = tuple[str, str]  # (field label in the UI language, the text the link carried)
#: characters of a dropped value quoted in the note (the rest is «…»)
QUOTED = 40


def _clip(text: str) -> str:
    return text if len(text) <= QUOTED else text[: QUOTED - 1] + "…"


def parse_query(query: str | None) -> list[tuple[str, str]]:
    """``"a=1&b=x"`` → ``[("a", "1"), ("b", "x")]`` (blank values kept, order kept)."""
    return parse_qsl((query or "").lstrip("?"), keep_blank_values=True)


def _text(value: Any, spec: fields.FieldSpec) -> str:
    if isinstance(value, str) and spec.kind in ("text", "dice", "choice"):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _value(text: str, spec: fields.FieldSpec) -> Any:
    if spec.kind in ("text", "dice"):
        return text
    if spec.kind == "choice":
        for c in spec.choices:
            if isinstance(c.value, str) and c.value == text:
                return c.value
    return json.loads(text)


def encode_form(prefix: str, instance: Any, default: Any) -> dict[str, str]:
    """The fields of ``instance`` that differ from ``default``, as link parameters."""
    now, base = fields.to_data(instance), fields.to_data(default)
    specs = dict(describe(type(instance)))
    return {
        f"{prefix}{name}": _text(value, specs[name])
        for name, value in now.items()
        if value != base.get(name)
    }


def decode_form(
    cls: type, prefix: str, params: Iterable[tuple[str, str]], base: Any, lang: str
) -> tuple[Any, list[Dropped]]:
    """``base`` with the link's ``prefix…`` fields applied one by one; the ones that do
    not fit (unknown, malformed, out of range, in conflict) are dropped and returned."""
    specs = dict(describe(cls))
    data = fields.to_data(base)
    dropped: list[Dropped] = []
    pending: list[tuple[str, str, Any]] = []  # (name, text, value)
    for key, text in params:
        if not key.startswith(prefix):
            continue
        name = key[len(prefix) :]
        spec = specs.get(name)
        if spec is None:
            name = _clip(key)
            dropped.append((f"{name} ({i18n.t('dash.link.unknown', lang)})", _clip(text)))
            continue
        try:
            pending.append((name, text, _value(text, spec)))
        except (ValueError, TypeError, RecursionError):
            dropped.append((spec.label_for(lang), _clip(text)))
    if _fits(cls, {**data, **{n: v for n, _, v in pending}}):
        data.update({n: v for n, _, v in pending})
        pending = []
    progress = True
    while pending and progress:  # fields valid only together, or one that never fits
        progress = False
        for item in list(pending):
            if _fits(cls, {**data, item[0]: item[2]}):
                data[item[0]] = item[2]
                pending.remove(item)
                progress = True
    dropped += [(specs[n].label_for(lang), _clip(text)) for n, text, _ in pending]
    return fields.from_data(cls, data), dropped


def _fits(cls: type, data: Mapping[str, Any]) -> bool:
    try:
        fields.from_data(cls, data)
    except (RulesError, ValueError, TypeError):
        return False
    return True


class AppState:
    """What every panel shares: the systems, the current one, the language, the link.

    Args:
        registry: ``{id: System}`` to show instead of the registered systems (tests).
        lang: ``"es"`` or ``"en"``.
    """

    def __init__(self, registry: Mapping[str, System] | None = None, lang: str = "es"):
        self.registry = dict(registry) if registry is not None else None
        self.ids = list(self.registry) if self.registry is not None else available()
        self.lang = lang if lang in i18n.LANGUAGES else "es"
        self.system: System | None = None
        self.options: Any = None  # the attack panel's last valid options (checks use them)
        self.tab = ""  # the open tab's panel name; "" is the first tab (Ataque)
        self.params: dict[str, dict[str, str]] = {}
        #: the roster loaded in this dashboard (the Roster tab), and who hears of a new one
        self.gm_roster: Roster | None = None
        self.gm_roster_listeners: list[Callable[[], None]] = []
        self._listeners: list[Callable[[], None]] = []

    def get_system(self, system_id: str) -> System:
        if self.registry is not None:
            return self.registry[system_id]
        return rolkit.get_system(system_id)

    def system_label(self, system_id: str) -> str:
        try:
            return self.get_system(system_id).display_name(self.lang)
        except Exception:  # a system that does not load still gets listed by id
            return system_id

    def derived(self, role: str, instance: Any) -> dict[str, Any]:
        """The engine's values of ``instance``'s automatic fields (``System.derived``, with
        the current options).

        ``{}`` when the system has no such hook, or it fails: the form then shows no
        number for an automatic field (never a sentinel).
        """
        hook = getattr(self.system, "derived", None)
        if not callable(hook):
            return {}
        try:
            return dict(hook(role, instance, self.options) or {})
        except Exception:  # noqa: BLE001 - a display aid must never break the page
            return {}

    # the link -------------------------------------------------------------
    def on_link(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def set_tab(self, name: str) -> None:
        """The open tab (a panel's ``name``; ``""`` for the first); listeners hear of it."""
        if name == self.tab:
            return
        self.tab = name
        for callback in self._listeners:
            callback()

    def tab_in_link(
        self, params: Iterable[tuple[str, str]], names: list[str]
    ) -> tuple[int | None, list[Dropped]]:
        """The index of the tab a link opens (``tab=checks``; None when it names none) and
        the unknown tab names it carried, as dropped values."""
        index, dropped = None, []
        for key, text in params:
            if key != "tab":
                continue
            if text in names or not text:
                index = names.index(text) if text else 0
            else:
                dropped.append((i18n.t("dash.link.tab", self.lang), _clip(text)))
        return index, dropped

    def set_params(self, panel: str, params: Mapping[str, str]) -> None:
        """Replace ``panel``'s link parameters; listeners hear of a changed link."""
        if self.params.get(panel) == dict(params):
            return
        self.params[panel] = dict(params)
        for callback in self._listeners:
            callback()

    def query(self) -> str:
        """The whole setup as a query string (system, language, every panel's fields)."""
        pairs = [("system", self.system.id)] if self.system is not None else []
        pairs.append(("lang", self.lang))
        if self.tab:
            pairs.append(("tab", self.tab))
        for panel in sorted(self.params):
            pairs += sorted(self.params[panel].items())
        return urlencode(pairs)
