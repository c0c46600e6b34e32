"""Results as pandas tables: a Resolution's steps, and Odds as outcome and damage tables.

pandas is imported inside each function, never at module import, so ``import rolkit``
stays light. Probabilities stay ``Fraction`` in the ``fraction`` column; the ``=`` and
``≥`` columns are floats (percent) for display only.

The ``≥`` column reads "at least this bad for the defender": rows run from the best
outcome for the defender (a miss) to the worst (the heaviest wound), and ``≥`` of a row is
the probability of that row or any row below it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rolkit import i18n
from rolkit.headline import fate_label, resolution_headline

if TYPE_CHECKING:
    import pandas as pd

    from rolkit.fight.best_move import BestMove
    from rolkit.model import Odds, Resolution

__all__ = [
    "outcome_label",
    "outcome_rows",
    "outcome_frame",
    "damage_frame",
    "flags_frame",
    "steps_frame",
    "headline",
    "resolution_headline",
    "styled_outcomes",
    "format_dice",
    "format_derived",
    "fate_label",
    "best_move_frame",
]


def outcome_label(kind: str, wound: str | None, lang: str | None = None) -> str:
    """The row label of an outcome class (``miss``, ``hit`` or a wound label key)."""
    if kind == "wound" and wound is not None:
        return i18n.t(wound, lang)
    return i18n.t(f"outcome.{kind}", lang)


def outcome_rows(odds: Odds, lang: str | None = None) -> list[dict[str, Any]]:
    """The outcome table as plain rows: label, kind, =, ≥ (Fractions)."""
    classes = odds.outcome_classes()
    rows = []
    remaining = Fraction(1)
    for (rank, kind, wound), p in classes.items():
        rows.append(
            {
                "label": outcome_label(kind, wound, lang),
                "kind": kind,
                "rank": rank,
                "eq": p,
                "ge": remaining,
            }
        )
        remaining -= p
    return rows


def outcome_frame(odds: Odds, lang: str | None = None) -> pd.DataFrame:
    """Outcome classes with ``=`` and ``≥`` in percent and the exact ``=`` fraction."""
    import pandas as pd

    rows = outcome_rows(odds, lang)
    return pd.DataFrame(
        {
            i18n.t("col.outcome", lang): [r["label"] for r in rows],
            "=": [float(r["eq"]) * 100 for r in rows],
            "≥": [float(r["ge"]) * 100 for r in rows],
            i18n.t("col.fraction", lang): [str(r["eq"]) for r in rows],
            "kind": [r["kind"] for r in rows],
        }
    )


def damage_frame(odds: Odds, lang: str | None = None) -> pd.DataFrame:
    """Damage points with ``=`` and ``≥`` in percent and the exact fraction."""
    import pandas as pd

    law = odds.damage()
    ge = []
    running = Fraction(1)
    for p in law.values():
        ge.append(running)
        running -= p
    return pd.DataFrame(
        {
            i18n.t("col.damage", lang): list(law),
            "=": [float(p) * 100 for p in law.values()],
            "≥": [float(g) * 100 for g in ge],
            i18n.t("col.fraction", lang): [str(p) for p in law.values()],
        }
    )


def flags_frame(odds: Odds, lang: str | None = None) -> pd.DataFrame:
    """Side effects (``counter``, ``fumble``, …) with their probabilities."""
    import pandas as pd

    names = odds.flags()
    ps = [odds.flag(n) for n in names]
    return pd.DataFrame(
        {
            i18n.t("col.flag", lang): [i18n.term(odds.prefix, "flag", n, lang) for n in names],
            i18n.t("col.probability", lang): [float(p) * 100 for p in ps],
            i18n.t("col.fraction", lang): [str(p) for p in ps],
        }
    )


def headline(odds: Odds, lang: str | None = None) -> str:
    """What a GM says aloud: hit %, the system's critical %, expected damage, and the
    defender's fate (dead, and down or worse) when it can happen."""
    parts = [
        i18n.t("headline.hit", lang, p=i18n.percent(odds.p_hit, lang)),
        i18n.t(odds.critical_key, lang, p=i18n.percent(odds.p_critical, lang)),
        i18n.t("headline.damage", lang, d=i18n.number(odds.expected_damage, lang)),
    ]
    p_dead, p_down = odds.p_dead, odds.p_down
    if p_dead:
        parts.append(i18n.t("headline.dead", lang, p=i18n.percent(p_dead, lang)))
    if p_down > p_dead:
        parts.append(i18n.t("headline.down", lang, p=i18n.percent(p_down, lang)))
    return " · ".join(parts)


