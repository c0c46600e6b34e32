"""The results views: headline, odds table, chart, roll history entries, messages, CSS.

Everything here turns rolkit objects (``Odds``, ``CheckOdds``, ``Resolution``,
``CheckResolution``) into widget trait values; no rule logic. The tables carry their own
light background and dark text (readable in JupyterLab's light and dark themes and in
Voilà); numbers use the language's decimal separator (``i18n.percent``/``i18n.number``).
"""

from __future__ import annotations

import contextlib
import functools
import html
import io
import re
import textwrap
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from typing import Any

import ipywidgets as ipw
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, MaxNLocator
from PIL import Image

from rolkit import i18n
from rolkit.display import tables
from rolkit.system import System
from widgets import texts  # noqa: F401  (registers the dashboard strings)
from widgets.errors import guarded, log
from widgets.forms import strip_spec_codes

__all__ = [
    "log",
    "guarded",
    "error_html",
    "info_html",
    "busy_html",
    "switching",
    "headline_text",
    "odds_table_html",
    "check_table_html",
    "chart_png",
    "percent_axis",
    "png",
    "check_chart_png",
    "HistoryEntry",
    "ResultsView",
    "ODDS_CLASS",
    "CHECK_CLASS",
    "DASHBOARD_CSS",
    "js_html",
    "wound_help",
    "fraction_cell",
    "location_table_html",
    "LOCATIONS_CLASS",
]

ODDS_CLASS = "rolkit-odds"
CHECK_CLASS = "rolkit-check-odds"
LOCATIONS_CLASS = "rolkit-locations"
#: the longest exact fraction written out in a cell («39/1000», «1234/5000»); a longer
#: one shows a close short fraction («≈ 1/6») and the exact value on hover (title)
FRACTION_CHARS = 9
INK = "#1a1a1a"  # text on every light surface: ≥ 12:1 on the pastel backgrounds below
PAPER = "#ffffff"
ERROR_INK = "#a00018"  # 7.4:1 on white
INFO_INK = "#1b5e20"  # 7.9:1 on white
KIND_COLOURS = {"miss": "#f8d7da", "hit": "#fff3cd", "wound": "#d4edda"}
BAR = "#9ecae1"

#: The dashboard's colours, light (JupyterLab's and Voilà's light themes, and no theme)
#: and dark (``data-jp-theme-light="false"`` on the page: JupyterLab Dark, Voilà's
#: ``?theme=dark``). Every ink is ≥ 4.5:1 on its paper, the pastel row colours and the bar
#: included (tests/browser/test_display_browser.py measures the rendered colours).
THEMES = {
    "light": {
        "paper": PAPER,
        "ink": INK,
        "muted": "#4d4d4d",
        "line": "#e0e0e0",
        "border": "#ccc",
        "link": "#0645ad",
        "error": ERROR_INK,
        "info": INFO_INK,
        "impact": "#0b3d91",
        "bar": BAR,
        "head": "#f3f3f3",
    },
    "dark": {
        "paper": "#1e1e1e",
        "ink": "#e8e8e8",
        "muted": "#c2c2c2",
        "line": "#444",
        "border": "#5a5a5a",
        "link": "#8ab4f8",
        "error": "#ff8a80",
        "info": "#81c784",
        "impact": "#90caf9",
        "bar": "#2f6690",
        "head": "#2a2a2a",
    },
}


def _vars(theme: str) -> str:
    return "; ".join(f"--rk-{k}:{v}" for k, v in THEMES[theme].items())


