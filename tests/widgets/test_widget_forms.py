"""forms.form_for without a browser: defaults and presets round-trip, labels follow the
language, tampered bounds and bad dice give a message beside the field, never an exception
other than the RulesError read() promises."""

import re
from dataclasses import dataclass

import ipywidgets as ipw
import pytest

from rolkit import fields
from rolkit.fields import KINDS, describe
from rolkit.model import RulesError
from widgets.forms import (
    AUTO,
    BUILDERS,
    NestedRow,
    NumberRow,
    clean_help,
    form_for,
    strip_spec_codes,
)

from .widget_helpers import SAMPLE, check_widget, get_system

ROLES = ("attacker", "defender", "weapon", "modifiers", "options")


def form_classes(system):
    return {**system.forms, "options": system.options_type}


def all_rows(form, prefix="", optional=True):
    """Every (path, row) of a form, nested sub-forms included (optional ones if asked)."""
    for name, row in form.rows.items():
        yield prefix + name, row
        if isinstance(row, NestedRow) and (optional or not row.spec.optional):
            yield from all_rows(row.sub, f"{prefix}{name}.", optional)


def test_every_kind_has_a_builder():
    assert set(BUILDERS) == set(KINDS)


def test_sample_covers_every_kind():
    kinds = set()
    for cls in form_classes(SAMPLE).values():
        for _, spec in describe(cls):
            kinds.add(spec.kind)
            if spec.nested:
                kinds |= {s.kind for _, s in describe(spec.nested)}
    assert kinds == set(KINDS)


@pytest.mark.parametrize("role", ROLES)
def test_defaults_round_trip(system_id, role):
    system = get_system(system_id)
    cls = form_classes(system)[role]
    default = system.defaults()[role] if role != "options" else cls()
    form = form_for(cls, "es")
    assert form.read() == cls()
    form.set(default)
    assert form.read() == default
    assert form.errors() == {}


@pytest.mark.parametrize("role", ROLES)
def test_presets_round_trip(system_id, role):
    system = get_system(system_id)
    presets = system.presets.get(role, {})
    if not presets:
        pytest.skip(f"{system_id} has no {role} presets")
    form = form_for(form_classes(system)[role], "en")
    for name, preset in presets.items():
        form.set(preset)
        assert form.read() == preset, name


@pytest.mark.parametrize("role", ROLES)
def test_labels_and_help_follow_the_language(system_id, role):
    form = form_for(form_classes(get_system(system_id))[role], "es")
    for lang in ("es", "en", "es"):
        form.relabel(lang)
        for path, row in all_rows(form):
            if row.spec.kind == "nested":
                assert row.input.get_title(0) == row.spec.label_for(lang), path
            elif row.spec.kind == "int_map":
                labels = [w.description for w in row.boxes]
                assert labels == [strip_spec_codes(c.label(lang)) for c in row.spec.choices], path
                assert row.spec.label_for(lang) in row.input.children[0].value, path
            elif isinstance(row, NumberRow):
                check_widget(row.label, value=row.spec.label_for(lang))
                check_widget(row.box.text, tooltip=clean_help(row.spec.help_for(lang))[0])
            else:
                check_widget(row.input, description=row.spec.label_for(lang))
                check_widget(row.input, tooltip=clean_help(row.spec.help_for(lang))[0])
            if row.spec.kind == "choice":
                shown = [label for label, v in row.input.options if v is not AUTO]
                assert shown == [strip_spec_codes(c.label(lang)) for c in row.spec.choices], path


def test_int_widgets_take_their_bounds_from_metadata():
    form = form_for(SAMPLE.forms["attacker"])
    check_widget(form.rows["fuerza"].slider, min=1, max=9, value=3)
    assert isinstance(form.rows["fuerza"].slider, ipw.IntSlider)
    assert form.rows["fuerza"].box.text.value == "3"
    assert form.rows["puntos"].slider is None  # 0..99 is wide: a number box only


