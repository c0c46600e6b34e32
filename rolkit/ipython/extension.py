"""Registering the magics in an IPython shell: ``load(ipython)`` / ``unload(ipython)``,
called by ``%load_ext rolkit`` (:func:`rolkit.load_ipython_extension`).

Each magic is wrapped so that a user's mistake prints one plain sentence in the display
language and returns ``None`` (no traceback), and so that IPython passes its line as
typed (no ``{…}``/``$name`` expansion, which would run code from a magic line).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any

from rolkit import i18n
from rolkit.errors import RulesError
from rolkit.ipython.magics import attack, attack_odds, check, language, prob, roll
from rolkit.ipython.texts import HELP, summary

__all__ = ["MAGICS", "load", "unload", "load_ipython_extension", "unload_ipython_extension"]

#: magic name -> (help key, function); English aliases share the Spanish help.
MAGICS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "tirar": ("tirar", roll),
    "roll": ("tirar", roll),
    "prob": ("prob", prob),
    "odds": ("prob", prob),
    "ataque": ("ataque", attack),
    "attack": ("ataque", attack),
    "prob_ataque": ("prob_ataque", attack_odds),
    "attack_odds": ("prob_ataque", attack_odds),
    "chequeo": ("chequeo", check),
    "check": ("chequeo", check),
    "idioma": ("idioma", language),
    "lang": ("idioma", language),
}


def _show_error(err: RulesError) -> None:
    """One plain sentence on stderr, in the display language; never a traceback."""
    print(f"rolkit: {err.message(i18n.get_language())}", file=sys.stderr)


def _friendly(fn: Callable[[str], Any], name: str, help_key: str) -> Callable[[str], Any]:
    @functools.wraps(fn)
    def magic(line: str = "") -> Any:
        try:
            return fn(line)
        except RulesError as err:
            _show_error(err)
            return None

    magic.__name__ = name
    magic.__qualname__ = name
    magic.__doc__ = HELP[help_key]
    # arguments are taken as typed: IPython must not expand {…} or $name in them (that
    # would run code from a magic line). Lazy: only a shell calls this, and ``import
    # rolkit`` (even with this package) loads no IPython.
    from IPython.core.magic import no_var_expand

    return no_var_expand(magic)


def load(ipython: Any) -> None:
    """Register every magic of :data:`MAGICS` (and ``%rolkit``) as a line magic."""
    for name, (help_key, fn) in MAGICS.items():
        ipython.register_magic_function(_friendly(fn, name, help_key), "line", name)
    ipython.register_magic_function(_friendly(summary, "rolkit", "rolkit"), "line", "rolkit")


def unload(ipython: Any) -> None:
    """Remove the magics registered by :func:`load`."""
    line_magics = ipython.magics_manager.magics.get("line", {})
    for name in [*MAGICS, "rolkit"]:
        line_magics.pop(name, None)


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext rolkit.ipython`` (``%load_ext rolkit`` calls the same): the magics."""
    load(ipython)


def unload_ipython_extension(ipython: Any) -> None:
    """``%unload_ext``: remove the magics."""
    unload(ipython)
