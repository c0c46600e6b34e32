"""§3 P5/P6 Effective attack and defence skills (the canonical order of operations, G8),
and the cross-form checks of one action.

Order (P5): base (split for multiple attacks) → fractions multiplied and rounded up once
(R1, R4) → total-darkness cap → additive modifiers (T1, P11) → burst → caps.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from rolkit.dice import parse

from ..errors import GoreImpossibleAction, GoreInputError
from ..forms import Combatant, Modifiers, Weapon
from ..tables import size_modifier
from .ranged import burst_bonus, crowd_factor, is_close_range, range_band, range_factor

__all__ = [
    "check_action",
    "attack_skill",
    "attack_skill_detail",
    "defence_skill",
    "defence_skill_detail",
]

LIGHTING_FACTOR = {
    "normal": Fraction(1),
    "penumbra": Fraction(1, 2),
    "casi_oscuridad": Fraction(1, 3),
    "oscuridad_total": Fraction(1, 4),
}


def check_action(attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers) -> None:
    """§2 Cross-form checks of one attack (each raises :class:`GoreInputError` naming the field).

    * ``block`` against a ranged weapon (P6.1); a charge with a ranged weapon (P11);
    * bursts need an automatic weapon and at most ``max_burst`` bullets (P11.6);
    * multiple attacks need skill ≥ 100 and at most skill/50 attacks (P7);
    * Enfoque at most DES/5 steps (P15); no two-handed weapon when mounted (P15 Montura);
    * a stunned attacker cannot attack (P15 Conmocionar); a KO attempt is one blow (P14);
    * a non-firearm cannot shoot beyond twice its range (P11.1).
    """
    for check in (
        _check_types,
        _check_weapon_use,
        _check_attacker,
        _check_blow,
        _check_firing,
        _check_maneuver_and_budget,
    ):
        check(attacker, defender, weapon, mods)


def _check_types(attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers) -> None:
    """§2 Each form is of its class."""
    for role, obj, cls in (
        ("attacker", attacker, Combatant),
        ("defender", defender, Combatant),
        ("weapon", weapon, Weapon),
        ("modifiers", mods, Modifiers),
    ):
        if not isinstance(obj, cls):
            raise GoreInputError.must_be(
                role, type(obj).__name__, f"a {cls.__name__}", f"un {cls.__name__}"
            )


def _check_weapon_use(
    attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers
) -> None:
    """P6.1 no block against a ranged weapon, P11 no ranged charge, P11.6 bursts."""
    ranged = weapon.ranged
    if mods.defence == "block" and ranged and not mods.target_helpless:
        raise GoreInputError.must_be(
            "modifiers.defence",
            "block",
            "dodge or none against a ranged weapon",
            "esquivar o ninguna contra un arma a distancia",
            why_en="the target may dodge a ranged attack, but not block it",
            why_es="El objetivo puede intentar esquivar un ataque, pero no bloquear",
        )
    if mods.charge and ranged:
        raise GoreInputError.must_be(
            "modifiers.charge",
            True,
            "False with a ranged weapon",
            "False con un arma a distancia",
            why_en="a charge is a melee attack",
            why_es="la Carga es un ataque cuerpo a cuerpo",
        )
    if mods.bullets > 1 and not weapon.automatic:
        raise GoreInputError.must_be(
            "modifiers.bullets",
            mods.bullets,
            "1 unless the weapon is automatic",
            "1 salvo con un arma automática",
        )
    if mods.bullets > weapon.max_burst:
        raise GoreInputError.must_be(
            "modifiers.bullets",
            mods.bullets,
            f"at most the weapon's max_burst ({weapon.max_burst})",
            f"como mucho las balas por turno del arma ({weapon.max_burst})",
        )


def _check_attacker(
    attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers
) -> None:
    """P7 multiple attacks, P15 Enfoque, Montura and Conmocionar."""
    n = mods.attacks_this_round
    if n > 1 and (attacker.attack_skill < 100 or n > attacker.attack_skill // 50):
        top = attacker.attack_skill // 50 if attacker.attack_skill >= 100 else 1
        raise GoreInputError.must_be(
            "modifiers.attacks_this_round",
            n,
            f"from 1 to {top} (one attack per 50% from 100%)",
            f"de 1 a {top} (un ataque por cada 50 % desde 100 %)",
        )
    if mods.focus_steps > attacker.des // 5:
        raise GoreInputError.must_be(
            "modifiers.focus_steps",
            mods.focus_steps,
            f"from 0 to {attacker.des // 5} (attacker DES // 5)",
            f"de 0 a {attacker.des // 5} (DES del atacante / 5)",
        )
    if weapon.two_handed and attacker.mounted:
        raise GoreInputError.must_be(
            "weapon.two_handed",
            True,
            "False when the attacker is mounted",
            "False si el atacante va montado",
        )
    if "stunned" in attacker.conditions:
        raise GoreInputError.must_be(
            "attacker.conditions",
            "stunned",
            "no 'stunned' for an attacker (a stunned character may defend or move, not attack)",
            "sin 'stunned' en el atacante (un conmocionado puede defenderse o moverse, no atacar)",
        )
    for lost in ("no_attack", "defend_only"):
        if lost in attacker.conditions:
            raise GoreInputError.must_be(
                "attacker.conditions",
                lost,
                f"no '{lost}' for an attacker (a fumble took away this round's attack)",
                f"sin '{lost}' en el atacante (una pifia le quitó el ataque de este turno)",
            )


def _check_blow(attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers) -> None:
    """P14 a KO is one blow; P10.4 striking the item needs one and is not a KO."""
    if mods.ko_attempt and mods.bullets > 1:
        raise GoreInputError.must_be(
            "modifiers.ko_attempt",
            True,
            "False with a burst (a KO attempt is one blow)",
            "False con una ráfaga (buscar un KO es un solo golpe)",
        )
    if mods.strike_item and defender.block_item is None:
        raise GoreInputError.must_be(
            "modifiers.strike_item",
            True,
            "False unless the defender carries a block item (defender.block_item)",
            "False salvo si el defensor lleva un arma/escudo (defender.block_item)",
        )
    if mods.strike_item and mods.ko_attempt:
        raise GoreInputError.must_be(
            "modifiers.ko_attempt",
            True,
            "False when striking the shield/weapon",
            "False al golpear el escudo/arma",
        )


def _check_firing(
    attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers
) -> None:
    """P11.1 range and touch range, P11.8 rounds loaded, multi-target bursts, two guns."""
    ranged = weapon.ranged
    if ranged:
        range_band(weapon, mods)
        touch = mods.distance_m is not None and mods.distance_m < 1
        if touch and (weapon.kind == "bow" or weapon.long_arm):
            raise GoreImpossibleAction.must_be(
                "modifiers.distance_m",
                mods.distance_m,
                "at least 1 m with a bow, sling or long firearm",
                "al menos 1 m con un arco, honda o arma de fuego larga",
                why_en="at touch range «muchas armas de proyectiles son totalmente inoperativas»",
                why_es="a distancia de toque «muchas armas de proyectiles son totalmente "
                "inoperativas»",
            )
    if weapon.rounds_loaded is not None and mods.bullets > weapon.rounds_loaded:
        raise GoreImpossibleAction.must_be(
            "weapon.rounds_loaded",
            weapon.rounds_loaded,
            f"at least {mods.bullets} (the rounds this action fires)",
            f"al menos {mods.bullets} (las balas que dispara esta acción)",
            why_en="reload first: «Necesitas todo un turno de combate para cargar 2 balas o "
            "cartuchos/cambiar un cargador»",
            why_es="recarga antes: «Necesitas todo un turno de combate para cargar 2 balas o "
            "cartuchos/cambiar un cargador»",
        )
    if mods.multi_target and mods.bullets < 2:
        raise GoreInputError.must_be(
            "modifiers.multi_target",
            True,
            "False unless a burst is fired (bullets ≥ 2)",
            "False salvo con una ráfaga (2 balas o más)",
        )
    if mods.two_guns and not ranged:
        raise GoreInputError.must_be(
            "modifiers.two_guns",
            True,
            "False with a melee weapon (two guns use the crowd rule)",
            "False con un arma cuerpo a cuerpo (dos armas de fuego usan la regla de Multitudes)",
        )


def _check_maneuver_and_budget(
    attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers
) -> None:
    """P15 maneuvers alone; the exact-odds budget of a burst."""
    if mods.maneuver != "none" and (mods.ko_attempt or mods.strike_item or mods.bullets > 1):
        raise GoreInputError.must_be(
            "modifiers.maneuver",
            mods.maneuver,
            "none together with a KO attempt, a strike on the item or a burst",
            "ninguna junto a buscar un KO, golpear el escudo/arma o una ráfaga",
        )
    if mods.bullets > 1:
        span = burst_span(attacker, weapon)
        if mods.bullets**2 * span > BURST_BUDGET:
            top = max(1, math.isqrt(BURST_BUDGET // span))
            raise GoreInputError.must_be(
                "modifiers.bullets",
                mods.bullets,
                f"at most {top} bullets with {weapon.damage} (exact odds stay under a second)",
                f"como mucho {top} balas con {weapon.damage} (para calcular las probabilidades "
                "exactas en menos de un segundo)",
            )


#: Exact-odds budget for bursts: bullets² × (values one bullet can deal) must stay below it.
BURST_BUDGET = 20_000


def burst_span(attacker: Combatant, weapon: Weapon) -> int:
    """How many damage values one bullet can take (weapon dice, plus the MD if it applies)."""
    expr = weapon.expression
    span = expr.maximum - expr.minimum + 1
    if weapon.md_rule != "none":
        md = parse(attacker.md)
        span += md.maximum - md.minimum
    return span


def _darkness_cap(who: Combatant) -> int:
    return min(who.pod * 3, who.int_ * 3)


Part = tuple[str, str, str]
"""One line of a skill's arithmetic: ``(derived key, shown value, citation key)``."""


