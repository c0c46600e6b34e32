"""Issue #26 in plain pytest: short fractions (exact on hover), each outcome's consequence in
a few words with the rule one click away, G.O.R.E.'s hit-location table (its odds checked
against T7's faces), presets restored by name from a link, the copy button, the working
notes of a system switch and of the Tablas tab, and the theme colours' contrast."""

import dataclasses
import html
import re
from fractions import Fraction

import pytest

import rolkit
from rolkit import analysis
from widgets import views
from widgets.app import Dashboard
from widgets.attack import NONE
from widgets.screen import ScreenPanel

from .widget_helpers import SAMPLE_REGISTRY, make_dashboard

CELL = re.compile(r'<td class="rolkit-num rolkit-fraction" title="([^"]*)">([^<]*)</td>')


def _gore(**mods):
    s = rolkit.get_system("gore")
    d = s.defaults()
    return s, {**d, "modifiers": dataclasses.replace(d["modifiers"], **mods)}


# --------------------------------------------------------------------------- fractions
@pytest.mark.parametrize(
    ("p", "shown"),
    [
        (Fraction(199, 250), "199/250"),
        (Fraction(39, 1000), "39/1000"),
        (Fraction(1, 6) + Fraction(1, 10**7), "≈ 1/6"),
        (Fraction(67537177, 409600000), "≈"),
        (Fraction(1, 409600000), "< 1/1000"),
        (1 - Fraction(1, 409600000), "> 999/1000"),
    ],
)
def test_a_fraction_is_written_out_only_when_short(p, shown):
    text = views.fraction_text(p)
    if shown == "≈":  # issue #26's 67537177/409600000: a close short one instead
        near = Fraction(text.removeprefix("≈ "))
        assert near.denominator <= 1000 and abs(near - p) < Fraction(1, 1000), text
        assert len(text) <= views.FRACTION_CHARS + 2
    else:
        assert text == shown
    cell = CELL.fullmatch(views.fraction_cell(p))
    assert cell and Fraction(cell[1]) == p and html.unescape(cell[2]) == text


@pytest.mark.parametrize("system_id", rolkit.systems())
def test_every_odds_row_reads_short_and_holds_the_exact_value(system_id):
    d = make_dashboard(system_id)
    cells = CELL.findall(d.table.value)
    law = list(d.attack.odds.outcome_classes().values())
    assert [Fraction(t) for t, _ in cells] == law  # the exact value, row by row
    assert all(len(html.unescape(text)) <= 10 for _, text in cells), cells
    for means in re.findall(r'<td class="rolkit-means">(.*?)</td>', d.table.value):
        short = means.split("<details", 1)[0]
        assert len(html.unescape(short)) <= 60, short  # a few words; the rule is folded
        assert "<details" not in short


def test_the_rule_of_a_wound_is_one_click_away_not_in_the_row():
    d = make_dashboard("gore")
    rows = re.findall(r"<tr class='rolkit-row-wound'>(.*?)</tr>", d.table.value)
    assert rows
    for row in rows:
        more = re.search(
            r"<details class=\"rolkit-more\"><summary>la regla</summary>(.*?)"
            r"</details>",
            row,
        )
        assert more and len(more[1]) > 40  # the paragraph, folded


# --------------------------------------------------------------------------- locations
#: T7 (1D20), written out here: faces of each location
T7 = {
    "pierna_derecha": 3,
    "pierna_izquierda": 3,
    "abdomen": 3,
    "pecho": 3,
    "brazo_derecho": 3,
    "brazo_izquierdo": 3,
    "cabeza": 2,
}


def test_gore_with_hit_locations_shows_each_location_its_t7_odds_and_consequence():
    s, forms = _gore(use_hit_locations=True)
    odds = s.odds(*(forms[r] for r in ("attacker", "defender", "weapon", "modifiers")))
    table = views.location_table_html(odds, "es")
    rows = re.findall(
        r"<tr><td>([^<]*)</td>.*?title=\"([^\"]*)\".*?rolkit-means\">(.*?)</td>", table
    )
    assert len(rows) == len(T7)
    labels = {rolkit.i18n.t(f"gore.location.{k}", "es"): n for k, n in T7.items()}
    for label, exact, consequence in rows:
        assert Fraction(exact) == Fraction(labels[label], 20), label
        assert consequence  # what a hit there does
    # the consequences are the exact law given the location: they add back up to the law
    head = rolkit.i18n.t("gore.location.cabeza", "es")
    given = {v.fate: Fraction(0) for v, _ in odds.views()}
    at_head = [(v, p) for v, p in odds.views() if v.location == "gore.location.cabeza"]
    for v, p in at_head:
        given[v.fate] += p
    dead = given.get("dead", Fraction(0)) / sum(p for _, p in at_head)
    row = next(c for label, _, c in rows if label == head)
    if dead:
        assert rolkit.i18n.percent(dead, "es") in html.unescape(row)


