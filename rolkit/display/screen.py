"""The printable GM screen: one self-contained HTML page per system (A4, no scripts, no
external files), in the reader's language: the hit chance over the system's screen axes
and each weapon's odds, fate included."""

from __future__ import annotations

import html
import math
from pathlib import Path
from typing import TYPE_CHECKING

from rolkit import fields, i18n

if TYPE_CHECKING:
    from rolkit.analysis import GMScreen

__all__ = ["screen_html", "write_screen"]

i18n.register(
    "",
    {
        "es": {
            "screen.title": "Pantalla del máster — {system}",
            "screen.grid": "Probabilidad de impactar: {rows} (filas) × {cols} (columnas)",
            "screen.weapons": "Cada arma contra el defensor por defecto",
            "screen.weapon": "arma",
            "screen.note": "Probabilidades exactas calculadas por rolkit; el resto de campos, "
            "con sus valores por defecto.",
        },
        "en": {
            "screen.title": "GM screen — {system}",
            "screen.grid": "Chance to hit: {rows} (rows) × {cols} (columns)",
            "screen.weapons": "Each weapon against the default defender",
            "screen.weapon": "weapon",
            "screen.note": "Exact odds computed by rolkit; every other field at its default.",
        },
    },
)

_CSS = """
@page { size: A4 landscape; margin: 12mm; }
body { font-family: "DejaVu Sans", Arial, sans-serif; color: #111; background: #fff;
       font-size: 10pt; margin: 0 auto; max-width: 277mm; }
h1 { font-size: 15pt; margin: 0 0 4mm; } h2 { font-size: 11.5pt; margin: 5mm 0 2mm; }
table { border-collapse: collapse; page-break-inside: avoid; }
th, td { border: 1px solid #999; padding: 1.2mm 2mm; text-align: right;
         font-variant-numeric: tabular-nums; }
th { background: #e8e8e8; } td.name, th.name { text-align: left; }
.note { color: #333; font-size: 8.5pt; margin-top: 4mm; }
@media screen { body { padding: 8px; } }
"""


def _label(screen: GMScreen, axis: tuple[str, str], lang: str) -> str:
    role, name = axis
    spec = dict(fields.describe(screen.system.forms[role]))[name]
    return f"{i18n.t(f'form.{role}', lang)}: {spec.label_for(lang)}"


def _pct(value: float, lang: str) -> str:
    return "—" if math.isnan(value) else i18n.percent(value / 100, lang, 0)


def screen_html(screen: GMScreen, lang: str = "es") -> str:
    """The whole page as one HTML string (UTF-8, self-contained)."""
    e = html.escape
    name = screen.system.display_name(lang)
    grid = screen.grid
    head = "".join(f"<th>{e(str(c))}</th>" for c in grid.columns)
    body = "".join(
        f"<tr><th>{e(str(r))}</th>"
        + "".join(f"<td>{e(_pct(v, lang))}</td>" for v in grid.loc[r].tolist())
        + "</tr>"
        for r in grid.index
    )
    cols = [i18n.t(k, lang) for k in ("compare.hit", "fate.down", "fate.dead", "compare.damage")]
    weapons = "".join(
        f'<tr><td class="name">{e(w)}</td><td>{e(i18n.percent(o.p_hit, lang))}</td>'
        f"<td>{e(i18n.percent(o.p_down, lang))}</td><td>{e(i18n.percent(o.p_dead, lang))}</td>"
        f"<td>{e(i18n.number(o.expected_damage, lang, 1))}</td></tr>"
        for w, o in screen.weapons
    )
    grid_title = i18n.t(
        "screen.grid",
        lang,
        rows=_label(screen, screen.rows, lang),
        cols=_label(screen, screen.cols, lang),
    )
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{e(i18n.t('screen.title', lang, system=name))}</title><style>{_CSS}</style>"
        f"</head><body><h1>{e(i18n.t('screen.title', lang, system=name))}</h1>"
        f"<h2>{e(grid_title)}</h2>"
        f'<table class="rolkit-screen-grid"><thead><tr><th></th>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table>"
        f"<h2>{e(i18n.t('screen.weapons', lang))}</h2>"
        f'<table class="rolkit-screen-weapons"><thead><tr><th class="name">'
        f"{e(i18n.t('screen.weapon', lang))}</th>"
        + "".join(f"<th>{e(c)}</th>" for c in cols)
        + f"</tr></thead><tbody>{weapons}</tbody></table>"
        f'<p class="note">{e(i18n.t("screen.note", lang))}</p></body></html>'
    )


def write_screen(screen: GMScreen, path: str | Path, lang: str = "es") -> Path:
    """Write :func:`screen_html` to ``path`` (UTF-8) and return the path."""
    out = Path(path)
    out.write_text(screen_html(screen, lang), encoding="utf-8")
    return out
