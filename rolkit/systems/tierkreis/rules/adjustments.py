"""R5–R6 Adjustments (*ajustes*) and how they combine (*Mejoras a Características*).

Seed: «Si dos o más efectos modifican el mismo chequeo o característica, no se suman y solo
se tiene en cuenta el mayor, excepto si los ajustes son dados por ítems y accesorios.»

An :class:`Adjustment` has a ``value``, what it ``applies_to`` (a characteristic code,
``"attack"``, ``"dodge"``, ``"maneuver"`` or ``"any"``, R6) and a ``source``: ``"effect"``
(cover, prone, conditions, powers, GM adjustments), ``"item"`` (items and accessories) or
``"intrinsic"`` (part of the check itself; only the engine makes these, :func:`intrinsic`).

In forms, a list of adjustments is written as text (the form kinds have no list kind):
``"+2 ataque (Furia); +1 AGI ítem; -1"`` — items separated by ``;``, each a signed number,
then optionally what it applies to, ``ítem``/``efecto``, and a label in parentheses.
:func:`parse_adjustments` and :func:`format_adjustments` convert both ways.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rolkit.errors import input_error
from rolkit.systems.tierkreis.errors import TierkreisInputError
from rolkit.systems.tierkreis.tables import APPLIES_TO, CODES, SOURCES, label_of

__all__ = [
    "Adjustment",
    "intrinsic",
    "engine_effect",
    "applies",
    "split_adjustments",
    "combine_adjustments",
    "mirror",
    "parse_adjustments",
    "format_adjustments",
    "STACKING",
]

#: R5 / G8 the three combination rules.
STACKING: tuple[str, ...] = ("bonuses_only", "largest_per_sign", "sum_all")
_LABEL_FORBIDDEN = re.compile(r"[;()]")


@dataclass(frozen=True)
class Adjustment:
    """R5 One adjustment to a check: ``value`` −12…+12, ``applies_to`` (R6), ``source``.

    ``source`` is ``"effect"`` or ``"item"``; ``"intrinsic"`` adjustments are made by the
    engine only (:func:`intrinsic`). ``label`` is a name for the step list (or an i18n key).
    """

    value: int
    applies_to: str = "any"
    source: str = "effect"
    label: str = ""

    def __post_init__(self) -> None:
        v = self.value
        if isinstance(v, bool) or not isinstance(v, int) or not -12 <= v <= 12:
            raise input_error(
                "value",
                en=f"an adjustment's value must be a whole number from -12 to 12 (got {v!r})",
                es=f"el valor de un ajuste debe ser un número entero de -12 a 12 (recibido {v!r})",
                allowed="-12..12",
                got=v,
                cls=TierkreisInputError,
            )
        if self.applies_to not in APPLIES_TO:
            allowed = ", ".join(APPLIES_TO)
            raise input_error(
                "applies_to",
                en=f"an adjustment applies to one of: {allowed} (got {self.applies_to!r})",
                es=f"un ajuste se aplica a uno de: {allowed} (recibido {self.applies_to!r})",
                allowed=allowed,
                got=self.applies_to,
                cls=TierkreisInputError,
            )
        if self.source not in SOURCES:
            raise input_error(
                "source",
                en="an adjustment's source must be effect or item; intrinsic adjustments are the "
                f"engine's own (got {self.source!r})",
                es="el origen de un ajuste debe ser efecto o ítem; los intrínsecos los pone el "
                f"motor (recibido {self.source!r})",
                allowed="effect, item",
                got=self.source,
                cls=TierkreisInputError,
            )
        if not isinstance(self.label, str) or len(self.label) > 60:
            raise input_error(
                "label",
                en=f"an adjustment's label must be text of at most 60 characters (got {self.label!r})",
                es=f"la etiqueta de un ajuste debe ser un texto de hasta 60 caracteres "
                f"(recibido {self.label!r})",
                allowed="text",
                got=self.label,
                cls=TierkreisInputError,
            )
        if _LABEL_FORBIDDEN.search(self.label):
            raise input_error(
                "label",
                en=f"an adjustment's label cannot contain ; ( or ) (got {self.label!r})",
                es=f"la etiqueta de un ajuste no puede contener ; ( ni ) (recibido {self.label!r})",
                allowed="text without ; ( )",
                got=self.label,
                cls=TierkreisInputError,
            )


def _engine_adjustment(value: int, source: str, label: str, applies_to: str) -> Adjustment:
    """An adjustment the engine creates (any integer value; source may be intrinsic)."""
    adj = object.__new__(Adjustment)
    for name, v in (("value", value), ("applies_to", applies_to), ("source", source)):
        object.__setattr__(adj, name, v)
    object.__setattr__(adj, "label", label)
    return adj


def intrinsic(value: int, label: str, applies_to: str = "any") -> Adjustment:
    """R5 An ``intrinsic`` adjustment (part of the check: snatch −3, jump, asphyxia, dose)."""
    return _engine_adjustment(value, "intrinsic", label, applies_to)


def engine_effect(
    value: int, label: str, applies_to: str = "any", source: str = "effect"
) -> Adjustment:
    """An ``effect`` (or mirrored) adjustment built by a procedure (cover, prone, T4, …)."""
    return _engine_adjustment(value, source, label, applies_to)


def applies(adjustment: Adjustment, characteristic: str, check_kind: str = "any") -> bool:
    """R6 Whether ``adjustment`` applies to a check of ``characteristic`` of ``check_kind``."""
    return adjustment.applies_to in (characteristic, check_kind, "any")


def split_adjustments(
    adjustments: Sequence[Adjustment], stacking: str = "bonuses_only"
) -> tuple[tuple[Adjustment, ...], tuple[Adjustment, ...]]:
    """R5 ``(applied, ignored)``: which adjustments count, in the order given.

    ``bonuses_only`` (default): of the positive ``effect`` values only the largest counts
    (the first on a tie); every penalty counts. ``largest_per_sign``: also only the most
    negative penalty counts. ``sum_all``: everything counts. ``item`` and ``intrinsic``
    adjustments always count.
    """
    if stacking not in STACKING:
        raise input_error(
            "modifier_stacking",
            en=f"modifier_stacking must be one of: {', '.join(STACKING)} (got {stacking!r})",
            es=f"la acumulación debe ser una de: {', '.join(STACKING)} (recibido {stacking!r})",
            allowed=", ".join(STACKING),
            got=stacking,
            cls=TierkreisInputError,
        )
    if stacking == "sum_all":
        return tuple(adjustments), ()
    keep: set[int] = set()
    best_bonus = _extreme(adjustments, lambda a: a.value > 0, max)
    if best_bonus is not None:
        keep.add(best_bonus)
    if stacking == "largest_per_sign":
        worst = _extreme(adjustments, lambda a: a.value < 0, min)
        if worst is not None:
            keep.add(worst)
    applied: list[Adjustment] = []
    ignored: list[Adjustment] = []
    for i, adj in enumerate(adjustments):
        capped = adj.source == "effect" and (
            adj.value > 0 or (adj.value < 0 and stacking == "largest_per_sign")
        )
        (ignored if capped and i not in keep else applied).append(adj)
    return tuple(applied), tuple(ignored)


def _extreme(adjustments: Sequence[Adjustment], keep: Any, pick: Any) -> int | None:
    """Index of the first effect adjustment with the extreme value among those kept."""
    candidates = [
        (a.value, i) for i, a in enumerate(adjustments) if a.source == "effect" and keep(a)
    ]
    if not candidates:
        return None
    best = pick(v for v, _ in candidates)
    return next(i for v, i in candidates if v == best)


def combine_adjustments(adjustments: Sequence[Adjustment], stacking: str = "bonuses_only") -> int:
    """R5 The net modifier of one check (see :func:`split_adjustments`)."""
    applied, _ = split_adjustments(adjustments, stacking)
    return sum(a.value for a in applied)


def mirror(adjustment: Adjustment) -> Adjustment:
    """G6 The same adjustment with its sign flipped (source kept), applying to any check."""
    label = adjustment.label
    if label.startswith("tierkreis.adj."):
        label = f"{label}.mirrored"
    elif label:
        label = f"{label} ↔"
    else:
        label = "tierkreis.adj.user.mirrored"
    return engine_effect(-adjustment.value, label, "any", adjustment.source)


# --------------------------------------------------------------------------- text form
def _fold(word: str) -> str:
    return "".join(
        c for c in unicodedata.normalize("NFD", word.lower()) if unicodedata.category(c) != "Mn"
    )


_APPLIES_WORDS = {
    **{c.lower(): c for c in CODES},
    "ataque": "attack",
    "attack": "attack",
    "esquiva": "dodge",
    "dodge": "dodge",
    "maniobra": "maneuver",
    "maneuver": "maneuver",
    "manoeuvre": "maneuver",
    "todo": "any",
    "cualquiera": "any",
    "any": "any",
}
_SOURCE_WORDS = {
    "item": "item",
    "items": "item",
    "accesorio": "item",
    "efecto": "effect",
    "effect": "effect",
}
_WRITE_APPLIES = {"attack": "ataque", "dodge": "esquiva", "maneuver": "maniobra"}
_ITEM = re.compile(r"^\s*([+-]?\d+)\s*([^()]*?)\s*(?:\(([^()]*)\))?\s*$")


def parse_adjustments(text: str, field: str = "adjustments") -> tuple[Adjustment, ...]:
    """The adjustments written in ``text`` (``"+2 ataque (Furia); +1 AGI ítem"``).

    Raises:
        TierkreisInputError: naming ``field`` and the part that could not be read.
    """
    out = []
    for part in text.split(";"):
        if not part.strip():
            continue
        m = _ITEM.match(part)
        if m is None:
            raise _syntax(field, part)
        value, words, label = int(m.group(1)), m.group(2).split(), (m.group(3) or "").strip()
        applies_to, source = "any", "effect"
        seen_applies = seen_source = False
        for word in words:
            w = _fold(word)
            if w in _APPLIES_WORDS and not seen_applies:
                applies_to, seen_applies = _APPLIES_WORDS[w], True
            elif w in _SOURCE_WORDS and not seen_source:
                source, seen_source = _SOURCE_WORDS[w], True
            else:
                raise _syntax(field, part)
        try:
            out.append(Adjustment(value, applies_to, source, label))
        except TierkreisInputError as err:  # re-raised naming the form's field
            es, en = label_of(field)
            raise input_error(
                field,
                en=f"{en}: {err.message('en')}",
                es=f"{es}: {err.message('es')}",
                allowed="adjustments like «+2 ataque (Furia); +1 AGI ítem»",
                got=text,
                cls=TierkreisInputError,
            ) from None
    return tuple(out)


def _syntax(field: str, part: str) -> Exception:
    es, en = label_of(field)
    return input_error(
        field,
        en=f"{en}: cannot read {part.strip()!r}; write adjustments like "
        "«+2 ataque (Furia); +1 AGI ítem» (a signed number, then optionally FUE/AGI/…, "
        "ataque, esquiva or maniobra, ítem or efecto, and a label in parentheses)",
        es=f"{es}: no se entiende {part.strip()!r}; escribe los ajustes así: "
        "«+2 ataque (Furia); +1 AGI ítem» (un número con signo y, si hace falta, "
        "FUE/AGI/…, ataque, esquiva o maniobra, ítem o efecto, y una etiqueta entre paréntesis)",
        allowed="adjustments like «+2 ataque (Furia); +1 AGI ítem»",
        got=part,
        cls=TierkreisInputError,
    )


def format_adjustments(adjustments: Sequence[Adjustment]) -> str:
    """The canonical text of ``adjustments`` (inverse of :func:`parse_adjustments`)."""
    parts = []
    for a in adjustments:
        words = [f"{a.value:+d}"]
        if a.applies_to != "any":
            words.append(_WRITE_APPLIES.get(a.applies_to, a.applies_to))
        if a.source == "item":
            words.append("ítem")
        if a.label:
            words.append(f"({a.label})")
        parts.append(" ".join(words))
    return "; ".join(parts)
