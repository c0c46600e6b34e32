"""Issue 10 without a browser: the shell and its panels, the Chequeos tab, seeds, the link,
error states, what the GM sees (fate headline, wound help, house-rule impact, modified
presets) and the locale. Every system registered is covered where the test is generic."""

import dataclasses
import inspect
from fractions import Fraction

import pytest

import rolkit
from rolkit import i18n
from widgets import app, attack, checks, state, views
from widgets.app import Dashboard
from widgets.attack import NONE
from widgets.state import decode_form, encode_form

from .widget_helpers import SAMPLE, SAMPLE_REGISTRY, get_system, make_dashboard

TRACE_MARKERS = ("Traceback", 'File "')


# --------------------------------------------------------------------------- 11 structure
def test_the_shell_is_thin_and_the_panels_are_their_own_modules():
    assert len(inspect.getsource(app).splitlines()) < 300
    assert (attack.AttackPanel, checks.ChecksPanel) == Dashboard.PANELS[:2]
    d = make_dashboard("sample")
    assert [d.tabs.get_title(i) for i in range(2)] == ["Ataque", "Chequeos"]
    assert d.attack.state is d.state is d.checks.state
    d.lang_toggle.value = "en"
    assert d.tabs.get_title(1) == "Chequeos (checks)"


def test_a_new_panel_plugs_in_without_touching_the_others():
    import ipywidgets as ipw

    class Tablas:
        name, title_key = "tables", "dash.tab.attack"

        def __init__(self, shared):
            self.state, self.widget, self.seen = shared, ipw.HTML(), []

        def set_system(self, system, params=None):
            self.seen.append(system.id)
            return []

        def set_language(self, lang):
            self.seen.append(lang)

    class WithTables(Dashboard):
        PANELS = (*Dashboard.PANELS, Tablas)

    d = WithTables(system="sample", registry=SAMPLE_REGISTRY)
    d.picker.value = "sample2"
    d.lang_toggle.value = "en"
    assert d.panels[-1].seen == ["sample", "sample2", "en"]
    assert d.attack.message.value == ""


# --------------------------------------------------------------------------- 10 Chequeos
def test_checks_tab_shows_the_exact_law_by_degree():
    d = make_dashboard("sample")
    c = d.checks
    assert c.picker.options == (("Chequeo", "chequeo"),)
    law = SAMPLE.checks["chequeo"].odds(SAMPLE.checks["chequeo"].defaults())
    assert c.odds.probabilities == law.probabilities and c.odds.total == 1
    assert 'class="rolkit-check-odds"' in c.table.value
    for degree in SAMPLE.checks["chequeo"].degrees:
        assert degree.label_for("es") in c.table.value
        assert str(law[degree.id]) in c.table.value  # the exact fraction
    assert i18n.percent(law.p_success, "es") in c.headline.value
    assert c.chart.value[:4] == b"\x89PNG"


def test_checks_form_change_moves_the_law_and_tirar_replays():
    d = make_dashboard("sample")
    c = d.checks
    form = c.forms["chequeo"]
    form.rows["dificultad"].box.text.value = "7"
    assert c.odds["exito"] == Fraction(1, 3)  # 1d6 + 2 ≥ 7: faces 5 and 6
    c.seed.value = "11"
    c.roll_button.click()
    entry = c.entries[0]
    again = SAMPLE.checks["chequeo"].resolve(form.read(), seed=11)
    assert entry.r.degree == again.degree and again.degree.label_for("es") in entry.head.value
    entry.replay.click()
    assert entry.matched is True
    assert c.seed.value == ""  # a typed seed is used once


def test_checks_bad_value_keeps_the_law_greyed_and_disables_tirar():
    d = make_dashboard("sample", "en")
    c = d.checks
    table = c.table.value
    c.forms["chequeo"].rows["dificultad"].box.text.value = "40"
    assert c.table.value == table and c.results.stale
    assert c.roll_button.disabled and "Dificultad" in c.roll_button.tooltip
    assert "Dificultad" in c.message.value


