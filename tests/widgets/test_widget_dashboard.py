"""The Dashboard without a browser: set values, click, read the HTML and error labels."""

import pytest

import rolkit
from rolkit import i18n
from rolkit.display import tables
from widgets import attack, views
from widgets.app import NONE, Dashboard, query_params
from widgets.forms import clean_help
from widgets.views import ODDS_CLASS

from .widget_helpers import SAMPLE_REGISTRY, SYSTEM_IDS, get_system, make_dashboard

TRACE_MARKERS = ("Traceback", 'File "')
BAT_PRESET = next(
    name
    for name, w in rolkit.get_system("core_dread").presets["weapon"].items()
    if w.name.startswith("Bate")
)


def page_text(d):
    """All the HTML the dashboard shows (message, headline, table, errors, history)."""
    parts = [d.message.value, d.headline.value, d.table.value, d.seed_error.value]
    parts += [v for errs in d.errors().values() for v in errs.values()]
    parts += [e.head.value + e.steps.value + e.check.value for e in d.entries]
    return "\n".join(parts)


def grid_row(d):
    """The attacker's main number (the system's first grid axis) and its row."""
    role, name = d.system.grid_axes[0] if d.system.grid_axes else ("attacker", None)
    form = d.sections[role].form
    if name not in form.rows:
        name = next(n for n, r in form.rows.items() if r.spec.kind == "int" and r.auto is None)
    return form.rows[name]


def test_opens_with_odds_and_no_message(system_id):
    d = make_dashboard(system_id)
    assert d.message.value == ""
    assert d.headline.value and "%" in d.headline.value
    assert f'class="{ODDS_CLASS}"' in d.table.value
    assert "=" in d.table.value and "≥" in d.table.value
    assert d.chart.value[:8] == b"\x89PNG\r\n\x1a\n"
    assert d.odds.total == 1
    assert d.headline.value.count(views.headline_text(d.odds, "es")) == 1


def test_every_registered_system_is_in_the_picker():
    d = Dashboard()
    assert [v for _, v in d.picker.options] == rolkit.systems()


def test_changing_a_field_changes_the_odds(system_id):
    d = make_dashboard(system_id)
    row = grid_row(d)
    row.box.text.value = str(int(row.spec.min))
    low = (d.table.value, d.headline.value)
    row.box.text.value = str(int(row.spec.max))
    assert (d.table.value, d.headline.value) != low
    assert d.message.value == ""


def test_a_preset_fills_the_form_and_updates_odds(system_id):
    d = make_dashboard(system_id)
    for role, section in d.sections.items():
        for name, preset in section.presets.items():
            section.preset.value = name
            assert section.form.read() == preset, (role, name)
        section.preset.value = NONE
    assert d.table.value


def test_language_switch_relabels_everything(system_id):
    d = make_dashboard(system_id)
    d.roll()
    row = grid_row(d)
    d.lang_toggle.value = "en"
    assert d.lang == "en"
    assert d.sections["attacker"].widget.get_title(0) == i18n.t("form.attacker", "en")
    assert row.label.value == row.spec.label_for("en")
    assert d.roll_button.description == i18n.t("roll", "en")
    assert views.headline_text(d.odds, "en") in d.headline.value
    assert d.entries[0].replay.description == i18n.t("replay", "en")
    d.lang_toggle.value = "es"
    assert row.label.value == row.spec.label_for("es")
    assert d.sections["defender"].widget.get_title(0) == "Defensor"


def test_tirar_adds_an_entry_newest_first_and_replay_matches(system_id):
    d = make_dashboard(system_id)
    d.seed.value = "12345"
    d.roll_button.click()
    d.seed.value = ""
    d.roll_button.click()
    assert len(d.entries) == 2 and d.message.value == ""
    assert d.history.children[0] is d.entries[0].widget
    assert d.entries[1].r.seed == 12345
    assert "12345" in d.entries[1].head.value
    first = d.entries[1]
    assert tables.resolution_headline(first.r, "es") in first.head.value
    assert 'class="dataframe rolkit-steps"' in first.steps.value
    assert first.fold.selected_index is None  # steps folded
    first.replay.click()
    assert first.matched is True and "✓" in first.check.value
    again = get_system(system_id).resolve(**first.r.inputs, seed=12345)
    assert again.key == first.r.key and again.steps == first.r.steps


