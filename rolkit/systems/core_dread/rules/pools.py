"""§1.2 One roll's dice pool: the attribute used, its modifiers and the effective value.

Every roll of Core Dread (attack, defence, checks, initiative, the §4.12 prone check)
reaches its effective attribute the same way: a base score, the non-zero modifier terms
(wound or Gore Mode penalty, difficulty, covering fire, knock-out), one clamp to 0–9.
:func:`effective_parts` is what the «Atributo efectivo» step shows, with its rules.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rolkit.systems.core_dread.forms import Combatant
from rolkit.systems.core_dread.messages import term_rule, value_key
from rolkit.systems.core_dread.options import CoreDreadOptions
from rolkit.systems.core_dread.rules.wounds import track_penalty

__all__ = ["Pool", "make_pool", "penalty", "penalty_term", "signed", "effective_parts"]


class Pool(NamedTuple):
    """One roll's dice pool: the attribute used, its effective value, the skill points;
    and how §1.2 reached the value: the ``base`` score, each ``terms`` modifier applied
    (``(id, signed value)``, only the non-zero ones) and the ``source`` of the base (a
    :data:`~..messages.CITE` id)."""

    attribute_name: str
    attribute: int
    skill: int
    base: int = 0
    terms: tuple[tuple[str, int], ...] = ()
    source: str = "base_check"

    @property
    def unclamped(self) -> int:
        """The sum before §1.2's 0–9 limit («nunca … a más de 9»)."""
        return self.base + sum(v for _, v in self.terms)


def penalty(c: Combatant, options: CoreDreadOptions) -> int:
    """§4.11/§4.17 ``c``'s current wound (or Gore Mode) penalty (its track was checked
    when the form was built, and again by the attack's validation)."""
    return track_penalty(c.track, c.gore_mode, options)


def penalty_term(c: Combatant, options: CoreDreadOptions) -> tuple[tuple[str, int], ...]:
    """§4.11/§4.17 The wound penalty as a modifier term (none when 0)."""
    p = penalty(c, options)
    return ((("gore_penalty" if c.gore_mode else "wound_penalty"), -p),) if p else ()


def make_pool(
    name: str, base: int, skill: int, terms: tuple[tuple[str, int], ...], source: str
) -> Pool:
    """§1.2 A pool from its base and modifier terms (zero terms dropped, clamp once)."""
    kept = tuple((n, v) for n, v in terms if v)
    value = max(0, min(9, base + sum(v for _, v in kept)))
    return Pool(name, value, skill, base, kept, source)


def signed(value: int) -> str:
    """A modifier as the rulebook writes it: ``+2``, ``−1``."""
    return f"{value:+d}".replace("-", "−")


def effective_parts(pool: Pool) -> tuple[dict[str, Any], str]:
    """§1.2 What the effective-attribute step shows: the base, every modifier applied (wound
    penalty, difficulty, covering fire, knock-out), the sum when the 0–9 limit bit, the
    result; and the rule of each of them."""
    clamped = pool.unclamped != pool.attribute
    derived: dict[str, Any] = {"uses": value_key(pool.attribute_name), "base": pool.base}
    derived.update({name: signed(v) for name, v in pool.terms})
    if clamped:
        derived["unclamped"] = pool.unclamped
    derived["attribute"] = pool.attribute
    return derived, term_rule(pool.source, pool.terms, clamped)