def _apply_caps(
    v: int,
    who: Combatant,
    dark: bool,
    stage: str,
    parts: list[Part],
    where: str,
) -> int:
    """P5.3/P5.6 The total-darkness ceiling POD×3 / INT×3 at ``where`` (``before_additive``
    or ``final``) when ``darkness_cap_stage`` says so."""
    if dark and stage == where:
        cap = _darkness_cap(who)
        if v > cap:
            parts.append(
                (
                    "darkness_cap",
                    f"{v} → {cap} (POD×3 {who.pod * 3}, INT×3 {who.int_ * 3})",
                    "darkness",
                )
            )
            return cap
        parts.append(
            ("darkness_cap", f"≤ {cap} (POD×3 {who.pod * 3}, INT×3 {who.int_ * 3})", "darkness")
        )
    return v


def _attack_factors(
    attacker: Combatant, weapon: Weapon, mods: Modifiers, detail: dict[str, Any]
) -> list[tuple[Fraction, str, str]]:
    """P5 the fractions of the attack skill, in order, as ``(factor, key, citation key)``:
    off hand, range band (``detail["band"]``), close range, crowd or two guns, lighting,
    T11 *half_all*."""
    out: list[tuple[Fraction, str, str]] = []
    if attacker.off_hand:
        out.append((Fraction(1, 2), "off_hand", "off_hand"))
    if weapon.ranged:
        k = range_band(weapon, mods)
        detail["band"] = k
        if k > 1:
            out.append((range_factor(k), "range_band", "range_band"))
        if is_close_range(attacker, weapon, mods, k, mods.options):
            out.append((Fraction(2), "close_range", "close_range"))
        if mods.crowd or mods.two_guns:
            key = "crowd" if mods.crowd else "two_guns"
            out.append((crowd_factor(attacker, weapon, mods), key, key))
    lf = LIGHTING_FACTOR[mods.lighting]
    if lf != 1:
        dark = mods.lighting == "oscuridad_total"
        out.append((lf, "lighting", "darkness" if dark else "lighting"))
    if "half_all" in attacker.conditions:
        out.append((Fraction(1, 2), "half_all", "half_all"))
    return out


