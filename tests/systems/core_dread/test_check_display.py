"""A Core Dread check displays itself in a notebook (the shared render code)."""

from rolkit import i18n
from rolkit.dice import ScriptedDice
from rolkit.systems.core_dread import roll_check


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

    from rolkit.systems.core_dread import view

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
    from rolkit.systems.core_dread import view

    check = _rerolled_check()
    md = view.check_markdown(check, "es")
    assert md.startswith("**Éxito normal — 3 aciertos · 2 naturales**")
    assert "~~10~~ → ~~10~~ → **2**" in md
    assert "4*, 10 → 10 → 2*, 9, 3*, 6" in view.check_text(check, "es")
    assert "aciertos (hits)" in view.check_text(check, "en")