def test_a_roll_never_moves_the_odds(system_id):
    d = make_dashboard(system_id)
    before = d.table.value
    d.roll()
    assert d.table.value == before


def test_tampered_slider_shows_a_message_naming_the_field(system_id):
    d = make_dashboard(system_id, "en")
    row = grid_row(d)
    bad = int(row.spec.max) + 3
    table = d.table.value
    if row.slider is not None:
        row.slider.max = bad + 10
        row.slider.value = bad  # would raise inside the callback if not caught
    else:
        row.box.text.value = str(bad)
    assert str(bad) in d.message.value
    assert row.spec.allowed("en") in d.message.value
    assert row.spec.label_for("en") in d.message.value
    assert str(bad) in row.error_text
    assert d.table.value == table and d.attack.results.stale  # the last odds stay, greyed
    assert "rolkit-stale" in d.attack.results.box._dom_classes
    assert d.roll_button.disabled and row.spec.label_for("en") in d.roll_button.tooltip
    d.roll_button.click()
    assert d.entries == []
    assert not any(m in page_text(d) for m in TRACE_MARKERS)
    row.box.text.value = str(int(row.spec.max))
    assert d.message.value == "" and row.error_text == "" and d.table.value
    assert not d.roll_button.disabled and not d.attack.results.stale


def test_bad_seed_is_a_message_beside_the_seed():
    d = make_dashboard("sample", "en")
    d.seed.value = "soon"
    d.roll_button.click()
    assert "Seed" in d.seed_error.value and "soon" in d.seed_error.value and d.entries == []
    assert d.table.value  # the odds still stand
    assert d.roll_button.disabled is False


def test_cross_form_error_goes_beside_the_named_field():
    d = make_dashboard("sample")
    mods = d.sections["modifiers"].form
    mods.rows["ciego"].input.value = True
    mods.rows["bonus"].box.text.value = "2"
    assert "a ciegas" in mods.rows["bonus"].error_text
    assert "a ciegas" in d.message.value
    assert d.sections["modifiers"].widget.selected_index == 0


def test_a_bug_is_an_apology_on_the_page_and_a_traceback_in_the_log(log_file, monkeypatch):
    d = make_dashboard("sample")

    def broken(*args, **kwargs):
        raise ZeroDivisionError("deep inside")

    monkeypatch.setattr(type(d.system), "odds", broken)
    d.sections["attacker"].form.rows["fuerza"].box.text.value = "5"
    assert d.message.value and i18n.t("error.bug", "es")[:20] in d.message.value
    assert not any(m in page_text(d) for m in TRACE_MARKERS)
    assert "deep inside" not in page_text(d)
    logged = log_file.read_text()
    assert "Traceback" in logged and "ZeroDivisionError: deep inside" in logged


def test_switching_system_rebuilds_the_forms():
    d = make_dashboard("sample")
    d.picker.value = "sample2"
    assert d.system.id == "sample2" and d.message.value == ""
    assert d.table.value
    d.picker.value = "sample"
    assert d.system.id == "sample"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_query_string_opens_system_and_language(lang, monkeypatch):
    assert query_params("system=gore&lang=en&x=") == {"system": "gore", "lang": "en"}
    d = Dashboard.from_query_string(f"system=sample2&lang={lang}", registry=SAMPLE_REGISTRY)
    assert (d.system.id, d.lang) == ("sample2", lang)
    monkeypatch.setenv("QUERY_STRING", f"system=sample2&lang={lang}")
    d = Dashboard.from_query_string(registry=SAMPLE_REGISTRY)
    assert (d.system.id, d.lang, d.lang_toggle.value) == ("sample2", lang, lang)