def test_a_system_without_checks_says_so(system_id):
    d = make_dashboard(system_id)
    if get_system(system_id).checks:
        assert d.checks.odds is not None and d.checks.odds.total == 1
    else:
        assert i18n.t("dash.checks.none", "es") in d.checks.none.value


def test_every_declared_check_of_every_system_opens(system_id):
    system = get_system(system_id)
    d = make_dashboard(system_id)
    for cid, check in system.checks.items():
        d.checks.picker.value = cid
        assert d.checks.odds.probabilities == check.odds(check.defaults()).probabilities
        d.checks.roll_button.click()
        assert d.checks.entries[0].r.check == cid
        assert d.checks.message.value == ""


# --------------------------------------------------------------------------- 3 seeds
def test_a_typed_seed_rolls_once_and_the_box_clears():
    d = make_dashboard("sample")
    d.seed.value = "42"
    d.roll_button.click()
    assert d.entries[0].r.seed == 42 and d.seed.value == ""
    assert i18n.t("dash.seed.typed", "es") in d.entries[0].head.value
    d.roll_button.click()
    assert d.entries[0].r.seed != 42  # the next roll is a new one


def test_fijar_semilla_keeps_it_on_purpose():
    d = make_dashboard("sample")
    d.attack.seed_box.keep.value = True
    d.seed.value = "42"
    d.roll_button.click()
    d.roll_button.click()
    assert [e.r.seed for e in d.entries] == [42, 42] and d.seed.value == "42"
    assert i18n.t("dash.seed.fixed", "es") in d.entries[0].head.value


def test_a_bad_seed_is_a_message_in_the_ui_language_and_labels_stay():
    d = make_dashboard("sample")
    d.seed.value = "abc"
    d.roll_button.click()
    assert "Semilla" in d.seed_error.value and d.entries == []
    assert d.roll_button.description == "Tirar" and d.undo_button.description == "deshacer"


# --------------------------------------------------------------------------- 9 the link
def _edit_sample(d):
    d.sections["attacker"].form.rows["fuerza"].box.text.value = "8"
    d.sections["weapon"].widget.selected_index = 0
    d.sections["weapon"].form.rows["dano"].input.value = "2D6"
    d.sections["weapon"].form.rows["alcance"].box.text.value = "2,5"
    d.sections["options"].widget.selected_index = 0
    d.sections["options"].form.rows["critico_dobla"].input.value = False
    d.checks.forms["chequeo"].rows["habilidad"].box.text.value = "4"


def test_the_link_carries_every_non_default_field_and_restores_it_exactly():
    d = make_dashboard("sample", "en")
    _edit_sample(d)
    query = d.state.query()
    for part in ("system=sample", "lang=en", "attacker.fuerza=8", "weapon.dano=2D6"):
        assert part in query, query
    assert "options.critico_dobla=false" in query and "check.chequeo.habilidad=4" in query
    assert f'href="?{query.replace("&", "&amp;")}"' in d.link.value
    again = Dashboard.from_query_string(query, registry=SAMPLE_REGISTRY)
    assert again.read() == d.read() and again.lang == "en"
    assert again.checks.read() == d.checks.read()
    assert again.state.query() == query and again.notes.value == ""


def test_the_address_follows_the_edits():
    d = make_dashboard("sample")
    before = d.js.value
    d.sections["attacker"].form.rows["fuerza"].box.text.value = "7"
    assert d.js.value != before and "attacker.fuerza=7" in d.js.value
    assert "history.replaceState" in d.js.value


