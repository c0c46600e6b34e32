"""The system's own checks (``SYSTEM.checks``): exact law by degree and a seeded resolve.

One module per procedure, each with its ``CheckProcedure``; their forms in :mod:`.forms`:

* ``cd`` — P1 a check against a CD, with condition modifiers, improvised tools, an
  Esfuerzo extra and aid another (§1.6, §1.7);
* ``opposed`` — P2 an opposed check, rerolls resolved;
* ``take`` — P3 take 10 / take 20 (no roll; refused when the situation forbids it);
* ``concentration`` — P12 the Voluntad save against CD 10 + damage;
* ``massive`` — P9/T6 the Fortaleza save of Daño masivo;
* ``recovery`` — P15 the Fortaleza test of recovery from Malherido, Incapacitado or
  Inconsciente;
* ``comparative`` — §1.5 a comparative check: no roll, the higher value wins (an
  Esfuerzo extra doubles carrying capacity, adds 3 m of speed, 1 m of jump or +5);
* ``save`` — §1.1 a saving throw (Fortaleza, Reflejos, Voluntad), with the Esfuerzo
  extra's +5 or its second Voluntad save (T3);
* ``first_aid`` — first aid [SRD-assumed]: Medicina + SAB against CD 15 stabilises a
  Moribundo (the fight's ``"aid"`` action).
"""

from __future__ import annotations

from typing import Any

from rolkit.system import CheckProcedure
from rolkit.systems.nsd20.checks.cd import CD
from rolkit.systems.nsd20.checks.comparative import COMPARATIVE
from rolkit.systems.nsd20.checks.concentration import CONCENTRATION
from rolkit.systems.nsd20.checks.d20 import D20_DEGREES
from rolkit.systems.nsd20.checks.first_aid import FIRST_AID
from rolkit.systems.nsd20.checks.forms import (
    CDCheckForm,
    ComparativeForm,
    ConcentrationForm,
    FirstAidForm,
    MassiveDamageForm,
    OpposedForm,
    RecoveryForm,
    SaveForm,
    TakeForm,
)
from rolkit.systems.nsd20.checks.massive import MASSIVE
from rolkit.systems.nsd20.checks.opposed import OPPOSED
from rolkit.systems.nsd20.checks.recovery import RECOVERY
from rolkit.systems.nsd20.checks.save import SAVE
from rolkit.systems.nsd20.checks.take import TAKE
from rolkit.systems.nsd20.options import NSd20Rules

__all__ = [
    "CDCheckForm",
    "OpposedForm",
    "TakeForm",
    "ConcentrationForm",
    "MassiveDamageForm",
    "RecoveryForm",
    "ComparativeForm",
    "SaveForm",
    "FirstAidForm",
    "CHECKS",
    "D20_DEGREES",
]

CHECKS: dict[str, CheckProcedure[Any, NSd20Rules]] = {
    "cd": CD,
    "opposed": OPPOSED,
    "take": TAKE,
    "concentration": CONCENTRATION,
    "massive": MASSIVE,
    "recovery": RECOVERY,
    "comparative": COMPARATIVE,
    "save": SAVE,
    "first_aid": FIRST_AID,
}