def test_unknown_query_values_fall_back_to_defaults():
    d = Dashboard.from_query_string("system=nope&lang=fr", registry=SAMPLE_REGISTRY)
    assert (d.system.id, d.lang) == ("sample", "es")
    assert d.message.value == ""


def test_options_panel_shows_each_help_line(system_id):
    d = make_dashboard(system_id)
    form = d.sections["options"].form
    for name, row in form.rows.items():
        help_text = clean_help(row.spec.help_for("es"))[0]
        assert help_text[:10] in form.helps[name].value.replace("&#x27;", "'")


def test_system_ids_cover_the_registry():
    assert SYSTEM_IDS[1:] == rolkit.systems()


def test_sections_build_their_form_when_first_opened():
    d = make_dashboard("sample")
    defender = d.sections["defender"]
    assert d.sections["attacker"].built and not defender.built
    defender.preset.value = "Bruto"  # a preset reaches an unbuilt form too
    assert d.read()["defender"] == defender.presets["Bruto"]
    defender.widget.selected_index = 0
    assert defender.built
    assert defender.form.read() == defender.presets["Bruto"]
    before = d.table.value
    defender.form.rows["guardia"].box.text.value = "7"
    assert d.table.value != before


def test_language_switch_recomputes_once(monkeypatch):
    d = make_dashboard("sample")
    for section in d.sections.values():
        section.form  # noqa: B018 - build every form
    calls = []
    monkeypatch.setattr(d.attack, "_refresh", lambda: calls.append(1))
    d.lang_toggle.value = "en"
    assert calls == [1]


def test_warnings_in_callbacks_go_to_the_log_not_stderr(log_file, capsys):
    import warnings

    from widgets.errors import guarded

    guarded(lambda: warnings.warn("careful now", FutureWarning, stacklevel=1))
    assert "careful now" in log_file.read_text()
    assert capsys.readouterr().err == ""


def test_opening_a_language_from_code_recomputes_once(monkeypatch):
    d = make_dashboard("sample")
    calls = []
    monkeypatch.setattr(d.attack, "_refresh", lambda: calls.append(1))
    d.open(lang="en")
    assert calls == [1] and d.lang_toggle.value == "en"


def test_options_inside_the_modifiers_are_edited_in_the_options_panel(system_id):
    """System.options_field: the modifiers form hides it; presets carry it to Opciones."""
    system = get_system(system_id)
    field = system.options_field
    if field is None:
        pytest.skip(f"{system_id} keeps its options out of the modifiers")
    d = make_dashboard(system_id)
    assert field not in d.sections["modifiers"].form.rows
    assert d.read()["options"] == getattr(d.read()["modifiers"], field)
    for name, preset in d.sections["modifiers"].presets.items():
        d.sections["modifiers"].preset.value = name
        assert d.sections["options"].read() == getattr(preset, field), name
        assert d.message.value == ""


# --------------------------------------------------------------------------- aplicar / deshacer
def _forms(d):
    return {role: d.sections[role].read() for role in ("attacker", "defender", "weapon")}


def _roll_until_defender_changes(d, seeds=range(1, 200)):
    """Tirar with fixed seeds until a roll changes the defender; returns its entry."""
    for seed in seeds:
        d.seed.value = str(seed)
        d.roll_button.click()
        if "defender" in d.system.after(d.entries[0].r):
            return d.entries[0]
    raise AssertionError("no seed changed the defender")


def _fight(d, defence="Esquivar"):
    """BRUNO with the bat against ANA, who dodges (core_dread presets)."""
    d.sections["attacker"].preset.value = "Bruno (FOR 5, Pelea 1)"
    d.sections["defender"].preset.value = "Ana (FOR 4, AGI 5)"
    d.sections["weapon"].preset.value = BAT_PRESET
    d.sections["modifiers"].preset.value = defence