@pytest.mark.parametrize("role", ROLES)
def test_tampered_bounds_give_a_message_beside_the_field(system_id, role):
    """A browser can raise a slider's max and then its value: rolkit re-validates."""
    form = form_for(form_classes(get_system(system_id))[role], "es")
    rows = all_rows(form, optional=False)  # an unused optional sub-form is not read
    ints = [(p, r) for p, r in rows if r.spec.kind == "int" and r.auto is None]
    if not ints:
        pytest.skip("no bounded int field")
    for path, row in ints:
        form.set(form.cls())
        bad = int(row.spec.max) + 5
        if row.slider is not None:
            row.slider.max = bad + 10
            row.slider.value = bad
        else:
            row.box.text.value = str(bad)
        with pytest.raises(RulesError) as info:
            form.read()
        assert info.value.field.split(".")[-1] == path.split(".")[-1]
        shown = form.errors()
        assert str(bad) in shown.get(path, ""), (path, shown)
        assert row.spec.label_for("es") in shown.get(path, ""), (path, shown)
        if row.slider is not None:
            row.slider.max = int(row.spec.max)
    form.set(form.cls())
    assert form.read() == form.cls()
    assert form.errors() == {}


def test_bad_dice_expression_is_flagged_on_change():
    form = form_for(SAMPLE.forms["weapon"], "en")
    form.rows["dano"].input.value = "1D"
    assert "1D" in form.errors()["dano"]
    form.rows["dano"].input.value = "2d6+3"
    assert form.errors() == {}
    assert form.read().dano == "2d6+3"


def test_optional_fields_read_none_when_auto():
    form = form_for(SAMPLE.forms["weapon"])
    assert form.read().cargas is None and form.read().tipo is None
    form.rows["cargas"].auto.value = False
    form.rows["cargas"].box.text.value = "7"
    form.rows["tipo"].input.value = "punta"
    assert (form.read().cargas, form.read().tipo) == (7, "punta")
    assert form.rows["cargas"].box.text.disabled is False
    form.rows["cargas"].auto.value = True
    assert form.rows["cargas"].box.text.disabled is True
    assert form.read().cargas is None


def test_nested_error_shows_in_the_sub_form():
    form = form_for(SAMPLE.forms["defender"], "es")
    armour = form.rows["armadura"].sub
    armour.rows["absorcion"].auto.value = False
    armour.rows["absorcion"].box.text.value = "3"
    with pytest.raises(RulesError):
        form.read()
    assert "Absorción" in form.errors()["armadura.absorcion"]
    assert form.rows["armadura"].input.selected_index == 0  # unfolded to show it


def test_multichoice_and_int_map_read_back():
    form = form_for(SAMPLE.forms["modifiers"])
    form.rows["etiquetas"].input.value = ("lluvia",)
    form.rows["zonas"].boxes[1].value = "3"
    got = form.read()
    assert got.etiquetas == frozenset({"lluvia"})
    assert dict(got.zonas) == {"cabeza": 0, "torso": 3}


def test_error_paths_with_prefix_and_unknown_field():
    form = form_for(SAMPLE.forms["defender"], "en")
    assert form.show_error(RulesError("bad", field="defender.guardia")) is True
    assert "bad" in form.errors()["guardia"]
    form.clear()
    assert form.show_error(RulesError("odd", field="somewhere.else")) is False
    assert "odd" in form.errors()[""]


def test_a_new_field_appears_with_no_widget_code():
    @dataclass(frozen=True)
    class Extended(SAMPLE.forms["weapon"]):
        nuevo: int = fields.int_field(2, 0, 5, label=("nuevo", "new"), help=("ayuda", "help"))

    form = form_for(Extended, "en")
    check_widget(form.rows["nuevo"].slider, min=0, max=5, value=2)
    check_widget(form.rows["nuevo"].label, value="new")
    form.rows["nuevo"].box.text.value = "4"
    assert form.rows["nuevo"].slider.value == 4
    assert form.read().nuevo == 4


# --------------------------------------------------------------------------- item 2: typed values
@pytest.mark.parametrize(
    ("text", "lang"),
    [("12,5", "es"), ("999", "es"), ("-3", "en"), ("abc", "en"), ("", "es"), ("1e3", "en")],
)
def test_a_bad_number_keeps_its_text_and_shows_the_fields_message(text, lang):
    form = form_for(SAMPLE.forms["attacker"], lang)
    row = form.rows["puntos"]  # 0..99, a number box
    row.box.text.value = text
    assert row.box.text.value == text  # never rewritten
    with pytest.raises(RulesError):
        form.read()
    shown = form.errors()["puntos"]
    assert row.spec.label_for(lang) in shown and f"«{text}»" in shown
    assert row.box.text.value == text


