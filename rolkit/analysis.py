"""Analyses built on a System's exact odds: grids over its main numbers (later: what-if
comparisons and sweeps). pandas is imported inside each function."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from rolkit import fields
from rolkit.errors import RulesError
from rolkit.system import FORM_NAMES

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["hit_grid"]


def hit_grid(system: Any, forms: dict[str, Any] | None = None, limit: int = 12) -> pd.DataFrame:
    """P(hit) in percent over the system's two ``grid_axes`` (rows × columns).

    Other fields come from ``forms`` (default: the system's defaults). Each axis runs over
    its field's declared range, cut to ``limit`` values; a combination the rules refuse
    is left empty (NaN).
    """
    import pandas as pd

    forms = dict(forms or system.defaults())
    (row_role, row_field), (col_role, col_field) = system.grid_axes

    def axis(role: str, name: str) -> list[int]:
        spec = dict(fields.describe(system.forms[role]))[name]
        return list(range(int(spec.min), int(spec.max) + 1))[:limit]

    def p_hit(row_value: int, col_value: int) -> float:
        trial = dict(forms)
        trial[row_role] = dataclasses.replace(trial[row_role], **{row_field: row_value})
        trial[col_role] = dataclasses.replace(trial[col_role], **{col_field: col_value})
        try:
            odds = system.odds(*(trial[r] for r in FORM_NAMES))
        except RulesError:
            return float("nan")
        return float(odds.p_hit) * 100

    rows, cols = axis(row_role, row_field), axis(col_role, col_field)
    frame = pd.DataFrame([[p_hit(r, c) for c in cols] for r in rows], index=rows, columns=cols)
    frame.index.name, frame.columns.name = row_field, col_field
    return frame