def test_aplicar_loads_the_after_state_and_deshacer_restores_it():
    d = make_dashboard("core_dread")
    _fight(d)
    # house rule G23 off: ANA may dodge again, so the next odds show her wound penalty
    d.sections["options"].form.rows["defence_requires_turn"].input.value = False
    before, odds_before = _forms(d), dict(d.odds.probabilities)
    assert d.undo_button.disabled
    d.seed.value = "3"  # BRUNO's bat leaves ANA Lesionado
    d.roll_button.click()
    entry = d.entries[0]
    assert entry.apply.description == "aplicar" and not entry.apply.disabled
    after = d.system.after(entry.r)
    assert set(after) == {"defender"} and after["defender"].lesionado == 1
    entry.apply.click()
    assert d.sections["defender"].form.read() == after["defender"]
    assert d.read()["defender"] == entry.r.outcome.defender_after
    assert d.read()["attacker"] == before["attacker"]
    assert dict(d.odds.probabilities) != odds_before  # her wound penalty moves the odds
    assert "Aplicado #1" in d.message.value and "⚠" not in d.message.value
    assert not d.undo_button.disabled and d.undo_button.description == "deshacer"
    d.undo_button.click()
    assert _forms(d) == before
    assert dict(d.odds.probabilities) == odds_before
    assert d.undo_button.disabled and d.undo_stack == []
    assert not any(m in page_text(d) for m in TRACE_MARKERS)


def test_aplicar_after_a_defence_shows_the_spent_turn_as_a_plain_message():
    """§4.5: ANA spent her turn dodging; by the default rules she cannot dodge again."""
    d = make_dashboard("core_dread")
    _fight(d)
    d.seed.value = "3"
    d.roll_button.click()
    d.entries[0].apply.click()
    assert d.read()["defender"].turn_available is False
    assert "⚠" in d.message.value and "turno" in d.message.value
    assert not any(m in page_text(d) for m in TRACE_MARKERS)
    d.undo_button.click()
    assert d.message.value and "⚠" not in d.message.value and d.table.value


def test_two_applies_then_two_undos_go_back_in_order():
    d = make_dashboard("core_dread")
    d.sections["defender"].preset.value = "Ana (FOR 4, AGI 5)"
    d.sections["attacker"].preset.value = "Bruno (FOR 5, Pelea 1)"
    start = _forms(d)
    first = _roll_until_defender_changes(d)
    first.apply.click()
    middle = _forms(d)
    assert middle != start
    second = _roll_until_defender_changes(d, range(200, 400))
    second.apply.click()
    end = _forms(d)
    # the second roll was made with the wounded defender: its wounds add to the first's
    assert sum(end["defender"].track) > sum(middle["defender"].track)
    assert len(d.undo_stack) == 2
    d.undo_button.click()
    assert _forms(d) == middle
    d.undo_button.click()
    assert _forms(d) == start
    assert d.undo_button.disabled
    d.undo_button.click()  # nothing left: a no-op, no message
    assert _forms(d) == start and "⚠" not in d.message.value


def test_aplicar_relabels_and_gore_shows_the_new_hp():
    d = make_dashboard("gore", "en")
    entry = next(
        e
        for e in (_roll_until_defender_changes(d, range(s, s + 200)) for s in (1, 300, 600))
        if e.r.outcome.damage > 0
    )
    assert entry.apply.description == "aplicar (apply)"
    entry.apply.click()
    defender = d.sections["defender"]
    assert defender.read().hp_current == entry.r.outcome.hp_after
    defender.widget.selected_index = 0  # open it: the built form shows the same HP
    assert defender.form.rows["hp_current"].get() == entry.r.outcome.hp_after
    assert d.undo_button.description == "deshacer (undo)"
    d.lang_toggle.value = "es"
    assert entry.apply.description == "aplicar" and d.undo_button.description == "deshacer"


