"""§4.5, §4.8–§4.22 After one attack: the exact law of the forms it leaves, and a
combatant's status (its fate on the track).

:func:`attack_transitions` pushes the exact attack law (:func:`~.attack.odds.attack_rows`,
the rows the odds read too, integer weights over one denominator) forward through
:func:`~.attack.stages.defender_after`, the very stage ``resolve_attack`` uses to build its
``*_after`` forms (the attacker only spends its pending ▽, :func:`~.attack.stages.spent`).
A row's final damage only matters to the forms through its T6 severity, so rows are first
summed per ``(category, location, severity)`` and each branch's forms are built once; rows
that leave the same forms are then merged (one Fraction per after-state).

What the forms hold, and what a whole fight must know about them:

* Every rule a later attack reads is in the forms: wound boxes per location (light, serious
  by damage type, lethal), Conditions (Contusionado, Fracturado, Hemorragia, Desmembrado,
  first-serious effects, Inconsciente, Moribundo, muerto), Integridad of the weapon, the
  armour pieces, the shield and the parry object (0 = broken, §4.22), successive defences
  this turn (§4.5), a pending feint and pending ▽. Wound rows list every location, so equal
  marks compare equal however the form was built. Nothing else (no rolls, no counters
  without a rule) is kept.
* ``defences_this_turn`` counts the defences of the current turn (§4.5). Setting it back
  to 0, the bleeding ticks (§4.16), Moribundo's Fortitud roll and an Inconsciente's waking
  roll (§4.17–4.18) happen between attacks, not in one: this law does not apply them;
  :mod:`~rolkit.systems.ashes_of_war.turns` does (``SYSTEM.turn_start`` /
  ``SYSTEM.round_end``), and the fight tracker and whole-fight odds call it.
* A weapon at Integridad 0 cannot attack (§4.3): :func:`attack_transitions` raises, as the
  odds do; ``SYSTEM.transitions`` (:func:`system_transitions`) gives "no blow" instead, so
  a whole fight whose weapon wears out goes on (the turn passes).
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any

from rolkit.errors import RulesError
from rolkit.memo import memo
from rolkit.model import Fate
from rolkit.systems.ashes_of_war.attack.blow import fast_blow_law
from rolkit.systems.ashes_of_war.attack.odds import attack_rows
from rolkit.systems.ashes_of_war.attack.stages import defender_after, spent
from rolkit.systems.ashes_of_war.attack.validate import check_legal, check_situation
from rolkit.systems.ashes_of_war.forms import Combatant, Modifiers, Weapon
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.rules.damage import weapon_thresholds, wound_severity
from rolkit.systems.ashes_of_war.rules.legality import attack_refusal, check_wounds_once
from rolkit.systems.ashes_of_war.rules.mechanic import PoolSpec
from rolkit.systems.ashes_of_war.rules.pools import attack_pool
from rolkit.systems.ashes_of_war.rules.wounds import fate_of
from rolkit.systems.ashes_of_war.tables import LOCATION_LABELS, LOCATIONS

__all__ = [
    "AfterState",
    "attack_transitions",
    "system_transitions",
    "blow_law",
    "blow_reads",
    "status",
    "conditions",
]

#: ``(attacker_after, defender_after, weapon_after)``.
AfterState = tuple[Combatant, Combatant, Weapon]


@memo
def attack_transitions(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: RulesConfig = DEFAULT_RULES,
) -> dict[AfterState, Fraction]:
    """The exact law of ``(attacker_after, defender_after, weapon_after)`` over every roll.

    Each key holds the forms ``resolve_attack`` would give (the input itself where a role
    does not change); the probabilities sum to 1. Attack legality errors (§4.3, §4.5) are
    raised as in ``resolve_attack``. Treat the result as read-only (it is memoised).
    """
    check_legal(attacker, defender, weapon, modifiers, rules)
    pool = attack_pool(attacker, weapon, modifiers, rules=rules)
    a_after = spent(attacker)
    return {(a_after, d, w): p for (d, w), p in blow_law(pool, defender, weapon, modifiers, rules)}


def system_transitions(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: RulesConfig = DEFAULT_RULES,
) -> dict[AfterState, Fraction]:
    """``SYSTEM.transitions``: :func:`attack_transitions`, except that an attacker who
    cannot attack now (:func:`~.legality.attack_refusal`: a weapon worn down to Integridad
    0, dropped or out of shots, a weapon hand lost, fractured or wounded) gives the certain
    law "no blow" (nothing changes).

    §4.3: such an attack is refused by ``odds`` / ``resolve``. A whole fight reaches those
    states by itself (every absorbed or blocked blow wears the weapon, §4.12, §4.9; a first
    serious wound in the weapon arm drops it, T5), and there the turn passes without a
    blow; the combatant's own form does not say it cannot act, so ``status`` stays None.
    Every other rule of the attack is still checked and raises as the odds do.
    """
    if attack_refusal(attacker, weapon, rules) is not None and not (
        attacker.conditions.incapacitated
    ):
        check_situation(attacker, defender, weapon, modifiers, rules)
        return {(attacker, defender, weapon): Fraction(1)}
    return attack_transitions(attacker, defender, weapon, modifiers, rules)


def blow_reads(
    attacker: Any, weapon: Any, modifiers: Any, rules: Any = DEFAULT_RULES
) -> Hashable | None:
    """``SYSTEM.blow_reads``: what :func:`system_transitions` reads of the attacker — its
    attack pool (§4.4) — when it leaves the attacker as it is; ``None`` otherwise.

    When the attacker has no pending ▽ (else the attack spends them, :func:`~.attack.
    stages.spent`), can act and attack now (no ``attack_refusal``, §4.3, which gives "no
    blow") and its own checks pass (§4.3 ``check_attack``, inside ``attack_pool``; its
    wound rows against T3), the law is :func:`attack_transitions`: the defender's checks
    (equal defenders, equal results), then :func:`blow_law` of the pool, the defender, the
    weapon, the modifiers and the rules, with the attacker itself as ``attacker_after``.
    So two such attackers with equal pools have the same law but for the attacker.
    """
    if not (
        isinstance(attacker, Combatant)
        and isinstance(weapon, Weapon)
        and isinstance(modifiers, Modifiers)
        and isinstance(rules, RulesConfig)
    ):
        return None
    if attacker.pending_desgracias or attacker.conditions.incapacitated:
        return None
    if attack_refusal(attacker, weapon, rules) is not None:
        return None
    try:
        check_wounds_once(attacker, rules, "attacker")
        pool = attack_pool(attacker, weapon, modifiers, rules=rules)
    except RulesError:
        return None
    return ("pool", pool)


@memo
def blow_law(
    pool: PoolSpec,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: RulesConfig,
) -> tuple[tuple[tuple[Combatant, Weapon], Fraction], ...]:
    """The law of ``(defender_after, weapon_after)`` for an attack of this pool: the
    attacker enters only through its pool (§4.4), so the attacker's own wounds, which
    change every round of a fight, do not make a new law. Built by
    :func:`~.attack.blow.fast_blow_law` (its parts memoised on what they read); equal to
    :func:`_blow_law_reference`, the plain path."""
    return fast_blow_law(pool, defender, weapon, modifiers, rules)


def _blow_law_reference(
    pool: PoolSpec,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: RulesConfig,
) -> tuple[tuple[tuple[Combatant, Weapon], Fraction], ...]:
    """:func:`blow_law` the plain way, kept as the reference the tests compare it with:
    every row of :func:`~.attack.odds.attack_rows` summed per ``(category, location,
    severity)``, each branch's forms built by :func:`~.attack.stages.defender_after`."""
    rows, den = attack_rows(pool, defender, weapon, modifiers, rules)
    thresholds = weapon_thresholds(weapon, rules)
    branches: dict[tuple[str, str | None, str | None], int] = {}
    for (category, location, final), n in rows.items():
        branch = (category, location, wound_severity(final, thresholds))
        branches[branch] = branches.get(branch, 0) + n
    weights: dict[tuple[Combatant, Weapon], int] = {}
    for (category, location, severity), n in branches.items():
        d, w, *_ = defender_after(defender, weapon, modifiers, category, location, severity, rules)
        weights[(d, w)] = weights.get((d, w), 0) + n
    return tuple((state, Fraction(n, den)) for state, n in weights.items())


