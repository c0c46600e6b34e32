"""P8–P10, T1 The forms after one attack, where a combatant stands on the P9 track, and the
exact law of the after-state (``SYSTEM.transitions``, issue #16).

Seed: «Cuando un personaje recibe daño y alcanza 0PV, cae inmediatamente inconsciente … Si
un personaje en 0PV recibe daño, gana un punto de muerte» (*Inconsciencia y Muerte*) and
the fumble table (*Pifias*, T1), applied to the attacker.

* The defender: damage ≥ 1 lowers its PV, or at 0 PV adds one death point (P9);
  ``pv_current`` and ``death_points`` carry it. Three death points are held as
  ``death_points=3`` (with ``death_timing="turn_start"``, the default, G11, dying until
  its next turn starts, which ticks ``dead``: :mod:`.turns`; dead at once with the house
  rule ``"immediate"``).
* The attacker (T1): 3–4 ``prone=True``; 5–6 / 7–8 ``fumble_penalty`` «physical» /
  «mental» (one of each: «both»), with option ``fumble_penalty_expires`` (on by default,
  P8) also that −2's count (``physical_penalty_turns`` / ``mental_penalty_turns`` = 2,
  «hasta el final de su próximo turno»); 11–12 one damage (P9).

* The defender: 9–10 «Genera un ataque gratis por parte del enemigo al que estaba
  atacando» sets its ``free_attack`` (played as the action «Ataque gratis», which spends
  no action of its turn: :mod:`.checks.attack_actions`).
* The attacker's weapon: 1–2 «El arma se le cae» sets ``weapon_state="dropped"`` when it
  attacked with a weapon in its hands (a fist or a power cannot fall); a counted shooting
  weapon spends one shot on every shot fired (P19, ``Weapon.ammo_left``).

The death points gained at the start of a turn
at 0 PV (P10), the literal timing's death (G11), the end of the defensive stance (P13) and
the end of a timed −2 are turn rules, not part of the attack: :mod:`.turns`
(``SYSTEM.turn_start``, ``SYSTEM.turn_end``) applies them.

The law is read from the odds' rows (:mod:`.attack.odds`): the fumble effect decides the attacker
after, the damage the defender after, so each odds key gives exactly one after-state; the
rows are grouped by after-state, one ``Fraction`` each.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Literal, cast

from rolkit.memo import memo
from rolkit.model import Fate
from rolkit.systems.tierkreis.attack import Resolution
from rolkit.systems.tierkreis.attack.key import holds_weapon, weapon_after
from rolkit.systems.tierkreis.attack.odds import attack_law
from rolkit.systems.tierkreis.forms import Combatant, Modifiers, Weapon
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.rules.health import DEATH_AT, HealthState, apply_damage, fate_of
from rolkit.systems.tierkreis.tables import FUMBLE_PENALTY_PARTS

__all__ = [
    "with_health",
    "defender_after",
    "fumble_condition",
    "attacker_after",
    "status_of",
    "attack_transitions",
    "after",
    "transitions",
]


def with_health(combatant: Combatant, state: HealthState) -> Combatant:
    """P9 ``combatant`` with the PV and death points of ``state`` (the same form if equal)."""
    if (state.pv, state.death_points) == (combatant.pv, combatant.death_points):
        return combatant
    return replace(combatant, pv_current=state.pv, death_points=state.death_points)


@memo
def defender_after(
    defender: Combatant, damage: int, options: TierkreisOptions, effect: str | None = None
) -> Combatant:
    """P9 The defender after taking ``damage`` (the same form when nothing changes); T1
    9–10 «Genera un ataque gratis por parte del enemigo al que estaba atacando»: the
    attacker's fumble gives it a free attack (``free_attack``)."""
    if effect == "free_attack_for_defender" and not defender.free_attack:
        defender = replace(defender, free_attack=True)
    if damage <= 0:
        return defender
    state = apply_damage(defender.pv, defender.death_points, damage, options.death_timing)
    return with_health(defender, state)


#: The turn count a fumble's −2 starts with (``*_penalty_turns``): «hasta el final de su
#: próximo turno» — this turn (the fumble's) and the next one (:mod:`.turns`).
PENALTY_TURNS = 2


def fumble_condition(
    attacker: Combatant, fumble_effect: str | None, timed: bool = False, holds: bool = False
) -> Combatant:
    """T1 1–8 The condition a fumble leaves: the weapon dropped (1–2, only when ``holds``:
    it attacked with a weapon in its hands), prone, or the −2 «physical» / «mental».

    The two −2 lower different characteristics, so one of each is «both»; the same one
    again is the same condition (it does not become −4). ``timed`` (option
    ``fumble_penalty_expires``): the −2's own count starts at :data:`PENALTY_TURNS` (a
    second fumble of the same kind starts it again), so the turn rules end it «al final
    de su próximo turno»; untimed it stays until cleared.
    """
    if fumble_effect == "weapon_dropped" and holds:
        return replace(attacker, weapon_state="dropped")
    if fumble_effect == "attacker_prone" and not attacker.prone:
        return replace(attacker, prone=True)
    if fumble_effect in ("physical_minus_2", "mental_minus_2"):
        kind = fumble_effect.split("_")[0]
        held = set(FUMBLE_PENALTY_PARTS[attacker.fumble_penalty]) | {kind}
        penalty = "both" if len(held) == 2 else held.pop()
        changes: dict[str, object] = {}
        if attacker.fumble_penalty != penalty:
            changes["fumble_penalty"] = penalty
        if timed and getattr(attacker, f"{kind}_penalty_turns") != PENALTY_TURNS:
            changes[f"{kind}_penalty_turns"] = PENALTY_TURNS
        if changes:
            return replace(attacker, **changes)  # type: ignore[arg-type]
    return attacker


