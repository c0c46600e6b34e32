"""§7.2, §7.3 The exact law of one attack, in integers over one common denominator.

* :func:`attack_outcomes` is §7.2 exactly: the attacker's joint law ``(hits, natural
  spectacular)`` against the defender's, mapped through §4.4–4.9 by
  :class:`~rolkit.systems.core_dread.attack.stages.OutcomeMap`.
* :func:`attack_odds` (what ``SYSTEM.odds`` shows) adds §7.3: each wound put on the
  victim's current track (overflow, death), the knock-out and the §4.12 prone check
  (weighted by that check's own law), for the defender and for the counter-attack on the
  attacker, through :func:`~rolkit.systems.core_dread.attack.stages.mark`, the same rule
  ``resolve_attack`` applies.
* :func:`hit_probability` reads P(hit) from the two hit marginals alone (the grid).

Weights are integers over ``10**(5+s_a) · 10**(5+s_d) · 10**5 · 10**5``; each output row
becomes one ``Fraction`` at the end.
"""

from __future__ import annotations

from fractions import Fraction

from rolkit.memo import memo
from rolkit.systems.core_dread.attack.key import AttackKey, AttackOutcome, Fate
from rolkit.systems.core_dread.attack.stages import (
    AttackContext,
    OutcomeMap,
    attack_context,
    fate_after,
    mark,
    opposed,
    prone_weights,
)
from rolkit.systems.core_dread.attack.validate import validate_attack
from rolkit.systems.core_dread.forms import Combatant, Modifiers, Weapon
from rolkit.systems.core_dread.options import DEFAULT_OPTIONS, CoreDreadOptions
from rolkit.systems.core_dread.rules.damage import opposed_values
from rolkit.systems.core_dread.rules.laws import JointRow, denominator, hit_weights, joint_weights

__all__ = ["attack_outcomes", "attack_odds", "hit_probability", "outcome_laws"]

_NO_DEFENCE: tuple[JointRow, ...] = (((0, False), 1),)

#: The tail of an :class:`AttackKey`: ``(fate, prone, counter_fate, counter_prone)``.
FateRow = tuple[tuple[Fate, bool, Fate, bool], int]


def _laws(
    ctx: AttackContext,
) -> tuple[tuple[JointRow, ...], int, tuple[JointRow, ...], int]:
    policy = ctx.options.reroll_policy
    law_a = joint_weights(ctx.attack.attribute, ctx.attack.skill, policy)
    if ctx.defence is None:
        return law_a, denominator(ctx.attack.skill), _NO_DEFENCE, 1
    law_d = joint_weights(ctx.defence.attribute, ctx.defence.skill, policy)
    return law_a, denominator(ctx.attack.skill), law_d, denominator(ctx.defence.skill)


@memo
def outcome_laws(
    ctx: AttackContext,
) -> tuple[tuple[tuple[tuple[AttackOutcome, bool], int], ...], int]:
    """Integer weights of ``(AttackOutcome, spectacular)`` and their denominator
    (memoised on the context: the odds and the after-state law share it).

    Pairs of hit counts are first merged by what §4.6 makes of them (``damage_raw``,
    ``counter_raw``, the spectacular bits that matter); each merged row is then mapped
    once through the wound stages.
    """
    weights, den = _outcome_weights(ctx)
    return tuple(weights.items()), den


def _outcome_weights(ctx: AttackContext) -> tuple[dict[tuple[AttackOutcome, bool], int], int]:
    """:func:`outcome_laws` as a dict (not memoised)."""
    law_a, den_a, law_d, den_d = _laws(ctx)
    counter_spec = ctx.counter_spectacular
    # :func:`opposed` with the context read once (its call per pair weighed in a cold law)
    mult, kind, m_d = ctx.attack_mult, ctx.defence_kind, ctx.defence_mult
    three, options = ctx.needs_three, ctx.options
    merged: dict[tuple[int, int, bool, bool], int] = {}
    for (a, spec), wa in law_a:
        for (d, d_spec), wd in law_d:
            raw, craw = opposed_values(a, mult, kind, d, m_d, three, options)
            row = (raw, craw, spec, d_spec and counter_spec)
            merged[row] = merged.get(row, 0) + wa * wd
    outcome = OutcomeMap(ctx)
    out: dict[tuple[AttackOutcome, bool], int] = {}
    for (raw, craw, spec, d_spec), w in merged.items():
        key = (outcome.of_damage(raw, craw, spec, d_spec), spec)
        out[key] = out.get(key, 0) + w
    return out, den_a * den_d


