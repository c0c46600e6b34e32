"""§1.7 Aid another (Ayudar a otros): +2 to the leader per helper who makes CD 10.

Seed: «cada ayudante realiza la misma prueba contra una CD 10 … El éxito proporciona al
líder un +2». G4: the bonuses stack only with the option ``aid_helpers_stack``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rolkit.errors import check_int, input_error
from rolkit.systems.nsd20.errors import NSd20InputError
from rolkit.systems.nsd20.options import DEFAULT_RULES, NSd20Rules
from rolkit.systems.nsd20.rules.check import BIG, check, success_count

__all__ = ["aid_another_bonus", "aid_bonus_distribution", "AID_CD", "AID_BONUS"]

#: §1.7 «cada ayudante realiza la misma prueba contra una CD 10 … El éxito proporciona al
#: líder un +2».
AID_CD = 10
AID_BONUS = 2


def _check_helpers(count: int, rules: NSd20Rules) -> None:
    if rules.max_helpers is not None and count > rules.max_helpers:
        raise input_error(
            "helpers",
            en=f"At most {rules.max_helpers} helpers may aid this task (got {count})",
            es=f"Como mucho {rules.max_helpers} ayudantes pueden ayudar en esta tarea "
            f"(recibido {count})",
            allowed=f"at most {rules.max_helpers}",
            got=count,
            cls=NSd20InputError,
        )


def aid_another_bonus(
    helper_rolls: Sequence[tuple[int, int]], *, rules: NSd20Rules = DEFAULT_RULES
) -> int:
    """§1.7 +2 to the leader per helper who makes CD 10 (natural 1/20 apply; G4 stacking)."""
    _check_helpers(len(helper_rolls), rules)
    successes = sum(check(n, m, AID_CD, rules=rules).success for n, m in helper_rolls)
    if not rules.aid_helpers_stack:
        successes = min(successes, 1)
    return AID_BONUS * successes


def aid_bonus_distribution(
    helper_modifiers: Sequence[int], *, rules: NSd20Rules = DEFAULT_RULES
) -> dict[int, Fraction]:
    """§1.7 Exact law of the leader's aid bonus (each helper independent, vs CD 10)."""
    _check_helpers(len(helper_modifiers), rules)
    law = {0: 1}  # successes -> weight over 20^k
    for m in helper_modifiers:
        check_int(m, -BIG, BIG, field="helper_modifier", cls=NSd20InputError)
        s = success_count(m, AID_CD, rules.natural_rules_on_checks)
        step: dict[int, int] = {}
        for k, w in law.items():
            step[k + 1] = step.get(k + 1, 0) + w * s
            step[k] = step.get(k, 0) + w * (20 - s)
        law = step
    denominator = 20 ** len(helper_modifiers)
    out: dict[int, Fraction] = {}
    for k, w in sorted(law.items()):
        if w:
            bonus = AID_BONUS * (k if rules.aid_helpers_stack else min(k, 1))
            out[bonus] = out.get(bonus, Fraction(0)) + Fraction(w, denominator)
    return out
