"""The building blocks every display module shares: the card's CSS, escaping, Markdown
tables, pandas frames as HTML/Markdown, and a system's title.

:mod:`rolkit.display.render`, :mod:`.checks`, :mod:`.compare` and :mod:`.fight_odds`
import these public names (never each other's private helpers), so the display modules
stack one way: ``markup`` and ``tables`` at the bottom, ``checks``, ``compare`` and
``fight_odds`` on them, ``render`` on top.

pandas is imported lazily (only :func:`align_numbers` needs a pandas function), so
importing the display layer stays free of pandas.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from rolkit import i18n, systems

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "CSS",
    "escape",
    "system_title",
    "md_cell",
    "md_table",
    "pct",
    "frame_markdown",
    "percent_columns",
    "align_numbers",
    "frame_html",
    "card_head",
]

#: The style block every card carries (a card is readable wherever it is shown).
CSS = (
    "<style>"
    # Cards carry their own paper and ink, as variables: light by default (every text
    # ≥ 4.5:1 on white; the theme's row colours are overridden), and in a dark theme
    # (JupyterLab's or Voilà's, which mark <body data-jp-theme-light="false">) the theme's
    # own layout and font colours, with fallbacks, and lighter greens and reds.
    ".rolkit-card{--rk-c-paper:#fff;--rk-c-ink:#1a1a1a;--rk-c-muted:#4d4d4d;"
    "--rk-c-line:#ccc;--rk-c-code:#f0f0f0;--rk-c-good:#1b5e20;--rk-c-bad:#a00018;"
    "--rk-c-dropped:#595959;--rk-c-bar:#9ecae1;}"
    '[data-jp-theme-light="false"]{--rk-c-bar:#2f6690;}'
    '[data-jp-theme-light="false"] .rolkit-card{--rk-c-paper:var(--jp-layout-color1,#212121);'
    "--rk-c-ink:var(--jp-ui-font-color0,#fff);--rk-c-muted:#c8c8c8;"
    "--rk-c-line:var(--jp-border-color1,#616161);--rk-c-code:var(--jp-layout-color2,#424242);"
    "--rk-c-good:#81c784;--rk-c-bad:#ff9e9e;--rk-c-dropped:#b0b0b0;--rk-c-bar:#2f6690;}"
    ".rolkit-card{font-family:inherit;margin:0.25em 0;background:var(--rk-c-paper);"
    "color:var(--rk-c-ink);padding:0.3em 0.6em;border:1px solid var(--rk-c-line);"
    "border-radius:4px;max-width:100%;box-sizing:border-box;}"
    ".rolkit-card td,.rolkit-card th,.rolkit-card p,.rolkit-card li,.rolkit-card caption,"
    ".rolkit-card strong,.rolkit-card span{color:var(--rk-c-ink);}"
    ".rolkit-card tr,.rolkit-card tbody tr:nth-child(odd),.rolkit-card tbody tr:hover"
    "{background:var(--rk-c-paper) !important;}"
    ".rolkit-card td,.rolkit-card th{color:var(--rk-c-ink) !important;}"
    ".rolkit-card code{color:var(--rk-c-ink) !important;background:var(--rk-c-code) !important;}"
    ".rolkit-card .rolkit-headline{font-size:1.1em;margin:0.2em 0;}"
    ".rolkit-card .rolkit-meta,.rolkit-card .rolkit-meta small{color:var(--rk-c-muted) !important;}"
    ".rolkit-hit .rolkit-headline,.rolkit-success .rolkit-headline,"
    ".rolkit-hit .rolkit-headline strong,.rolkit-success .rolkit-headline strong"
    "{color:var(--rk-c-good,#1b5e20) !important;}"
    ".rolkit-miss .rolkit-headline,.rolkit-failure .rolkit-headline,"
    ".rolkit-miss .rolkit-headline strong,.rolkit-failure .rolkit-headline strong"
    "{color:var(--rk-c-bad,#a00018) !important;}"
    ".rolkit-card table{border-collapse:collapse;}"
    ".rolkit-card th,.rolkit-card td{padding:0.15em 0.6em;text-align:left;vertical-align:top;}"
    ".rolkit-card .rolkit-num{text-align:right;font-variant-numeric:tabular-nums;}"
    ".rolkit-max,.rolkit-card .rolkit-max{font-weight:bold;color:var(--rk-c-good,#1b5e20) !important;}"
    ".rolkit-min,.rolkit-card .rolkit-min{font-weight:bold;color:var(--rk-c-bad,#a00018) !important;}"
    ".rolkit-dropped,.rolkit-card .rolkit-dropped{text-decoration:line-through;"
    "color:var(--rk-c-dropped,#595959) !important;}"
    ".rolkit-bar{display:inline-block;height:0.8em;background:var(--rk-c-bar,#9ecae1);}"
    ".rolkit-scroll{max-height:28em;overflow-y:auto;}"
    ".rolkit-error,.rolkit-card.rolkit-error p{color:var(--rk-c-bad,#a00018) !important;}"
    "</style>"
)


def escape(x: Any) -> str:
    """``str(x)`` escaped for HTML text and attribute values (quotes too)."""
    return html.escape(str(x), quote=True)


def system_title(system_id: str, lang: str | None) -> str:
    """The display name of a registered system; its id when it cannot be had."""
    try:
        return systems.get(system_id).display_name(lang)
    except Exception:  # noqa: BLE001 - a title must never break a repr
        return system_id


def md_cell(x: Any) -> str:
    """``x`` as one Markdown table cell (pipes escaped, on one line)."""
    return str(x).replace("|", "\\|").replace("\n", " ")


def md_table(header: Sequence[Any], rows: Iterable[Sequence[Any]]) -> str:
    """A Markdown table: the header row, the rule, then one line per row."""
    out = [
        "| " + " | ".join(md_cell(h) for h in header) + " |",
        "|" + "---|" * len(header),
    ]
    out += ["| " + " | ".join(md_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def pct(value: float, lang: str | None) -> str:
    """A percentage already scaled to 0..100 (as the tables' ``=``/``≥`` columns hold)."""
    return i18n.percent(value / 100, lang, 2)


def frame_markdown(
    df: pd.DataFrame, lang: str | None = None, percent: Sequence[str] = ("=", "≥")
) -> str:
    """A DataFrame as a Markdown table; the ``percent`` columns (0..100) get a ``%``."""
    rows = []
    for rec in df.itertuples(index=False):
        cells = []
        for col, value in zip(df.columns, rec, strict=True):
            cells.append(pct(value, lang) if col in percent else value)
        rows.append(cells)
    return md_table(list(df.columns), rows)


def percent_columns(columns: Iterable[Any], lang: str | None) -> list[Any]:
    """The columns of a frame that hold percentages (``=``, ``≥``, the probability)."""
    return [c for c in columns if c in ("=", "≥", i18n.t("col.probability", lang))]


def align_numbers(styler: Any, lang: str | None) -> Any:
    """Right-align the number columns of a Styler (percent, fraction, numeric dtypes)."""
    from pandas.api.types import is_numeric_dtype  # lazy: the display layer loads no pandas

    df = styler.data
    percent = percent_columns(df.columns, lang)
    numeric = [
        i
        for i, c in enumerate(df.columns)
        if c in percent or c == i18n.t("col.fraction", lang) or is_numeric_dtype(df[c])
    ]
    right = "text-align:right;font-variant-numeric:tabular-nums"
    return styler.set_table_styles(
        [{"selector": f".col{i}", "props": right} for i in numeric], overwrite=False
    )


def frame_html(df: pd.DataFrame, css_class: str, lang: str | None) -> str:
    """A DataFrame as an escaped HTML table: percent columns formatted for ``lang``,
    number columns right-aligned (a Styler when jinja2 is there, else ``to_html``)."""
    fmt = {c: (lambda v: pct(v, lang)) for c in percent_columns(df.columns, lang)}
    try:
        styler = df.style
    except ImportError:  # Styler needs jinja2
        return df.to_html(index=False, classes=css_class, escape=True, border=0, formatters=fmt)
    styler = styler.hide(axis="index").format(fmt, escape="html")  # one call: escapes all
    return align_numbers(styler, lang).set_table_attributes(f'class="{css_class}"').to_html()


def card_head(text: str, meta: str, css: str) -> str:
    """Open a card ``<div>`` (the caller closes it) with the headline and the meta line."""
    return (
        f'<div class="rolkit-card {css}">{CSS}'
        f'<p class="rolkit-headline"><strong>{escape(text)}</strong></p>'
        f'<p class="rolkit-meta"><small>{escape(meta)}</small></p>'
    )
