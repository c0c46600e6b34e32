"""rolkit.fields: metadata is closed and complete, validation names field, range and value."""

import dataclasses
from dataclasses import dataclass

import pytest

from rolkit import FieldRangeError, RulesError, fields


@dataclass(frozen=True)
class Sub:
    n: int = fields.int_field(1, 1, 3, label=("Ene", "N"), help=("h", "h"))

    def __post_init__(self):
        fields.validate(self)


@dataclass(frozen=True)
class Form:
    name: str = fields.text_field("", label=("Nombre", "Name"), help=("h", "h"))
    fortaleza: int = fields.int_field(
        4, 1, 9, label=("Fortaleza", "Fortaleza (strength)"), help=("h", "h")
    )
    capacity: int | None = fields.int_field(
        None, 1, 99, label=("Cap", "Cap"), help=("h", "h"), optional=True
    )
    range_m: float = fields.float_field(
        10.0, 0.5, None, label=("Alcance", "Range"), help=("h", "h")
    )
    mode: str = fields.choice_field(
        "melee",
        {"melee": ("cuerpo a cuerpo", "melee"), "ranged": ("a distancia", "ranged")},
        label=("Uso", "Mode"),
        help=("h", "h"),
    )
    aimed: bool = fields.flag_field(False, label=("Apuntar", "Aim"), help=("h", "h"))
    tri: bool | None = fields.choice_field(
        None,
        {True: "sí", False: "no", None: ("según tipo", "by type")},
        label=("Tri", "Tri"),
        help=("h", "h"),
    )
    damage: str = fields.dice_field("1D6", label=("Daño", "Damage"), help=("h", "h"))
    bonus: str = fields.dice_field(
        "0", label=("Bono", "Bonus"), help=("h", "h"), deterministic=True
    )
    conditions: frozenset = fields.multichoice_field(
        {"stunned": ("aturdido", "stunned")}, label=("Estados", "Conditions"), help=("h", "h")
    )
    location_damage: dict = fields.int_map_field(
        {"cabeza": ("cabeza", "head")}, 0, 99, label=("PG", "HP"), help=("h", "h")
    )
    sub: Sub = fields.nested_field(Sub, label=("Sub", "Sub"), help=("h", "h"))

    def __post_init__(self):
        fields.validate(self)


class MyError(RulesError):
    pass


def test_defaults_validate_and_describe_lists_every_field_in_order():
    Form()
    names = [n for n, _ in fields.describe(Form)]
    assert names == [f.name for f in dataclasses.fields(Form)]
    spec = dict(fields.describe(Form))["fortaleza"]
    assert (spec.kind, spec.min, spec.max, spec.default) == ("int", 1, 9, 4)
    assert spec.label_for("en") == "Fortaleza (strength)"
    assert dict(fields.describe(Form))["mode"].choice_label("ranged", "es") == "a distancia"


@pytest.mark.parametrize(
    ("changes", "field", "allowed_word"),
    [
        ({"fortaleza": 10}, "fortaleza", "from 1 to 9"),
        ({"fortaleza": 0}, "fortaleza", "from 1 to 9"),
        ({"fortaleza": 4.0}, "fortaleza", "whole number"),
        ({"fortaleza": True}, "fortaleza", "whole number"),
        ({"capacity": 0}, "capacity", "or empty"),
        ({"range_m": 0.1}, "range_m", "from 0.5"),
        ({"range_m": float("nan")}, "range_m", "number"),
        ({"mode": "thrown"}, "mode", "melee, ranged"),
        ({"aimed": 1}, "aimed", "yes or no"),
        ({"tri": 1}, "tri", "True, False"),
        ({"tri": 0}, "tri", "True, False"),
        ({"damage": "1d"}, "damage", "dice expression"),
        ({"bonus": "1d4"}, "bonus", "dice expression"),
        ({"conditions": frozenset({"dead"})}, "conditions", "stunned"),
        ({"location_damage": {"cabeza": 100}}, "location_damage", "0 to 99"),
        ({"location_damage": {"cola": 1}}, "location_damage", "0 to 99"),
        ({"name": "x" * 201}, "name", "text"),
        ({"sub": "nope"}, "sub", "Sub"),
    ],
)
def test_out_of_range_values_name_field_allowed_and_got(changes, field, allowed_word):
    with pytest.raises(FieldRangeError) as info:
        Form(**changes)
    err = info.value
    assert err.field == field
    assert allowed_word in err.allowed
    assert "debe ser" in err.message("es") or ":" in err.message("es")


