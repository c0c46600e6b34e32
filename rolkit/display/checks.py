"""Rich display of any system's checks: :class:`~rolkit.model.CheckOdds` (the exact law
by degree) and :class:`~rolkit.model.CheckResolution` (one explained check).

Nothing here knows a system's mechanics: degrees come with their labels, steps with their
message keys. A system with a richer display of its own result registers it itself.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rolkit import i18n
from rolkit.display import tables
from rolkit.display.markup import CSS, card_head, escape, md_table, system_title

if TYPE_CHECKING:
    from rolkit.model import CheckOdds, CheckResolution

__all__ = [
    "check_odds_rows",
    "check_odds_text",
    "check_odds_markdown",
    "check_odds_html",
    "check_resolution_text",
    "check_resolution_markdown",
    "check_resolution_html",
]


def _lang(lang: str | None) -> str:
    return lang or i18n.get_language()


def check_odds_rows(o: CheckOdds, lang: str | None = None) -> list[tuple[str, Fraction, Fraction]]:
    """``(degree label, =, ≥)`` from the worst degree to the best; ``≥`` is "this or better"."""
    rows = []
    better = Fraction(1)
    for d in o.degrees:
        p = o[d.id]
        rows.append((d.label_for(_lang(lang)), p, better))
        better -= p
    return rows


def _check_odds_title(o: CheckOdds, lang: str | None) -> str:
    label = o.label[0] if _lang(lang) == "es" else o.label[1]
    p = i18n.percent(o.p_success, lang)
    return f"{label}: {i18n.t('headline.success', lang, p=p)}"


def check_odds_text(o: CheckOdds, lang: str | None = None) -> str:
    lines = [f"{_check_odds_title(o, lang)}  [{system_title(o.system, lang)}]"]
    for label, p, ge in check_odds_rows(o, lang):
        lines.append(
            f"  {label:<24} {i18n.percent(p, lang, 2):>9} {i18n.percent(ge, lang, 2):>9}  {p}"
        )
    return "\n".join(lines)


def check_odds_markdown(o: CheckOdds, lang: str | None = None) -> str:
    header = [i18n.t("col.degree", lang), "=", "≥", i18n.t("col.fraction", lang)]
    body = [
        [label, i18n.percent(p, lang, 2), i18n.percent(ge, lang, 2), str(p)]
        for label, p, ge in check_odds_rows(o, lang)
    ]
    return f"**{_check_odds_title(o, lang)}** — {system_title(o.system, lang)}\n\n" + md_table(
        header, body
    )


def check_odds_html(o: CheckOdds, lang: str | None = None) -> str:
    head = "".join(
        f"<th>{escape(h)}</th>"
        for h in (i18n.t("col.degree", lang), "=", "≥", i18n.t("col.fraction", lang))
    )
    body = "".join(
        f'<tr><td>{escape(label)}</td><td class="rolkit-num">{escape(i18n.percent(p, lang, 2))}</td>'
        f'<td class="rolkit-num">{escape(i18n.percent(ge, lang, 2))}</td>'
        f'<td class="rolkit-num">{escape(p)}</td></tr>'
        for label, p, ge in check_odds_rows(o, lang)
    )
    return (
        card_head(_check_odds_title(o, lang), system_title(o.system, lang), "rolkit-check-odds")
        + f'<table class="rolkit-check-law"><thead><tr>{head}</tr></thead>'
        + f"<tbody>{body}</tbody></table></div>"
    )


def _resolution_title(r: CheckResolution, lang: str | None) -> str:
    label = r.label[0] if _lang(lang) == "es" else r.label[1]
    return f"{label}: {r.degree.label_for(_lang(lang))}"


def _resolution_meta(r: CheckResolution, lang: str | None) -> str:
    return f"{system_title(r.system, lang)} · {i18n.t('seed', lang)} {r.seed}"


def _step_lines(r: CheckResolution, lang: str | None) -> list[tuple[str, str, str, str]]:
    prefix = r.system
    out = []
    for s in r.steps:
        out.append(
            (
                i18n.t(s.label, lang, **dict(s.params)),
                tables.format_dice(s.dice),
                tables.format_derived(s.derived, lang, prefix),
                s.rule,
            )
        )
    return out


def check_resolution_text(r: CheckResolution, lang: str | None = None) -> str:
    lines = [f"{_resolution_title(r, lang)}  [{_resolution_meta(r, lang)}]"]
    for i, (label, dice, derived, rule) in enumerate(_step_lines(r, lang), 1):
        text = (
            f"  {i}. {label}" + (f" [{dice}]" if dice else "") + (f" {derived}" if derived else "")
        )
        lines.append(text + (f"  ({rule})" if rule else ""))
    return "\n".join(lines)


def _step_header(lang: str | None) -> list[str]:
    return [i18n.t(k, lang) for k in ("col.step", "col.dice", "col.derived", "col.rule")]


def check_resolution_markdown(r: CheckResolution, lang: str | None = None) -> str:
    head = f"**{_resolution_title(r, lang)}** — {_resolution_meta(r, lang)}"
    return head + "\n\n" + md_table(_step_header(lang), _step_lines(r, lang))


def check_resolution_html(r: CheckResolution, lang: str | None = None) -> str:
    css = "rolkit-check " + ("rolkit-success" if r.success else "rolkit-failure")
    head = "".join(f"<th>{escape(h)}</th>" for h in _step_header(lang))
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>"
        for row in _step_lines(r, lang)
    )
    return (
        card_head(_resolution_title(r, lang), _resolution_meta(r, lang), css)
        + f'<table class="rolkit-steps"><thead><tr>{head}</tr></thead><tbody>{body}</tbody>'
        + f"</table>{'' if CSS else ''}</div>"
    )
