"""Rich display of rolkit objects as HTML, Markdown and plain text.

IPython reprs (``_repr_html_``, ``_repr_markdown_``, ``__repr__``) and the dashboard share
this module. It builds on :mod:`rolkit.display.tables`, so every table shown here is the
dashboard's table. It never builds a second table of its own.

Conventions:

* The language is the ``lang`` argument, or else the module-level language
  (:func:`rolkit.i18n.set_language`), read at render time.
* pandas is imported lazily, inside :mod:`rolkit.display.tables` functions, and only by the
  HTML and Markdown renderers of odds and resolutions. Text reprs never need it, and
  ``import rolkit`` stays free of pandas.
* All HTML is well formed. Every tag is closed, and every value that comes from a user
  (names, expressions) is escaped.
* Display objects (:class:`RollResult`, :class:`ProbabilityResult`,
  :class:`DistributionResult`, :class:`CheckReport`) are small frozen wrappers. The
  magics return them so that a cell shows its result. They work without IPython too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rolkit import i18n, reprs
from rolkit.display import checks, tables
from rolkit.display.markup import (
    CSS,
    align_numbers,
    card_head,
    escape,
    frame_html,
    frame_markdown,
    md_cell,
    md_table,
    system_title,
)

if TYPE_CHECKING:
    from rolkit.dice import Distribution, RolledDice
    from rolkit.model import CheckOdds, CheckResolution, Odds, Resolution

__all__ = [
    "resolution_html",
    "resolution_markdown",
    "resolution_text",
    "odds_html",
    "odds_markdown",
    "odds_text",
    "distribution_html",
    "distribution_markdown",
    "distribution_text",
    "rolled_html",
    "rolled_markdown",
    "rolled_text",
    "error_html",
    "frame_markdown",
    "RollResult",
    "RollSeries",
    "ProbabilityResult",
    "DistributionResult",
    "CheckReport",
    "COMPARISON_SYMBOLS",
]

i18n.register(
    "",
    {
        "es": {
            "render.value": "valor",
            "render.mean": "media",
            "render.total": "total",
            "render.roll": "Tirada",
            "render.replay": "para repetirla",
            "render.distribution": "Distribución de {expr}",
            "render.probability": "probabilidad",
            "render.one_in": "1 de cada {n}",
            "render.damage_law": "Daño (distribución exacta)",
            "render.flags": "Efectos",
            "render.error": "rolkit",
        },
        "en": {
            "render.value": "value",
            "render.mean": "mean",
            "render.total": "total",
            "render.roll": "Tirada (roll)",
            "render.replay": "to replay it",
            "render.distribution": "Distribution of {expr}",
            "render.probability": "probability",
            "render.one_in": "1 in {n}",
            "render.damage_law": "Damage (exact law)",
            "render.flags": "Effects",
            "render.error": "rolkit",
        },
    },
)

#: Comparison operators as typed and as shown.
COMPARISON_SYMBOLS: Mapping[str, str] = {
    "==": "=",
    "!=": "≠",
    "<": "<",
    "<=": "≤",
    ">": ">",
    ">=": "≥",
}


# --------------------------------------------------------------------------- resolution
def _resolution_meta(r: Resolution, lang: str | None) -> str:
    return f"{system_title(r.system, lang)} · {i18n.t('seed', lang)} {r.seed}"


def resolution_text(r: Resolution, lang: str | None = None) -> str:
    """Headline, system and seed, then one numbered line per step (no pandas)."""
    lines = [
        f"{tables.resolution_headline(r, lang)}  [{_resolution_meta(r, lang)}]",
    ]
    for i, s in enumerate(r.steps, 1):
        dice = f" [{tables.format_dice(s.dice)}]" if s.dice else ""
        derived = tables.format_derived(s.derived, lang, r.prefix)
        rule = f"  ({s.rule})" if s.rule else ""
        line = f"  {i}. {i18n.t(s.label, lang, **dict(s.params))}{dice} {derived}".rstrip()
        lines.append(line + rule)
    return "\n".join(lines)


def resolution_markdown(r: Resolution, lang: str | None = None) -> str:
    """Bold headline, the meta line, and the steps table (``tables.steps_frame``)."""
    head = f"**{md_cell(tables.resolution_headline(r, lang))}** — {_resolution_meta(r, lang)}"
    return head + "\n\n" + frame_markdown(tables.steps_frame(r, lang), lang)


def resolution_html(r: Resolution, lang: str | None = None) -> str:
    """Headline (green on a hit, red on a miss), system and seed, then the steps table."""
    css = "rolkit-resolution " + ("rolkit-hit" if r.view.hit else "rolkit-miss")
    table = frame_html(tables.steps_frame(r, lang), "rolkit-steps", lang)
    return (
        card_head(tables.resolution_headline(r, lang), _resolution_meta(r, lang), css)
        + table
        + "</div>"
    )


# --------------------------------------------------------------------------- odds
def odds_text(o: Odds, lang: str | None = None) -> str:
    """Headline, then one line per outcome class with ``=``, ``≥`` and the fraction."""
    rows = tables.outcome_rows(o, lang)
    width = max([len(r["label"]) for r in rows] + [10])
    lines = [f"{tables.headline(o, lang)}  [{system_title(o.system, lang)}]"]
    head = f"  {i18n.t('col.outcome', lang):<{width}}  {'=':>9}  {'≥':>9}  "
    lines.append(head + i18n.t("col.fraction", lang))
    for row in rows:
        eq = i18n.percent(row["eq"], lang, 2)
        ge = i18n.percent(row["ge"], lang, 2)
        lines.append(f"  {row['label']:<{width}}  {eq:>9}  {ge:>9}  {row['eq']}")
    return "\n".join(lines)


def odds_markdown(o: Odds, lang: str | None = None) -> str:
    """Bold headline and the outcome table (``tables.outcome_frame``)."""
    df = tables.outcome_frame(o, lang).drop(columns=["kind"])
    return (
        f"**{md_cell(tables.headline(o, lang))}** — {system_title(o.system, lang)}\n\n"
        + frame_markdown(df, lang)
    )


def _styled_outcomes_html(o: Odds, lang: str | None) -> str:
    try:
        return align_numbers(tables.styled_outcomes(o, lang), lang).to_html()
    except ImportError:  # Styler needs jinja2; fall back to the plain frame
        df = tables.outcome_frame(o, lang).drop(columns=["kind"])
        return frame_html(df, "rolkit-odds", lang)


def odds_html(o: Odds, lang: str | None = None) -> str:
    """Headline, the coloured outcome table, and the damage law (and effects) folded."""
    parts = [
        card_head(tables.headline(o, lang), system_title(o.system, lang), "rolkit-odds-card"),
        _styled_outcomes_html(o, lang),
    ]
    damage = tables.damage_frame(o, lang)
    parts.append(
        f"<details><summary>{escape(i18n.t('render.damage_law', lang))}</summary>"
        f"{frame_html(damage, 'rolkit-damage', lang)}</details>"
    )
    if o.flags():
        flags = tables.flags_frame(o, lang)
        parts.append(
            f"<details><summary>{escape(i18n.t('render.flags', lang))}</summary>"
            f"{frame_html(flags, 'rolkit-flags', lang)}</details>"
        )
    parts.append("</div>")
    return "".join(parts)


# --------------------------------------------------------------------------- distributions
def _distribution_rows(d: Distribution) -> list[tuple[Any, Fraction, Fraction]]:
    at_least = d.at_least
    return [(k, p, at_least[k]) for k, p in d.items()]


def _mean(d: Distribution) -> Fraction | None:
    try:
        return d.mean
    except TypeError:  # non-numeric outcomes have no mean
        return None


def _distribution_header(lang: str | None) -> list[str]:
    return [i18n.t("render.value", lang), "=", "≥", i18n.t("col.fraction", lang)]


def _mean_text(d: Distribution, lang: str | None) -> str:
    m = _mean(d)
    return "" if m is None else f"{i18n.t('render.mean', lang)} {i18n.number(m, lang)}"


def distribution_text(d: Distribution, lang: str | None = None, title: str = "") -> str:
    """One line per value: ``=``, ``≥`` and the exact fraction."""
    head = " · ".join(x for x in (title, _mean_text(d, lang)) if x)
    lines = [head] if head else []
    for k, p, ge in _distribution_rows(d):
        eq_s, ge_s = i18n.percent(p, lang, 2), i18n.percent(ge, lang, 2)
        lines.append(f"  {k!s:>6}  {eq_s:>9}  ≥ {ge_s:>9}  {p}")
    return "\n".join(lines)


def distribution_markdown(d: Distribution, lang: str | None = None, title: str = "") -> str:
    """The value / = / ≥ / fraction table, under an optional title and the mean."""
    rows = [
        (k, i18n.percent(p, lang, 2), i18n.percent(ge, lang, 2), p)
        for k, p, ge in _distribution_rows(d)
    ]
    head = " · ".join(x for x in (f"**{md_cell(title)}**" if title else "", _mean_text(d, lang)))
    head = head.strip(" ·")
    table = md_table(_distribution_header(lang), rows)
    return f"{head}\n\n{table}" if head else table


def distribution_html(d: Distribution, lang: str | None = None, title: str = "") -> str:
    """The value / = / ≥ / fraction table with a bar per value (scrolls when long)."""
    rows = _distribution_rows(d)
    top = max((p for _, p, _ in rows), default=Fraction(1)) or Fraction(1)
    body = "".join(
        f'<tr><td class="rolkit-num">{escape(k)}</td><td class="rolkit-num">{i18n.percent(p, lang, 2)}</td>'
        f'<td class="rolkit-num">{i18n.percent(ge, lang, 2)}</td><td class="rolkit-num">{escape(p)}</td>'
        f'<td><span class="rolkit-bar" style="width:{float(p / top) * 8:.2f}em"></span></td></tr>'
        for k, p, ge in rows
    )
    header = "".join(f'<th class="rolkit-num">{escape(h)}</th>' for h in _distribution_header(lang))
    header += "<th></th>"
    table = (
        f'<div class="rolkit-scroll"><table class="rolkit-distribution">'
        f"<thead><tr>{header}</tr></thead><tbody>{body}</tbody></table></div>"
    )
    meta = _mean_text(d, lang)
    if not title and not meta:
        return f'<div class="rolkit-card">{CSS}{table}</div>'
    return card_head(title, meta, "rolkit-distribution-card") + table + "</div>"


# --------------------------------------------------------------------------- rolled dice
_INLINE = {
    "rolkit-max": "font-weight:bold;color:#1b5e20",
    "rolkit-min": "font-weight:bold;color:#a00018",
}


def _face_classes(faces: Sequence[int], sides: int) -> list[str]:
    return [
        "rolkit-max" if f == sides and sides > 1 else ("rolkit-min" if f == 1 else "")
        for f in faces
    ]


def _rolled_parts(r: RolledDice) -> list[tuple[str, Any, list[tuple[int, str]]]]:
    """Per term: (sign, term, [(face, css class)]); constants have no faces."""
    out = []
    for i, (term, faces) in enumerate(zip(r.expression.terms, r.faces, strict=True)):
        sign = "-" if term.sign < 0 else ("+" if i else "")
        classes = _face_classes(faces, term.sides) if term.is_dice else []
        out.append((sign, term, list(zip(faces, classes, strict=True))))
    return out


def rolled_text(r: RolledDice, lang: str | None = None) -> str:
    """d20-style text: ``2D6 (6, 1) + 3 = 10``."""
    return r.breakdown()


def rolled_markdown(r: RolledDice, lang: str | None = None) -> str:
    """d20's Markdown style: maxima and 1s in bold, the total in backticks."""
    parts: list[str] = []
    for sign, term, faces in _rolled_parts(r):
        text = str(term)
        if term.is_dice:
            shown = [f"**{f}**" if c else str(f) for f, c in faces]
            text += f" ({', '.join(shown)})"
        parts.append(f"{sign} {text}".strip() if parts else f"{sign}{text}")
    return f"{' '.join(parts)} = `{r.total}`"


