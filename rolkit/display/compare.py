"""Rich display of a what-if :class:`~rolkit.analysis.Comparison`: both setups and the
exact difference, in percentage points."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rolkit import i18n
from rolkit.display.markup import card_head, escape, frame_html, md_table, system_title

if TYPE_CHECKING:
    from rolkit.analysis import Comparison

__all__ = ["comparison_text", "comparison_markdown", "comparison_html"]


def _title_line(c: Comparison, lang: str | None) -> str:
    return i18n.t("compare.title", lang, change=c.change)


def _cells(c: Comparison, lang: str | None) -> list[list[str]]:
    damage = i18n.t("compare.damage", lang)
    out = []
    for label, a, b, diff in c.rows(lang):
        if label == damage:
            cells = [i18n.number(a, lang), i18n.number(b, lang), f"{i18n.number(diff, lang)}"]
        else:
            cells = [
                i18n.percent(a, lang),
                i18n.percent(b, lang),
                f"{float(diff) * 100:+.1f}".replace(
                    ".", "," if (lang or i18n.get_language()) == "es" else "."
                ),
            ]
        out.append([label, *cells, str(diff)])
    return out


def _header(lang: str | None) -> list[str]:
    keys = ("compare.what", "compare.base", "compare.variant", "compare.diff", "col.fraction")
    return [i18n.t(k, lang) for k in keys]


def comparison_text(c: Comparison, lang: str | None = None) -> str:
    lines = [f"{_title_line(c, lang)}  [{system_title(c.base.system, lang)}]"]
    lines += ["  " + " | ".join(row) for row in _cells(c, lang)]
    return "\n".join(lines)


def comparison_markdown(c: Comparison, lang: str | None = None) -> str:
    return f"**{escape(_title_line(c, lang))}**\n\n" + md_table(_header(lang), _cells(c, lang))


def comparison_html(c: Comparison, lang: str | None = None) -> str:
    import pandas as pd

    frame = pd.DataFrame(_cells(c, lang), columns=_header(lang))
    return (
        card_head(_title_line(c, lang), system_title(c.base.system, lang), "rolkit-compare")
        + frame_html(frame, "rolkit-compare-table", lang)
        + "</div>"
    )
