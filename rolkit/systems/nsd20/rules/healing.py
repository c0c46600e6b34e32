"""P15 Recovery outside combat (healing).

P15 [NSd20 S6]: each day a character recovers PR equal to its Fortaleza total
(Malherido: half, rounded down, G14; Incapacitado: none). Malherido: a Fortaleza CD 15
test per day of rest, +1 per earlier failure, success clears Malherido; Incapacitado: the
same each week, success turns it into Malherido; Inconsciente: Fortaleza CD 10 each minute.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from rolkit.errors import check_choice, check_int
from rolkit.systems.nsd20.errors import NSd20InputError
from rolkit.systems.nsd20.forms import Combatant
from rolkit.systems.nsd20.options import DEFAULT_RULES, NSd20Rules
from rolkit.systems.nsd20.rules.check import natural_success
from rolkit.systems.nsd20.rules.derived import (
    fortitude_total,
)

__all__ = [
    "RECOVERY_CONDITIONS",
    "RECOVERY_INTERVAL",
    "daily_pr_recovery",
    "recovery_cd",
    "recovery_check",
    "recovery_probability",
]

Condition = Literal["malherido", "incapacitado", "inconsciente"]
RECOVERY_CONDITIONS = ("malherido", "incapacitado", "inconsciente")
#: P15 How often the recovery test is made.
RECOVERY_INTERVAL = {"malherido": "day", "incapacitado": "week", "inconsciente": "minute"}
_BASE_CD = {"malherido": 15, "incapacitado": 15, "inconsciente": 10}
_AFTER_SUCCESS = {"malherido": "none", "incapacitado": "malherido", "inconsciente": "conscious"}


def daily_pr_recovery(character: Combatant, rules: NSd20Rules = DEFAULT_RULES) -> int:
    """P15 PR recovered by a day of rest: Fortaleza total; half (down) if Malherido;
    none if Incapacitado or Moribundo. Never negative; never above the maximum."""
    base = max(0, fortitude_total(character, rules))
    if character.wound_state == "malherido":
        base //= 2
    elif character.wound_state in ("incapacitado", "moribundo"):
        base = 0
    return max(0, min(base, character.pr_max - character.pr))


def recovery_cd(condition: Condition, earlier_failures: int = 0) -> int:
    """P15 CD 15 (+1 per earlier failure) for Malherido/Incapacitado; CD 10 Inconsciente."""
    check_choice(condition, RECOVERY_CONDITIONS, field="condition", cls=NSd20InputError)
    check_int(earlier_failures, 0, 1000, field="earlier_failures", cls=NSd20InputError)
    extra = earlier_failures if condition != "inconsciente" else 0
    return _BASE_CD[condition] + extra


def recovery_check(
    natural: int,
    fortitude: int,
    condition: Condition,
    earlier_failures: int = 0,
    *,
    rules: NSd20Rules = DEFAULT_RULES,
) -> tuple[bool, str]:
    """P15 ``(success, condition after)``: Malherido → none, Incapacitado → Malherido,
    Inconsciente → ``"conscious"``; a failure leaves the condition as it is."""
    check_int(natural, 1, 20, field="natural", cls=NSd20InputError)
    cd = recovery_cd(condition, earlier_failures)
    success, _ = natural_success(natural, natural + fortitude, cd, rules.natural_rules_on_saves)
    return success, (_AFTER_SUCCESS[condition] if success else condition)


def recovery_probability(
    fortitude: int,
    condition: Condition,
    earlier_failures: int = 0,
    *,
    rules: NSd20Rules = DEFAULT_RULES,
) -> Fraction:
    """P15 Exact P(the recovery test succeeds)."""
    wins = sum(
        recovery_check(n, fortitude, condition, earlier_failures, rules=rules)[0]
        for n in range(1, 21)
    )
    return Fraction(wins, 20)
