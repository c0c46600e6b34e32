"""Display of whole-fight odds (:class:`rolkit.fight.FightOdds`): the victory
headline, how each combatant ends, and the rounds the fight ends in."""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rolkit import i18n
from rolkit.display.markup import escape
from rolkit.fight import FightOdds

__all__ = [
    "victory_headline",
    "fight_odds_text",
    "fight_odds_markdown",
    "fight_odds_html",
    "rounds_rows",
    "fate_rows",
]

_WORDS = {
    "es": {
        "victory": "Probabilidad de victoria",
        "draw": "empate",
        "ongoing": "sigue tras {n} rondas",
        "never": "no acaba nunca",
        "who": "Combatiente",
        "side": "Bando",
        "out": "Fuera de combate",
        "dead": "Muere",
        "round": "Ronda",
        "ends": "Acaba en esa ronda",
        "later": "más tarde",
        "states": "{n} estados",
        "state": "1 estado",
        "why": "simulado porque hay {why}",
        "between": "entre {lo} y {hi}",
        "at_most": "como mucho {hi}",
        "bound": "cota exacta",
        "turns": "{n} turnos explorados",
        "why_bounds": "sin cálculo exacto: {why}",
        "mean": "duración media: {r} rondas",
    },
    "en": {
        "victory": "Probability of victory",
        "draw": "draw",
        "ongoing": "still going after {n} rounds",
        "never": "never ends",
        "who": "Combatant",
        "side": "Side",
        "out": "Out of the fight",
        "dead": "Dies",
        "round": "Round",
        "ends": "Ends in that round",
        "later": "later",
        "states": "{n} states",
        "state": "1 state",
        "why": "simulated because there are {why}",
        "between": "between {lo} and {hi}",
        "at_most": "at most {hi}",
        "bound": "exact bound",
        "turns": "{n} turns explored",
        "why_bounds": "not solved exactly: {why}",
        "mean": "mean length: {r} rounds",
    },
}


def _lang(lang: str | None) -> str:
    chosen = lang or i18n.get_language()
    return "es" if chosen == "es" else "en"


def _w(key: str, lang: str | None, **kw: Any) -> str:
    return _WORDS[_lang(lang)][key].format(**kw)


def _pct(p: Any, lang: str | None) -> str:
    """One decimal; a chance that exists but rounds to 0 shows as «< 0,1 %»."""
    if 0 < float(p) < 0.0005:
        return "< " + i18n.percent(0.001, _lang(lang), 1)
    return i18n.percent(float(p), _lang(lang), 1)


def _bounded(lo: Fraction, hi: Fraction, lang: str | None, compact: bool = False) -> str:
    """Exact bounds as text, the lower rounded down and the upper up (what is shown still
    contains the value): «entre 73,1 % y 73,6 %», «como mucho 0,4 %» from 0; ``compact``
    (a table's cell): «73,1–73,6 %»."""
    low = i18n.percent(math.floor(lo * 1000) / 1000, _lang(lang), 1)
    high = i18n.percent(math.ceil(hi * 1000) / 1000, _lang(lang), 1)
    if low == high:
        return high
    if compact:
        return f"{low.rstrip(' %')}–{high}"
    if not lo:
        return _w("at_most", lang, hi=high)
    return _w("between", lang, lo=low, hi=high)


def victory_headline(
    r: FightOdds, lang: str | None = None, labels: Mapping[str, str] | None = None
) -> str:
    """«Probabilidad de victoria: Jugadores 62,3 % · Monstruos 37,1 % · empate 0,6 %»
    (``labels`` names the sides, default their own names); certified bounds as intervals,
    never a point: «Jugadores entre 73,1 % y 73,6 % · … (cota exacta)»."""
    labels = labels or {}
    if r.method == "bounds":  # never a point: each interval, then what they are
        b = r.bounds
        parts = [f"{labels.get(s, s)} {_bounded(*b['p_win'][s], lang)}" for s in r.side_names]
        draw, going = b["p_draw"][None], b["p_ongoing"][None]
        if draw[1]:
            parts.append(f"{_w('draw', lang)} {_bounded(*draw, lang)}")
        if going[1]:
            parts.append(f"{_w('never', lang)} {_bounded(*going, lang)}")
        return f"{_w('victory', lang)}: " + " · ".join(parts) + f" ({_w('bound', lang)})"
    parts = [f"{labels.get(side, side)} {_pct(r.p_win[side], lang)}" for side in r.side_names]
    if r.p_draw:
        parts.append(f"{_w('draw', lang)} {_pct(r.p_draw, lang)}")
    if r.p_ongoing:
        still = _w("never", lang) if r.rounds is None else _w("ongoing", lang, n=r.rounds)
        parts.append(f"{still} {_pct(r.p_ongoing, lang)}")
    return f"{_w('victory', lang)}: " + " · ".join(parts)


def meta_line(r: FightOdds, lang: str | None = None) -> str:
    """«exacto · 412 estados · duración media: 3,2 rondas» (or the simulation's label)."""
    bits = [r.label(_lang(lang))]
    if r.method == "bounds":
        count = f"{r.states:,}".replace(",", "\u202f")
        bits.append(_w("turns", lang, n=count))
        if r.reason is not None:
            bits.append(_w("why_bounds", lang, why=r.reason[0 if _lang(lang) == "es" else 1]))
    elif r.exact:
        count = f"{r.states:,}".replace(",", "\u202f")
        bits.append(_w("state", lang) if r.states == 1 else _w("states", lang, n=count))
    elif r.reason is not None:
        bits.append(_w("why", lang, why=r.reason[0 if _lang(lang) == "es" else 1]))
    mean = r.expected_rounds()
    if mean is not None:
        text = f"{float(mean):.1f}"
        bits.append(_w("mean", lang, r=text.replace(".", ",") if _lang(lang) == "es" else text))
    return " · ".join(bits)