#: The dashboard's stylesheet (one HTML widget). Results sit on their own paper in the
#: theme's colours; at desktop widths the forms and the results scroll independently
#: within the window, so the odds stay in view; at ≤ 600 px they come first. Printing
#: shows the setup as text, the odds, the chart and the rolls of the Ataque tab, or the
#: Tablas tab's GM screen (each table whole, headings kept with it), and hides every control.
DASHBOARD_CSS = f"""<style>
.rolkit-dashboard {{{_vars("light")}}}
[data-jp-theme-light="false"] .rolkit-dashboard {{{_vars("dark")}}}
.rolkit-paper {{background:var(--rk-paper); color:var(--rk-ink); border:1px solid var(--rk-border);
  border-radius:4px; padding:6px 8px; box-sizing:border-box}}
.rolkit-paper .widget-html-content, .rolkit-paper .widget-label,
.rolkit-paper .widget-checkbox span, .rolkit-paper .widget-label-basic span,
.rolkit-paper h3, .rolkit-paper h4, .rolkit-paper caption {{color:var(--rk-ink)}}
.rolkit-dashboard a, .rolkit-dashboard a:visited {{color:var(--rk-link); text-decoration:underline}}
.rolkit-dashboard .jupyter-widget-Collapse-header, .rolkit-dashboard .lm-Collapse-header,
.rolkit-dashboard .jupyter-widget-Collapse-header *, .rolkit-dashboard .lm-Collapse-header *
  {{color:var(--jp-ui-font-color0, var(--rk-ink)) !important}}
.rolkit-dashboard .lm-TabBar-tab, .rolkit-dashboard .jupyter-widget-TabBar-tab
  {{color:var(--jp-ui-font-color0, var(--rk-ink)) !important}}
@media (min-width: 601px) {{
  .rolkit-forms, .rolkit-results {{max-height:calc(100vh - 124px); overflow-y:auto !important}}
}}
.rolkit-forms > *, .rolkit-results > *, .rolkit-results-box > *, .rolkit-roll-line > *
  {{flex-shrink:0 !important}}
.rolkit-body {{align-items:flex-start}}
.rolkit-odds-box {{max-width:100%; overflow-x:auto}}
table.rolkit-odds, table.rolkit-check-odds, table.rolkit-steps, table.rolkit-locations
  {{border-collapse:collapse;
  background:var(--rk-paper); color:var(--rk-ink)}}
table.rolkit-odds td, table.rolkit-odds th, table.rolkit-check-odds td,
table.rolkit-check-odds th, table.rolkit-locations td, table.rolkit-locations th {{padding:2px 8px; white-space:nowrap; color:var(--rk-ink);
  border-bottom:1px solid var(--rk-line); text-align:left}}
table.rolkit-odds td.rolkit-kind {{color:{INK} !important}}
table.rolkit-locations {{margin-top:6px}}
table.rolkit-odds, table.rolkit-check-odds, table.rolkit-locations {{line-height:1.35}}
.rolkit-results:has(.rolkit-stale) .rolkit-locations-box {{opacity:0.45; filter:grayscale(1)}}
.rolkit-odds-box .widget-html-content {{line-height:1.35}}
table.rolkit-locations caption {{text-align:left; font-weight:bold; padding:2px 8px}}
table.rolkit-locations {{font-size:0.85em; line-height:1.15}}
table.rolkit-locations td, table.rolkit-locations th {{padding:1px 6px}}
table.rolkit-locations .rolkit-means {{max-width:none; font-size:1em}}
.rolkit-num {{text-align:right !important; font-variant-numeric:tabular-nums;
  white-space:nowrap !important}}
.rolkit-fraction[title] {{cursor:help}}
.rolkit-means {{white-space:normal !important; max-width:22em; font-size:0.9em}}
.rolkit-more summary {{cursor:pointer; color:var(--rk-link); font-size:0.95em}}
.rolkit-more {{font-size:0.95em}}
.rolkit-headline h4 {{margin:4px 0; color:var(--rk-ink); line-height:1.35}}
.rolkit-stale .rolkit-headline, .rolkit-stale .rolkit-odds-box, .rolkit-stale .rolkit-chart
  {{opacity:0.45; filter:grayscale(1)}}
.rolkit-message {{color:var(--rk-error, {ERROR_INK}) !important}}
.rolkit-info {{color:var(--rk-info, {INFO_INK}) !important}}
.rolkit-roll {{background:var(--rk-paper); color:var(--rk-ink)}}
.rolkit-roll .widget-html-content {{color:var(--rk-ink)}}
.rolkit-roll .rolkit-roll-headline, .rolkit-roll .rolkit-roll-headline .widget-html-content
  {{height:auto !important; min-height:fit-content; white-space:normal; overflow:visible}}
.rolkit-roll > .widget-hbox {{flex-shrink:0; position:relative; z-index:1}}
.rolkit-badge {{display:inline-block; background:#fff3cd; color:#4d3800;
  border:1px solid #c9a227; border-radius:3px; padding:0 4px; font-size:0.85em}}
.rolkit-impact {{color:var(--rk-impact)}}
.rolkit-field-error .widget-html-content, .rolkit-field-error {{color:var(--rk-error)}}
.rolkit-print-setup {{display:none}}
.rolkit-means-inline {{display:none; font-size:0.85em}}
.rolkit-chart {{background:{PAPER}}}
[data-jp-theme-light="false"] .rolkit-chart {{filter:invert(0.88) hue-rotate(180deg)}}
.rolkit-busy {{color:var(--rk-muted); font-style:italic}}
.rolkit-switching .widget-tab-contents, .rolkit-switching .lm-TabPanel-stackedPanel
  {{visibility:hidden}}
.rolkit-busy::before {{content:""; display:inline-block; width:0.8em; height:0.8em;
  margin-right:0.4em; border:2px solid var(--rk-muted); border-top-color:transparent;
  border-radius:50%; animation:rolkit-spin 0.8s linear infinite; vertical-align:-0.1em}}
@keyframes rolkit-spin {{to {{transform:rotate(360deg)}}}}
.rolkit-screen table {{border-collapse:collapse}}
.rolkit-screen th, .rolkit-screen td {{border:1px solid var(--rk-line); padding:1px 5px;
  color:var(--rk-ink)}}
.rolkit-screen thead th {{background:var(--rk-head)}}
.jupyter-widgets button {{overflow:visible; text-overflow:clip}}
.rolkit-dashboard .lm-TabBar-content, .rolkit-dashboard .jupyter-widget-TabBar-content
  {{flex-wrap:wrap}}
.rolkit-dashboard .lm-TabBar-tab, .rolkit-dashboard .jupyter-widget-TabBar-tab
  {{flex:0 0 auto !important; min-width:0 !important; max-width:none !important}}
.rolkit-dashboard .lm-TabBar, .rolkit-dashboard .jupyter-widget-TabBar
  {{min-height:fit-content !important; height:auto !important}}
@media (max-width: 600px) {{
  .rolkit-body {{flex-direction:column !important}}
  .rolkit-results {{order:-1; width:100% !important; min-width:0 !important;
    padding:4px !important}}
  table.rolkit-odds, table.rolkit-check-odds, table.rolkit-locations
    {{font-size:0.85em; width:100%}}
  table.rolkit-odds td, table.rolkit-odds th, table.rolkit-check-odds td,
  table.rolkit-check-odds th {{white-space:normal; padding:2px 3px}}
  .rolkit-means {{display:none}}
  .rolkit-means-inline {{display:block !important}}
  .rolkit-forms {{width:100% !important; min-width:0 !important}}
  .rolkit-forms .widget-slider {{max-width:100%}}
  .rolkit-dashboard .widget-checkbox {{width:auto !important; max-width:100%;
    height:auto !important}}
  .rolkit-dashboard .widget-checkbox .widget-label-basic, .rolkit-dashboard .widget-label-basic
    {{white-space:normal !important; overflow:visible !important; height:auto !important;
      text-overflow:clip !important; line-height:1.3}}
  .rolkit-dashboard .widget-label-basic span {{white-space:normal !important}}
  .rolkit-dashboard .widget-label {{white-space:normal !important; overflow:visible !important;
    height:auto !important; min-height:var(--jp-widgets-inline-height, 28px); line-height:1.3;
    text-overflow:clip !important; max-width:100%; display:flex; align-items:center}}
  .rolkit-chart, .rolkit-chart img {{max-width:100%; height:auto}}
  table.rolkit-steps {{font-size:0.85em; width:100%}}
  table.rolkit-steps td, table.rolkit-steps th {{overflow-wrap:break-word; padding:2px 3px}}
  .rolkit-fight > .widget-box {{width:100% !important; min-width:0 !important;
    padding:0 !important}}
  .rolkit-fight-odds table {{font-size:0.9em}}
  .rolkit-fight-odds th, .rolkit-fight-odds td {{padding:2px 4px !important}}
  .rolkit-header .widget-dropdown {{max-width:100%}}
}}
@media print {{
  @page {{size:A4 landscape; margin:10mm}}
  html, body[data-voila], body[data-voila] #main, body[data-voila] #rendered_cells,
  body[data-voila] .lm-BoxPanel, body[data-voila] .lm-BoxPanel-child {{position:static !important; height:auto !important;
    max-height:none !important; overflow:visible !important; contain:none !important}}
  .rolkit-dashboard {{{_vars("light")}}}
  body, .rolkit-dashboard {{background:#fff !important; color:#000}}
  .rolkit-forms, .rolkit-header, .rolkit-roll-line, .rolkit-link, .lm-TabBar,
  .jupyter-widget-TabBar, .widget-slider, button, .rolkit-checks-form,
  .rolkit-screen-download, .rolkit-notes:empty {{display:none !important}}
  .rolkit-print-setup {{display:block !important}}
  .rolkit-results {{width:100% !important; max-height:none !important;
    overflow:visible !important}}
  .rolkit-odds-box {{overflow:visible}}
  .rolkit-roll .lm-Collapse-contents, .rolkit-roll .jupyter-widget-Collapse-contents
    {{display:block !important}}
  [data-jp-theme-light="false"] .rolkit-chart {{filter:none}}
  .rolkit-dashboard, .rolkit-dashboard .widget-box, .rolkit-dashboard .widget-html,
  .rolkit-dashboard .widget-html-content, .rolkit-dashboard .lm-Widget,
  .rolkit-dashboard .jupyter-widget-Collapse-contents, .rolkit-dashboard .lm-TabPanel,
  .rolkit-dashboard .jupyter-widget-TabPanel, .rolkit-screen
    {{overflow:visible !important; max-height:none !important; height:auto !important;
      width:auto !important; max-width:none !important; position:static !important;
      contain:none !important}}
  .rolkit-dashboard .lm-TabPanel > .lm-Widget.lm-mod-hidden,
  .rolkit-dashboard .jupyter-widget-TabPanel > .lm-mod-hidden {{display:none !important}}
  .rolkit-screen table {{page-break-inside:avoid; break-inside:avoid; font-size:9pt}}
  .rolkit-screen h4, .rolkit-screen h3 {{page-break-after:avoid; break-after:avoid}}
  .rolkit-screen-weapons {{page-break-before:always; break-before:page}}
  .rolkit-screen .widget-html {{break-inside:avoid}}
}}
</style>"""