def test_a_tampered_link_opens_with_the_valid_part_and_says_what_was_dropped():
    query = (
        "system=sample&lang=es&attacker.fuerza=8&attacker.fuerza2=1&defender.guardia=99"
        "&weapon.dano=2d6%2Bzz&modifiers.bonus=x&check.chequeo.habilidad=4"
    )
    d = Dashboard.from_query_string(query, registry=SAMPLE_REGISTRY)
    assert d.read()["attacker"].fuerza == 8 and d.checks.read().habilidad == 4
    assert d.read()["defender"].guardia == 4 and d.read()["weapon"].dano == "1D4"
    note = d.notes.value
    for what in ("Guardia", "«99»", "Daño", "bonificación", "fuerza2"):
        assert what in note, note
    assert d.attack.message.value == "" and not any(m in note for m in TRACE_MARKERS)


def test_the_link_carries_the_open_tab_and_reopens_it():
    d = make_dashboard("sample")
    assert "tab=" not in d.state.query()  # the first tab, Ataque, is the default
    names = [panel.name for panel in d.panels]
    assert names[:2] == ["attack", "checks"] and len(names) == len(Dashboard.PANELS)
    for index, name in enumerate(names):
        d.tabs.selected_index = index
        query = d.state.query()
        assert ("tab=" not in query) if index == 0 else (f"tab={name}" in query), query
        if index:
            assert f"tab={name}" in d.js.value and f"tab={name}" in d.link.value
        again = Dashboard.from_query_string(query, registry=SAMPLE_REGISTRY)
        assert again.tabs.selected_index == index and again.notes.value == ""
        assert again.state.query() == query
    # the tab and the fields together, and the tab kept across a system switch
    d.tabs.selected_index = 1
    d.checks.forms["chequeo"].rows["habilidad"].box.text.value = "4"
    again = Dashboard.from_query_string(d.state.query(), registry=SAMPLE_REGISTRY)
    assert again.tabs.selected_index == 1 and again.checks.read().habilidad == 4
    again.picker.value = "sample2"
    assert again.tabs.selected_index == 1 and "tab=checks" in again.state.query()
    # an open dashboard restores a link's tab too (Voilà's request)
    later = make_dashboard("sample")
    later.restore("system=sample&lang=es&tab=compare")
    assert later.tabs.selected_index == names.index("compare")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_tampered_tab_is_dropped_like_any_other_value(lang):
    query = f"system=sample&lang={lang}&tab=nope&attacker.fuerza=8"
    d = Dashboard.from_query_string(query, registry=SAMPLE_REGISTRY)
    assert d.tabs.selected_index == 0 and d.read()["attacker"].fuerza == 8
    label = i18n.t("dash.link.tab", lang)
    assert f"{label} = «nope»" in d.notes.value, d.notes.value
    assert i18n.t("dash.link.dropped", lang, what="")[:12] in d.notes.value
    assert "tab=" not in d.state.query()


@pytest.mark.parametrize("role", ["attacker", "defender", "weapon", "modifiers"])
def test_every_preset_round_trips_through_the_link(system_id, role):
    system = get_system(system_id)
    cls = system.forms[role]
    default = system.defaults()[role]
    for name, preset in system.presets.get(role, {}).items():
        params = encode_form(f"{role}.", preset, default)
        back, dropped = decode_form(cls, f"{role}.", list(params.items()), default, "es")
        assert dropped == [] and back == preset, name


def test_opening_the_link_of_every_system_restores_it(system_id):
    d = make_dashboard(system_id)
    for section in d.sections.values():
        if section.presets:
            section.preset.value = next(iter(section.presets))
    query = d.state.query()
    registry = SAMPLE_REGISTRY if system_id in SAMPLE_REGISTRY else None
    again = Dashboard.from_query_string(query, registry=registry)
    assert again.read() == d.read() and again.notes.value == ""


# --------------------------------------------------------------------------- 5 errors
def test_a_cross_field_error_names_labels_never_python_paths():
    d = make_dashboard("sample", "en")
    mods = d.sections["modifiers"].form
    mods.rows["ciego"].input.value = True
    mods.rows["bonus"].box.text.value = "2"
    assert "modifiers.bonus" not in d.message.value
    assert "Modificadores" in d.message.value or "bonus" in d.message.value