def test_no_location_table_without_hit_locations_and_it_sits_below_tirar():
    s, forms = _gore()
    odds = s.odds(*(forms[r] for r in ("attacker", "defender", "weapon", "modifiers")))
    assert views.location_table_html(odds, "es") == ""
    d = make_dashboard("gore")
    assert d.attack.locations.value == ""
    d.attack.sections["modifiers"].load(forms["modifiers"].__class__(use_hit_locations=True))
    d.attack.refresh()
    assert "rolkit-locations" in d.attack.locations.value
    results = d.attack.widget.children[1].children
    assert results.index(d.attack.locations) > results.index(d.attack.results.box)


# --------------------------------------------------------------------------- the link
def test_a_link_restores_presets_by_name_and_fields():
    d = make_dashboard("sample")
    weapon = d.attack.sections["weapon"]
    weapon.preset.value = "Hacha"
    assert "preset.weapon=Hacha" in d.state.query()
    again = Dashboard(query=d.state.query(), registry=SAMPLE_REGISTRY)
    sec = again.attack.sections["weapon"]
    assert sec.preset.value == "Hacha" and sec.read() == weapon.presets["Hacha"]
    assert again.attack.sections["attacker"].preset.value == NONE
    assert again.notes.value == "" and "(modificado)" not in sec.modified.value
    # edited after choosing it: the name and the fields travel, «(modificado)» comes back
    weapon.form.rows["dano"].input.value = "2D6"
    again = Dashboard(query=d.state.query(), registry=SAMPLE_REGISTRY)
    sec = again.attack.sections["weapon"]
    assert sec.preset.value == "Hacha" and sec.read().dano == "2D6"
    assert "modificado" in sec.modified.value
    assert again.state.query() == d.state.query()


def test_a_preset_name_the_system_does_not_know_is_named_as_dropped():
    again = Dashboard(query="system=sample&preset.weapon=Espadón", registry=SAMPLE_REGISTRY)
    assert again.attack.sections["weapon"].preset.value == NONE
    assert "Espadón" in again.notes.value


def test_the_copy_button_puts_the_whole_address_on_the_clipboard():
    d = make_dashboard("sample")
    assert d.copy_button.description == "copiar enlace"
    d.copy_button.click()
    js = html.unescape(d.js.value)
    assert "navigator.clipboard.writeText" in js and "execCommand('copy')" in js
    assert '"?' + d.state.query() + '"' in js and "location.href" in js
    assert d.copy_button.description == "enlace copiado"
    d.attack.sections["weapon"].preset.value = "Hacha"  # the setup changed
    assert d.copy_button.description == "copiar enlace"


# --------------------------------------------------------------------------- working notes
def test_a_system_switch_hides_the_old_forms_and_says_it_is_working(monkeypatch):
    d = make_dashboard("sample")
    seen = []
    original = d.attack.set_system

    def spy(system, params=None):
        seen.append((views.SWITCHING in d.widget._dom_classes, d.notes.value))
        return original(system, params)

    monkeypatch.setattr(d.attack, "set_system", spy)
    d.picker.value = "sample2"
    assert seen and seen[0][0] and "rolkit-busy" in seen[0][1] and "Cargando" in seen[0][1]
    assert views.SWITCHING not in d.widget._dom_classes and d.notes.value == ""


def test_the_tablas_tab_says_it_is_working_then_shows_the_grid_before_the_weapons(monkeypatch):
    system = rolkit.get_system("tierkreis")
    d = make_dashboard("tierkreis")
    panel = next(p for p in d.panels if isinstance(p, ScreenPanel))
    monkeypatch.setattr(panel, "_first", lambda: None)  # the browser's delayed show, held
    monkeypatch.setattr(panel, "_later", lambda: None)
    monkeypatch.setattr("widgets.screen._SCREENS", {})
    panel.set_system(system, [])
    assert "rolkit-busy" in panel.message.value and panel.grid.value == ""
    states = []
    original = panel.grid_html

    def spy(screen, lang):
        states.append((panel.weapons.value, panel.message.value))
        return original(screen, lang)

    monkeypatch.setattr(panel, "grid_html", spy)
    panel.show()
    weapons, message = states[0]  # the grid drawn while the weapons are still coming
    assert weapons == "" and "rolkit-busy" in message
    expected = analysis.gm_screen(system)
    assert panel.grid.value == original(expected, "es")
    assert panel.weapons.value == panel.weapons_html(expected, "es")
    assert panel.message.value == ""


# --------------------------------------------------------------------------- themes
def _luminance(hex_colour):
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    channels = [int(h[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a, b):
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_ink_of_each_theme_reads_on_its_paper(theme):
    c = views.THEMES[theme]
    for ink in ("ink", "muted", "link", "error", "info", "impact"):
        assert contrast(c[ink], c["paper"]) >= 4.5, (theme, ink)
    assert contrast(c["ink"], c["bar"]) >= 4.5 and contrast(c["ink"], c["head"]) >= 4.5
    for pastel in views.KIND_COLOURS.values():  # rows keep their own dark ink
        assert contrast(views.INK, pastel) >= 4.5
    assert views.THEMES["light"]["paper"] == views.PAPER  # light unchanged
