"""i18n catalogue and the pandas tables built from Odds and Resolutions."""

from fractions import Fraction

import pytest

from rolkit import analysis, i18n
from rolkit.display import tables
from tests.contract.toy import SYSTEM, Attacker, Defender, Modifiers, Weapon

FORMS = (Attacker(), Defender(), Weapon(), Modifiers())


def test_translation_fallbacks_and_language_setting():
    assert i18n.t("roll", "es") == "Tirar"
    assert i18n.t("roll", "en") == "Tirar (roll)"
    assert i18n.t("app.title", "en") == "rolkit"  # falls back to Spanish
    assert i18n.t("Malherido", "en") == "Malherido"  # unknown key shows itself
    before = i18n.get_language()
    try:
        i18n.set_language("en")
        assert i18n.t("roll") == "Tirar (roll)"
    finally:
        i18n.set_language(before)
    with pytest.raises(ValueError):
        i18n.set_language("fr")


def test_every_ui_key_has_both_languages():
    es, en = i18n._CATALOG["es"], i18n._CATALOG["en"]
    missing = [k for k in es if k not in en and not k.startswith("app.")]
    assert missing == []


def test_number_formats():
    assert i18n.percent(Fraction(5, 8), "es") == "62,5 %"
    assert i18n.percent(Fraction(5, 8), "en") == "62.5%"
    assert i18n.number(Fraction(21, 4), "es") == "5,25"


def test_outcome_frame_has_eq_and_ge_columns_consistent_with_odds():
    odds = SYSTEM.odds(*FORMS)
    df = tables.outcome_frame(odds, "es")
    assert list(df.columns[:3]) == ["resultado", "=", "≥"]
    assert df["="].sum() == pytest.approx(100)
    assert df["≥"].iloc[0] == pytest.approx(100)
    assert df["resultado"].iloc[0] == "falla"
    assert df["="].iloc[0] == pytest.approx(50)
    # ≥ of each row = its = plus the ≥ of the next row
    for i in range(len(df) - 1):
        assert df["≥"].iloc[i] == pytest.approx(df["="].iloc[i] + df["≥"].iloc[i + 1])
    assert Fraction(df["fracción exacta"].iloc[0]) == Fraction(1, 2)


def test_damage_and_flags_frames():
    odds = SYSTEM.odds(*FORMS)
    dmg = tables.damage_frame(odds, "en")
    assert dmg["damage"].tolist() == sorted(odds.damage())
    assert dmg["="].sum() == pytest.approx(100)
    flags = tables.flags_frame(odds, "en")
    assert flags["probability"].tolist() == [pytest.approx(100 / 6)]


def test_headlines():
    odds = SYSTEM.odds(*FORMS)
    assert tables.headline(odds, "es").startswith("50,0 % impacta")
    assert "expected damage" in tables.headline(odds, "en")
    r = SYSTEM.resolve(*FORMS, seed=3)
    text = tables.resolution_headline(r, "es")
    assert text.startswith("Impacto" if r.view.hit else "Falla")


def test_steps_frame_lists_every_step_with_dice_and_rule():
    r = SYSTEM.resolve(*FORMS, seed=3)
    df = tables.steps_frame(r, "en")
    assert len(df) == len(r.steps)
    assert df["rule"].tolist() == [s.rule for s in r.steps]
    assert df["dice"].iloc[0] == str(r.steps[0].dice[0])


def test_styled_outcomes_has_the_css_class():
    html = tables.styled_outcomes(SYSTEM.odds(*FORMS), "es").to_html()
    assert 'class="rolkit-odds"' in html
    assert "falla" in html


def test_hit_grid_over_the_grid_axes():
    grid = analysis.hit_grid(SYSTEM)
    assert list(grid.index) == [0, 1, 2, 3]
    # target 4 on 1d6 + bonus: faces >= 4 - bonus hit. The toy's two axes are the same
    # field, so the column value is the one that counts.
    assert grid.iloc[0].tolist() == pytest.approx([50, 200 / 3, 250 / 3, 100])
