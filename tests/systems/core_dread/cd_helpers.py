"""Test helpers shared by the Core Dread test files: the input-error check and the values
of a form field's metadata."""

from __future__ import annotations

import pytest

from rolkit import fields
from rolkit.systems.core_dread import (
    CoreDreadInputError,
)


def raises_field(field: str, fn, *args, **kw) -> CoreDreadInputError:
    with pytest.raises(CoreDreadInputError) as info:
        fn(*args, **kw)
    err = info.value
    assert err.field == field, (err.field, str(err))
    assert err.allowed
    assert str(err).startswith(field.split(".")[-1]) or str(err).startswith(field)
    assert err.message("es") and err.message("es") != ""
    return err


# --------------------------------------------------------------------------- metadata sweep
def field_values(spec: fields.FieldSpec):
    if spec.kind == "int":
        yield from range(int(spec.min), int(spec.max) + 1)
        if spec.optional:
            yield None
    elif spec.kind == "choice":
        yield from spec.choice_values()
    elif spec.kind == "flag":
        yield from (True, False)