def error_html(text: str) -> str:
    return f'<div class="rolkit-message" style="color:{ERROR_INK}">⚠ {html.escape(text)}</div>'


def busy_html(text: str) -> str:
    """A working note (a spinner and ``text``) for a wait the reader would otherwise see
    as an empty box."""
    return f'<div class="rolkit-busy" role="status">{html.escape(text)}</div>'


#: the dashboard's class while it switches systems: the tabs' contents are hidden (the
#: old system's forms never show under the new name)
SWITCHING = "rolkit-switching"


@contextlib.contextmanager
def switching(box: ipw.Box, notes: ipw.HTML, text: str) -> Iterator[None]:
    """While the block runs, ``box`` hides its tabs' contents and ``notes`` says ``text``
    with a spinner (the kernel sends both before it starts the work)."""
    box.add_class(SWITCHING)
    notes.value = busy_html(text)
    try:
        yield
    finally:
        box.remove_class(SWITCHING)


def info_html(text: str) -> str:
    return (
        f'<div class="rolkit-message rolkit-info" style="color:{INFO_INK}">'
        f"{html.escape(text)}</div>"
    )


def js_html(code: str, nonce: int) -> str:
    """An HTML widget value that runs ``code`` once in the page (an image that fails).

    ipywidgets' HTML view sets ``innerHTML`` (scripts do not run); an ``onerror``
    handler does. ``nonce`` makes each value new so the same code can run again.
    """
    return (
        f'<img alt="" data-n="{nonce}" src="data:," style="display:none" '
        f'onerror="{html.escape(code, quote=True)};this.remove()">'
    )