def test_the_error_follows_the_language_switch():
    d = make_dashboard("sample", "es")
    d.sections["attacker"].form.rows["puntos"].box.text.value = "abc"
    assert "debe ser" in d.message.value
    d.lang_toggle.value = "en"
    assert "must be" in d.message.value and "debe ser" not in d.message.value
    assert "must be" in d.attack.errors()["attacker"]["puntos"]
    assert d.roll_button.description == i18n.t("roll", "en")


def test_every_int_field_out_of_range_keeps_odds_and_names_its_label(system_id):
    d = make_dashboard(system_id, "en")
    form = d.sections["attacker"].form
    table = d.table.value
    for name, row in form.rows.items():
        if row.spec.kind != "int" or row.auto is not None:
            continue
        good = row.box.text.value
        row.box.text.value = str(int(row.spec.max) + 1)
        assert d.table.value == table and d.attack.results.stale, name
        assert row.spec.label_for("en") in d.message.value, name
        assert d.roll_button.disabled
        row.box.text.value = good
        assert not d.attack.results.stale
        break


# --------------------------------------------------------------------------- 8 what matters
def test_the_headline_names_the_fate_first():
    d = make_dashboard("sample")
    odds = d.odds
    assert odds.p_dead and odds.p_down
    text = views.headline_text(odds, "es")
    assert text.startswith(f"{i18n.percent(odds.p_dead, 'es')} muere · ")
    assert f"{i18n.percent(odds.p_down, 'es')} cae" in text
    assert i18n.percent(odds.p_hit, "es") in text and "crítico" in text and "daño" in text


def test_wound_levels_say_what_they_mean_when_the_system_registers_it():
    d = make_dashboard("sample")
    d.sections["weapon"].widget.selected_index = 0
    d.sections["weapon"].form.rows["dano"].input.value = "2D6"
    assert i18n.t("dash.col.means", "es") in d.table.value
    assert "el último escalón antes de morir" in d.table.value
    d.lang_toggle.value = "en"
    assert "the last step before death" in d.table.value


def test_house_rules_that_change_the_odds_show_the_exact_change():
    d = make_dashboard("sample")
    d.sections["options"].widget.selected_index = 0
    helps = d.sections["options"].form.helps
    values = d.read()
    base = d.odds
    other = SAMPLE.odds(**{**values, "options": dataclasses.replace(values["options"], umbral=5)})
    d_hit = (other.p_hit - base.p_hit) * 100
    assert d_hit == 0
    d_down = (other.p_down - base.p_down) * 100
    expected = ("+" if d_down > 0 else "−") + i18n.number(abs(d_down), "es", 1)
    assert "▲" in helps["umbral"].value and f"cae {expected} pp" in helps["umbral"].value
    flip = SAMPLE.odds(
        **{**values, "options": dataclasses.replace(values["options"], critico_dobla=False)}
    )
    assert flip.probabilities != base.probabilities
    assert "▲" in helps["critico_dobla"].value


def test_a_preset_says_modificado_once_edited():
    d = make_dashboard("sample")
    section = d.sections["attacker"]
    section.preset.value = "Ana (FUE 9)"
    assert section.modified.value == ""
    section.form.rows["fuerza"].box.text.value = "5"
    assert "modificado" in section.modified.value
    section.form.rows["fuerza"].box.text.value = "9"
    assert section.modified.value == ""
    section.preset.value = NONE
    assert section.modified.value == ""


# --------------------------------------------------------------------------- 7 locale
def test_spanish_tables_use_the_decimal_comma_and_english_the_point(system_id):
    d = make_dashboard(system_id)
    assert "," in d.table.value and "&nbsp;%" in d.table.value
    assert "." not in d.headline.value.replace("<h4>", "").split("daño")[0]
    d.lang_toggle.value = "en"
    assert "%" in d.table.value and "&nbsp;%" not in d.table.value