def test_a_slider_box_keeps_an_out_of_range_text_and_the_slider_stays():
    form = form_for(SAMPLE.forms["attacker"], "es")
    row = form.rows["fuerza"]  # 1..9, a slider and a box
    row.box.text.value = "12"
    assert row.box.text.value == "12" and row.slider.value == 3
    assert "Fuerza" in form.errors()["fuerza"]
    row.box.text.value = "7"
    assert row.slider.value == 7 and form.read().fuerza == 7 and form.errors() == {}
    row.slider.value = 2
    assert row.box.text.value == "2" and form.read().fuerza == 2


@pytest.mark.parametrize(("text", "value"), [("12,5", 12.5), ("12.5", 12.5), ("0", 0.0)])
def test_decimal_comma_is_accepted(text, value):
    form = form_for(SAMPLE.forms["weapon"], "es")
    form.rows["alcance"].box.text.value = text
    assert form.read().alcance == value


def test_floats_show_the_languages_decimal_separator():
    form = form_for(SAMPLE.forms["weapon"], "es")
    assert form.rows["alcance"].box.text.value == "1,5"
    form.relabel("en")
    assert form.rows["alcance"].box.text.value == "1.5"


def test_auto_field_shows_the_engines_value_and_unticking_starts_from_it():
    form = form_for(SAMPLE.forms["weapon"], "es")
    row = form.rows["cargas"]
    assert row.box.text.value == ""  # no value known: blank, never a sentinel
    form.show_derived({"cargas": 5})
    assert row.box.text.value == "5" and row.box.text.disabled
    assert form.read().cargas is None  # still automatic
    row.auto.value = False
    assert row.box.text.value == "5" and form.read().cargas == 5


def test_no_field_of_any_system_shows_a_sentinel(system_id):
    """An automatic number shows the engine's value or nothing (G.O.R.E.'s −999 was shown)."""
    system = get_system(system_id)
    for role, cls in form_classes(system).items():
        form = form_for(cls, "es")
        for path, row in all_rows(form, optional=False):
            if isinstance(row, NumberRow) and row.auto is not None and row.auto.value:
                assert row.box.text.value in ("", str(row.derived)), (role, path)


def test_help_lines_lose_spec_codes_and_mark_placeholders():
    assert clean_help("G12: el crítico dobla (G21).") == ("El crítico dobla.", False)
    text, provisional = clean_help("Puntos actuales (PLACEHOLDER 10).")
    assert provisional and "PLACEHOLDER" not in text


def test_every_help_text_shown_is_free_of_spec_codes(system_id):
    system = get_system(system_id)
    for role, cls in form_classes(system).items():
        form = form_for(cls, "en", show_help=True)
        for name, widget in form.helps.items():
            html_ = widget.value
            assert not re.search(r"\b[A-Z]\d{1,2}:", html_), (role, name, html_)
            assert "PLACEHOLDER" not in html_, (role, name)


#: What a spec reference looks like, written independently of widgets.forms' cleaners:
#: an uppercase code with digits (G1, T19, P5.6, V-A4; not the dice 1D6/D20), a section
#: (§1.4, «sección 2.4», "section 6"), a source tag ([BRP]) or a PLACEHOLDER.
SPEC_REFERENCE = re.compile(
    r"\b(?!D\d)[A-Z]{1,2}\d|§|(?i:placeholder)|\b(?i:secci[oó]n|section|apartado)\s+\d|\[[A-Z]"
)