# --------------------------------------------------------------------------- attack odds
def headline_text(odds: Any, lang: str) -> str:
    """The fate first (``18,8 % muere · 40,6 % cae``), then hit, critical, expected damage."""
    parts = []
    if odds.p_dead:
        parts.append(i18n.t("dash.fate.dead", lang, p=i18n.percent(odds.p_dead, lang)))
    if odds.p_down > odds.p_dead:
        parts.append(i18n.t("dash.fate.down", lang, p=i18n.percent(odds.p_down, lang)))
    parts += [
        i18n.t("headline.hit", lang, p=i18n.percent(odds.p_hit, lang)),
        i18n.t(odds.critical_key, lang, p=i18n.percent(odds.p_critical, lang)),
        i18n.t("headline.damage", lang, d=i18n.number(odds.expected_damage, lang)),
    ]
    return " · ".join(parts)


def wound_help(prefix: str, wound: str | None, lang: str) -> str:
    """What a wound level does in this system: ``<prefix>.wound_help.<suffix>``, or ""."""
    if not wound:
        return ""
    suffix = wound.rsplit(".", 1)[-1]
    key = f"{prefix}.wound_help.{suffix}"
    return strip_spec_codes(i18n.t(key, lang)) if i18n.has(key, lang) else ""


def fraction_text(p: Fraction) -> str:
    """``p`` written out when short (``39/1000``), else a close short fraction (``≈ 1/6``,
    ``< 1/1000``, ``> 999/1000``)."""
    exact = str(p)
    if len(exact) <= FRACTION_CHARS:
        return exact
    near = p.limit_denominator(1000)
    if near == 0:
        return "< 1/1000"
    if near == 1:
        return "> 999/1000"
    return f"≈ {near}"


def fraction_cell(p: Fraction) -> str:
    """A table cell with :func:`fraction_text` and the exact fraction on hover."""
    return (
        f'<td class="rolkit-num rolkit-fraction" title="{html.escape(str(p))}">'
        f"{html.escape(fraction_text(p))}</td>"
    )


