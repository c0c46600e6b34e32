"""The GM screen: meaningful axes for every system, exact cells, a printable page."""

from __future__ import annotations

import dataclasses
import math
from html.parser import HTMLParser

import pytest

import rolkit
from rolkit import analysis, fields
from rolkit.display import screen


@pytest.mark.parametrize("system_id", rolkit.systems())
def test_every_cell_is_the_exact_hit_chance_of_that_setup(system_id):
    s = rolkit.get_system(system_id)
    sc = analysis.gm_screen(system_id)
    (row_role, row_field), (col_role, col_field) = sc.rows, sc.cols
    assert (sc.rows, sc.cols) == s.screen_axes
    r, c = sc.grid.index[len(sc.grid.index) // 2], sc.grid.columns[len(sc.grid.columns) // 2]
    forms = s.defaults()
    forms[row_role] = dataclasses.replace(forms[row_role], **{row_field: int(r)})
    forms[col_role] = dataclasses.replace(forms[col_role], **{col_field: int(c)})
    assert sc.grid.loc[r, c] == pytest.approx(float(s.odds(**forms).p_hit) * 100)
    # the axes move the odds: a screen whose cells are all equal says nothing
    values = [v for v in sc.grid.to_numpy().ravel().tolist() if not math.isnan(v)]
    assert len(set(values)) > 1
    assert sc.weapons and all(o.total == 1 for _, o in sc.weapons)


def test_gore_screen_is_attack_skill_against_dodge():
    sc = analysis.gm_screen("gore")
    assert sc.rows == ("attacker", "attack_skill") and sc.cols == ("defender", "dodge_skill")
    assert list(sc.grid.index)[:3] == [0, 50, 100]
    # more dodge never helps the attacker
    for _, row in sc.grid.iterrows():
        assert row.tolist() == sorted(row.tolist(), reverse=True)


def test_axis_values_are_round_numbers_with_both_ends():
    spec = fields.FieldSpec("int", ("a", "a"), ("b", "b"), 0, 1, 99)
    assert analysis.axis_values(spec) == [1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 99]
    small = fields.FieldSpec("int", ("a", "a"), ("b", "b"), 0, 0, 5)
    assert analysis.axis_values(small) == [0, 1, 2, 3, 4, 5]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_printable_page_is_self_contained_and_in_the_readers_language(tmp_path, lang):
    sc = analysis.gm_screen("core_dread")
    path = screen.write_screen(sc, tmp_path / "pantalla.html", lang)
    page = path.read_text(encoding="utf-8")
    tags: list[str] = []

    class Check(HTMLParser):
        def handle_starttag(self, tag, attrs):
            tags.append(tag)
            for name, value in attrs:
                assert not (name in ("src", "href") and value and "://" in value), value

    Check().feed(page)
    assert "script" not in tags and "@page" in page and "A4" in page
    title = "Pantalla del máster" if lang == "es" else "GM screen"
    assert title in page
    cell = sc.weapons[0][1].p_hit
    assert rolkit.i18n.percent(cell, lang) in page  # "20,4 %" in Spanish, "20.4%" in English
    for name, _ in sc.weapons:
        assert name in page