@memo
def attacker_after(
    attacker: Combatant, fumble_effect: str | None, options: TierkreisOptions, holds: bool = False
) -> Combatant:
    """T1/P8 The attacker after its fumble's effect (the same form for any other result):
    :func:`fumble_condition`, and 11–12 «Sufre daño y pierde 1 PV» (P9)."""
    if fumble_effect == "self_damage_1":
        state = apply_damage(attacker.pv, attacker.death_points, 1, options.death_timing)
        return with_health(attacker, state)
    return fumble_condition(attacker, fumble_effect, options.fumble_penalty_expires, holds)


def status_of(combatant: Combatant, options: TierkreisOptions) -> Fate:
    """P9, P10, P20 Where the form leaves the combatant, read from the form only.

    ``"dead"``: 3 death points with ``death_timing="immediate"``, or ticked ``dead`` (with
    ``"turn_start"``, G11: its turn started at 3 points, :mod:`.turns`); ``"dying"``:
    0 PV (death points come each turn; with ``"turn_start"`` also 3 points until then);
    ``"down"``: knocked out by hunger and sleep with PV left (P20); else ``None``. The same
    reading as the odds' fate (:func:`~.rules.health.fate_of`).
    """
    knocked_out = combatant.knocked_out_by_deprivation
    status: Literal["active", "unconscious", "dead"] = "active"
    if combatant.dead or (
        combatant.death_points >= DEATH_AT and options.death_timing == "immediate"
    ):
        status = "dead"
    elif combatant.pv == 0 or knocked_out:
        status = "unconscious"
    fate = fate_of(HealthState(combatant.pv, combatant.death_points, status), knocked_out)
    return cast(Fate, fate)


@memo
def _transitions(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> tuple[tuple[tuple[Combatant, Combatant, Weapon], Fraction], ...]:
    options = modifiers.options
    rows, denominator = attack_law(attacker, defender, weapon, modifiers)
    holds = holds_weapon(attacker, weapon)
    weapon_left = weapon_after(attacker, weapon)
    attackers: dict[str | None, Combatant] = {}
    weights: dict[tuple[Combatant, Combatant, Weapon], int] = {}
    for (_result, effect, damage), weight in rows:
        if effect not in attackers:
            attackers[effect] = attacker_after(attacker, effect, options, holds)
        key = (attackers[effect], defender_after(defender, damage, options, effect), weapon_left)
        weights[key] = weights.get(key, 0) + weight
    return tuple((k, Fraction(w, denominator)) for k, w in weights.items())


def attack_transitions(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> dict[tuple[Combatant, Combatant, Weapon], Fraction]:
    """The exact law of ``(attacker after, defender after, weapon after)`` over every face
    of the check, fumble and damage dice; the input form where a role does not change (the
    weapon changes only when it counts its shots). Sums to exactly 1.

    Raises:
        TierkreisInputError: an impossible attack (see :func:`~.attack.stages.roll_target`).
    """
    return dict(_transitions(attacker, defender, weapon, modifiers))


def transitions(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: TierkreisOptions,
) -> dict[tuple[Combatant, Combatant, Weapon], Fraction]:
    """``SYSTEM.transitions``: :func:`attack_transitions` (the options travel in
    ``modifiers``, §2.3)."""
    return attack_transitions(attacker, defender, weapon, modifiers)


def after(outcome: Resolution) -> dict[str, Combatant | Weapon]:
    """The combatants after the attack (this module): the defender's PV and death
    points as the roll left them (P9; 3 death points kept: dead, or with
    ``death_timing="turn_start"`` dying until its turn); the attacker's fumble (T1): prone,
    −2 physical/mental (its count of turns with ``fumble_penalty_expires``), −1 PV, its
    weapon dropped; the weapon's ammunition spent (P19)."""
    out: dict[str, Combatant | Weapon] = {}
    d, a = outcome.defender, outcome.attacker
    if d is not None:
        new = with_health(d, outcome.defender_after)
        if outcome.fumble_effect == "free_attack_for_defender" and not new.free_attack:
            new = replace(new, free_attack=True)
        if new != d:
            out["defender"] = new
    if a is not None:
        timed = outcome.options is not None and outcome.options.fumble_penalty_expires
        new = fumble_condition(
            with_health(a, outcome.attacker_after),
            outcome.fumble_effect,
            timed,
            outcome.drops_weapon,
        )
        if new != a:
            out["attacker"] = new
    w = outcome.weapon_after
    if w is not None and w != outcome.weapon:
        out["weapon"] = w
    return out