def _means_cell(short: str, more: str, lang: str) -> str:
    """What a row means in a few words; the rule's paragraph one click away."""
    text = html.escape(short)
    if more:
        summary = html.escape(i18n.t("dash.means.more", lang))
        text += (
            f'<details class="rolkit-more"><summary>{summary}</summary>'
            f"{html.escape(more)}</details>"
        )
    return f'<td class="rolkit-means">{text}</td>'


def _pct(p: Fraction, lang: str) -> str:
    return html.escape(i18n.percent(p, lang, 2)).replace(" ", "&nbsp;")


def _bar_cell(p: Fraction, lang: str, exact: bool = False) -> str:
    """A percentage over a bar of its width (``exact``: the fraction on hover)."""
    width = float(p) * 100
    style = (
        f"background:linear-gradient(90deg, var(--rk-bar, {BAR}) {width:.1f}%,"
        f" transparent {width:.1f}%)"
    )
    title = f' title="{html.escape(str(p))}"' if exact else ""
    return f'<td class="rolkit-num" style="{style}"{title}>{_pct(p, lang)}</td>'


def _row_of(v: Any) -> tuple[int, str, str | None]:
    """The outcome table's row of a view (as ``Odds.outcome_classes`` groups them)."""
    if not v.hit and v.wound is None:
        return (-1, "miss", None)
    if v.wound is None:
        return (0, "hit", None)
    return (v.wound_rank, "wound", v.wound)


def fate_by_row(odds: Any) -> dict[tuple[int, str, str | None], dict[Any, Fraction]]:
    """For each table row, the defender's fate given that row (exact, sums to 1)."""
    joint: dict[tuple[int, str, str | None], dict[Any, Fraction]] = {}
    for v, p in odds.views():
        law = joint.setdefault(_row_of(v), {})
        law[v.fate] = law.get(v.fate, Fraction(0)) + p
    out: dict[tuple[int, str, str | None], dict[Any, Fraction]] = {}
    for row, law in joint.items():
        total = sum(law.values(), Fraction(0))
        out[row] = {fate: q / total for fate, q in law.items()} if total else {}
    return out


def _fate_text(law: dict[Any, Fraction], kind: str, lang: str) -> str:
    """``"muere 25,0 % · fuera de combate 75,0 %"``; a wound that leaves him standing says so."""
    order = ("dead", "dying", "down")
    parts = [
        f"{tables.fate_label(f, lang)} {i18n.percent(law[f], lang)}" for f in order if law.get(f)
    ]
    if not parts:
        return tables.fate_label(None, lang) if kind == "wound" else ""
    return " · ".join(parts)


