"""Core Dread's own display of a check roll (display.py, registered with rolkit.reprs)."""

from __future__ import annotations

from fractions import Fraction as F

from rolkit import reprs
from rolkit.dice import ScriptedDice
from rolkit.systems.core_dread import roll_check
from rolkit.systems.core_dread.view import check_html, check_markdown, check_text
from rolkit.systems.core_dread.rules.rolls import CheckRoll

# V03: [2,7,5,9,1] at attribute 5, die 2 rerolled 7 → 4: 4 hits, 3 natural
V03 = roll_check(5, 1, ScriptedDice([2, 7, 5, 9, 1, 4]))


def test_the_registry_routes_check_rolls_here():
    assert reprs.renderer(V03, "html") is check_html
    assert reprs.renderer(V03, "markdown") is check_markdown
    assert reprs.renderer(V03, "text") is check_text
    assert V03.describe() == check_text(V03)


def test_text_marks_hits_and_shows_each_reroll():
    text = check_text(V03, "en", seed=7, p_success=F(21, 32))
    lines = text.splitlines()
    assert (
        lines[0]
        == "Éxito sobresaliente (outstanding success) · success — 4 aciertos (hits) · 3 natural"
    )
    assert lines[1] == "  dice: 2*, 7 → 4*, 5*, 9, 1*"
    assert "attribute (atributo) 5" in lines[2] and "3 needed" in lines[2]
    assert "65.6%" in lines[2] and "seed 7" in lines[2]
    es = check_text(V03, "es")
    assert es.splitlines()[0] == "Éxito sobresaliente — 4 aciertos · 3 naturales"


def test_markdown_and_html_highlight_hits_and_strike_replaced_faces():
    md = check_markdown(V03, "es")
    assert "~~7~~ → **4**" in md and "**2**" in md and ", 9," in md
    html = check_html(V03, "es")
    assert '<span class="rolkit-dropped">7</span> → <span class="rolkit-max">4</span>' in html
    assert "rolkit-success" in html and html.count('class="rolkit-max"') == 4  # 4 hits


def test_a_failed_check_and_a_disastrous_one():
    miss = roll_check(2, 0, ScriptedDice([10, 9, 8, 7, 6]))
    assert isinstance(miss, CheckRoll) and miss.degree == "fallo_desastroso"
    assert check_text(miss, "en").startswith("Fallo desastroso (disastrous failure) · failure — 0")
    assert "rolkit-failure" in check_html(miss)