def _attack_additive(
    attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers
) -> list[tuple[int, str, str]]:
    """T1 / P5 / P11 the additive modifiers of the attack skill, in order, as ``(value, key,
    citation key)``."""
    ranged = weapon.ranged
    out: list[tuple[int, str, str]] = []
    defender_prone = mods.defender_prone or "prone" in defender.conditions
    if mods.target_surprised:
        out.append((20, "surprised", "situation"))
    if ranged:
        if defender_prone:
            out.append((-20, "prone_target_ranged", "situation"))
    elif defender_prone or mods.from_behind:
        out.append((20, "prone_or_behind", "situation"))
    if mods.relative_height == "attacker_higher":
        out.append((10, "attacker_higher", "situation"))
    if mods.attacker_prone or "prone" in attacker.conditions:
        out.append((-20, "attacker_prone", "situation"))
    if mods.attacker_unstable:
        out.append((-20, "unstable", "situation"))
    if mods.obstacle:
        out.append((-10, "obstacle", "situation"))
    if mods.attacker_underwater:
        out.append((-30, "underwater", "situation"))
    if mods.focus_steps:
        out.append((10 * mods.focus_steps, "focus", "focus"))
    if mods.target_sprinting:
        out.append((20, "target_sprinting", "sprinting"))
    if attacker.mounted and not defender.mounted and not ranged:
        out.append((20, "mounted_vs_foot", "mounted"))
    if ranged:
        if mods.angle == "down45":
            out.append((-20, "angle_down", "angle"))
        elif mods.angle == "up45":
            out.append((-30, "angle_up", "angle"))
        size = size_modifier(defender.tam)
        if size:
            out.append((size, "target_size", "size"))
    if mods.situational_bonus:
        out.append((mods.situational_bonus, "gm_bonus", "gm"))
    return out