def _fates(
    defender: Combatant,
    attacker: Combatant,
    o: AttackOutcome,
    knockout_attempt: bool,
    options: CoreDreadOptions,
) -> list[FateRow]:
    """§7.3 ``((fate, prone, counter_fate, counter_prone), weight)`` over ``10**10``."""
    hurt = mark(defender, o.wound_level, o.wound_count, knockout_attempt, options)
    fate = fate_after(defender, hurt)
    already = defender.prone or hurt.knocked_out
    if o.counter:
        back = mark(attacker, o.counter_wound_level, o.counter_wound_count, False, options)
        counter_fate = fate_after(attacker, back)
        counter_rows = prone_weights(back.prone_attribute)
    else:
        counter_fate, counter_rows = None, prone_weights(None)
    rows: dict[tuple[Fate, bool, Fate, bool], int] = {}
    for falls, w in prone_weights(hurt.prone_attribute):
        for c_falls, cw in counter_rows:
            key = (fate, already or falls, counter_fate, c_falls)
            rows[key] = rows.get(key, 0) + w * cw
    return list(rows.items())


def attack_odds(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> dict[AttackKey, Fraction]:
    """§7.3 Exact odds keyed by :class:`AttackKey`: the §7.2 key, ``spectacular`` and the
    fate of both sides on their current tracks (zero keys omitted, sums to 1)."""
    validate_attack(attacker, defender, weapon, modifiers, options)
    ctx = attack_context(attacker, defender, weapon, modifiers, options)
    weights, den = outcome_laws(ctx)
    out: dict[AttackKey, int] = {}
    for (o, spec), w in weights:
        for tail, wf in _fates(defender, attacker, o, modifiers.knockout_attempt, options):
            key = AttackKey(*o, spec, *tail)
            out[key] = out.get(key, 0) + w * wf
    total = den * denominator(0) ** 2
    return {k: Fraction(w, total) for k, w in out.items()}


def attack_outcomes(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> dict[AttackOutcome, Fraction]:
    """§7.2 Exact law of the :class:`AttackOutcome` (zero keys omitted, sums to 1).

    Excludes what depends on the track or extra rolls: overflow, death, knock-out, prone
    checks, Autocontrol, armour wear and ammunition (those are in :func:`attack_odds`).
    """
    validate_attack(attacker, defender, weapon, modifiers, options)
    ctx = attack_context(attacker, defender, weapon, modifiers, options)
    weights, den = outcome_laws(ctx)
    out: dict[AttackOutcome, int] = {}
    for (o, _), w in weights:
        out[o] = out.get(o, 0) + w
    return {k: Fraction(w, den) for k, w in out.items()}


def hit_probability(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> Fraction:
    """§4.6 P(hit) = P(``damage_raw > 0``) from the two final-hits marginals only."""
    validate_attack(attacker, defender, weapon, modifiers, options)
    ctx = attack_context(attacker, defender, weapon, modifiers, options)
    policy = options.reroll_policy
    att = hit_weights(ctx.attack.attribute, ctx.attack.skill, policy)
    den = denominator(ctx.attack.skill)
    if ctx.defence is None:
        return Fraction(sum(w for a, w in enumerate(att) if opposed(ctx, a, 0)[0] > 0), den)
    dfd = hit_weights(ctx.defence.attribute, ctx.defence.skill, policy)
    hit = sum(
        wa * wd
        for a, wa in enumerate(att)
        if wa
        for d, wd in enumerate(dfd)
        if wd and opposed(ctx, a, d)[0] > 0
    )
    return Fraction(hit, den * denominator(ctx.defence.skill))