def test_tables_carry_their_own_dark_ink_on_light_backgrounds():
    d = make_dashboard("sample")
    for colour in views.KIND_COLOURS.values():
        assert _contrast(views.INK, colour) >= 4.5
    assert _contrast(views.INK, views.BAR) >= 4.5
    assert _contrast(views.ERROR_INK, views.PAPER) >= 4.5
    assert f"color:{views.INK}" in d.table.value


def _contrast(a, b):
    def lum(hex_):
        rgb = [int(hex_[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_state_module_keeps_the_link_format_documented():
    assert "check.<id>.<field>" in state.__doc__


# --------------------------------------------------------------------------- 5 impossible
@pytest.mark.skipif("gore" not in rolkit.systems(), reason="gore is not registered")
def test_a_choice_the_setup_does_not_allow_says_why():
    d = make_dashboard("gore")
    d.sections["modifiers"].widget.selected_index = 0
    bow = next(n for n, w in d.sections["weapon"].presets.items() if w.kind != "melee")
    d.sections["weapon"].preset.value = bow
    options = dict(
        (v, label) for label, v in d.sections["modifiers"].form.rows["defence"].input.options
    )
    assert "no posible" in options["block"] and "no posible" not in options["dodge"]
    d.sections["weapon"].preset.value = next(iter(d.sections["weapon"].presets))  # melee again
    options = dict(
        (v, label) for label, v in d.sections["modifiers"].form.rows["defence"].input.options
    )
    assert "no posible" not in options["block"]


def test_each_row_says_the_defenders_fate_given_it_exactly(system_id):
    d = make_dashboard(system_id)
    odds = d.odds
    rows = views.fate_by_row(odds)
    for row, law in rows.items():
        assert sum(law.values()) == 1, row
    # independent: P(fate ∧ row) / P(row) straight from the keys
    for (rank, kind, wound), p_row in odds.outcome_classes().items():
        for fate, q in rows[(rank, kind, wound)].items():
            joint = sum(
                p
                for k, p in odds.probabilities.items()
                if views._row_of(odds.project(k)) == (rank, kind, wound)
                and odds.project(k).fate == fate
            )
            assert q == joint / p_row


def test_the_sample_malherido_row_says_how_often_he_dies():
    d = make_dashboard("sample")
    d.sections["weapon"].widget.selected_index = 0
    d.sections["weapon"].form.rows["dano"].input.value = "2D6"
    law = views.fate_by_row(d.odds)[(2, "wound", "sample.wound.malherido")]
    assert law["dead"] > 0 and law["down"] > 0
    assert f"muere {i18n.percent(law['dead'], 'es')}" in d.table.value


@pytest.mark.skipif("gore" not in rolkit.systems(), reason="gore is not registered")
@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_systems_cross_field_error_shows_labels_and_choice_labels(lang):
    d = make_dashboard("gore", lang)
    d.sections["modifiers"].widget.selected_index = 0
    d.sections["modifiers"].form.rows["defence"].input.value = "block"
    bow = next(n for n, w in d.sections["weapon"].presets.items() if w.kind != "melee")
    d.sections["weapon"].preset.value = bow
    beside = d.attack.errors()["modifiers"]["defence"]
    for text in (d.message.value, beside):
        assert (
            "modifiers.defence" not in text and "'block'" not in text and "&#x27;block" not in text
        )
        assert "Reacción" in text and "Bloquear" in text


# --------------------------------------------------------------------------- 1 honest fields
@pytest.mark.parametrize("role", ["attacker", "defender", "weapon"])
def test_automatic_fields_show_what_the_engine_uses(system_id, role):
    d = make_dashboard(system_id)
    section = d.sections[role]
    section.widget.selected_index = 0
    derived = get_system(system_id).derived(role, section.read(), d.read()["options"])
    for name, value in derived.items():
        row = section.form.rows.get(name)
        if row is None or "." in name or not hasattr(row, "box"):
            continue
        assert row.auto.value and row.box.text.value == str(value), (name, value)
        row.auto.value = False  # unticking starts from the engine's value
        assert row.box.text.value == str(value) and getattr(section.read(), name) == value