def attack_skill_detail(
    attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers
) -> tuple[int, dict[str, Any]]:
    """P5 Effective attack skill with every modifier applied, in order (for the steps).

    ``detail["parts"]``: ``(derived key, shown value, citation key)`` for each line of the
    arithmetic (base, split, each fraction, the darkness cap, each additive modifier, the
    burst, the riding and skill caps), so the step shows every number that was used.
    """
    check_action(attacker, defender, weapon, mods)
    opts = mods.options
    parts: list[Part] = [("base", str(attacker.attack_skill), "base")]
    detail: dict[str, Any] = {"base": attacker.attack_skill, "parts": parts}
    base = attacker.attack_skill
    n = mods.attacks_this_round
    if n > 1:
        base = math.ceil(Fraction(base, n))
        detail["split"] = base
        parts.append(("split", f"{attacker.attack_skill} ÷ {n} = {base}", "split"))
    factor = Fraction(1)
    fractions_: list[tuple[str, str]] = []
    for f, key, cite_key in _attack_factors(attacker, weapon, mods, detail):
        factor *= f
        fractions_.append((key, f"×{f}"))
        parts.append((key, f"×{f}", cite_key))
    v = math.ceil(base * factor)
    detail["fractions"] = fractions_
    detail["after_fractions"] = v
    if fractions_:
        parts.append(("after_fractions", f"{base} × {factor} → {v}", parts[-1][2]))
    dark = mods.lighting == "oscuridad_total"
    v = _apply_caps(v, attacker, dark, opts.darkness_cap_stage, parts, "before_additive")
    add = 0
    additive: list[tuple[str, int]] = []
    for value, why, cite_key in _attack_additive(attacker, defender, weapon, mods):
        add += value
        additive.append((why, value))
        parts.append((why, f"{value:+d}", cite_key))
    v += add
    detail["additive"] = additive
    detail["after_additive"] = v
    if additive:
        parts.append(("after_additive", str(v), "situation"))
    if mods.bullets > 1:
        if mods.multi_target:
            parts.append(("burst_bonus", "+0", "multi_target"))
        else:
            bonus = burst_bonus(v, mods.bullets)
            v += bonus
            parts.append(("burst_bonus", f"+{bonus}", "burst"))
        detail["after_burst"] = v
    v = _apply_caps(v, attacker, dark, opts.darkness_cap_stage, parts, "final")
    if attacker.mounted and attacker.riding_skill is not None:
        if v > attacker.riding_skill:
            parts.append(("riding_cap", f"{v} → {attacker.riding_skill}", "riding_cap"))
        v = min(v, attacker.riding_skill)
    if mods.skill_cap is not None:
        if v > mods.skill_cap:
            parts.append(("skill_cap", f"{v} → {mods.skill_cap}", "skill_cap"))
        v = min(v, mods.skill_cap)
    detail["effective"] = v
    return v, detail


def attack_skill(attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers) -> int:
    """P5 Effective attack skill (may be ≤ 0 or > 100).

    Raises:
        GoreInputError: an impossible action (see :func:`check_action`).
    """
    return attack_skill_detail(attacker, defender, weapon, mods)[0]


