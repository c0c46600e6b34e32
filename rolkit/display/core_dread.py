"""Core Dread's check roll on the page (:class:`~rolkit.systems.core_dread.rules.rolls.CheckRoll`),
as text, Markdown and HTML, registered with :mod:`rolkit.reprs` by :mod:`rolkit.display`.

§4.1 on the page: the degree (§1.5) and the hits; every die with its history (a rerolled
die shows ``7 → 4``, §1.3); the faces that hit (``1..attribute``, §1.1.2) marked (``*`` in
text, bold in Markdown, highlighted in HTML); then attribute, skill, hits needed and, when
given, the seed and the exact chance of success.
"""

from __future__ import annotations

import html
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

from rolkit import i18n, reprs
from rolkit.display.markup import card_head
from rolkit.systems.core_dread.rules.rolls import CheckRoll

__all__ = ["check_text", "check_markdown", "check_html", "die_histories", "register"]


def die_histories(check: CheckRoll) -> list[list[int]]:
    """Each die's faces in order: the first roll, then every reroll of that die (§1.3)."""
    histories = [[f] for f in check.faces]
    for index, face in check.rerolls:
        histories[index].append(face)
    return histories


@dataclass(frozen=True)
class _Facts:
    histories: list[list[int]]
    headline: str
    meta: str


def _plain(text: str) -> str:
    """Lower case without accents, for comparing words (``"Éxito"`` ~ ``"exito"``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _is_hit(face: int, attribute: int) -> bool:
    return 1 <= face <= attribute


def _facts(
    check: CheckRoll, lang: str | None, seed: int | None, p_success: Fraction | None
) -> _Facts:
    degree = i18n.t(f"cd.degree.{check.degree}", lang)
    verdict = i18n.t("cd.check.success" if check.success else "cd.check.failure", lang)
    words = [degree] if _plain(degree).startswith(_plain(verdict)) else [degree, verdict]
    head = " · ".join(words) + f" — {check.hits} {i18n.t('cd.check.hits', lang)}"
    if check.natural_hits != check.hits:
        head += f" · {check.natural_hits} {i18n.t('cd.check.natural_hits', lang)}"
    bits = [
        f"{i18n.t('cd.check.attribute', lang)} {check.attribute}",
        f"{i18n.t('cd.check.skill', lang)} {check.skill}",
        i18n.t("cd.check.needed", lang, n=check.min_hits),
    ]
    if p_success is not None:
        bits.append(f"{i18n.t('cd.check.p_success', lang)} {i18n.percent(p_success, lang)}")
    if seed is not None:
        bits.append(f"{i18n.t('cd.check.seed', lang)} {seed}")
    return _Facts(die_histories(check), head, " · ".join(bits))


def check_text(
    check: CheckRoll,
    lang: str | None = None,
    *,
    seed: int | None = None,
    p_success: Fraction | None = None,
) -> str:
    """Plain text: the headline, the dice (``10 → 3*``: a hit marked ``*``), the meta line."""
    f = _facts(check, lang, seed, p_success)
    dice = ", ".join(
        " → ".join(str(x) for x in h) + ("*" if _is_hit(h[-1], check.attribute) else "")
        for h in f.histories
    )
    return f"{f.headline}\n  {i18n.t('cd.check.dice', lang)}: {dice}\n  {f.meta}"


def check_markdown(
    check: CheckRoll,
    lang: str | None = None,
    *,
    seed: int | None = None,
    p_success: Fraction | None = None,
) -> str:
    """Markdown: bold headline; hits in bold, replaced faces struck through."""
    f = _facts(check, lang, seed, p_success)

    def one(h: list[int]) -> str:
        old = [f"~~{x}~~" for x in h[:-1]]
        last = f"**{h[-1]}**" if _is_hit(h[-1], check.attribute) else str(h[-1])
        return " → ".join([*old, last])

    dice = ", ".join(one(h) for h in f.histories)
    headline = f.headline.replace("|", "\\|")
    return f"**{headline}**\n\n{i18n.t('cd.check.dice', lang)}: {dice}\n\n_{f.meta}_"


def check_html(
    check: CheckRoll,
    lang: str | None = None,
    *,
    seed: int | None = None,
    p_success: Fraction | None = None,
) -> str:
    """An HTML card: the degree and hits, each die's history (hits highlighted), the meta."""
    f = _facts(check, lang, seed, p_success)
    css = "rolkit-check " + ("rolkit-success" if check.success else "rolkit-failure")

    def one(h: list[int]) -> str:
        old = "".join(f'<span class="rolkit-dropped">{x}</span> → ' for x in h[:-1])
        last = (
            f'<span class="rolkit-max">{h[-1]}</span>'
            if _is_hit(h[-1], check.attribute)
            else str(h[-1])
        )
        return f'<span class="rolkit-die">{old}{last}</span>'

    dice = (
        f'<p class="rolkit-dice">{html.escape(i18n.t("cd.check.dice", lang))}: '
        f"{', '.join(one(h) for h in f.histories)}</p>"
    )
    return card_head(f.headline, f.meta, css) + dice + "</div>"


def register() -> None:
    """Show :class:`CheckRoll` through these renderers (idempotent)."""
    reprs.register(CheckRoll, "html", check_html)
    reprs.register(CheckRoll, "markdown", check_markdown)
    reprs.register(CheckRoll, "text", check_text)


register()
