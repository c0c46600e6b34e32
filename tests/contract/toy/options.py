"""The toy's one house rule, defaulted (§2)."""

from dataclasses import dataclass

from rolkit import fields

from .errors import ToyInputError


@dataclass(frozen=True)
class Options:
    crit_doubles: bool = fields.flag_field(
        True, label=("Crítico dobla", "Crit doubles"), help=("a", "b")
    )

    def __post_init__(self) -> None:
        fields.validate(self, error_cls=ToyInputError)