def odds_table_html(odds: Any, lang: str) -> str:
    """The outcome table: label, ``=`` (with a bar), ``≥``, the fraction (exact on hover),
    and what each row means in a few words (the defender's fate given that row, exactly),
    the system's own paragraph for a wound level (``wound_help``) one click away."""
    classes = odds.outcome_classes()
    fates = fate_by_row(odds)
    shorts = [_fate_text(fates.get(c, {}), c[1], lang) for c in classes]
    mores = [wound_help(odds.prefix, c[2], lang) for c in classes]
    has_help = any(shorts) or any(mores)
    head = [i18n.t("col.outcome", lang), "=", "≥", i18n.t("col.fraction", lang)]
    if has_help:
        head.append(i18n.t("dash.col.means", lang))
    rows = []
    remaining = Fraction(1)
    for ((_, kind, wound), p), short, more in zip(classes.items(), shorts, mores, strict=True):
        label = html.escape(tables.outcome_label(kind, wound, lang))
        colour = KIND_COLOURS.get(kind, PAPER)
        inline = f'<span class="rolkit-means-inline">{html.escape(short)}</span>' if short else ""
        cells = [
            f'<td class="rolkit-kind" style="background:{colour};color:{INK}">{label}{inline}</td>',
            _bar_cell(p, lang),
            f'<td class="rolkit-num">{_pct(remaining, lang)}</td>',
            fraction_cell(p),
        ]
        if has_help:
            cells.append(_means_cell(short, more, lang))
        rows.append(f"<tr class='rolkit-row-{kind}'>{''.join(cells)}</tr>")
        remaining -= p
    attrs = ["", "", "", "", ' class="rolkit-means"']
    header = "".join(f"<th{a}>{html.escape(h)}</th>" for a, h in zip(attrs, head, strict=False))
    return (
        f'<table class="{ODDS_CLASS}"><thead><tr>{header}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _location_consequence(law: list[tuple[Any, Fraction]], prefix: str, lang: str) -> str:
    """A hit at one location in a few words: how often it leaves the location disabled or
    destroyed, the defender prone, down or dead (exact, given that location)."""
    total = sum((p for _, p in law), Fraction(0))
    if not total:
        return ""
    parts = []
    for flag in ("location_disabled", "location_severe"):
        q = sum((p for v, p in law if flag in v.flags), Fraction(0)) / total
        if q:
            parts.append(f"{i18n.t(f'dash.{flag}', lang)} {i18n.percent(q, lang)}")
    prone = sum((p for v, p in law if v.prone), Fraction(0)) / total
    if prone:
        parts.append(f"{i18n.t('dash.location.prone', lang)} {i18n.percent(prone, lang)}")
    fates: dict[Any, Fraction] = {}
    for v, p in law:
        fates[v.fate] = fates.get(v.fate, Fraction(0)) + p / total
    fate = _fate_text(fates, "wound", lang)
    return " · ".join([*parts, fate] if fate else parts)


def location_table_html(odds: Any, lang: str) -> str:
    """Where the blow lands (a system with hit locations, when the setup rolls one): each
    location's chance when the blow lands on one, and what a hit there does (exact, given
    that location); ``""`` when no row names a location."""
    where = [loc for loc in odds.location() if loc is not None]
    if not where:
        return ""
    views_at: dict[str, list[tuple[Any, Fraction]]] = {loc: [] for loc in where}
    for v, p in odds.views():
        if v.location is not None:
            views_at[v.location].append((v, p))
    # no fraction column (the exact chance on hover): the table stays short enough for the
    # headline, the odds, the chart, Tirar and it to fit a 1366×768 window (#26 item 4)
    # the title heads the locations' column (a caption line less)
    head = [i18n.t("dash.location.title", lang), i18n.t("dash.location.p", lang)]
    head.append(i18n.t("dash.location.does", lang))
    rows = []
    landed = sum((q for loc in where for _, q in views_at[loc]), Fraction(0))
    for loc in where:
        law = views_at[loc]
        p = sum((q for _, q in law), Fraction(0)) / landed
        consequence = _location_consequence(law, odds.prefix, lang)
        rows.append(
            f"<tr><td>{html.escape(i18n.t(loc, lang))}</td>{_bar_cell(p, lang, exact=True)}"
            f"{_means_cell(consequence, '', lang)}</tr>"
        )
    header = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    return (
        f'<table class="{LOCATIONS_CLASS}">'
        f"<thead><tr>{header}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


# --------------------------------------------------------------------------- checks
def check_headline_text(o: Any, lang: str) -> str:
    label = o.label[0] if lang == "es" else o.label[1]
    return f"{label}: {i18n.t('headline.success', lang, p=i18n.percent(o.p_success, lang))}"


def check_table_html(o: Any, lang: str) -> str:
    """Degrees worst → best: ``=`` (with a bar), ``≥`` (this or better), the fraction."""
    head = [
        i18n.t("col.degree", lang),
        "=",
        i18n.t("dash.checks.ge", lang),
        i18n.t("col.fraction", lang),
    ]
    rows = []
    better = Fraction(1)
    for d in o.degrees:
        p = o[d.id]
        colour = KIND_COLOURS["wound" if d.success else "miss"]
        rows.append(
            f"<tr><td class='rolkit-kind' style='background:{colour};color:{INK}'>"
            f"{html.escape(d.label_for(lang))}"
            f"</td>{_bar_cell(p, lang)}<td class='rolkit-num'>{_pct(better, lang)}</td>"
            f"{fraction_cell(p)}</tr>"
        )
        better -= p
    header = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    return (
        f'<table class="{CHECK_CLASS}"><thead><tr>{header}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


# --------------------------------------------------------------------------- charts
def _figure(width: float = 3.9, height: float = 2.3) -> tuple[Any, Any]:
    """A bare Figure (no pyplot state, no tight_layout) on a white background."""
    fig = Figure(figsize=(width, height), dpi=96, facecolor=PAPER)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.15, 0.22, 0.82, 0.66), facecolor=PAPER)
    return fig, ax


def percent_axis(ax: Any, lang: str, axis: str = "y") -> None:
    """Percent ticks in the language's decimals on ``axis`` (``"y"`` or ``"x"``)."""
    sep = "," if lang == "es" else "."
    (ax.xaxis if axis == "x" else ax.yaxis).set_major_formatter(
        FuncFormatter(lambda v, _: f"{v:g}".replace(".", sep) + (" %" if lang == "es" else "%"))
    )
    ax.tick_params(labelsize=10, colors=INK)
    for spine in ax.spines.values():
        spine.set_color("#555555")


def png(fig: Any) -> bytes:
    """The figure as PNG: drawn once on its Agg canvas and encoded at a fast compression
    level (``savefig`` draws again for its layout pass and compresses harder, for a chart
    redrawn on every change that costs more than the odds themselves)."""
    canvas = fig.canvas
    canvas.draw()
    image = Image.frombuffer("RGBA", canvas.get_width_height(), canvas.buffer_rgba())
    buf = io.BytesIO()
    image.convert("RGB").save(buf, format="png", compress_level=1)
    return buf.getvalue()


#: Charts already drawn, by (damage law, language): the same law gives the same image, so
#: going back to an earlier value (a GM trying 4, then 6, then 4 again) costs nothing.
CHART_CACHE_SIZE = 64


#: the chart's size in px: usual, and ``wide`` (as wide as the results, less tall: room
#: for G.O.R.E.'s hit-location table above the fold at 1366×768, the text as large)
CHART_PX = {False: (374, 220), True: (595, 144)}


def chart_png(odds: Any, lang: str, wide: bool = False) -> bytes:
    """The damage law as bars on a numeric axis, text ≥ 10 px, the language's decimals."""
    return _damage_chart(tuple(odds.damage().items()), lang, wide)


@functools.lru_cache(maxsize=CHART_CACHE_SIZE)
def _damage_chart(items: tuple[tuple[int, Fraction], ...], lang: str, wide: bool) -> bytes:
    law = dict(items)
    width, height = CHART_PX[wide]
    fig, ax = _figure(width / 96, height / 96)
    if wide:  # the same margins in px as the usual chart: title above, ticks and label below
        ax.set_position((48 / width, 48 / height, 1 - 60 / width, 1 - 74 / height))
    ax.bar(list(law), [float(p) * 100 for p in law.values()], color="#3b6aa0", width=0.8)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=8))
    ax.set_xlabel(i18n.t("chart.damage", lang), fontsize=10, color=INK)
    ax.set_title(i18n.t("chart.title", lang), fontsize=11, color=INK)
    percent_axis(ax, lang)
    return png(fig)


