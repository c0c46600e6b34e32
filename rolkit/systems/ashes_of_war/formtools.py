"""Field helpers the shared factories do not offer: an int_map or a multichoice whose default
is not "every key at its minimum" / "empty" (the spec's tables T2, T3, T4, T7 and the
``quick_skills`` set). They build the same :class:`rolkit.fields.FieldSpec` metadata, so the
validators and the generated forms treat them exactly like the shared factories' fields.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from rolkit import fields

__all__ = ["int_map_with_default", "multichoice_with_default", "PROVISIONAL"]

#: Appended to the help of every placeholder field (spec label [PH]).
PROVISIONAL = (" Regla provisional.", " Provisional rule.")


def _choices(labels: Mapping[Any, tuple[str, str]]) -> tuple[fields.Choice, ...]:
    return tuple(fields.Choice(k, es, en) for k, (es, en) in labels.items())


def int_map_with_default(
    keys: Mapping[Any, tuple[str, str]],
    lo: int,
    hi: int,
    default: Mapping[Any, int],
    *,
    label: tuple[str, str],
    help: tuple[str, str],
    rule: str = "",
    advanced: bool = True,
) -> Any:
    """An int_map field (values ``lo..hi`` per key) whose default is ``default``."""
    frozen = fields.FrozenMap(default)
    spec = fields.FieldSpec(
        "int_map", label, help, frozen, lo, hi, choices=_choices(keys), rule=rule, advanced=advanced
    )
    return dataclasses.field(
        default_factory=lambda: frozen, metadata=MappingProxyType({fields.META_KEY: spec})
    )


def multichoice_with_default(
    choices: Mapping[Any, tuple[str, str]],
    default: frozenset,
    *,
    label: tuple[str, str],
    help: tuple[str, str],
    rule: str = "",
    advanced: bool = True,
) -> Any:
    """A multichoice field whose default is the set ``default``."""
    frozen = frozenset(default)
    spec = fields.FieldSpec(
        "multichoice", label, help, frozen, choices=_choices(choices), rule=rule, advanced=advanced
    )
    return dataclasses.field(
        default_factory=lambda: frozen, metadata=MappingProxyType({fields.META_KEY: spec})
    )
