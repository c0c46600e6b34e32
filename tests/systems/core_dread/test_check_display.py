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