def check_chart_png(o: Any, lang: str) -> bytes:
    """The check's law by degree, worst on top → best below, as the table reads: bars
    across, so a degree's name («Fallo o éxito marginal») has a line of its own (two when
    long) and the axes start where the longest name ends."""
    degrees = o.degrees
    fig = Figure(figsize=(3.9, 0.9 + 0.32 * len(degrees)), dpi=96, facecolor=PAPER)
    canvas = FigureCanvasAgg(fig)
    inches = fig.get_figheight()
    ax = fig.add_axes((0.3, 0.35 / inches, 0.65, 1 - 0.9 / inches), facecolor=PAPER)
    ys = list(range(len(degrees)))
    colours = ["#3b7d3b" if d.success else "#b04a4a" for d in degrees]
    ax.barh(ys, [float(o[d.id]) * 100 for d in degrees], color=colours, height=0.7)
    percent_axis(ax, lang, axis="x")
    ax.set_yticks(ys, [textwrap.fill(d.label[0], 22) for d in degrees], fontsize=9)
    ax.invert_yaxis()  # worst on top, like the table
    ax.set_title(i18n.t("dash.checks.chart", lang), fontsize=11, color=INK)
    renderer = canvas.get_renderer()
    widest = max(t.get_window_extent(renderer).width for t in ax.get_yticklabels())
    left = (widest + 12) / (fig.get_figwidth() * fig.dpi)
    ax.set_position((left, 0.35 / inches, 0.95 - left, 1 - 0.9 / inches))
    return png(fig)


# --------------------------------------------------------------------------- results
class ResultsView:
    """Headline, table, chart and message line; the last good view stays, greyed, with
    the message when the setup becomes invalid (``stale``)."""

    def __init__(self) -> None:
        self.headline = ipw.HTML()
        self.headline.add_class("rolkit-headline")
        self.table = ipw.HTML()
        self.table.add_class("rolkit-odds-box")
        self.chart = ipw.Image(format="png", layout=ipw.Layout(width="374px", max_width="100%"))
        self.chart.add_class("rolkit-chart")
        self.message = ipw.HTML()
        self.message.add_class("rolkit-messages")
        self.stale = False
        self.box = ipw.VBox([self.headline, self.table, self.chart, self.message])
        self.box.add_class("rolkit-results-box")

    def show(self, headline: str, table: str, chart: bytes | None) -> None:
        self.headline.value = f"<h4>{html.escape(headline)}</h4>"
        self.table.value = table
        if chart is not None:
            self.chart.value = chart
        self.set_stale(False)

    def set_stale(self, stale: bool, reason: str = "") -> None:
        self.stale = stale
        box = self.box
        if stale:
            box.add_class("rolkit-stale")
        else:
            box.remove_class("rolkit-stale")
        note = f"<div><i>{html.escape(reason)}</i></div>" if stale and reason else ""
        self.headline.value = re.sub(r"<div><i>.*?</i></div>$", "", self.headline.value) + note


