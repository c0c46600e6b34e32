"""Why the odds are what they are, in one line (issue 26, item 3).

Built generically from the exact odds of single blows, as the fight makes them
(:meth:`rolkit.system.System.fight_blow`, then :meth:`~rolkit.system.System.odds`): a blow
"hurts" when its outcome does damage, a wound or changes the target's fate. The line says:

* a combatant who can act but cannot hurt a foe that can act («Aldric no puede dañar a
  Kira: impacta el 62 % con Hacha, pero nunca daña»; «… 0 % de impactar» when it never
  hits), preferring the side that is behind;
* else, when one side's victory is at least :data:`LOPSIDED`, both sides' best blow
  («Por golpe: Kira daña a Aldric el 71 % con Espada; Aldric a Kira, el 8 % con Daga»).

At most :data:`MAX_PAIRS` blows are computed (a big fight asks the first pairs only).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from rolkit import i18n
from rolkit.errors import RulesError
from rolkit.fight import FightOdds
from rolkit.fight.tracker import Fighter
from rolkit.model import Odds, OutcomeView
from rolkit.system import System
from widgets import fight_texts  # noqa: F401  (registers the strings)

__all__ = ["Blow", "blows", "why_line", "weapon_name", "p_hurt", "LOPSIDED", "MAX_PAIRS"]

#: a side's victory from which the line explains the gap
LOPSIDED = Fraction(9, 10)
#: blows computed at most for the line
MAX_PAIRS = 24


class Blow(NamedTuple):
    """One blow's exact chances: ``attacker`` on ``target`` with ``weapon`` (its form)."""

    attacker: str
    target: str
    weapon: Any
    p_hit: Fraction
    p_hurt: Fraction


def _hurts(v: OutcomeView) -> bool:
    return v.damage > 0 or v.wound_rank > 0 or v.fate is not None


def p_hurt(odds: Odds) -> Fraction:
    """P(the blow does damage, a wound, or changes the target's fate), exact."""
    return odds.probability(_hurts)


def weapon_name(system: System, weapon: Any, lang: str) -> str:
    """The weapon as the GM chose it: its preset's name, else its form's own name."""
    for name, form in system.presets.get("weapon", {}).items():
        if form == weapon:
            return str(name)
    own = str(getattr(weapon, "name", "") or "").strip()
    return own or i18n.t("gm.fight.weapon.unnamed", lang)


def blows(system: System, fighters: Sequence[Fighter], options: Any) -> list[Blow]:
    """Each able combatant's blow on each able foe (at most :data:`MAX_PAIRS`), as the
    fight makes it; a blow the rules refuse now is left out."""
    able = [f for f in fighters if system.status(f.defender, options) is None]
    mods = system.defaults()["modifiers"]
    out: list[Blow] = []
    for a in able:
        for t in able:
            if t.side == a.side or len(out) >= MAX_PAIRS:
                continue
            forms = {"attacker": a.attacker, "defender": t.defender, "weapon": a.weapon}
            try:
                used, _why = system.fight_blow(**forms, modifiers=mods, options=options)
                if used is None:
                    continue
                odds = system.odds(**forms, modifiers=used, options=options)
            except RulesError:
                continue
            out.append(Blow(a.name, t.name, a.weapon, odds.p_hit, p_hurt(odds)))
    return out


def _pct(p: Fraction, lang: str) -> str:
    if 0 < p < Fraction(1, 2000):
        return "< " + i18n.percent(0.001, lang, 1)
    return i18n.percent(p, lang, 1)


def why_line(
    found: Sequence[Blow],
    sides: Mapping[str, str],
    odds: FightOdds | None,
    lang: str,
    labels: Mapping[str, str],
    system: System,
) -> str:
    """The deciding fact in one line, or ``""`` (``sides``: each combatant's side)."""

    def w(b: Blow) -> str:
        return weapon_name(system, b.weapon, lang)

    behind = None
    if odds is not None:
        behind = min(odds.side_names, key=lambda s: odds.p_win[s])
    harmless = [b for b in found if b.p_hurt == 0]
    harmless.sort(key=lambda b: sides.get(b.attacker) != behind)
    if harmless:
        h = harmless[0]
        if h.p_hit == 0:
            return i18n.t("gm.fight.why.miss", lang, a=h.attacker, t=h.target, w=w(h))
        hit = _pct(h.p_hit, lang)
        return i18n.t("gm.fight.why.harmless", lang, a=h.attacker, t=h.target, w=w(h), hit=hit)
    if odds is None or behind is None or max(odds.p_win.values()) < LOPSIDED:
        return ""
    ahead = next(s for s in odds.side_names if s != behind)
    best = {
        side: max(
            (b for b in found if sides.get(b.attacker) == side),
            key=lambda b: b.p_hurt,
            default=None,
        )
        for side in (ahead, behind)
    }
    a, b = best[ahead], best[behind]
    if a is None or b is None:
        side = behind if b is None else ahead
        foes = labels.get(ahead if side == behind else behind, "")
        return i18n.t("gm.fight.why.nobody", lang, side=labels.get(side, side), foes=foes)
    return i18n.t(
        "gm.fight.why.edge",
        lang,
        a=a.attacker,
        t=a.target,
        p=_pct(a.p_hurt, lang),
        w=w(a),
        b=b.attacker,
        c=b.target,
        q=_pct(b.p_hurt, lang),
        v=w(b),
    )
