"""P3–P9 The stages of one attack, shared by the exact law (:mod:`.odds`) and the roll
(:mod:`.resolve`), so the odds and a roll cannot disagree:

``setup`` (mode and target, P3–P5) → ``check_result`` (R4) → fumble die (T1, P8) →
``damage_due`` (P3 mirrored miss, P5 half on a dodge) → ``base_damage`` (P6, T2) →
``dealt`` (P6/P7: factor, half, reduction) → ``health_after`` (P9).

The target (P3–P5, P11–P13): P3 «Los enemigos manejados por el narrador no hacen chequeos
para impactar, en cambio es el jugador quien hace chequeos para esquivar»: the mode decides
whether the attacker rolls an attack check (P4) or the defending player a dodge check (P5);
with ``mirror_modifiers`` the situational adjustments of the side that does not roll reach
the roll that is made with the opposite sign (G6).

Dice order (P6): check die; the fumble die only after a fumble; the damage die only with
``variable_damage`` and damage due.
"""

from __future__ import annotations

from dataclasses import replace

from rolkit.systems.tierkreis.attack.validate import validate_attack
from rolkit.systems.tierkreis.forms import UNARMED, Combatant, Modifiers, Weapon
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.rules.adjustments import Adjustment, engine_effect, mirror
from rolkit.systems.tierkreis.rules.check import (
    CheckTarget,
    best_target,
    check_target,
    combine_target,
    own_adjustments,
)
from rolkit.systems.tierkreis.rules.damage import (
    damage_factor,
    final_damage,
    read_attack_die,
    variable_damage,
)
from rolkit.systems.tierkreis.rules.health import HealthState, apply_damage, fate_of
from rolkit.systems.tierkreis.tables import HELD_KINDS, MELEE_KINDS, SHOOTING_KINDS

__all__ = [
    "wielded",
    "spent",
    "resolve_mode",
    "attack_codes",
    "is_melee",
    "attack_target",
    "dodge_target",
    "roll_target",
    "setup",
    "check_result",
    "damage_due",
    "base_damage",
    "dealt",
    "health_after",
]


# --------------------------------------------------------------------------- the weapon
def wielded(attacker: Combatant, weapon: Weapon) -> Weapon:
    """«Ataque: El personaje ataca con el arma que tenga en sus manos» (P24): a weapon held
    in the hands that the attacker no longer holds (dropped by a fumble, P8/T1 1–2, or
    snatched, P15 *Arrebatar*) leaves it a bare-handed blow (*golpe sin armas*, damage 1);
    a power or a fist needs no weapon in hand."""
    if attacker.weapon_state != "in_hand" and weapon.kind in HELD_KINDS:
        return UNARMED
    return weapon


def spent(weapon: Weapon) -> Weapon:
    """P19 *Recargar*: a counted shooting weapon after one shot (hit, miss or fumble: the
    shot is fired); the same form when the ammunition is not counted."""
    shots = weapon.shots
    if shots is None or weapon.kind not in SHOOTING_KINDS:
        return weapon
    return replace(weapon, ammo_left=shots - 1)


# --------------------------------------------------------------------------- P3–P5 target
def resolve_mode(attacker: Combatant, defender: Combatant, modifiers: Modifiers) -> str:
    """P3, G5 ``"dodge_check"`` when an NPC attacks a player (auto), else ``"attack_check"``."""
    if modifiers.mode != "auto":
        return modifiers.mode
    if not attacker.is_player and defender.is_player:
        return "dodge_check"
    return "attack_check"


def attack_codes(weapon: Weapon, modifiers: Modifiers) -> tuple[str, ...]:
    """P4 step 1, T3 The characteristic(s) the attack may use (AGI first: the tie-break)."""
    if weapon.kind in ("unarmed", "melee_1h"):
        if modifiers.attack_characteristic == "best":
            return ("AGI", "FUE")
        return (modifiers.attack_characteristic,)
    if weapon.kind == "melee_2h":
        return ("FUE",)
    if weapon.kind == "power":
        return (weapon.power_characteristic,)
    return ("AGI",)


def is_melee(weapon: Weapon) -> bool:
    """T3 Melee for the prone rules: unarmed and melee kinds, and touch powers."""
    return weapon.kind in MELEE_KINDS or (weapon.kind == "power" and weapon.power_is_melee)


def _situation(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers, stance: bool
) -> list[Adjustment]:
    """P11–P13 The situational ``effect`` adjustments of the attack check."""
    out = []
    if modifiers.cover:
        out.append(engine_effect(-modifiers.cover, "tierkreis.adj.cover"))
    if attacker.prone and weapon.kind != "firearm":
        out.append(engine_effect(-1, "tierkreis.adj.attacker_prone"))
    if defender.prone:
        melee = is_melee(weapon)
        out.append(
            engine_effect(
                1 if melee else -1,
                "tierkreis.adj.defender_prone_melee"
                if melee
                else "tierkreis.adj.defender_prone_ranged",
            )
        )
    if stance and defender.defensive_stance and modifiers.options.mirror_modifiers:
        out.append(engine_effect(-1, "tierkreis.adj.defender_stance_mirrored"))
    return out