def rolled_html(r: RolledDice, lang: str | None = None) -> str:
    """Inline HTML: maxima in green, 1s in red, the total in bold."""
    parts: list[str] = []
    for sign, term, faces in _rolled_parts(r):
        text = f"<code>{escape(term)}</code>"
        if term.is_dice:
            shown = [
                f'<span class="{c}" style="{_INLINE[c]}">{f}</span>' if c else str(f)
                for f, c in faces
            ]
            text += f" ({', '.join(shown)})"
        parts.append(f"{sign} {text}".strip() if parts else f"{sign}{text}")
    return f'<span class="rolkit-roll">{" ".join(parts)} = <strong>{r.total}</strong></span>'


# --------------------------------------------------------------------------- errors
def error_html(message: str) -> str:
    """A user's mistake as one plain red line (no traceback)."""
    return f'<div class="rolkit-card rolkit-error">{CSS}<p>⚠ {escape(message)}</p></div>'


# --------------------------------------------------------------------------- display objects
class _Display:
    """Mixin: the three reprs call ``_render(kind)`` with the module-level language."""

    def _render(self, kind: str, lang: str | None) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def _repr_html_(self) -> str:
        return self._render("html", None)

    def _repr_markdown_(self) -> str:
        return self._render("markdown", None)

    def __repr__(self) -> str:
        return self._render("text", None)

    def to_html(self, lang: str | None = None) -> str:
        return self._render("html", lang)

    def to_markdown(self, lang: str | None = None) -> str:
        return self._render("markdown", lang)

    def to_text(self, lang: str | None = None) -> str:
        return self._render("text", lang)