# --------------------------------------------------------------------------- history
def steps_html(steps: Iterable[Any], lang: str, prefix: str) -> str:
    """One row per step: label, dice faces in draw order, derived numbers, the rule."""
    head = ["#", *(i18n.t(k, lang) for k in ("col.step", "col.dice", "col.derived", "col.rule"))]
    rows = []
    for i, s in enumerate(steps, 1):
        cells = [
            str(i),
            i18n.t(s.label, lang, **dict(s.params)),
            tables.format_dice(s.dice),
            tables.format_derived(s.derived, lang, prefix),
            strip_spec_codes(s.rule),
        ]
        rows.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in cells) + "</tr>")
    header = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    return (
        f'<table class="dataframe rolkit-steps"><thead><tr>{header}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


class HistoryEntry:
    """One roll: headline first, steps folded below, the seed, "repetir" and "aplicar".

    ``resolve_again(seed)`` replays it (same inputs); ``headline(lang)`` says it.
    ``on_apply(entry)`` loads an attack's after-state into the forms; "aplicar" is hidden
    when there is none.
    """

    def __init__(
        self,
        r: Any,
        lang: str,
        number: int,
        guard: Callable,
        headline: Callable[[Any, str], str],
        resolve_again: Callable[[], Any],
        prefix: str,
        seed_note: str = "",
        on_apply: Callable[[HistoryEntry], None] | None = None,
    ):
        self.r, self.number = r, number
        self.matched: bool | None = None  # replayed: the same steps and outcome, or not yet
        self.system: System | None = None  # the system that rolled it (set by the Ataque tab)
        self._headline, self._again, self.prefix = headline, resolve_again, prefix
        self.seed_note = seed_note  # "" (automatic), "dash.seed.typed" or "dash.seed.fixed"
        self.head = ipw.HTML(
            layout=ipw.Layout(height="auto")
        )  # a long headline wraps, never over the buttons
        self.head.add_class("rolkit-roll-headline")
        self.steps = ipw.HTML()
        self.fold = ipw.Accordion([self.steps], selected_index=None)
        self.replay = ipw.Button(layout=ipw.Layout(width="auto"))
        self.replay.add_class("rolkit-replay")
        self.check = ipw.HTML()
        self.check.add_class("rolkit-replay-check")
        self.replay.on_click(lambda b: guard(self.do_replay))
        self.apply = ipw.Button(icon="arrow-right", layout=ipw.Layout(width="auto"))
        self.apply.add_class("rolkit-apply")
        if on_apply is not None:
            self.apply.on_click(lambda b: guard(lambda: on_apply(self)))
        else:
            self.apply.disabled = True
            self.apply.layout.display = "none"
        line = ipw.HBox(
            [self.replay, self.apply, self.check], layout=ipw.Layout(align_items="center")
        )
        self.widget = ipw.VBox(
            [self.head, line, self.fold],  # the buttons before the folded steps: never covered
            layout=ipw.Layout(
                border="1px solid var(--rk-border, #ccc)", padding="4px", margin="4px 0"
            ),
        )
        self.widget.add_class("rolkit-roll")
        self.relabel(lang)

    def do_replay(self) -> None:
        """Re-resolve with the recorded seed and inputs; show whether it matches."""
        again = self._again()
        same_key = getattr(again, "key", None) == getattr(self.r, "key", None)
        self.matched = again.steps == self.r.steps and same_key
        if hasattr(again, "degree"):
            self.matched = self.matched and again.degree == self.r.degree
        self._show_check()

    def _show_check(self) -> None:
        if self.matched is not None:
            key = "replay.same" if self.matched else "replay.differs"
            mark = "✓" if self.matched else "✗"
            self.check.value = f"<b>{mark}</b> {html.escape(i18n.t(key, self.lang))}"

    def relabel(self, lang: str) -> None:
        self.lang = lang
        entry = i18n.t("history.entry", lang, n=self.number, seed=self.r.seed)
        if self.seed_note:
            entry += f" ({i18n.t(self.seed_note, lang)})"
        headline = html.escape(self._headline(self.r, lang))
        self.head.value = f"<b>{headline}</b><br><small>{html.escape(entry)}</small>"
        self.steps.value = steps_html(self.r.steps, lang, self.prefix)
        self.fold.set_title(0, i18n.t("steps.show", lang))
        self.replay.description = i18n.t("replay", lang)
        self.apply.description = i18n.t("apply", lang)
        self.apply.tooltip = i18n.t("apply.tip", lang)
        self._show_check()
