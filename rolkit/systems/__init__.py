"""The registry of rule systems: every module in this package that exports ``SYSTEM``.

A system registers itself by existing: drop ``<id>.py`` (or a package ``<id>/``) here
with a module-level ``SYSTEM`` and it is listed, without importing it until used.

This module is also callable, so ``rolkit.systems()`` lists the ids even though
``rolkit.systems`` is this package.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import types
from typing import TYPE_CHECKING

from rolkit.errors import RulesError

if TYPE_CHECKING:
    from rolkit.system import System

__all__ = ["available", "get"]

#: Display order of the known systems; any other module found is listed after them.
PREFERRED_ORDER = ("core_dread", "ashes_of_war", "tierkreis", "gore", "nsd20")


def available() -> list[str]:
    """Ids of the registered systems, in display order (no module is imported)."""
    found = {m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")}
    ordered = [s for s in PREFERRED_ORDER if s in found]
    return ordered + sorted(found - set(ordered))


def get(system_id: str) -> System:
    """The ``SYSTEM`` object of ``system_id``.

    Raises:
        RulesError: naming the known systems when the id is unknown.
    """
    ids = available()
    if system_id not in ids:
        raise RulesError(
            f"system must be one of {', '.join(ids)} (got {system_id!r})",
            field="system",
            allowed=", ".join(ids),
            got=system_id,
            message_es=f"el sistema debe ser uno de {', '.join(ids)} (recibido {system_id!r})",
        )
    module = importlib.import_module(f"{__name__}.{system_id}")
    return module.SYSTEM


class _CallableModule(types.ModuleType):
    def __call__(self) -> list[str]:
        return available()


sys.modules[__name__].__class__ = _CallableModule