def status(combatant: Combatant, rules: Any = None) -> Fate:
    """Where the combatant's Conditions leave it: ``"dead"`` (muerto), ``"dying"``
    (Moribundo), ``"down"`` (Inconsciente, which cannot declare actions, §4.3) or None.

    It reads only the form, exactly as the odds' fate does (same function).
    """
    return fate_of(combatant.conditions)


def _at(label: tuple[str, str], locs: frozenset, lang: int) -> str:
    """«Fracturado: Pierna izquierda, Pie izquierdo» in one language (0 es, 1 en)."""
    names = ", ".join(LOCATION_LABELS[loc][lang] for loc in LOCATIONS if loc in locs)
    return f"{label[lang]}: {names}"


def conditions(c: Combatant, rules: Any = None) -> tuple[tuple[str, str], ...]:
    """``System.conditions_fn``: the visible states of a combatant, as ``(es, en)`` short
    labels in the order a GM reads a sheet (§3.2, T5): muerto, Moribundo, estabilizado,
    Inconsciente, Derribado, weapon or shield dropped, Contusionado, Fracturado, Hemorragia,
    Desmembrado, the active first-serious effects, a pending feint and pending ▽."""
    cond = c.conditions
    out: list[tuple[str, str]] = []
    flags = (
        (cond.dead, ("Muerto", "Muerto (dead)")),
        (cond.dying, ("Moribundo", "Moribundo (dying)")),
        (cond.stabilised and not cond.dead, ("Estabilizado", "Estabilizado (stabilised)")),
        (cond.unconscious and not cond.dying, ("Inconsciente", "Inconsciente (unconscious)")),
        (cond.prone, ("Derribado", "Derribado (prone)")),
        (cond.weapon_dropped, ("Arma soltada", "Arma soltada (weapon dropped)")),
        (cond.shield_dropped, ("Escudo soltado", "Escudo soltado (shield dropped)")),
        (cond.bruised, ("Contusionado", "Contusionado (concussed)")),
    )
    out += [label for on, label in flags if on]
    for locs, label in (
        (cond.fractured, ("Fracturado", "Fracturado (fractured)")),
        (cond.bleeding_serious, ("Hemorragia Grave", "Hemorragia Grave (serious bleeding)")),
        (cond.bleeding_light, ("Hemorragia Leve", "Hemorragia Leve (light bleeding)")),
        (cond.dismembered, ("Desmembrado", "Desmembrado (limb lost)")),
        (
            cond.first_serious_effects,
            ("Primera herida grave", "Primera herida grave (first serious wound)"),
        ),
    ):
        if locs:
            out.append((_at(label, locs, 0), _at(label, locs, 1)))
    if c.feint_pending:
        out.append(("Fintado", "Fintado (feinted: 1 ▽ on its next defence)"))
    if c.pending_desgracias:
        n = c.pending_desgracias
        out.append((f"{n} ▽ en la próxima acción", f"{n} ▽ on its next action"))
    return tuple(out)