def format_dice(dice: tuple[int, ...]) -> str:
    return ", ".join(str(d) for d in dice)


def format_derived(derived: Any, lang: str | None = None, prefix: str = "") -> str:
    """A step's derived values as ``label value · …``: labels from the system's
    ``<prefix>.derived.<key>`` (or the shared ``derived.<key>``), string values that are
    i18n keys translated."""
    parts = []
    for k, v in dict(derived).items():
        name = i18n.term(prefix, "derived", k, lang)
        if isinstance(v, Fraction):
            v = f"{v} ({float(v):.4g})"
        elif isinstance(v, bool):
            v = i18n.t("yes" if v else "no", lang)
        elif v is None:
            v = "—"
        elif isinstance(v, str):
            v = i18n.t(v, lang)
        elif isinstance(v, tuple | list):
            v = ", ".join(i18n.t(x, lang) if isinstance(x, str) else str(x) for x in v)
        parts.append(f"{name} {v}")
    return " · ".join(parts)


def steps_frame(r: Resolution, lang: str | None = None) -> pd.DataFrame:
    """One row per step: label, dice faces in draw order, derived numbers, the rule."""
    import pandas as pd

    return pd.DataFrame(
        {
            "#": list(range(1, len(r.steps) + 1)),
            i18n.t("col.step", lang): [i18n.t(s.label, lang, **dict(s.params)) for s in r.steps],
            i18n.t("col.dice", lang): [format_dice(s.dice) for s in r.steps],
            i18n.t("col.derived", lang): [
                format_derived(s.derived, lang, r.prefix) for s in r.steps
            ],
            i18n.t("col.rule", lang): [s.rule for s in r.steps],
        }
    )


_KIND_COLOURS = {"miss": "#f8d7da", "hit": "#fff3cd", "wound": "#d4edda"}
_INK = "#1a1a1a"  # ≥ 12:1 on every colour above and on the bar: readable in any theme
#: the other cells' paper and ink: the notebook theme's (JupyterLab's variables), white and
#: _INK where there is none (a dark theme's table is no white block)
_PAPER_VAR, _INK_VAR = "var(--jp-layout-color0, #ffffff)", f"var(--jp-content-font-color0, {_INK})"


def styled_outcomes(odds: Odds, lang: str | None = None, css_class: str = "rolkit-odds") -> Any:
    """The outcome table as a pandas Styler: coloured by outcome, bars in ``=``."""
    df = outcome_frame(odds, lang)
    kinds = df.pop("kind")
    colours = [_KIND_COLOURS.get(k, "#ffffff") for k in kinds]
    return (
        df.style.hide(axis="index")
        .format(
            {"=": "{:.2f}\u00a0%", "≥": "{:.2f}\u00a0%"}
            if (lang or i18n.get_language()) == "es"
            else {"=": "{:.2f}%", "≥": "{:.2f}%"},
            escape="html",
            decimal="," if (lang or i18n.get_language()) == "es" else ".",
        )
        .map(lambda _: f"color: {_INK_VAR}; background-color: {_PAPER_VAR}")  # the theme's
        .apply(
            lambda col: [f"background-color: {c}; color: {_INK} !important" for c in colours],
            axis=0,
            subset=[df.columns[0]],
        )
        .bar(subset=["="], color="var(--rk-c-bar, #9ecae1)", vmin=0, vmax=100)
        .set_table_styles(
            [{"selector": "th", "props": f"color: {_INK_VAR}; background-color: {_PAPER_VAR}"}]
        )
        .set_table_attributes(f'class="{css_class}"')
    )


def best_move_frame(b: BestMove, lang: str | None = None) -> pd.DataFrame:
    """The best move's ranked table (:meth:`rolkit.fight.best_move.BestMove.rows`)."""
    import pandas as pd

    return pd.DataFrame.from_records(b.rows(lang or i18n.get_language()))
