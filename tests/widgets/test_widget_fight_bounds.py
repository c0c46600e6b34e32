"""The Combate tab's victory block past the exact bound (#27 item 1): certified bounds
shown as «entre 73,1 % y 73,6 % (cota exacta)» / "between 73.1% and 73.6% (exact
bound)", each shown figure containing the bound (the lower rounded down, the upper up),
never a point estimate; solved in the background with «calculando…» under the panel's
few-second budget. A Core Dread duel with the panel's state bound lowered stands for a
fight past it (its exact odds, computed apart, lie inside)."""

import html
import re
from fractions import Fraction

import rolkit
import widgets.fight
from rolkit.fight import FightSpec
from widgets.fight import PANEL_SECONDS

from .widget_helpers import make_dashboard


def _duel(lang: str):
    p = next(p for p in make_dashboard("core_dread", lang).panels if p.name == "fight")
    for name, side in (("Ana", "grupo"), ("Bruto", "enemigos")):
        p.name_box.value = name
        p.side.value = side
        p.add_button.click()
    return p


def _shown(text: str) -> Fraction:
    return Fraction(text.replace(",", "").replace(".", "")) / 1000


def test_the_victory_block_shows_exact_bounds_never_a_point(monkeypatch):
    assert 1 <= PANEL_SECONDS <= 5, "a few seconds in the UI"
    monkeypatch.setattr(widgets.fight, "PANEL_MAX_STATES", 10)
    p = _duel("es")
    odds = p.wait_victory()
    assert odds is not None and odds.method == "bounds", p.victory.value
    exact = rolkit.fight_odds(FightSpec.of(p.fight), system=p.fight.system, method="exact")
    text = html.unescape(p.victory.value)
    assert "(cota exacta)" in text and "cota exacta, intervalos de" in text
    assert "sin cálculo exacto: más de 10 estados posibles" in text
    for side, label in (("grupo", "Grupo"), ("enemigos", "Enemigos")):
        lo, hi = odds.bounds["p_win"][side]
        assert lo <= exact.p_win[side] <= hi
        m = re.search(rf"{label} entre (\d+,\d) % y (\d+,\d) %", text)
        assert m, text
        assert _shown(m[1]) <= lo and hi <= _shown(m[2])
    fates = re.findall(r"<td class='n'>([^<]*)</td>", text)
    assert fates and all("–" in f or f.endswith("%") for f in fates)
    assert "rolkit-trend-bound" in text or "–" in text

    p.state.lang = "en"
    p.set_language("en")
    p.wait_victory()
    text = html.unescape(p.victory.value)
    assert "(exact bound)" in text and "not solved exactly" in text
    assert re.search(r"Grupo \(party\) between \d+\.\d% and \d+\.\d%", text), text


def test_the_block_says_calculating_while_it_bounds(monkeypatch):
    """The bounds take their budget in the background: meanwhile the block says so."""
    monkeypatch.setattr(widgets.fight, "PANEL_MAX_STATES", 10)
    p = _duel("es")
    if p.victory_odds is None:
        assert "Calculando" in p.victory.value
    assert p.wait_victory() is not None