def fate_rows(
    r: FightOdds, lang: str | None = None, labels: Mapping[str, str] | None = None
) -> list[tuple[str, str, str, str]]:
    """``(combatant, side, P(out of the fight), P(dies))`` per combatant."""
    labels = labels or {}
    if r.method == "bounds":
        return [
            (
                name,
                labels.get(side, side),
                _bounded(*r.out_bounds(name), lang, compact=True),
                _bounded(*r.bounds["fates"][(name, "dead")], lang, compact=True),
            )
            for name, side in zip(r.names, r.sides, strict=True)
        ]
    return [
        (name, labels.get(side, side), _pct(r.p_out(name), lang), _pct(r.p_dead(name), lang))
        for name, side in zip(r.names, r.sides, strict=True)
    ]


def rounds_rows(r: FightOdds, lang: str | None = None) -> list[tuple[str, float, str]]:
    """``(round label, probability, percent text)`` for the rounds walked, then «later»;
    the first rounds in which a fight ends with a chance under 0,05 % share one row."""
    law = list(r.rounds_law.items())
    rows = []
    lead = 0  # the first rounds where a fight almost never ends share one row
    while lead < len(law) - 1 and float(law[lead][1]) < 0.0005:
        lead += 1
    if lead > 1:
        total = sum((p for _k, p in law[:lead]), Fraction(0))
        rows.append((f"{law[0][0]}–{law[lead - 1][0]}", float(total), _pct(total, lang)))
        law = law[lead:]
    rows += [(str(k), float(p), _pct(p, lang)) for k, p in law]
    if r.p_later:
        rows.append((_w("later", lang), float(r.p_later), _pct(r.p_later, lang)))
    return rows


def fight_odds_text(r: FightOdds, lang: str | None = None) -> str:
    lines = [victory_headline(r, lang), meta_line(r, lang), ""]
    head = (_w("who", lang), _w("side", lang), _w("out", lang), _w("dead", lang))
    lines.append(" | ".join(head))
    lines += [" | ".join(row) for row in fate_rows(r, lang)]
    lines.append("")
    lines.append(
        f"{_w('round', lang)}: " + ", ".join(f"{k} {t}" for k, _p, t in rounds_rows(r, lang))
    )
    return "\n".join(lines)


def fight_odds_markdown(r: FightOdds, lang: str | None = None) -> str:
    head = (_w("who", lang), _w("side", lang), _w("out", lang), _w("dead", lang))
    out = [f"**{victory_headline(r, lang)}**", "", f"_{meta_line(r, lang)}_", ""]
    out.append("| " + " | ".join(head) + " |")
    out.append("|---|---|---:|---:|")
    out += [
        "| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in fate_rows(r, lang)
    ]
    out += ["", f"| {_w('round', lang)} | {_w('ends', lang)} |", "|---|---:|"]
    out += [f"| {k} | {t} |" for k, _p, t in rounds_rows(r, lang)]
    return "\n".join(out)


_CSS = """<style>
.rolkit-fight-odds{font-family:inherit;max-width:40em}
.rolkit-fight-odds table{border-collapse:collapse;margin:.4em 0}
.rolkit-fight-odds th,.rolkit-fight-odds td{padding:.15em .6em;text-align:left}
.rolkit-fight-odds td.n{text-align:right;font-variant-numeric:tabular-nums}
.rolkit-fight-odds .bar{display:inline-block;height:.8em;background:currentColor;opacity:.55;
  vertical-align:middle;min-width:1px}
.rolkit-fight-odds .meta{opacity:.8}
</style>"""


def rounds_chart_html(r: FightOdds, lang: str | None = None) -> str:
    """The law of the rounds as a small bar table (no plotting library needed)."""
    rows = rounds_rows(r, lang)
    if not rows:
        return ""
    top = max(p for _k, p, _t in rows) or 1.0
    body = "".join(
        f'<tr><td>{escape(k)}</td><td class="n">{escape(t)}</td>'
        f'<td><span class="bar" style="width:{8 * p / top:.2f}em"></span></td></tr>'
        for k, p, t in rows
    )
    return (
        f'<table class="rolkit-rounds"><thead><tr><th>{escape(_w("round", lang))}</th>'
        f'<th colspan="2">{escape(_w("ends", lang))}</th></tr></thead><tbody>{body}</tbody></table>'
    )


def fight_odds_html(
    r: FightOdds, lang: str | None = None, labels: Mapping[str, str] | None = None
) -> str:
    """The victory headline, how it was obtained, each combatant's fate, the rounds."""
    head = (_w("who", lang), _w("side", lang), _w("out", lang), _w("dead", lang))
    fates = "".join(
        f"<tr><td>{escape(n)}</td><td>{escape(s)}</td><td class='n'>{escape(o)}</td><td class='n'>{escape(d)}</td></tr>"
        for n, s, o, d in fate_rows(r, lang, labels)
    )
    victory = victory_headline(r, lang, labels)
    return (
        f'<div class="rolkit-fight-odds">{_CSS}'
        f'<p class="rolkit-victory"><strong>{escape(victory)}</strong></p>'
        f'<p class="meta"><small>{escape(meta_line(r, lang))}</small></p>'
        f"<table class='rolkit-fates'><thead><tr>{''.join(f'<th>{escape(h)}</th>' for h in head)}"
        f"</tr></thead><tbody>{fates}</tbody></table>"
        f"{rounds_chart_html(r, lang)}</div>"
    )
