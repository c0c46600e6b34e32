"""P1, P3–P5, P11–P13 The target of the check that is rolled.

P1 «Si el total es igual o menor a la característica … tiene éxito»: ``target =
characteristic + combine(adjustments)`` (R5). P3 «Los enemigos manejados por el narrador no
hacen chequeos para impactar, en cambio es el jugador quien hace chequeos para esquivar»:
the mode decides whether the attacker rolls an attack check (P4) or the defending player a
dodge check (P5); with ``mirror_modifiers`` the situational adjustments of the side that does
not roll reach the roll that is made with the opposite sign (G6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rolkit.errors import input_error
from rolkit.systems.tierkreis.errors import TierkreisInputError
from rolkit.systems.tierkreis.forms import Combatant, Modifiers, Weapon
from rolkit.systems.tierkreis.options import DEFAULT_OPTIONS, TierkreisOptions
from rolkit.systems.tierkreis.rules.adjustments import (
    Adjustment,
    applies,
    engine_effect,
    split_adjustments,
)
from rolkit.systems.tierkreis.tables import (
    CONDITION_CHECKS,
    D12,
    FUMBLE_PENALTY_PARTS,
    MELEE_KINDS,
)

__all__ = [
    "CheckTarget",
    "conditions",
    "check_target",
    "resolve_mode",
    "attack_codes",
    "is_melee",
    "validate_attack",
    "attack_target",
    "dodge_target",
    "roll_target",
    "mirror",
]


@dataclass(frozen=True)
class CheckTarget:
    """P1 The target of one check: its characteristic, base, target and the adjustments
    applied and ignored (R5)."""

    characteristic: str
    base: int
    target: int
    applied: tuple[Adjustment, ...] = ()
    ignored: tuple[Adjustment, ...] = ()

    def succeeds(self, roll: int) -> bool:
        """R3 ``roll <= target`` (a tie succeeds)."""
        return roll <= self.target

    @property
    def probability(self) -> Fraction:
        """R3 P(success) of a plain check: ``max(0, min(target, 12)) / 12``."""
        return Fraction(max(0, min(self.target, D12)), D12)

    @property
    def modifier(self) -> int:
        """The combined modifier (``target − base``)."""
        return self.target - self.base


def conditions(combatant: Combatant, code: str) -> list[Adjustment]:
    """T4 The ``effect`` adjustments a combatant's conditions give to a check of ``code``."""
    out = []
    for penalty in FUMBLE_PENALTY_PARTS[combatant.fumble_penalty]:
        if code in CONDITION_CHECKS[penalty]:
            out.append(engine_effect(-2, f"tierkreis.adj.fumble_{penalty}"))
    if combatant.intoxicated and code in CONDITION_CHECKS["intoxicated"]:
        out.append(engine_effect(-3, "tierkreis.adj.intoxicated"))
    n = combatant.deprivation_days
    if n and code in CONDITION_CHECKS["deprivation"]:
        out.append(engine_effect(-n, "tierkreis.adj.deprivation"))
    return out


def _combine(code: str, base: int, adjustments: Sequence[Adjustment], stacking: str) -> CheckTarget:
    applied, ignored = split_adjustments(adjustments, stacking)
    return CheckTarget(code, base, base + sum(a.value for a in applied), applied, ignored)


def _own(combatant: Combatant, code: str, check_kind: str) -> list[Adjustment]:
    """T4 conditions and the combatant's own adjustments that apply (R6)."""
    own = [a for a in combatant.adjustment_list if applies(a, code, check_kind)]
    return conditions(combatant, code) + own


def check_target(
    combatant: Combatant,
    characteristic: str,
    check_kind: str = "any",
    extra: Sequence[Adjustment] = (),
    options: TierkreisOptions = DEFAULT_OPTIONS,
) -> CheckTarget:
    """P1 ``base + conditions (T4) + own adjustments + extra``, combined by R5.

    Only the adjustments that apply to ``characteristic`` or ``check_kind`` count (R6).
    """
    base = combatant.characteristic(characteristic)
    chosen = _own(combatant, characteristic, check_kind)
    chosen += [a for a in extra if applies(a, characteristic, check_kind)]
    return _combine(characteristic, base, chosen, options.modifier_stacking)


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