@dataclass(frozen=True, repr=False)
class RollResult(_Display):
    """One seeded roll of a dice expression (what ``%tirar`` returns).

    Attributes:
        rolled: the faces and the total.
        seed: the seed of the random source; ``%tirar <expr> seed=<seed>`` replays it.
    """

    rolled: RolledDice
    seed: int

    @property
    def total(self) -> int:
        return self.rolled.total

    @property
    def expression(self) -> str:
        return str(self.rolled.expression)

    @property
    def replay(self) -> str:
        """The magic line that gives this very roll again."""
        return f"%tirar {self.expression} seed={self.seed}"

    def _render(self, kind: str, lang: str | None) -> str:
        seed = f"{i18n.t('seed', lang)} {self.seed}"
        hint = f"{i18n.t('render.replay', lang)}: {self.replay}"
        if kind == "text":
            return f"{rolled_text(self.rolled, lang)}  [{seed} · {hint}]"
        if kind == "markdown":
            return f"{rolled_markdown(self.rolled, lang)} — _{seed} · {hint}_"
        return (
            f'<div class="rolkit-card rolkit-roll-card">{CSS}{rolled_html(self.rolled, lang)}'
            f'<p class="rolkit-meta"><small>{escape(seed)} · {escape(i18n.t("render.replay", lang))}: '
            f"<code>{escape(self.replay)}</code></small></p></div>"
        )


