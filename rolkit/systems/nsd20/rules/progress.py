"""P12 Concentración and P13 Experiencia (experience → Puntos de Personaje) [seed].

Seed: «como base será de 10 + Daño recibido, u otros modificadores como +5 por terreno
inestable o estar sujeto en una presa»; «Los Puntos de Experiencia necesarios para obtener
un Punto de Personaje son 20 – (modificador de Inteligencia)».
"""

from __future__ import annotations

from fractions import Fraction

from rolkit.errors import check_int
from rolkit.systems.nsd20.errors import NSd20InputError
from rolkit.systems.nsd20.options import DEFAULT_RULES, NSd20Rules
from rolkit.systems.nsd20.rules.check import (
    EFFORT_CHECK_BONUS,
    characteristic_modifier,
    success_count,
)
from rolkit.systems.nsd20.tables import SESSION_XP

__all__ = [
    "concentration_cd",
    "concentration_probability",
    "xp_per_character_point",
    "character_points_from_xp",
    "session_xp",
    "CONCENTRATION_PLUS",
]

#: P12 «+5 por terreno inestable o estar sujeto en una presa».
CONCENTRATION_PLUS = 5


def concentration_cd(
    damage_taken: int,
    *,
    unstable_ground: bool = False,
    grappled: bool = False,
    other: int = 0,
    rules: NSd20Rules = DEFAULT_RULES,
) -> int:
    """P12 CD = 10 + damage received (after RD) + 5 unstable ground + 5 grappled + other.

    The two +5 stack unless ``concentration_plus5_stack`` is off (G9): then +5 at most.
    """
    check_int(damage_taken, 0, 10_000, field="damage_taken", cls=NSd20InputError)
    check_int(other, -100, 100, field="other", cls=NSd20InputError)
    pluses = int(unstable_ground) + int(grappled)
    if not rules.concentration_plus5_stack:
        pluses = min(pluses, 1)
    return 10 + damage_taken + CONCENTRATION_PLUS * pluses + other


def concentration_probability(
    will_total: int, cd: int, *, extra_effort: bool = False, rules: NSd20Rules = DEFAULT_RULES
) -> Fraction:
    """P12 Exact P(success) of the Voluntad save (natural rules of saves apply).

    ``extra_effort`` adds the +5 check bonus (on one's own turn only, G13).
    """
    check_int(will_total, -100, 100, field="will_total", cls=NSd20InputError)
    check_int(cd, -100, 10_100, field="cd", cls=NSd20InputError)
    bonus = EFFORT_CHECK_BONUS if extra_effort else 0
    return Fraction(success_count(will_total + bonus, cd, rules.natural_rules_on_saves), 20)


def xp_per_character_point(intelligence: int) -> int:
    """P13 «20 – (modificador de Inteligencia)»: INT 18 → 16, INT 8 → 21."""
    check_int(intelligence, 1, 30, field="intelligence", cls=NSd20InputError)
    return 20 - characteristic_modifier(intelligence)


def character_points_from_xp(xp: int, intelligence: int) -> tuple[int, int]:
    """P13 ``(Puntos de Personaje, leftover PE)``: the remainder carries over."""
    check_int(xp, 0, 10**9, field="xp", cls=NSd20InputError)
    return divmod(xp, xp_per_character_point(intelligence))


def session_xp(
    difficulty: int,
    roleplay: int = 0,
    ideas: int = 0,
    fun: int = 0,
    extra: int = 0,
    *,
    attended: bool = True,
    boycott: bool = False,
) -> int:
    """T5 The session award: 1–5 + 0–2 + 0–2 + 0–2 + extra, at least 1 for who attended.

    An absent player normally gets nothing and a boycott earns 0 (the seed's exception).
    """
    for name, value in (
        ("difficulty", difficulty),
        ("roleplay", roleplay),
        ("ideas", ideas),
        ("fun", fun),
    ):
        low, high = SESSION_XP[name]
        check_int(value, low, high, field=name, cls=NSd20InputError)
    check_int(extra, 0, 1000, field="extra", cls=NSd20InputError)
    if not attended or boycott:
        return 0
    return max(1, difficulty + roleplay + ideas + fun + extra)