def test_message_reads_as_one_sentence():
    with pytest.raises(FieldRangeError) as info:
        Form(fortaleza=10)
    assert str(info.value) == "fortaleza must be a whole number from 1 to 9 (got 10)"
    assert info.value.message("es") == "Fortaleza debe ser un número entero de 1 a 9 (recibido 10)"


def test_optional_none_is_allowed_and_nested_validates_itself():
    assert Form(capacity=None).capacity is None
    with pytest.raises(FieldRangeError) as info:
        Sub(n=4)
    assert info.value.field == "n"


def test_prefix_and_error_class():
    bad = dataclasses.replace(Form(), fortaleza=4)
    object.__setattr__(bad, "fortaleza", 12)
    with pytest.raises(MyError) as info:
        fields.validate(bad, prefix="defender.", error_cls=MyError)
    assert info.value.field == "defender.fortaleza"


def test_a_form_validated_once_does_not_let_an_equal_value_of_another_type_through():
    """validate keeps the values that passed (the engine builds equal forms again and
    again): ``True == 1``, ``1 == 1.0`` and ``{k: True} == {k: 1}``, yet only one of each
    pair is valid — the other must still be refused after its twin passed."""
    fm = fields.FrozenMap
    pairs = [
        ({"fortaleza": 1}, {"fortaleza": True}),
        ({"fortaleza": 4}, {"fortaleza": 4.0}),
        ({"tri": True}, {"tri": 1}),
        ({"aimed": False}, {"aimed": 0}),
        ({"location_damage": fm({"cabeza": 1})}, {"location_damage": fm({"cabeza": True})}),
        ({"conditions": frozenset({"stunned"})}, {"conditions": frozenset({1})}),
    ]
    for good, bad in pairs:
        for _ in range(2):
            Form(**good)
            with pytest.raises(FieldRangeError):
                Form(**bad)
    # a form that failed is not kept: it fails again, under each prefix and error class
    bad = dataclasses.replace(Form(), fortaleza=4)
    object.__setattr__(bad, "fortaleza", 12)
    for _ in range(2):
        with pytest.raises(FieldRangeError):
            fields.validate(bad)
        with pytest.raises(MyError):
            fields.validate(bad, prefix="defender.", error_cls=MyError)


def test_metadata_rejects_unknown_keys_and_missing_labels():
    with pytest.raises(TypeError):
        fields.int_field(1, 0, 2, label=("a", "b"), help=("a", "b"), labels=("a", "b"))
    with pytest.raises(TypeError):
        fields.int_field(1, 0, 2, label=("a", ""), help=("a", "b"))
    with pytest.raises(TypeError):
        fields.FieldSpec("slider", ("a", "b"), ("a", "b"))


def test_metadata_is_read_only():
    f = dataclasses.fields(Form)[1]
    with pytest.raises(TypeError):
        f.metadata["rolkit"] = None
    with pytest.raises(dataclasses.FrozenInstanceError):
        fields.spec_of(f).min = 0


def test_mapping_and_set_values_are_frozen_and_survive_copying():
    import copy
    import pickle

    form = Form(location_damage={"cabeza": 3}, conditions={"stunned"})
    assert isinstance(form.location_damage, fields.FrozenMap)
    assert form.conditions == frozenset({"stunned"})
    with pytest.raises(TypeError):
        form.location_damage["cabeza"] = 4
    assert hash(form.location_damage) == hash(fields.FrozenMap({"cabeza": 3}))
    assert copy.deepcopy(form) == form
    assert pickle.loads(pickle.dumps(form.location_damage)) == {"cabeza": 3}
    assert dataclasses.asdict(Form())["location_damage"] == {"cabeza": 0}


