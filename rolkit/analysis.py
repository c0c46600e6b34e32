"""Analyses built on a System's exact odds: grids over its main numbers and what-if
comparisons (later: sweeps). pandas is imported inside each function."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rolkit import fields, i18n, systems
from rolkit.errors import RulesError
from rolkit.model import Odds
from rolkit.reprs import RichRepr
from rolkit.system import FORM_NAMES, System

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "hit_grid",
    "hit_table",
    "HitTable",
    "grid_axes",
    "grid_cells",
    "axis_values",
    "compare",
    "Comparison",
    "gm_screen",
    "GMScreen",
]


def axis_values(spec: fields.FieldSpec, limit: int = 12) -> list[int]:
    """Up to about ``limit`` whole values over the field's range: every value when the range
    is that small, else both ends and the round numbers between them (a step of 1, 2 or 5
    times a power of ten: 0, 50, 100, … rather than 0, 45, 91, …)."""
    lo, hi = int(spec.min or 0), int(spec.max or 0)
    if hi - lo + 1 <= limit:
        return list(range(lo, hi + 1))
    raw = (hi - lo) / (limit - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(lo / step) * step
    return sorted({lo, hi, *range(first, hi + 1, step)})


Axis = tuple[str, str]


def grid_axes(
    system: System, limit: int = 12, *, rows: Axis | None = None, cols: Axis | None = None
) -> tuple[Axis, list[int], Axis, list[int]]:
    """The grid's two ``(role, field)`` axes (default: the system's ``grid_axes``) and the
    values each runs over (:func:`axis_values` of its field's declared range)."""
    axes = system.grid_axes or (("attacker", ""), ("attacker", ""))
    row, col = rows or axes[0], cols or axes[1]

    def values(role: str, name: str) -> list[int]:
        return axis_values(dict(fields.describe(system.forms[role]))[name], limit)

    return row, values(*row), col, values(*col)


def grid_cells(
    system: System,
    forms: Mapping[str, Any] | None = None,
    limit: int = 12,
    *,
    rows: Axis | None = None,
    cols: Axis | None = None,
) -> Iterator[tuple[int, int, dict[str, Any] | None]]:
    """Each cell of the grid, rows × columns: ``(row value, column value, forms)``, the
    forms being ``forms`` (default: the system's defaults) with the two axis fields set, or
    ``None`` when a form refuses the pair (both fields of one form are set together)."""
    base = dict(forms or system.defaults())
    (row_role, row_field), row_values, (col_role, col_field), col_values = grid_axes(
        system, limit, rows=rows, cols=cols
    )
    made: dict[tuple[str, tuple[tuple[str, int], ...]], Any] = {}

    def form(role: str, values: dict[str, int]) -> Any:
        """``base[role]`` with ``values`` (built and validated once per distinct values:
        two axes on two forms make rows + columns forms, not rows × columns)."""
        key = (role, tuple(sorted(values.items())))
        if key not in made:
            try:
                made[key] = dataclasses.replace(base[role], **values)
            except RulesError:
                made[key] = None
        return made[key]

    for r in row_values:
        for c in col_values:
            changes: dict[str, dict[str, int]] = {}
            changes.setdefault(row_role, {})[row_field] = r
            changes.setdefault(col_role, {})[col_field] = c
            trial = {**base, **{role: form(role, v) for role, v in changes.items()}}
            refused = any(trial[role] is None for role in changes)
            yield r, c, None if refused else trial


@dataclass(frozen=True)
class HitTable:
    """The hit grid as plain lists (no pandas: the Tablas tab draws it before pandas is
    imported): ``values[i][j]`` is P(hit) in percent at ``index[i]`` × ``columns[j]``, NaN
    where the rules refuse the pair; ``rows`` and ``cols`` are the ``(role, field)`` axes."""

    rows: Axis
    cols: Axis
    index: tuple[int, ...]
    columns: tuple[int, ...]
    values: tuple[tuple[float, ...], ...]

    def frame(self) -> pd.DataFrame:
        """The table as a DataFrame (index and columns named by the two fields)."""
        import pandas as pd

        frame = pd.DataFrame(
            [list(v) for v in self.values], index=list(self.index), columns=list(self.columns)
        )
        frame.index.name, frame.columns.name = self.rows[1], self.cols[1]
        return frame


def hit_table(
    system: System,
    forms: Mapping[str, Any] | None = None,
    limit: int = 12,
    *,
    rows: Axis | None = None,
    cols: Axis | None = None,
    full_law: bool = False,
) -> HitTable:
    """P(hit) in percent over two ``(role, field)`` axes (default: the system's
    ``grid_axes``), rows × columns, as a :class:`HitTable`.

    Other fields come from ``forms`` (default: the system's defaults). Each axis runs over
    its field's declared range, up to ``limit`` values spread evenly; a combination the
    rules refuse is left empty (NaN). Each cell is the one number :meth:`System.p_hit`
    gives (the system's own P(hit) hook, exact, no outcome law built); ``full_law`` reads
    it from each cell's whole law instead (the reference the hooks are tested against, and
    the old path ``make bench`` times beside them).
    """

    def law_hit(*four: Any) -> Fraction:
        return system.odds(*four).p_hit

    cell = law_hit if full_law else system.p_hit

    def p_hit(trial: dict[str, Any] | None) -> float:
        if trial is None:
            return float("nan")
        try:
            return float(cell(*_four(trial))) * 100
        except RulesError:
            return float("nan")

    row, row_values, col, col_values = grid_axes(system, limit, rows=rows, cols=cols)
    cells = iter(grid_cells(system, forms, limit, rows=rows, cols=cols))
    values = tuple(tuple(p_hit(next(cells)[2]) for _ in col_values) for _ in row_values)
    return HitTable(row, col, tuple(row_values), tuple(col_values), values)


def hit_grid(
    system: System,
    forms: Mapping[str, Any] | None = None,
    limit: int = 12,
    *,
    rows: Axis | None = None,
    cols: Axis | None = None,
    full_law: bool = False,
) -> pd.DataFrame:
    """:func:`hit_table` as a DataFrame: P(hit) in percent, rows × columns, indexed by the
    two axes' values and named by their fields."""
    table = hit_table(system, forms, limit, rows=rows, cols=cols, full_law=full_law)
    return table.frame()


# --------------------------------------------------------------------------- GM screen
@dataclass(frozen=True, eq=False)
class GMScreen:
    """What a printed GM screen holds for one system: the hit chance over its screen axes,
    and each weapon preset's odds against the default defender (hit, down, dead, damage)."""

    system: System
    rows: tuple[str, str]
    cols: tuple[str, str]
    grid: Any  # pandas DataFrame, percent (the Tablas tab first draws a HitTable alone)
    weapons: tuple[tuple[str, Odds], ...]


def gm_screen(system: System | str, forms: Mapping[str, Any] | None = None) -> GMScreen:
    """The GM screen of ``system`` (see :class:`GMScreen`)."""
    s = systems.get(system) if isinstance(system, str) else system
    base = {**s.defaults(), **dict(forms or {})}
    axes = s.screen_axes or s.grid_axes
    assert axes is not None
    grid = hit_grid(s, base, rows=axes[0], cols=axes[1])
    weapons = []
    for name, weapon in s.presets.get("weapon", {}).items():
        try:
            odds = s.odds(*_four({**base, "weapon": weapon}))
        except RulesError:
            continue  # a weapon the default attacker cannot use here
        weapons.append((name, odds))
    return GMScreen(s, axes[0], axes[1], grid, tuple(weapons))


# --------------------------------------------------------------------------- what-if
@dataclass(frozen=True, eq=False)
class Comparison(RichRepr):
    """A setup and a variant of it, side by side: both exact odds and their differences.

    ``rows()`` lists, for hitting, the critical, every wound level and every fate, the
    probability in the setup, in the variant, and the exact difference (variant − setup).
    """

    base: Odds
    variant: Odds
    change: str

    def rows(self, lang: str | None = None) -> list[tuple[str, Fraction, Fraction, Fraction]]:
        def line(label: str, a: Fraction, b: Fraction) -> tuple[str, Fraction, Fraction, Fraction]:
            return (label, a, b, b - a)

        out = [
            line(i18n.t("compare.hit", lang), self.base.p_hit, self.variant.p_hit),
            line(i18n.t("compare.critical", lang), self.base.p_critical, self.variant.p_critical),
        ]
        wounds_a, wounds_b = self.base.wound(), self.variant.wound()
        for key in sorted(set(wounds_a) | set(wounds_b), key=lambda k: (k[0], k[1] or "")):
            if key[1] is None:
                continue
            label = i18n.t(key[1], lang)
            out.append(line(label, wounds_a.get(key, Fraction(0)), wounds_b.get(key, Fraction(0))))
        fates_a, fates_b = self.base.fate(), self.variant.fate()
        for fate in ("down", "dying", "dead"):
            if fate in fates_a or fate in fates_b:
                out.append(
                    line(
                        i18n.t(f"fate.{fate}", lang),
                        fates_a.get(fate, Fraction(0)),  # type: ignore[arg-type]
                        fates_b.get(fate, Fraction(0)),  # type: ignore[arg-type]
                    )
                )
        out.append(
            line(
                i18n.t("compare.damage", lang),
                self.base.expected_damage,
                self.variant.expected_damage,
            )
        )
        return out

    def frame(self, lang: str | None = None) -> pd.DataFrame:
        """The rows as a DataFrame: percentages (damage as points) and the difference in
        percentage points; the exact difference as a fraction."""
        import pandas as pd

        damage = i18n.t("compare.damage", lang)
        records = []
        for label, a, b, diff in self.rows(lang):
            scale = 1 if label == damage else 100
            records.append(
                {
                    i18n.t("compare.what", lang): label,
                    i18n.t("compare.base", lang): float(a) * scale,
                    i18n.t("compare.variant", lang): float(b) * scale,
                    i18n.t("compare.diff", lang): float(diff) * scale,
                    i18n.t("col.fraction", lang): str(diff),
                }
            )
        return pd.DataFrame.from_records(records)

    def __repr__(self) -> str:
        return (
            f"Comparison({self.change}: p_hit {self.base.p_hit} -> {self.variant.p_hit}, "
            f"p_dead {self.base.p_dead} -> {self.variant.p_dead})"
        )


def compare(
    system: System | str,
    forms: Mapping[str, Any] | None = None,
    *,
    options: Any = None,
    **change: Any,
) -> Comparison:
    """The exact odds of a setup against a variant that changes one thing.

    ``change`` names what differs, as ``role__field=value`` (``attacker__fortaleza=6``,
    ``modifiers__defence="dodge"``) or ``option__name=value`` for a house rule; several
    may be given. ``forms`` default to the system's defaults; ``options`` to its defaults.

    >>> rolkit.compare("core_dread", attacker__fortaleza=6).frame()   # doctest: +SKIP

    Raises:
        RulesError: an unknown role or field, or a variant the rules refuse.
    """
    s = systems.get(system) if isinstance(system, str) else system
    base_forms = {**s.defaults(), **dict(forms or {})}
    base_options = options if options is not None else s.options_type()
    variant_forms, variant_options = dict(base_forms), base_options
    for key, value in change.items():
        role, _, name = key.partition("__")
        target = variant_options if role == "option" else variant_forms.get(role)
        if target is None or name not in dict(fields.describe(type(target))):
            raise RulesError(
                f"compare: {key!r} names no field (use role__field or option__name)",
                field=key,
                message_es=f"compare: {key!r} no nombra ningún campo (usa rol__campo u option__nombre)",
            )
        if role == "option":
            variant_options = dataclasses.replace(variant_options, **{name: value})
        else:
            variant_forms[role] = dataclasses.replace(target, **{name: value})
    base = s.odds(*_four(base_forms), base_options)
    variant = s.odds(*_four(variant_forms), variant_options)
    described = ", ".join(_describe_change(s, key, value) for key, value in change.items())
    return Comparison(base, variant, described)


def _four(forms: Mapping[str, Any]) -> tuple[Any, Any, Any, Any]:
    a, d, w, m = (forms[r] for r in FORM_NAMES)
    return a, d, w, m


def _describe_change(system: System, key: str, value: Any) -> str:
    """``attacker__fortaleza=6`` as the GM reads it: ``Atacante: Fortaleza = 6`` (labels and
    choice labels in the module language)."""
    role, _, name = key.partition("__")
    cls = system.options_type if role == "option" else system.forms[role]
    spec = dict(fields.describe(cls))[name]
    where = i18n.t("form.options" if role == "option" else f"form.{role}")
    shown = spec.choice_label(value, i18n.get_language()) if spec.choices else value
    if isinstance(shown, bool):
        shown = i18n.t("yes" if shown else "no")
    return f"{where}: {spec.label_for(i18n.get_language())} = {shown}"
