"""Rich display of rolkit objects (HTML, Markdown, plain text), shared by IPython reprs
and the dashboard. Built on :mod:`rolkit.tables`; the language is :func:`i18n.get_language`
unless given.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from rolkit import i18n, tables

if TYPE_CHECKING:
    from rolkit.dice import Distribution, RolledDice
    from rolkit.model import Odds, Resolution

__all__ = [
    "resolution_html",
    "resolution_markdown",
    "resolution_text",
    "odds_html",
    "odds_markdown",
    "odds_text",
    "distribution_html",
    "distribution_markdown",
    "rolled_html",
]


def _title(system_id: str, lang: str | None) -> str:
    from rolkit import systems

    try:
        return systems.get(system_id).display_name(lang)
    except Exception:  # noqa: BLE001 - a title must never break a repr
        return system_id


# --------------------------------------------------------------------------- resolution
def resolution_text(r: Resolution, lang: str | None = None) -> str:
    lines = [
        f"Resolution({r.system}, {i18n.t('seed', lang)} {r.seed}): {tables.resolution_headline(r, lang)}"
    ]
    for i, s in enumerate(r.steps, 1):
        dice = f" [{tables.format_dice(s.dice)}]" if s.dice else ""
        derived = tables.format_derived(s.derived, lang)
        lines.append(f"  {i}. {i18n.t(s.label, lang, **dict(s.params))}{dice} {derived}".rstrip())
    return "\n".join(lines)


def resolution_markdown(r: Resolution, lang: str | None = None) -> str:
    head = f"**{html.escape(tables.resolution_headline(r, lang))}** — {_title(r.system, lang)}, {i18n.t('seed', lang)} {r.seed}"
    return (
        head + "\n\n" + tables.steps_frame(r, lang).to_markdown(index=False)
        if _has_tabulate()
        else (head + "\n\n" + _steps_markdown(r, lang))
    )


def _has_tabulate() -> bool:
    try:
        import tabulate  # noqa: F401
    except ImportError:
        return False
    return True


def _steps_markdown(r: Resolution, lang: str | None) -> str:
    cols = [
        "#",
        i18n.t("col.step", lang),
        i18n.t("col.dice", lang),
        i18n.t("col.derived", lang),
        i18n.t("col.rule", lang),
    ]
    out = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for i, s in enumerate(r.steps, 1):
        cells = [
            str(i),
            i18n.t(s.label, lang, **dict(s.params)),
            tables.format_dice(s.dice),
            tables.format_derived(s.derived, lang),
            s.rule,
        ]
        out.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(out)


def resolution_html(r: Resolution, lang: str | None = None) -> str:
    df = tables.steps_frame(r, lang)
    table = df.to_html(index=False, classes="rolkit-steps", escape=True, border=0)
    cls = "rolkit-hit" if r.view.hit else "rolkit-miss"
    return (
        f'<div class="rolkit-resolution {cls}">'
        f"<p><strong>{html.escape(tables.resolution_headline(r, lang))}</strong> "
        f"<small>{html.escape(_title(r.system, lang))} · {i18n.t('seed', lang)} {r.seed}</small></p>"
        f"{table}</div>"
    )


# --------------------------------------------------------------------------- odds
def odds_text(o: Odds, lang: str | None = None) -> str:
    lines = [f"Odds({o.system}): {tables.headline(o, lang)}"]
    for row in tables.outcome_rows(o, lang):
        lines.append(
            f"  {row['label']:<28} = {float(row['eq']) * 100:6.2f}%  ≥ {float(row['ge']) * 100:6.2f}%  ({row['eq']})"
        )
    return "\n".join(lines)


def odds_markdown(o: Odds, lang: str | None = None) -> str:
    out = [
        f"**{tables.headline(o, lang)}**",
        "",
        f"| {i18n.t('col.outcome', lang)} | = | ≥ | {i18n.t('col.fraction', lang)} |",
        "|---|---|---|---|",
    ]
    for row in tables.outcome_rows(o, lang):
        out.append(
            f"| {row['label']} | {i18n.percent(row['eq'], lang, 2)} | {i18n.percent(row['ge'], lang, 2)} | {row['eq']} |"
        )
    return "\n".join(out)


def odds_html(o: Odds, lang: str | None = None) -> str:
    styler = tables.styled_outcomes(o, lang)
    return (
        f'<div class="rolkit-odds-card"><p><strong>{html.escape(tables.headline(o, lang))}</strong> '
        f"<small>{html.escape(_title(o.system, lang))}</small></p>{styler.to_html()}</div>"
    )


# --------------------------------------------------------------------------- dice
def _distribution_rows(d: Distribution) -> list[tuple[Any, Any, Any]]:
    at_least = d.at_least
    return [(k, p, at_least[k]) for k, p in d.items()]


def distribution_markdown(d: Distribution, lang: str | None = None) -> str:
    out = [
        "| valor | = | ≥ | fracción |"
        if (lang or i18n.get_language()) == "es"
        else "| value | = | ≥ | fraction |",
        "|---|---|---|---|",
    ]
    for k, p, ge in _distribution_rows(d):
        out.append(f"| {k} | {i18n.percent(p, lang, 2)} | {i18n.percent(ge, lang, 2)} | {p} |")
    return "\n".join(out)


def distribution_html(d: Distribution, lang: str | None = None) -> str:
    head = "valor" if (lang or i18n.get_language()) == "es" else "value"
    rows = "".join(
        f"<tr><td>{html.escape(str(k))}</td><td>{i18n.percent(p, lang, 2)}</td>"
        f"<td>{i18n.percent(ge, lang, 2)}</td><td>{p}</td></tr>"
        for k, p, ge in _distribution_rows(d)
    )
    return (
        f'<table class="rolkit-distribution"><thead><tr><th>{head}</th><th>=</th><th>≥</th>'
        f"<th>{i18n.t('col.fraction', lang)}</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def rolled_html(r: RolledDice, lang: str | None = None) -> str:
    return f'<span class="rolkit-roll"><code>{html.escape(r.breakdown())}</code></span>'
