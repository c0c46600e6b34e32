"""The best move's displays (#27, item 4): its line and its ranked moves as text, Markdown
and HTML (no pandas: :func:`rolkit.display.tables.best_move_frame` gives the DataFrame)."""

from __future__ import annotations

from rolkit import i18n
from rolkit.display.markup import escape, md_table
from rolkit.fight.best_move import BestMove

__all__ = ["best_move_text", "best_move_markdown", "best_move_html"]


def _cells(b: BestMove, lang: str) -> tuple[list[str], list[list[str]]]:
    """The header and one row per move: the move, its victory, its difference (pp); a
    bounded value as its interval («entre 55,1 % y 57,3 %»)."""
    head = [i18n.t(f"best.col.{k}", lang) for k in ("move", "win", "diff")]
    rows = [
        [
            m.text(lang) + (" ★" if m.default else ""),
            m.win(lang),
            b.diff(m, lang),
        ]
        for m in b.moves
    ]
    return head, rows


def best_move_text(b: BestMove, lang: str | None = None) -> str:
    lang = lang or i18n.get_language()
    head, rows = _cells(b, lang)
    return "\n".join([b.line(lang), "", " | ".join(head), *(" | ".join(r) for r in rows)])


def best_move_markdown(b: BestMove, lang: str | None = None) -> str:
    lang = lang or i18n.get_language()
    head, rows = _cells(b, lang)
    return f"**{b.line(lang)}**\n\n{md_table(head, rows)}"


def best_move_html(b: BestMove, lang: str | None = None) -> str:
    lang = lang or i18n.get_language()
    head, rows = _cells(b, lang)
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return (
        f'<div class="rolkit-best-move"><p><strong>{escape(b.line(lang))}</strong></p>'
        f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table></div>"
    )