def test_aplicar_is_hidden_for_a_system_that_tracks_no_state():
    d = make_dashboard("sample")
    assert not d.system.tracks_state
    d.roll_button.click()
    entry = d.entries[0]
    assert entry.apply.disabled and entry.apply.layout.display == "none"
    assert d.undo_button.disabled and d.undo_button.layout.display == "none"
    d.apply(entry)  # even when called directly: nothing happens
    assert d.undo_stack == [] and d.message.value == ""


def test_aplicar_from_another_systems_entry_is_disabled():
    d = make_dashboard("core_dread")
    d.roll_button.click()
    entry = d.entries[0]
    assert not entry.apply.disabled
    d.picker.value = "gore"
    assert entry.apply.disabled
    d.apply(entry)
    assert d.undo_stack == [] and d.message.value == ""
    d.picker.value = "core_dread"
    assert not entry.apply.disabled


def test_a_bug_in_after_is_an_apology_not_a_traceback(log_file, monkeypatch):
    d = make_dashboard("core_dread")
    d.roll_button.click()

    def broken(resolution):
        raise KeyError("after exploded")

    monkeypatch.setattr(type(d.system), "after", lambda self, r: broken(r))
    d.entries[0].apply.click()
    assert i18n.t("error.bug", "es")[:20] in d.message.value
    assert not any(m in page_text(d) for m in TRACE_MARKERS)
    assert "after exploded" in log_file.read_text()
    assert d.undo_stack == []


# --------------------------------------------------------------------------- 12 timing
def test_a_damage_law_already_drawn_is_not_drawn_again(monkeypatch):
    """Going back to an earlier value reuses its chart (the same law gives the same PNG):
    matplotlib, not the odds, was the cost of a field change."""
    d = make_dashboard("sample")
    row = grid_row(d)
    draws = []
    real = views.png
    monkeypatch.setattr(views, "png", lambda fig: draws.append(1) or real(fig))
    views._damage_chart.cache_clear()
    low, high = str(int(row.spec.min)), str(int(row.spec.max))
    charts = []
    for text in (low, high, low, high, low):
        row.box.text.value = text
        charts.append(d.chart.value)
    assert charts[0] != charts[1] and charts[0] == charts[2] == charts[4]
    assert charts[0][:8] == b"\x89PNG\r\n\x1a\n"
    assert len(draws) == 2  # one per distinct law
    assert views._damage_chart.cache_info().misses == 2
    d.lang_toggle.value = "en"  # the other language is its own chart
    assert views._damage_chart.cache_info().misses == 3 and d.chart.value != charts[-1]


def test_a_burst_of_changes_redraws_every_table_but_the_chart_once(monkeypatch):
    """From the browser (debounced on the kernel's loop): each change gets its table, the
    chart and the rest follow once the GM pauses."""
    import asyncio
    import threading

    from widgets import timing

    d = make_dashboard("sample")
    row = grid_row(d)
    tables, charts = [], []
    real_chart = views.chart_png
    monkeypatch.setattr(
        views, "chart_png", lambda o, lang, *a: charts.append(1) or real_chart(o, lang, *a)
    )
    d.table.observe(lambda ch: tables.append(ch.new), "value")
    monkeypatch.setattr(timing, "from_browser", lambda: True)
    values = [int(row.spec.min), int(row.spec.max)]

    async def edit() -> None:
        for i in range(4):
            row.box.text.value = str(values[i % 2])
            await asyncio.sleep(timing.DELAY * 3)  # each change's table is drawn …
            assert len(tables) == i + 1
        assert charts == []  # … but no chart while the changes keep coming
        await asyncio.sleep(attack.CHART_DELAY * 2)

    # a loop of its own, in a thread: the suite's Playwright leaves this thread's loop running
    failure: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(edit())
        except BaseException as err:  # noqa: BLE001 - re-raised below, in the test
            failure.append(err)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(60)
    if failure:
        raise failure[0]
    assert len(charts) == 1 and d.chart.value == real_chart(d.odds, "es")