def defence_skill_detail(
    defender: Combatant, attacker: Combatant, weapon: Weapon, mods: Modifiers
) -> tuple[int | None, dict[str, Any]]:
    """P6 Effective dodge/block skill with every modifier applied (``detail["parts"]`` as in
    :func:`attack_skill_detail`); None = no defence roll."""
    check_action(attacker, defender, weapon, mods)
    reaction = defence_reaction(defender, weapon, mods.defence)
    if reaction == "none" or not defender.can_defend or mods.target_helpless:
        reason = "lost_reaction" if mods.defence != "none" and reaction == "none" else "no_defence"
        return None, {"reason": reason, "parts": []}
    opts = mods.options
    block = reaction == "block"
    base = defender.block_skill if block else defender.dodge
    parts: list[Part] = [("base", str(base), "defence")]
    detail: dict[str, Any] = {"base": base, "defence": reaction, "parts": parts}
    if reaction != mods.defence:
        parts.append(("lost_" + mods.defence, f"gore.defence.{reaction}", "lost_reaction"))
    factor = Fraction(1)

    def times(f: Fraction, key: str, cite_key: str) -> None:
        nonlocal factor
        factor *= f
        parts.append((key, f"×{f}", cite_key))

    lf = LIGHTING_FACTOR[mods.lighting]
    if opts.lighting_affects_defence and lf != 1:
        times(lf, "lighting", "darkness" if mods.lighting == "oscuridad_total" else "lighting")
    if block and defender.off_hand:
        times(Fraction(1, 2), "off_hand", "off_hand")
    if "half_all" in defender.conditions:
        times(Fraction(1, 2), "half_all", "half_all")
    if block and "half_block" in defender.conditions:
        times(Fraction(1, 2), "half_block", "half_block")
    if not block and "half_dodge" in defender.conditions:
        times(Fraction(1, 2), "half_dodge", "half_dodge")
    v = math.ceil(base * factor)
    if factor != 1:
        parts.append(("after_fractions", f"{base} × {factor} → {v}", parts[-1][2]))
    dark = opts.lighting_affects_defence and mods.lighting == "oscuridad_total"
    v = _apply_caps(v, defender, dark, opts.darkness_cap_stage, parts, "before_additive")
    add = 0

    def plus(value: int, why: str, cite_key: str = "situation") -> None:
        nonlocal add
        add += value
        parts.append((why, f"{value:+d}", cite_key))

    if mods.relative_height == "defender_higher":
        plus(10, "defender_higher")
    elif mods.relative_height == "attacker_higher":
        plus(-10, "defender_lower")
    if mods.defender_prone or "prone" in defender.conditions:
        plus(-20, "defender_prone")
    if mods.defender_unstable:
        plus(-20, "unstable")
    if mods.defender_underwater:
        plus(-30, "underwater")
    if mods.defender_full_defence or "full_defence" in defender.conditions:
        plus(20, "full_defence", "full_defence")
    if not weapon.ranged:
        if attacker.mounted and not defender.mounted:
            plus(-20, "foot_vs_mounted", "mounted")
        if defender.mounted and not attacker.mounted and block:
            plus(20, "mounted_block", "mounted")
    if not block and "leg_severe" in defender.conditions:
        plus(-30, "leg_severe", "leg_severe")
    if mods.defence_bonus:
        plus(mods.defence_bonus, "gm_bonus", "gm")
    v += add
    detail["additive"] = add
    if add:
        parts.append(("after_additive", str(v), "situation"))
    v = _apply_caps(v, defender, dark, opts.darkness_cap_stage, parts, "final")
    if defender.mounted and defender.riding_skill is not None:
        if v > defender.riding_skill:
            parts.append(("riding_cap", f"{v} → {defender.riding_skill}", "riding_cap"))
        v = min(v, defender.riding_skill)
    detail["effective"] = v
    return v, detail


def defence_reaction(defender: Combatant, weapon: Weapon, declared: str) -> str:
    """T11 The reaction the defender can make: the ``declared`` one, unless a fumble took it
    away this round (condition ``no_block`` / ``no_dodge``); then the other one if it can
    (a GM's reading: «no puedes bloquear» still lets it dodge; dodging lost, it blocks a
    melee blow when it has a block skill), else none."""
    if declared == "block" and "no_block" in defender.conditions:
        return "none" if "no_dodge" in defender.conditions else "dodge"
    if declared == "dodge" and "no_dodge" in defender.conditions:
        can_block = not weapon.ranged and defender.block_skill > 0
        return "block" if can_block and "no_block" not in defender.conditions else "none"
    return declared


def defence_skill(
    defender: Combatant, attacker: Combatant, weapon: Weapon, mods: Modifiers
) -> int | None:
    """P6 Effective defence skill, or None when there is no defence roll."""
    return defence_skill_detail(defender, attacker, weapon, mods)[0]