def attack_target(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> CheckTarget:
    """P4 steps 1–4 The attacker's attack check target (the better of AGI/FUE if it may choose)."""
    options = modifiers.options
    extra = _situation(attacker, defender, weapon, modifiers, stance=True) + list(
        modifiers.extra_list
    )
    return best_target(
        [
            check_target(attacker, code, "attack", extra, options)
            for code in attack_codes(weapon, modifiers)
        ]
    )


def _would_attack(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> list[Adjustment]:
    """P3 Every adjustment that would apply to the NPC's attack check (no stance, no extra)."""
    situation = _situation(attacker, defender, weapon, modifiers, stance=False)
    candidates = []
    for code in attack_codes(weapon, modifiers):
        adjustments = situation + own_adjustments(attacker, code, "attack")
        candidates.append(
            (
                combine_target(
                    code,
                    attacker.characteristic(code),
                    adjustments,
                    modifiers.options.modifier_stacking,
                ),
                adjustments,
            )
        )
    best = best_target([t for t, _ in candidates])
    return next(adjs for t, adjs in candidates if t is best)


def dodge_target(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> CheckTarget:
    """P5 The defending player's dodge check target.

    Defensive stance +1 (P13), the defender's conditions and adjustments for the dodge
    characteristic or ``"dodge"``, ``Modifiers.extra``, and — with ``mirror_modifiers`` —
    the attacker's would-be attack adjustments with their sign flipped (P3, G6).
    """
    options = modifiers.options
    extra: list[Adjustment] = []
    if defender.defensive_stance:
        extra.append(engine_effect(1, "tierkreis.adj.defensive_stance"))
    if options.mirror_modifiers:
        extra += [mirror(a) for a in _would_attack(attacker, defender, weapon, modifiers)]
    extra += list(modifiers.extra_list)
    return check_target(defender, weapon.dodge_characteristic, "dodge", extra, options)


def roll_target(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> tuple[str, CheckTarget]:
    """P3–P5 The mode (``"attack_check"`` | ``"dodge_check"``) and the target of its check
    (with the weapon the attacker holds: :func:`wielded`).

    Raises:
        TierkreisInputError: see :func:`validate_attack`.
    """
    weapon = wielded(attacker, weapon)
    validate_attack(attacker, weapon, modifiers)
    mode = resolve_mode(attacker, defender, modifiers)
    if mode == "dodge_check":
        return mode, dodge_target(attacker, defender, weapon, modifiers)
    return mode, attack_target(attacker, defender, weapon, modifiers)


# --------------------------------------------------------------------------- P4–P9
def setup(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> tuple[str, CheckTarget, bool]:
    """P3–P5, P14 The mode, the target of the check rolled and whether naturals count."""
    mode, target = roll_target(attacker, defender, weapon, modifiers)
    naturals = mode == "attack_check" and (
        weapon.kind != "power" or modifiers.options.crits_on_power_attacks
    )
    return mode, target, naturals


def check_result(mode: str, target: int, roll: int, naturals: bool) -> str:
    """R4, P4–P5 The check die read: attack ``critical|hit|miss|fumble``, dodge ``dodged|hit``."""
    if mode == "dodge_check":
        return "dodged" if roll <= target else "hit"
    if naturals:
        return read_attack_die(roll, target)
    return "hit" if roll <= target else "miss"


def damage_due(result: str, weapon: Weapon, options: TierkreisOptions) -> tuple[bool, bool]:
    """P4 step 6, P5 step 4, P3 ``(damage is due, it is halved)``.

    A hit or critical deals full damage; a successful dodge of a ``half_damage_on_dodge``
    attack deals half; in attack-check mode a miss (not a fumble) of such an attack deals
    half too when ``mirror_modifiers`` is on (G9).
    """
    if result in ("critical", "hit"):
        return True, False
    if weapon.half_damage_on_dodge and (
        result == "dodged" or (result == "miss" and options.mirror_modifiers)
    ):
        return True, True
    return False, False


def base_damage(weapon: Weapon, options: TierkreisOptions, d12: int | None) -> int:
    """P6 step 1 The listed damage, or the variable-damage table read with ``d12`` (T2)."""
    if d12 is None:
        return weapon.damage
    return variable_damage(weapon.damage, d12, options.damage_table)


def dealt(
    base: int,
    weapon: Weapon,
    critical: bool,
    half: bool,
    defender: Combatant,
    options: TierkreisOptions,
) -> int:
    """P6 steps 2–4, P7 Damage dealt: base × factor (+1 on a critical), halved, reduced."""
    factor = damage_factor(weapon.damage_factor, critical)
    return final_damage(base, factor, half, defender.damage_reduction, options.half_damage_rounding)


def health_after(
    defender: Combatant, damage: int, options: TierkreisOptions
) -> tuple[HealthState, str | None]:
    """P9 The defender's health after ``damage`` and its common fate (P20 knock-out kept)."""
    state = apply_damage(defender.pv, defender.death_points, damage, options.death_timing)
    if defender.dead:  # G11: already dead at its turn start (no blow changes that)
        state = HealthState(state.pv, state.death_points, "dead")
    knocked_out = defender.knocked_out_by_deprivation
    if knocked_out and state.status == "active":
        state = HealthState(state.pv, state.death_points, "unconscious")
    return state, fate_of(state, knocked_out)
