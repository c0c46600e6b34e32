"""The es/en message catalogue: every user-facing string goes through :func:`t`.

Game terms stay Spanish in both languages; English adds a gloss in parentheses
(``"Magullado (bruised)"``). Each system module registers its own messages with
:func:`register` when it is imported. A key missing in English falls back to Spanish,
and a key missing in both is shown as itself, so a literal Spanish label also works.

The module-level language (:func:`set_language`) is what rich displays in a notebook
use; widgets pass the language explicitly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["LANGUAGES", "t", "register", "set_language", "get_language", "has"]

LANGUAGES = ("es", "en")
_language = "es"

_CATALOG: dict[str, dict[str, str]] = {
    "es": {
        "app.title": "rolkit",
        "system": "Sistema",
        "language": "Idioma",
        "form.attacker": "Atacante",
        "form.defender": "Defensor",
        "form.weapon": "Arma",
        "form.modifiers": "Modificadores",
        "form.options": "Opciones (reglas de la casa)",
        "preset": "preset",
        "preset.none": "(a mano)",
        "roll": "Tirar",
        "replay": "repetir",
        "seed": "semilla",
        "seed.auto": "auto",
        "steps.show": "ver pasos",
        "outcome.miss": "falla",
        "outcome.hit": "impacta sin herida",
        "outcome.wound": "herida",
        "col.outcome": "resultado",
        "col.fraction": "fracción exacta",
        "col.damage": "daño",
        "col.step": "paso",
        "col.dice": "dados",
        "col.derived": "valores",
        "col.rule": "regla",
        "col.flag": "efecto",
        "col.probability": "probabilidad",
        "headline.hit": "{p} impacta",
        "headline.critical": "{p} crítico/espectacular",
        "headline.damage": "daño esperado {d}",
        "result.hit": "Impacto",
        "result.miss": "Falla",
        "result.damage": "{d} de daño",
        "result.no_wound": "sin herida",
        "history.title": "Tiradas",
        "history.empty": "Pulsa «Tirar» para resolver un ataque.",
        "error.user": "Revisa los datos: {msg}",
        "error.bug": "Lo sentimos: algo ha fallado en rolkit. Se ha anotado en el registro.",
        "chart.title": "Probabilidad de cada daño",
        "chart.damage": "Daño",
        "odds.title": "Probabilidades exactas",
        "flag.counter": "contraataque",
        "yes": "sí",
        "no": "no",
    },
    "en": {
        "system": "System",
        "language": "Language",
        "form.attacker": "Atacante (attacker)",
        "form.defender": "Defensor (defender)",
        "form.weapon": "Arma (weapon)",
        "form.modifiers": "Modificadores (modifiers)",
        "form.options": "Opciones (house rules)",
        "preset": "preset",
        "preset.none": "(by hand)",
        "roll": "Tirar (roll)",
        "replay": "repetir (replay)",
        "seed": "seed",
        "seed.auto": "auto",
        "steps.show": "show steps",
        "outcome.miss": "miss",
        "outcome.hit": "hit, no wound",
        "outcome.wound": "wound",
        "col.outcome": "outcome",
        "col.fraction": "exact fraction",
        "col.damage": "damage",
        "col.step": "step",
        "col.dice": "dice",
        "col.derived": "values",
        "col.rule": "rule",
        "col.flag": "effect",
        "col.probability": "probability",
        "headline.hit": "{p} hit",
        "headline.critical": "{p} critical/spectacular",
        "headline.damage": "expected damage {d}",
        "result.hit": "Hit",
        "result.miss": "Miss",
        "result.damage": "{d} damage",
        "result.no_wound": "no wound",
        "history.title": "Rolls",
        "history.empty": "Press «Tirar» to resolve an attack.",
        "error.user": "Check the input: {msg}",
        "error.bug": "Sorry: something went wrong in rolkit. It has been logged.",
        "chart.title": "Probability of each damage",
        "chart.damage": "Damage",
        "odds.title": "Exact odds",
        "flag.counter": "counter-attack",
        "yes": "yes",
        "no": "no",
    },
}


def register(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add a system's messages: ``{"es": {key: text}, "en": {key: text}}``."""
    for lang, table in messages.items():
        if lang not in LANGUAGES:
            raise ValueError(f"language must be one of {LANGUAGES} (got {lang!r})")
        _CATALOG[lang].update(table)


def set_language(lang: str) -> None:
    """Set the language of rich displays (``"es"`` or ``"en"``)."""
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {LANGUAGES} (got {lang!r})")
    _language = lang


def get_language() -> str:
    return _language


def has(key: str, lang: str | None = None) -> bool:
    return key in _CATALOG[lang or _language]


def t(key: str, lang: str | None = None, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (default: the module language), formatted."""
    lang = lang or _language
    text = _CATALOG.get(lang, {}).get(key) or _CATALOG["es"].get(key) or key
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def percent(p: Any, lang: str | None = None, digits: int = 1) -> str:
    """``0.625 -> '62,5 %'`` in Spanish, ``'62.5%'`` in English."""
    lang = lang or _language
    value = f"{float(p) * 100:.{digits}f}"
    return f"{value.replace('.', ',')} %" if lang == "es" else f"{value}%"


def number(x: Any, lang: str | None = None, digits: int = 2) -> str:
    """A decimal number with the language's separator."""
    lang = lang or _language
    value = f"{float(x):.{digits}f}"
    return value.replace(".", ",") if lang == "es" else value
