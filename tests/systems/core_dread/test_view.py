"""Core Dread's view: a check roll's own display (registered with rolkit.reprs), in text,
Markdown and HTML, as a notebook shows it."""

from __future__ import annotations

from fractions import Fraction as F

from rolkit import i18n, reprs
from rolkit.dice import ScriptedDice
from rolkit.display.core_dread import check_html, check_markdown, check_text
from rolkit.systems.core_dread import roll_check
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


def test_check_displays_degree_dice_and_reroll_history():
    # V03: faces [2,7,5,9,1] at attribute 5 with one reroll of die 1 (7 -> 4): 4 hits.
    check = roll_check(5, 1, ScriptedDice([2, 7, 5, 9, 1, 4]))
    assert check.hits == 4
    md = check._repr_markdown_()
    assert "Éxito sobresaliente" in md
    assert "7" in md and "4" in md
    html = check._repr_html_()
    assert html.startswith("<") and "Éxito sobresaliente" in html


def test_degree_labels_have_english_glosses():
    assert i18n.t("cd.degree.fallo_serio", "en") == "Fallo serio (serious failure)"
    assert i18n.t("cd.degree.exito_normal", "es") == "Éxito normal"


def _rerolled_check():
    # faces 4, 10, 9, 3, 6 at attribute 5 with two rerolls, both on die 2 (10 → 10 → 2)
    return roll_check(5, 2, ScriptedDice([4, 10, 9, 3, 6, 10, 2]))


def test_check_html_shows_degree_hits_and_each_die_history():
    from html.parser import HTMLParser

    from rolkit.display import core_dread as view

    html_ = view.check_html(_rerolled_check())
    chunks: list[str] = []

    class Text(HTMLParser):
        def handle_data(self, data):
            chunks.append(data)

    Text().feed(html_)
    text = " ".join("".join(chunks).split())
    assert "Éxito normal — 3 aciertos · 2 naturales" in text
    assert "10 → 10 → 2" in text and "atributo 5" in text
    assert html_.count('class="rolkit-max"') == 3  # 4, 2, 3 hit on 1..5
    assert "rolkit-success" in html_


def test_check_markdown_and_text():
    from rolkit.display import core_dread as view

    check = _rerolled_check()
    md = view.check_markdown(check, "es")
    assert md.startswith("**Éxito normal — 3 aciertos · 2 naturales**")
    assert "~~10~~ → ~~10~~ → **2**" in md
    assert "4*, 10 → 10 → 2*, 9, 3*, 6" in view.check_text(check, "es")
    assert "aciertos (hits)" in view.check_text(check, "en")
