"""§3 The check's form."""

from dataclasses import dataclass

from rolkit import fields

from ..errors import ToyInputError


@dataclass(frozen=True)
class CheckForm:
    bonus: int = fields.int_field(0, 0, 3, label=("Bonificador", "Bonus"), help=("suma", "adds"))
    target: int = fields.int_field(4, 2, 7, label=("Dificultad", "Target"), help=("a", "b"))

    def __post_init__(self) -> None:
        fields.validate(self, error_cls=ToyInputError)