def test_the_english_message_a_user_reads_names_the_label():
    from rolkit import fields as f

    @dataclass(frozen=True)
    class Form:
        fortaleza: int = f.int_field(
            3, 1, 9, label=f.label("Fortaleza", gloss="strength"), help=("a", "b")
        )

        def __post_init__(self):
            f.validate(self)

    with pytest.raises(FieldRangeError) as info:
        Form(fortaleza=10)
    err = info.value
    assert str(err) == "fortaleza must be a whole number from 1 to 9 (got 10)"  # the spec's
    assert err.message("en") == "Fortaleza (strength) must be a whole number from 1 to 9 (got 10)"
    assert err.message("es") == "Fortaleza debe ser un número entero de 1 a 9 (recibido 10)"


def test_range_messages_use_the_languages_decimal_separator():
    """Spanish writes «de 0,5 a 2,5» (and the typed 2,7); English keeps the dot."""
    from rolkit import fields as f

    @dataclass(frozen=True)
    class Form:
        reach: float = f.float_field(
            1.0, 0.5, 2.5, label=("Alcance", "Alcance (reach)"), help=("a", "b")
        )
        open_top: float = f.float_field(
            1.0, 0.25, None, label=("Altura", "Altura (height)"), help=("a", "b")
        )

        def __post_init__(self):
            f.validate(self)

    with pytest.raises(FieldRangeError) as info:
        Form(reach=2.7)
    err = info.value
    assert err.message("es") == "Alcance debe ser un número desde 0,5 a 2,5 (recibido 2,7)"
    assert err.message("en") == "Alcance (reach) must be a number from 0.5 to 2.5 (got 2.7)"
    assert str(err) == "reach must be a number from 0.5 to 2.5 (got 2.7)"
    assert err.allowed == "a number from 0.5 to 2.5"
    with pytest.raises(FieldRangeError) as info:
        Form(open_top=0.1)
    assert info.value.message("es") == "Altura debe ser un número desde 0,25 (recibido 0,1)"
    assert info.value.message("en") == "Altura (height) must be a number from 0.25 (got 0.1)"
    spec = dict(f.describe(Form))["reach"]
    assert spec.allowed("es") == "un número desde 0,5 a 2,5"
    assert spec.allowed("en") == "a number from 0.5 to 2.5"
    # whole-number bounds stay as they were in both languages
    assert dict(f.describe(Form))["open_top"].allowed("es") == "un número desde 0,25"


def test_changed_fields_read_as_a_gm_reads_them():
    """Wound boxes by location label, sets of locations in body order, flags as sí/no,
    sub-forms field by field, and nothing for a field that did not change."""
    import dataclasses

    import rolkit

    s = rolkit.get_system("ashes_of_war")
    kira = s.defaults()["attacker"]
    wounds = dataclasses.replace(kira.wounds, light={**kira.wounds.light, "torso": 1})
    conditions = dataclasses.replace(
        kira.conditions, bleeding_serious=frozenset({"left_arm"}), unconscious=True
    )
    hurt = dataclasses.replace(kira, wounds=wounds, conditions=conditions)
    es = fields.changed_fields(hurt, kira, "es")
    en = fields.changed_fields(hurt, kira, "en")
    assert len(es) == len(en) == 3
    assert any(t.endswith(": Torso 1") and t.startswith("Casillas de daño › ") for t in es)
    assert any(t.endswith(": Brazo izquierdo") for t in es)
    assert any(t.endswith(": sí") for t in es) and any(t.endswith(": sí (yes)") for t in en)
    assert not any("{" in t or "frozenset" in t or "left_arm" in t for t in es + en)
    assert fields.changed_fields(kira, kira, "es") == []
