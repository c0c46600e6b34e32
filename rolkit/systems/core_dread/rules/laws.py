"""§1.4 The exact law of one 5d10 roll, as integer weights over ``10 ** (5 + skill)``.

These are the hot paths of every exact result (checks, attacks, healing): they stay in
integers, and callers make one ``Fraction`` per output row. The laws are memoised (``@memo``) on
``(attribute, skill, policy)``; nothing here mutates.

* ``"repeat"``: ``hits = N0 + min(5 − N0, X)``, ``N0 ~ Bin(5, a/10)``, ``X ~ Bin(s, a/10)``;
* ``"once_per_die"``: ``hits = N0 + Bin(min(s, 5 − N0), a/10)``;
* natural spectacular ⇔ ``N0 = 5``.
"""

from __future__ import annotations

from math import comb

from rolkit.memo import memo

__all__ = [
    "DICE",
    "SIDES",
    "denominator",
    "joint_weights",
    "hit_weights",
    "success_weight",
]

#: «Se lanzan siempre 5 dados de 10 caras» (§1.1).
DICE = 5
SIDES = 10

#: ``((hits, natural_spectacular), weight)`` rows of a joint law.
JointRow = tuple[tuple[int, bool], int]


def denominator(skill: int) -> int:
    """The common denominator of a roll with ``skill`` rerolls: ``10 ** (5 + skill)``."""
    return SIDES ** (DICE + skill)


@memo
def joint_weights(attribute: int, skill: int, policy: str) -> tuple[JointRow, ...]:
    """§1.4 ``((hits, natural_spectacular), weight)`` over ``denominator(skill)``.

    Rows are sorted; zero rows are omitted.
    """
    a, b = attribute, SIDES - attribute
    weights: dict[tuple[int, bool], int] = {}
    for n0 in range(DICE + 1):
        w0 = comb(DICE, n0) * a**n0 * b ** (DICE - n0)
        if not w0:
            continue
        trials = skill if policy == "repeat" else min(skill, DICE - n0)
        scale = SIDES ** (skill - trials)  # the unused reroll faces are never drawn
        for x in range(trials + 1):
            wx = comb(trials, x) * a**x * b ** (trials - x)
            if wx:
                key = (n0 + min(DICE - n0, x), n0 == DICE)
                weights[key] = weights.get(key, 0) + w0 * wx * scale
    return tuple(sorted(weights.items()))


@memo
def hit_weights(attribute: int, skill: int, policy: str) -> tuple[int, ...]:
    """The final-hits marginal: weight of 0..5 hits over ``denominator(skill)``."""
    out = [0] * (DICE + 1)
    for (hits, _), w in joint_weights(attribute, skill, policy):
        out[hits] += w
    return tuple(out)


@memo
def success_weight(attribute: int, skill: int, min_hits: int, policy: str) -> int:
    """Weight of ``hits >= min_hits`` over ``denominator(skill)``."""
    return sum(hit_weights(attribute, skill, policy)[min_hits:])
