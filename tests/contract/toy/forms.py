"""The four forms (§1–§2): every field declared with :mod:`rolkit.fields`, the one source of
the validation and of the generated widgets."""

from dataclasses import dataclass

from rolkit import fields

from .errors import ToyInputError

_validate = fields.validator(ToyInputError)


@dataclass(frozen=True)
class Attacker:
    bonus: int = fields.int_field(0, 0, 3, label=("Bonificador", "Bonus"), help=("suma", "adds"))

    def __post_init__(self) -> None:
        _validate(self)


@dataclass(frozen=True)
class Defender:
    target: int = fields.int_field(4, 2, 7, label=("Dificultad", "Target"), help=("a", "b"))
    armour: int = fields.int_field(0, 0, 2, label=("Armadura", "Armour"), help=("a", "b"))

    def __post_init__(self) -> None:
        _validate(self)


@dataclass(frozen=True)
class Weapon:
    damage: str = fields.dice_field("1D4", label=("Daño", "Damage"), help=("a", "b"))

    def __post_init__(self) -> None:
        _validate(self)


@dataclass(frozen=True)
class Modifiers:
    blind: bool = fields.flag_field(label=("A ciegas", "Blind"), help=("a", "b"))

    def __post_init__(self) -> None:
        _validate(self)
