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

__all__ = [
    "int_map_with_default",
    "multichoice_with_default",
    "evolve",
    "cached_hash",
    "state_without_hash",
    "PROVISIONAL",
]

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


def evolve(form: Any, **changes: Any) -> Any:
    """``dataclasses.replace`` without re-validating: for new values a rule derived from a
    valid form and that stay in range by construction (an Integridad floored at 0, a box
    filled only while one is free, a counter capped at its maximum). The exact laws build
    hundreds of after-state forms; re-checking every field of each dominated their time.
    Values must already be frozen (``FrozenMap``, ``frozenset``), as validation leaves them.
    """
    new = object.__new__(type(form))
    new.__dict__.update(form.__dict__)
    new.__dict__.pop(_HASH, None)
    new.__dict__.update(changes)
    return new


_HASH = "_cached_hash"


def cached_hash(form: Any) -> int:
    """A frozen form's hash (the generated one: its field values), computed once.

    Whole-fight odds and the memoised laws hash the same big forms (a ``Combatant`` with
    five wound rows) many times over; each form is immutable, so its hash never changes.
    Set as ``__hash__ = cached_hash`` in the class body (``dataclass`` keeps it), with
    ``__getstate__ = state_without_hash`` so a pickled form (another process, another hash
    seed) computes its own.
    """
    h = form.__dict__.get(_HASH)
    if h is None:
        h = hash(tuple(form.__dict__[name] for name in form.__dataclass_fields__))
        object.__setattr__(form, _HASH, h)
    return h


def state_without_hash(form: Any) -> dict[str, Any]:
    """Pickle and copy state of a form with :func:`cached_hash`: its fields only."""
    state = dict(form.__dict__)
    state.pop(_HASH, None)
    return state
