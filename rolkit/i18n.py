"""The es/en message catalogue: every user-facing string goes through :func:`t`.

Game terms stay Spanish in both languages; English adds a gloss in parentheses
(``"Magullado (bruised)"``). Each system module registers its own messages under its own
prefix with :func:`register` (or :func:`register_pairs`) when it is imported:
``register("gore", {"es": {"wound.leve": …}, …})`` stores ``"gore.wound.leve"``.
Registering a key again with a different text is an error, so no system can overwrite
another's (or the shared) messages. A key missing in English falls back to Spanish,
and a key missing in both is shown as itself, so a literal Spanish label also works.

The module-level language (:func:`set_language`) is what rich displays in a notebook
use; widgets pass the language explicitly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = [
    "LANGUAGES",
    "t",
    "register",
    "register_pairs",
    "term",
    "set_language",
    "get_language",
    "has",
    "percent",
    "number",
]

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
        "preset": "plantilla",
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
        "headline.critical": "{p} crítico",
        "headline.dead": "{p} muere",
        "headline.down": "{p} cae (fuera de combate o peor)",
        "headline.success": "{p} de éxito",
        "fate.none": "sigue en pie",
        "fate.down": "fuera de combate",
        "fate.dying": "moribundo",
        "fate.dead": "muere",
        "col.degree": "grado",
        "compare.title": "¿Y si…? {change}",
        "compare.hit": "impacta",
        "compare.critical": "crítico",
        "compare.damage": "daño esperado",
        "compare.what": "qué",
        "compare.base": "ahora %",
        "compare.variant": "variante %",
        "compare.diff": "diferencia (puntos)",
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
        "preset": "plantilla (preset)",
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
        "headline.critical": "{p} critical",
        "headline.dead": "{p} dies",
        "headline.down": "{p} goes down (out of the fight or worse)",
        "headline.success": "{p} success",
        "fate.none": "still standing",
        "fate.down": "out of the fight",
        "fate.dying": "dying",
        "fate.dead": "dies",
        "col.degree": "degree",
        "compare.title": "What if… {change}",
        "compare.hit": "hit",
        "compare.critical": "critical",
        "compare.damage": "expected damage",
        "compare.what": "what",
        "compare.base": "now %",
        "compare.variant": "variant %",
        "compare.diff": "difference (points)",
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


class CatalogConflictError(ValueError):
    """A message key was registered twice with different texts."""


def register(prefix: str, messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add messages under ``prefix``: ``{"es": {key: text}, "en": {key: text}}``.

    Keys are stored as ``f"{prefix}.{key}"`` (``prefix=""`` is the shared catalogue).

    Raises:
        CatalogConflictError: a key exists already with a different text.
        ValueError: an unknown language.
    """
    for lang in messages:
        if lang not in LANGUAGES:
            raise ValueError(f"language must be one of {LANGUAGES} (got {lang!r})")
    staged: dict[str, dict[str, str]] = {}
    for lang, table in messages.items():
        for key, text in table.items():
            full = f"{prefix}.{key}" if prefix else key
            old = _CATALOG[lang].get(full)
            if old is not None and old != text:
                raise CatalogConflictError(
                    f"message {full!r} ({lang}) is already {old!r}; refusing {text!r}"
                )
            staged.setdefault(lang, {})[full] = text
    for lang, table in staged.items():
        _CATALOG[lang].update(table)


def register_pairs(prefix: str, pairs: Mapping[str, tuple[str, str]]) -> None:
    """:func:`register` from ``{key: (es, en)}`` pairs (the form labels take)."""
    register(
        prefix,
        {
            "es": {k: es for k, (es, _) in pairs.items()},
            "en": {k: en for k, (_, en) in pairs.items()},
        },
    )


def term(prefix: str, kind: str, name: str, lang: str | None = None) -> str:
    """The label of a system's term (``term("gore", "flag", "ko")``): the system's own
    ``prefix.kind.name``, else the shared ``kind.name``, else ``name`` as it is."""
    for key in (f"{prefix}.{kind}.{name}", f"{kind}.{name}"):
        if has(key, lang) or has(key, "es"):
            return t(key, lang)
    return name


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
