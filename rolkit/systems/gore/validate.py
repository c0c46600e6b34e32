"""§2 Field validation of the G.O.R.E. forms, re-raised in the spec's message format."""

from __future__ import annotations

from typing import Any

from rolkit import fields
from rolkit.errors import shown

from .errors import GoreInputError

__all__ = ["validate_form"]


def validate_form(obj: Any) -> None:
    """§2 Validate every declared field of ``obj``; re-raise in the spec's message format.

    Raises:
        GoreInputError: ``"con = 0: CON (constitution) must be a whole number from 1 to 99"``.
    """
    try:
        fields.validate(obj, error_cls=GoreInputError)
    except GoreInputError as err:
        spec = dict(fields.describe(type(obj))).get(err.field or "")
        if spec is None:  # pragma: no cover - validate always names a declared field
            raise
        extra_en = extra_es = ""
        if spec.kind == "dice":
            extra_en = f" ({err.message_en.split(': ', 1)[-1]})"
            extra_es = f" ({err.message_es.split(': ', 1)[-1]})"
        raise GoreInputError(
            f"{err.field} = {shown(err.got)}: {spec.label_for('en')} must be "
            f"{spec.allowed('en')}{extra_en}",
            field=err.field,
            allowed=spec.allowed("en"),
            got=err.got,
            message_es=f"{err.field} = {shown(err.got)}: {spec.label_for('es')} debe ser "
            f"{spec.allowed('es')}{extra_es}",
        ) from None