def every_form_class(system):
    """The attack forms, the options, every check's form, and every nested sub-form."""
    todo = [*form_classes(system).values(), *(c.form for c in system.checks.values())]
    seen: list[type] = []
    while todo:
        cls = todo.pop()
        if cls is None or cls in seen:
            continue
        seen.append(cls)
        todo += [spec.nested for _, spec in describe(cls) if spec.nested is not None]
    return seen


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("G1: crítico con tirada ≤ 1/5.", "Crítico con tirada ≤ 1/5."),
        ("P5.6: POD×3 limita la habilidad.", "POD×3 limita la habilidad."),
        ("Reduce toda tirada (T2).", "Reduce toda tirada."),
        ("Porcentaje (P5/P6 si es de combate).", "Porcentaje."),
        ("Empala (§1.4).", "Empala."),
        ("Interpretaciones de la sección 6.", "Interpretaciones."),
        ("Optional rules (section 2.4).", "Optional rules."),
        ("Optional rule: roll 1D20 on T7.", "Optional rule: roll 1D20."),
        ("Vacío = tabla T19 por FUE+TAM; o '+1D4'.", "Vacío = tabla por FUE+TAM; o '+1D4'."),
        ("(projectile coverage, T13) or a weapon.", "(projectile coverage) or a weapon."),
        ("Worsens one step (the text is cut; G8).", "Worsens one step (the text is cut)."),
        ("Empty = the T8 split [BRP].", "Empty = the split."),
        ("Natural 1 loses (G2, G3).", "Natural 1 loses."),
        ("Ties as in S1–S14 [NSd20 S4: «x»].", "Ties as."),
        ("Example V-A4: FOR 4.", "Example FOR 4."),
        ("1D6 de daño; un D20; NSd20 a 17+ (x2).", "1D6 de daño; un D20; NSd20 a 17+ (x2)."),
    ],
)
def test_every_form_of_spec_reference_is_stripped(raw, clean):
    assert clean_help(raw) == (clean, False)


def test_no_field_help_of_any_system_shows_a_spec_reference(system_id):
    """Every help line and choice label of every form (nested, options, checks), es and en,
    as the dashboard shows it: no code left, nothing emptied, PLACEHOLDERs flagged."""
    system = get_system(system_id)
    seen = 0
    for cls in every_form_class(system):
        for name, spec in describe(cls):
            for lang, raw in zip(("es", "en"), spec.help, strict=True):
                text, provisional = clean_help(raw)
                where = (system_id, cls.__name__, name, lang)
                assert not SPEC_REFERENCE.search(text), (*where, text)
                assert text, (*where, raw)  # a code is removed, never the whole line
                assert provisional or "PLACEHOLDER" not in raw.upper(), where
                seen += 1
            for choice in spec.choices:
                for lang in ("es", "en"):
                    assert not SPEC_REFERENCE.search(strip_spec_codes(choice.label(lang))), (
                        system_id,
                        cls.__name__,
                        name,
                        choice.label(lang),
                    )
    assert seen >= 2


def test_provisional_fields_show_a_badge_even_without_a_help_line():
    """Core Dread's damages_armor and autocontrol (PLACEHOLDERs) carry their help as a
    tooltip; the row itself shows «regla provisional» and one line on why."""
    system = get_system("core_dread")
    for role, name in (("weapon", "damages_armor"), ("attacker", "autocontrol")):
        form = form_for(system.forms[role], "es")
        row_children = form.rows[name].widget.children
        badge = form.badges[name]
        assert badge in row_children
        assert "regla provisional" in badge.value and "El reglamento no fija" in badge.value
        form.relabel("en")
        assert "provisional rule" in badge.value and "does not fix" in badge.value
        # only the provisional rows carry one
        assert set(form.badges) == {
            n for n, r in form.rows.items() if clean_help(r.spec.help_for("es"))[1]
        }
    options = form_for(system.options_type, "es", show_help=True)
    assert options.badges == {}  # there the help line carries the badge


def test_nested_and_dice_fields_show_derived_values():
    form = form_for(SAMPLE.forms["defender"], "es")
    armour = form.rows["armadura"].sub  # builds the sub-form
    form.show_derived({"armadura.absorcion": 2})
    assert armour.rows["absorcion"].box.text.value == "2"
    assert armour.rows["absorcion"].box.text.disabled


def test_a_float_fields_message_uses_the_decimal_comma_in_spanish():
    form = form_for(SAMPLE.forms["weapon"], "es")
    form.rows["alcance"].box.text.value = "200"
    shown = form.errors()["alcance"]
    assert "«200»" in shown and not re.search(r"\d\.\d", shown)
    from widgets.forms import _local_decimals

    assert _local_decimals("de 0.5 a 2.5", "es") == "de 0,5 a 2,5"
    assert _local_decimals("from 0.5 to 2.5", "en") == "from 0.5 to 2.5"
