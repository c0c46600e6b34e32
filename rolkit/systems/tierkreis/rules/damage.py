"""R4, P6–P8 Natural results, damage, criticals, variable damage and fumbles.

Seed: «Si al hacer un chequeo de ataque sale un 1 natural en el d12, se considera que golpea
al objetivo y el daño que cause ese ataque se multiplica x2 … en lugar de multiplicar x4 se
aumenta en 1 el factor» (*Críticos*); «sale un 12 natural … el ataque siempre falla»
(*Pifias*).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rolkit.errors import check_choice, check_int, input_error
from rolkit.systems.tierkreis.errors import TierkreisInputError
from rolkit.systems.tierkreis.tables import D12, FUMBLE_TABLE, VARIABLE_DAMAGE_K

__all__ = [
    "attack_check_result",
    "plain_attack_result",
    "read_attack_die",
    "damage_factor",
    "variable_damage",
    "fumble_effect",
    "halve",
    "final_damage",
]


def attack_check_result(roll: int, target: int) -> str:
    """R4 An attack check: 1 → ``"critical"`` (always hits), 12 → ``"fumble"`` (always
    misses), else ``"hit"`` if ``roll <= target`` (a tie succeeds), otherwise ``"miss"``."""
    check_int(roll, 1, D12, field="roll", cls=TierkreisInputError)
    check_int(target, -99, 99, field="target", cls=TierkreisInputError)
    return read_attack_die(roll, target)


def read_attack_die(roll: int, target: int) -> str:
    """R4 :func:`attack_check_result` for faces already known valid (the exact law's loop)."""
    if roll == 1:
        return "critical"
    if roll == D12:
        return "fumble"
    return "hit" if roll <= target else "miss"


def plain_attack_result(roll: int, target: int) -> str:
    """P14 with ``crits_on_power_attacks`` off: no natural results, ``"hit"`` or ``"miss"``."""
    check_int(roll, 1, D12, field="roll", cls=TierkreisInputError)
    return "hit" if roll <= target else "miss"


def damage_factor(base_factor: int, critical: bool) -> int:
    """P7 The damage multiplier: ``base_factor``, plus 1 on a critical (x1 → x2, x2 → x3)."""
    check_int(base_factor, 1, 4, field="damage_factor", cls=TierkreisInputError)
    return base_factor + 1 if critical else base_factor


def variable_damage(listed: int, d12: int, table: Mapping[int, Sequence[int]] | None = None) -> int:
    """T2 *Daño Variable (Opcional)*: the damage for the listed value and the damage die.

    REGLA PROVISIONAL / PROVISIONAL RULE (G1): the seed's table is missing; the placeholder
    is ``(listed * k[d12] + 1) // 3`` with ``k = 1,2,2,3,3,3,3,3,3,4,4,5`` (it matches the
    seed's two numbers and its mean is the listed damage). A GM ``table`` replaces the row
    of each listed value it contains.
    """
    check_int(listed, 0, 20, field="damage", cls=TierkreisInputError)
    check_int(d12, 1, D12, field="d12", cls=TierkreisInputError)
    if table is not None and listed in table:
        row = table[listed]
        if len(row) != D12:
            raise input_error(
                "variable_damage_table",
                en=f"the row for listed damage {listed} must have 12 values (got {len(row)})",
                es=f"la fila del daño listado {listed} debe tener 12 valores (recibido {len(row)})",
                allowed="12 values",
                got=row,
                cls=TierkreisInputError,
            )
        return int(row[d12 - 1])
    return (listed * VARIABLE_DAMAGE_K[d12 - 1] + 1) // 3


def fumble_effect(d12: int) -> str:
    """T1 *Pifias*: the effect on the attacker of the fumble die."""
    check_int(d12, 1, D12, field="d12", cls=TierkreisInputError)
    return FUMBLE_TABLE[d12 - 1]


def halve(damage: int, rounding: str = "down") -> int:
    """P6 step 3 Half damage: ``damage // 2`` (``rounding="up"``: rounded up, G12)."""
    check_choice(rounding, ("down", "up"), field="half_damage_rounding", cls=TierkreisInputError)
    return damage // 2 if rounding == "down" else -(-damage // 2)


def final_damage(base: int, factor: int, half: bool, reduction: int, rounding: str = "down") -> int:
    """P6 steps 2–4: ``base × factor``, halved if ``half``, minus the defender's reduction."""
    damage = base * factor
    if half:
        damage = halve(damage, rounding)
    return max(0, damage - reduction)