def validate_attack(attacker: Combatant, weapon: Weapon, modifiers: Modifiers) -> None:
    """§2.3, §2.1 The combinations the rules forbid for an attack.

    Raises:
        TierkreisInputError: ``attack_characteristic`` AGI/FUE with a kind that has no
            choice; an attacker who cannot act (0 PV, or knocked out by hunger/sleep).
    """
    if modifiers.attack_characteristic != "best" and weapon.kind not in ("unarmed", "melee_1h"):
        raise input_error(
            "attack_characteristic",
            en="Característica de ataque (attack characteristic) can be chosen only for unarmed "
            f"or 1-hand melee attacks (weapon kind is {weapon.kind}, got "
            f"{modifiers.attack_characteristic!r})",
            es="La característica de ataque solo se elige sin armas o con melee a 1 mano "
            f"(el arma es {weapon.kind}, recibido {modifiers.attack_characteristic!r})",
            allowed="best unless the weapon is unarmed or melee_1h",
            got=modifiers.attack_characteristic,
            cls=TierkreisInputError,
        )
    if attacker.status != "active":
        raise input_error(
            "pv_current",
            en="an unconscious attacker cannot act (at 0 PV, or knocked out by hunger and sleep)",
            es="un atacante inconsciente no puede actuar (a 0 PV o agotado por hambre y sueño)",
            allowed="an attacker who can act",
            got=attacker.pv,
            cls=TierkreisInputError,
        )


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


def _best(targets: list[CheckTarget]) -> CheckTarget:
    """G3 The higher target; on a tie the first (AGI, listed first in the seed)."""
    best = targets[0]
    for t in targets[1:]:
        if t.target > best.target:
            best = t
    return best


def attack_target(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> CheckTarget:
    """P4 steps 1–4 The attacker's attack check target (the better of AGI/FUE if it may choose)."""
    options = modifiers.options
    extra = _situation(attacker, defender, weapon, modifiers, stance=True) + list(
        modifiers.extra_list
    )
    return _best(
        [
            check_target(attacker, code, "attack", extra, options)
            for code in attack_codes(weapon, modifiers)
        ]
    )


def mirror(adjustment: Adjustment) -> Adjustment:
    """G6 The same adjustment with its sign flipped (source kept), applying to any check."""
    label = adjustment.label
    if label.startswith("tierkreis.adj."):
        label = f"{label}.mirrored"
    elif label:
        label = f"{label} ↔"
    else:
        label = "tierkreis.adj.user.mirrored"
    return engine_effect(-adjustment.value, label, "any", adjustment.source)


def _would_attack(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> list[Adjustment]:
    """P3 Every adjustment that would apply to the NPC's attack check (no stance, no extra)."""
    situation = _situation(attacker, defender, weapon, modifiers, stance=False)
    candidates = []
    for code in attack_codes(weapon, modifiers):
        adjustments = situation + _own(attacker, code, "attack")
        candidates.append(
            (
                _combine(
                    code,
                    attacker.characteristic(code),
                    adjustments,
                    modifiers.options.modifier_stacking,
                ),
                adjustments,
            )
        )
    best = _best([t for t, _ in candidates])
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
    """P3–P5 The mode (``"attack_check"`` | ``"dodge_check"``) and the target of its check.

    Raises:
        TierkreisInputError: see :func:`validate_attack`.
    """
    validate_attack(attacker, weapon, modifiers)
    mode = resolve_mode(attacker, defender, modifiers)
    if mode == "dodge_check":
        return mode, dodge_target(attacker, defender, weapon, modifiers)
    return mode, attack_target(attacker, defender, weapon, modifiers)