@dataclass(frozen=True, repr=False)
class RollSeries(_Display):
    """Several rolls of one expression from one seeded source (``%tirar 4d6 veces=6``).

    Attributes:
        rolls: each roll, in the order drawn.
        seed: the seed; ``%tirar <expr> veces=<n> seed=<seed>`` replays the whole series.
    """

    rolls: tuple[RolledDice, ...]
    seed: int

    @property
    def totals(self) -> list[int]:
        return [r.total for r in self.rolls]

    @property
    def expression(self) -> str:
        return str(self.rolls[0].expression) if self.rolls else ""

    @property
    def replay(self) -> str:
        return f"%tirar {self.expression} veces={len(self.rolls)} seed={self.seed}"

    def _render(self, kind: str, lang: str | None) -> str:
        seed = f"{i18n.t('seed', lang)} {self.seed}"
        hint = f"{i18n.t('render.replay', lang)}: {self.replay}"
        totals = ", ".join(map(str, self.totals))
        if kind == "text":
            lines = [f"{self.expression} × {len(self.rolls)}: {totals}  [{seed} · {hint}]"]
            lines += [f"  {i}. {rolled_text(r, lang)}" for i, r in enumerate(self.rolls, 1)]
            return "\n".join(lines)
        if kind == "markdown":
            items = [f"{i}. {rolled_markdown(r, lang)}" for i, r in enumerate(self.rolls, 1)]
            head = (
                f"**{md_cell(self.expression)} × {len(self.rolls)}: {totals}** — _{seed} · {hint}_"
            )
            return head + "\n\n" + "\n".join(items)
        lis = "".join(f"<li>{rolled_html(r, lang)}</li>" for r in self.rolls)
        return (
            card_head(f"{self.expression} × {len(self.rolls)}: {totals}", seed, "rolkit-roll-card")
            + f'<ol class="rolkit-series">{lis}</ol>'
            + f'<p class="rolkit-meta"><small>{escape(i18n.t("render.replay", lang))}: '
            f"<code>{escape(self.replay)}</code></small></p></div>"
        )


