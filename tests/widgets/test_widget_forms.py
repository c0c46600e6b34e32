"""forms.form_for without a browser: defaults and presets round-trip, labels follow the
language, tampered bounds and bad dice give a message beside the field, never an exception
other than the RulesError read() promises."""

from dataclasses import dataclass

import ipywidgets as ipw
import pytest
from widget_helpers import SAMPLE, check_widget, get_system

from rolkit import fields
from rolkit.fields import KINDS, describe
from rolkit.model import RulesError
from widgets.forms import AUTO, BUILDERS, NestedRow, form_for

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
                assert labels == [c.label(lang) for c in row.spec.choices], path
                assert row.spec.label_for(lang) in row.input.children[0].value, path
            else:
                check_widget(row.input, description=row.spec.label_for(lang))
                check_widget(row.input, tooltip=row.spec.help_for(lang))
            if row.spec.kind == "choice":
                shown = [label for label, v in row.input.options if v is not AUTO]
                assert shown == [c.label(lang) for c in row.spec.choices], path


def test_int_widgets_take_their_bounds_from_metadata():
    form = form_for(SAMPLE.forms["attacker"])
    check_widget(form.rows["fuerza"].input, min=1, max=9, value=3)
    assert isinstance(form.rows["fuerza"].input, ipw.IntSlider)
    assert isinstance(form.rows["puntos"].input, ipw.BoundedIntText)  # 0..99 is wide


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
        row.input.max = bad + 10
        row.input.value = bad
        with pytest.raises(RulesError) as info:
            form.read()
        assert info.value.field.split(".")[-1] == path.split(".")[-1]
        shown = form.errors()
        assert str(bad) in shown.get(path, ""), (path, shown)
        row.input.max = int(row.spec.max)
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
    form.rows["cargas"].input.value = 7
    form.rows["tipo"].input.value = "punta"
    assert (form.read().cargas, form.read().tipo) == (7, "punta")
    assert form.rows["cargas"].input.disabled is False
    form.rows["cargas"].auto.value = True
    assert form.rows["cargas"].input.disabled is True
    assert form.read().cargas is None


def test_nested_error_shows_in_the_sub_form():
    form = form_for(SAMPLE.forms["defender"], "es")
    armour = form.rows["armadura"].sub
    armour.rows["absorcion"].auto.value = False
    armour.rows["absorcion"].input.value = 3
    with pytest.raises(RulesError):
        form.read()
    assert "Absorción" in form.errors()["armadura.absorcion"]
    assert form.rows["armadura"].input.selected_index == 0  # unfolded to show it


def test_multichoice_and_int_map_read_back():
    form = form_for(SAMPLE.forms["modifiers"])
    form.rows["etiquetas"].input.value = ("lluvia",)
    form.rows["zonas"].boxes[1].value = 3
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
    check_widget(form.rows["nuevo"].input, description="new", min=0, max=5, value=2)
    form.rows["nuevo"].input.value = 4
    assert form.read().nuevo == 4