@dataclass(frozen=True, repr=False)
class ProbabilityResult(_Display):
    """An exact probability ``P(left <op> right)`` (what ``%prob a >= b`` returns).

    Attributes:
        left: the left expression, canonical (``1D8+1D4``).
        comparison: one of ``==``, ``!=``, ``<``, ``<=``, ``>``, ``>=``.
        right: the right side, canonical (a number or an expression).
        probability: the exact value.
    """

    left: str
    comparison: str
    right: str
    probability: Fraction

    @property
    def statement(self) -> str:
        return f"P({self.left} {COMPARISON_SYMBOLS[self.comparison]} {self.right})"

    @property
    def percent(self) -> float:
        return float(self.probability) * 100

    def _one_in(self, lang: str | None) -> str:
        p = self.probability
        if p == 0 or p > Fraction(1, 2):
            return ""
        return i18n.t("render.one_in", lang, n=i18n.number(1 / p, lang, 1))

    def _render(self, kind: str, lang: str | None) -> str:
        p = self.probability
        pct = i18n.percent(p, lang, 2)
        extra = self._one_in(lang)
        if kind == "text":
            return f"{self.statement} = {p} = {pct}" + (f"  ({extra})" if extra else "")
        if kind == "markdown":
            return f"{md_cell(self.statement)} = **{p}** = **{pct}**" + (
                f" _({extra})_" if extra else ""
            )
        return (
            f'<div class="rolkit-card rolkit-probability">{CSS}'
            f'<p class="rolkit-headline"><code>{escape(self.statement)}</code> = '
            f"<strong>{escape(p)}</strong> = <strong>{escape(pct)}</strong></p>"
            + (f'<p class="rolkit-meta"><small>{escape(extra)}</small></p>' if extra else "")
            + "</div>"
        )


@dataclass(frozen=True, repr=False)
class DistributionResult(_Display):
    """The whole exact law of a dice expression (what ``%prob <expr>`` returns)."""

    expression: str
    distribution: Distribution

    def _render(self, kind: str, lang: str | None) -> str:
        title = i18n.t("render.distribution", lang, expr=self.expression)
        if kind == "text":
            return distribution_text(self.distribution, lang, title)
        if kind == "markdown":
            return distribution_markdown(self.distribution, lang, title)
        return distribution_html(self.distribution, lang, title)


@dataclass(frozen=True, repr=False)
class CheckReport(_Display):
    """A seeded check and the exact law of the same check (what ``%chequeo`` returns).

    The check shows through the renderer its system registered for its own result type
    (``resolution.outcome``), else the generic check display; the law follows.

    Attributes:
        resolution: the explained, replayable check.
        odds: the exact law of that check by degree.
    """

    resolution: CheckResolution
    odds: CheckOdds

    @property
    def seed(self) -> int:
        return self.resolution.seed

    @property
    def success(self) -> bool:
        return self.resolution.success

    @property
    def degree(self) -> str:
        return self.resolution.degree.id

    @property
    def p_success(self) -> Fraction:
        return self.odds.p_success

    def _render(self, kind: str, lang: str | None) -> str:
        own = reprs.renderer(self.resolution.outcome, kind)  # type: ignore[arg-type]
        generic = {
            "text": checks.check_resolution_text,
            "markdown": checks.check_resolution_markdown,
            "html": checks.check_resolution_html,
        }[kind]
        law = {
            "text": checks.check_odds_text,
            "markdown": checks.check_odds_markdown,
            "html": checks.check_odds_html,
        }[kind]
        if own is None:
            head = generic(self.resolution, lang)
        else:  # the system's own display of its result, then the seed to replay it
            seed = f"{i18n.t('seed', lang)} {self.seed}"
            head = own(self.resolution.outcome) + (
                f'<p class="rolkit-meta"><small>{escape(seed)}</small></p>'
                if kind == "html"
                else f"\n  {seed}"
            )
        sep = "\n\n" if kind != "html" else ""
        return head + sep + law(self.odds, lang)
