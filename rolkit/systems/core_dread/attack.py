"""§4.4–4.18, §7.2 One attack: validation, ``resolve_attack`` (seeded) and ``attack_outcomes``.

``resolve_attack`` draws faces in the exact §4.18 order, so a scripted RNG reproduces it,
and records one :class:`rolkit.model.Step` per step. ``attack_outcomes`` is exact over
``Fraction``: the attacker's joint law ``(hits, natural spectacular)`` against the
defender's, both from :func:`roll_distribution`, mapped through §4.4–4.9.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from rolkit import fields
from rolkit.model import Step
from rolkit.systems.core_dread.checks import (
    DICE,
    _joint,
    effective_attribute,
    roll_check,
)
from rolkit.systems.core_dread.combat import (
    absorb,
    attack_multiplier,
    defence_multiplier,
    needs_three_hits,
    opposed_damage,
    wear_armor,
)
from rolkit.systems.core_dread.errors import (
    CoreDreadInputError,
    CoreDreadRangeError,
    impossible,
)
from rolkit.systems.core_dread.forms import (
    DEFAULT_OPTIONS,
    Combatant,
    CoreDreadOptions,
    Modifiers,
    Weapon,
    armor_absorption,
    weapon_attacks_left,
    weapon_damages_armor,
)
from rolkit.systems.core_dread.tables import COVER_FIRE_WEAPONS, LEVEL_LABELS
from rolkit.systems.core_dread.wounds import (
    adjust_wound,
    apply_wounds,
    knocked_out,
    marks_malherido,
    wound_from_damage,
    wound_penalty,
)

__all__ = [
    "AttackOutcome",
    "OddsKey",
    "AttackResolution",
    "Resolution",
    "EFFECTS",
    "validate_attack",
    "attack_pool",
    "defence_pool",
    "resolve_attack",
    "attack_outcomes",
    "attack_odds",
]

EFFECTS = (
    "defender_dead",
    "defender_unconscious",
    "defender_prone",
    "autocontrol_lost",
    "defender_armor_worn",
    "attacker_dead",
    "attacker_prone",
    "attacker_armor_worn",
    "defender_in_cover",
    "defender_turn_spent",
)


class AttackOutcome(NamedTuple):
    """§7.2 The outcome key of one attack (field order fixed by the spec)."""

    hit: bool
    damage: int
    wound_level: str | None
    wound_count: int
    counter: bool
    counter_damage: int
    counter_wound_level: str | None
    counter_wound_count: int


class OddsKey(NamedTuple):
    """The key of ``SYSTEM.odds``: the §7.2 fields plus ``spectacular`` (5 natural hits).

    The spec's 8-field key cannot tell a spectacular roll apart (e.g. one fully blocked),
    so the System's key carries that one extra bit for the headline "crítico %".
    """

    hit: bool
    damage: int
    wound_level: str | None
    wound_count: int
    counter: bool
    counter_damage: int
    counter_wound_level: str | None
    counter_wound_count: int
    spectacular: bool

    @property
    def outcome(self) -> AttackOutcome:
        return AttackOutcome(*self[:8])


@dataclass(frozen=True)
class AttackResolution:
    """§4.18 The spec's own ``Resolution`` of one attack (read by attribute)."""

    steps: tuple[Step, ...]
    outcome: AttackOutcome
    attack_hits: int
    natural_hits: int
    defence_hits: int
    spectacular: bool
    marked: tuple[str, ...]
    counter_marked: tuple[str, ...]
    effects: tuple[str, ...]
    attacker_after: Combatant
    defender_after: Combatant
    weapon_after: Weapon


#: §4.18 calls it ``Resolution``; inside this package the name is kept as an alias.
Resolution = AttackResolution


# --------------------------------------------------------------------------- validation
def _revalidate(obj: Any, role: str) -> None:
    fields.validate(obj, prefix=f"{role}.", error_cls=CoreDreadRangeError)
    for name in ("armor", "block_weapon"):
        sub = getattr(obj, name, None)
        if sub is not None:
            fields.validate(sub, prefix=f"{role}.{name}.", error_cls=CoreDreadRangeError)


def validate_attack(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> None:
    """§3.6 Reject every invalid combination with a ``CoreDreadInputError`` naming the field.

    Fields are named ``role.field`` (``"modifiers.aimed"``, ``"defender.in_cover"``).
    """
    for role, obj, cls in (
        ("attacker", attacker, Combatant),
        ("defender", defender, Combatant),
        ("weapon", weapon, Weapon),
        ("modifiers", modifiers, Modifiers),
        ("options", options, CoreDreadOptions),
    ):
        if not isinstance(obj, cls):
            raise CoreDreadInputError(
                f"{role} must be a {cls.__name__} (got {type(obj).__name__})",
                field=role,
                allowed=cls.__name__,
                got=type(obj).__name__,
                message_es=f"{role} debe ser un {cls.__name__} (recibido {type(obj).__name__})",
            )
        _revalidate(obj, role)
    m, w = modifiers, weapon
    ranged = w.mode == "ranged"
    at_range = ranged and not m.point_blank

    def fail(field: str, en: str, es: str, allowed: str, got: Any) -> None:
        raise impossible(field, en, es, allowed, got)

    if m.aimed and not ranged:
        fail(
            "modifiers.aimed",
            "only a ranged attack can be aimed",
            "solo se apunta con armas de proyectiles",
            "only with mode=ranged",
            True,
        )
    if m.point_blank and w.mode == "melee":
        fail(
            "modifiers.point_blank",
            "point-blank applies only to ranged or thrown attacks",
            "a quemarropa solo vale para proyectiles o lanzar",
            "only with mode=ranged or thrown",
            True,
        )
    if m.cover_fire and not ranged:
        fail(
            "modifiers.cover_fire",
            "covering fire needs a ranged weapon",
            "el fuego de cobertura requiere un arma de proyectiles",
            "only with mode=ranged",
            True,
        )
    if ranged and weapon_attacks_left(w) == 0:
        fail(
            "weapon.attacks_left",
            "the weapon is empty: reload first («Recargar»)",
            "el arma está descargada: hay que recargar",
            "at least 1",
            0,
        )
    if attacker.dead:
        fail(
            "attacker.dead",
            "a dead attacker cannot attack",
            "un atacante muerto no puede atacar",
            "False",
            True,
        )
    if defender.dead:
        fail(
            "defender.dead",
            "a dead defender cannot be attacked",
            "no se puede atacar a un defensor muerto",
            "False",
            True,
        )
    if attacker.unconscious:
        fail(
            "attacker.unconscious",
            "an unconscious attacker cannot attack",
            "un atacante inconsciente no puede atacar",
            "False",
            True,
        )
    if attacker.in_cover:
        fail(
            "attacker.in_cover",
            "an attacker in cover cannot attack («no podrá atacar»)",
            "quien está a cubierto no podrá atacar",
            "False",
            True,
        )
    if at_range and defender.in_cover:
        fail(
            "defender.in_cover",
            "a defender in cover cannot be shot at range («protegido de los disparos»)",
            "un defensor a cubierto está protegido de los disparos",
            "False unless point-blank",
            True,
        )
    if m.defence != "none":
        if defender.unconscious:
            fail(
                "modifiers.defence",
                "an unconscious defender cannot defend",
                "un defensor inconsciente no puede defenderse",
                "none",
                m.defence,
            )
        if options.defence_requires_turn and not defender.turn_available:
            fail(
                "modifiers.defence",
                "the defender has no turn left to defend with",
                "el defensor no tiene turno para defenderse",
                "none",
                m.defence,
            )
        if m.defence == "block" and at_range:
            fail(
                "modifiers.defence",
                "a melee block cannot stop a shot at range",
                "un bloqueo no detiene un disparo a distancia",
                "none, dodge or ranged_block",
                m.defence,
            )
        if (
            m.defence == "dodge"
            and at_range
            and options.ranged_dodge == "only_to_cover"
            and not m.dodge_to_cover
        ):
            fail(
                "modifiers.defence",
                "a shot at range can be dodged only towards cover",
                "un disparo a distancia solo se esquiva poniéndose a cubierto",
                "dodge with dodge_to_cover",
                m.defence,
            )
        if m.defence == "ranged_block":
            bw = defender.block_weapon
            if bw.mode != "ranged":
                fail(
                    "modifiers.defence",
                    "a ranged block needs a ranged block_weapon",
                    "un bloqueo a distancia requiere un arma de proyectiles",
                    "block_weapon with mode=ranged",
                    m.defence,
                )
            if weapon_attacks_left(bw) == 0:
                fail(
                    "defender.block_weapon.attacks_left",
                    "the blocking firearm is empty",
                    "el arma del defensor está descargada",
                    "at least 1",
                    0,
                )
    if m.knockout_attempt and w.mode != "melee":
        fail(
            "modifiers.knockout_attempt",
            "a knock-out needs a melee blow",
            "dejar inconsciente requiere un golpe cuerpo a cuerpo",
            "only with mode=melee",
            True,
        )
    if m.dodge_to_cover and not ranged:
        fail(
            "modifiers.dodge_to_cover",
            "taking cover applies to a dodge against a ranged attack",
            "quedar a cubierto solo vale al esquivar un disparo",
            "only with mode=ranged",
            True,
        )


# --------------------------------------------------------------------------- pools
def _penalty(c: Combatant, options: CoreDreadOptions) -> int:
    return wound_penalty(c.track, c.gore_mode, options)


def _limit_for(c: Combatant, options: CoreDreadOptions) -> int:
    """G13: base FOR for damage limits (or effective FOR with ``penalties_affect_derived``)."""
    if options.penalties_affect_derived:
        return effective_attribute(c.fortaleza, penalty=_penalty(c, options))
    return c.fortaleza


def attack_pool(
    attacker: Combatant, weapon: Weapon, modifiers: Modifiers, options: CoreDreadOptions
) -> tuple[str, int, int]:
    """§4.4.1–3 ``(attribute name, effective attribute, skill)`` of the attack roll."""
    bonus = 0
    if modifiers.cover_fire and weapon.ranged_type in COVER_FIRE_WEAPONS:
        bonus += 2
    if modifiers.knockout_attempt:
        bonus -= 1
    if weapon.mode == "ranged":
        skill = attacker.ranged_skill
        if modifiers.aimed:
            return (
                "concentracion",
                effective_attribute(attacker.concentracion, modifiers.difficulty, 0, bonus),
                skill,
            )
        name, base = "agilidad", attacker.agilidad
    else:
        name, base, skill = "fortaleza", attacker.fortaleza, attacker.melee_skill
    pen = _penalty(attacker, options)
    return name, effective_attribute(base, modifiers.difficulty, pen, bonus), skill


def defence_pool(
    defender: Combatant, weapon: Weapon, modifiers: Modifiers, options: CoreDreadOptions
) -> tuple[str, int, int, int]:
    """§4.5 ``(attribute name, effective attribute, skill, m_d)`` of the defence roll."""
    d = modifiers.defence
    pen = _penalty(defender, options)
    if d == "block":
        name, base, skill = "fortaleza", defender.fortaleza, defender.melee_skill
    elif d == "dodge":
        name, base, skill = "agilidad", defender.agilidad, defender.dodge_skill
    else:
        name, base, skill = "agilidad", defender.agilidad, defender.ranged_skill
    m_d = defence_multiplier(defender.block_weapon, d, weapon, modifiers.point_blank)
    return name, effective_attribute(base, modifiers.defence_difficulty, pen), skill, m_d


# --------------------------------------------------------------------------- exact odds
def _outcome_fn(attacker, defender, weapon, modifiers, options):
    """The deterministic map ``(A, spec, D, dspec) -> AttackOutcome`` of §4.4–4.9."""
    m_a = attack_multiplier(weapon, modifiers)
    defence = modifiers.defence
    m_d = defence_pool(defender, weapon, modifiers, options)[3] if defence != "none" else 1
    three = needs_three_hits(weapon, modifiers)
    abs_d = armor_absorption(defender.armor)
    abs_a = armor_absorption(attacker.armor)
    f_d = _limit_for(defender, options)
    f_a = _limit_for(attacker, options)
    measured = modifiers.measured_blow
    counter_spec = options.counter_can_be_spectacular

    def outcome(a: int, spec: bool, d: int, dspec: bool) -> AttackOutcome:
        raw, craw = opposed_damage(a, m_a, defence, d, m_d, three, options)
        dmg = absorb(raw, abs_d)
        level, count = adjust_wound(*wound_from_damage(dmg, f_d, options), measured, spec, options)
        cdmg = absorb(craw, abs_a)
        clevel, ccount = adjust_wound(
            *wound_from_damage(cdmg, f_a, options), False, counter_spec and dspec, options
        )
        return AttackOutcome(raw > 0, dmg, level, count, craw > 0, cdmg, clevel, ccount)

    return outcome


def _laws(attacker, defender, weapon, modifiers, options):
    policy = options.reroll_policy
    _, a_attr, a_skill = attack_pool(attacker, weapon, modifiers, options)
    law_a = _joint(a_attr, a_skill, policy)
    if modifiers.defence == "none":
        law_d = {(0, False): Fraction(1)}
    else:
        _, d_attr, d_skill, _ = defence_pool(defender, weapon, modifiers, options)
        law_d = _joint(d_attr, d_skill, policy)
    return law_a, law_d


def attack_odds(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> dict[OddsKey, Fraction]:
    """Exact odds keyed by :class:`OddsKey` (the §7.2 key plus ``spectacular``)."""
    validate_attack(attacker, defender, weapon, modifiers, options)
    law_a, law_d = _laws(attacker, defender, weapon, modifiers, options)
    outcome = _outcome_fn(attacker, defender, weapon, modifiers, options)
    out: dict[OddsKey, Fraction] = {}
    for (a, spec), pa in law_a.items():
        for (d, dspec), pd in law_d.items():
            key = OddsKey(*outcome(a, spec, d, dspec), spec)
            out[key] = out.get(key, 0) + pa * pd
    return out


def attack_outcomes(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> dict[AttackOutcome, Fraction]:
    """§7.2 Exact law of the :class:`AttackOutcome` (zero keys omitted, sums to 1).

    Excludes what depends on the track or extra rolls: overflow, death, knock-out, prone
    checks, Autocontrol, armour wear and ammunition.
    """
    out: dict[AttackOutcome, Fraction] = {}
    for key, p in attack_odds(attacker, defender, weapon, modifiers, options).items():
        k = key.outcome
        out[k] = out.get(k, 0) + p
    return out


# --------------------------------------------------------------------------- one roll
_ATTR_LABEL = {"fortaleza": "Fortaleza", "agilidad": "Agilidad", "concentracion": "Concentración"}


def _wound_text(level: str | None, count: int) -> str:
    return "—" if level is None else f"{LEVEL_LABELS[level][0]} ×{count}"


def _who(c: Combatant, role: str) -> str:
    return c.name or role


def _check_step(label: str, roll, params: dict, rule: str, **extra: int) -> Step:
    derived = {
        "attribute": roll.attribute,
        "skill": roll.skill,
        "natural_hits": roll.natural_hits,
        "rerolls": len(roll.rerolls),
        "hits": roll.hits,
        **extra,
    }
    return Step(label, roll.drawn, derived, rule, {**params, "changes": _changes(roll)})


def _changes(roll) -> str:
    """The reroll history in neutral notation: `` · d2: 7→4`` (die position, 1-based)."""
    faces = list(roll.faces)
    parts = []
    for index, face in roll.rerolls:
        parts.append(f"d{index + 1}: {faces[index]}→{face}")
        faces[index] = face
    return "".join(f" · {p}" for p in parts)


def _prone_check(
    victim: Combatant, role: str, rng: Any, options: CoreDreadOptions, steps: list[Step]
) -> bool:
    """§4.12 FOR check after the new wounds, no skill or difficulty; True if it falls."""
    attr = effective_attribute(victim.fortaleza, penalty=_penalty(victim, options))
    roll = roll_check(attr, 0, rng, 3, options)
    steps.append(
        _check_step(
            "cd.step.prone",
            roll,
            {"name": _who(victim, role)},
            "§4.12 «Si la tirada falla, el personaje cae al suelo»",
            success=roll.success,
        )
    )
    return not roll.success


def _wear(
    target: Combatant,
    raw: int,
    weapon: Weapon,
    name: str,
    role: str,
    steps: list[Step],
    effects: list[str],
) -> Combatant:
    """§4.7.2 Wear ``target``'s armour after a blow of ``raw`` damage from ``weapon``;
    records the step and the ``<role>_armor_worn`` effect when it wore."""
    worn = wear_armor(target.armor, raw, weapon_damages_armor(weapon))
    if worn is target.armor:
        return target
    effects.append(f"{role}_armor_worn")
    steps.append(
        Step(
            "cd.step.wear",
            (),
            {"absorption": armor_absorption(worn)},
            "§4.7 «cada ataque recibido reduce su puntuación de Absorción en 1»",
            {"name": name},
        )
    )
    return dataclasses.replace(target, armor=worn)


def resolve_attack(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rng: Any,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> AttackResolution:
    """§4.18 Resolve one attack, drawing faces with ``rng.randint(1, 10)`` in spec order.

    Raises:
        CoreDreadInputError: for any invalid input or combination (§3.6).
    """
    validate_attack(attacker, defender, weapon, modifiers, options)
    m = modifiers
    steps: list[Step] = []
    effects: list[str] = []
    att_name, def_name = _who(attacker, "atacante"), _who(defender, "defensor")

    # 2. attack roll
    a_name, a_attr, a_skill = attack_pool(attacker, weapon, m, options)
    m_a = attack_multiplier(weapon, m)
    a_roll = roll_check(a_attr, a_skill, rng, 3, options)
    spectacular = a_roll.natural_hits == DICE
    three = needs_three_hits(weapon, m)
    a_eff = a_roll.hits if not three or a_roll.hits >= 3 else 0
    steps.append(
        _check_step(
            "cd.step.attack",
            a_roll,
            {"name": att_name, "attribute": _ATTR_LABEL[a_name], "weapon": weapon.name},
            "§4.4 «Se lanzan siempre 5 dados de 10 caras»",
            spectacular=spectacular,
            multiplier=m_a,
            value=a_eff * m_a,
        )
    )
    if three and a_roll.hits < 3:
        steps.append(
            Step(
                "cd.step.ranged_minimum",
                (),
                {"hits": a_roll.hits, "needed": 3, "counted": 0},
                "§4.4.5 «Solo en los ataques a distancia sí se requieren al menos 3 aciertos»",
                {"name": att_name},
            )
        )

    # 3. defence roll
    d_hits, d_spec, m_d = 0, False, 1
    if m.defence != "none":
        d_name, d_attr, d_skill, m_d = defence_pool(defender, weapon, m, options)
        d_roll = roll_check(d_attr, d_skill, rng, 3, options)
        d_hits, d_spec = d_roll.hits, d_roll.natural_hits == DICE
        value = d_hits * (1 if m.defence == "dodge" else m_d)
        steps.append(
            _check_step(
                "cd.step.defence." + m.defence,
                d_roll,
                {"name": def_name, "attribute": _ATTR_LABEL[d_name]},
                {
                    "block": "§4.5 «tirada similar a la que usó el atacante»",
                    "dodge": "§4.5 «se cambia el atributo de Fortaleza por Agilidad»",
                    "ranged_block": "§4.5 «bloqueo a distancia usando Agilidad»",
                }[m.defence],
                multiplier=1 if m.defence == "dodge" else m_d,
                value=value,
            )
        )

    # 4. opposed arithmetic, armour, wound
    raw, craw = opposed_damage(a_roll.hits, m_a, m.defence, d_hits, m_d, three, options)
    absorption = armor_absorption(defender.armor)
    damage = absorb(raw, absorption)
    f_def = _limit_for(defender, options)
    base_wound = wound_from_damage(damage, f_def, options)
    level, count = adjust_wound(*base_wound, m.measured_blow, spectacular, options)
    steps.append(
        Step(
            "cd.step.damage",
            (),
            {
                "attack_value": a_eff * m_a,
                "defence_value": d_hits * (1 if m.defence == "dodge" else m_d)
                if m.defence != "none"
                else 0,
                "damage_raw": raw,
                "absorption": absorption,
                "damage": damage,
                "counter_raw": craw,
            },
            "§4.6 «aplicando multiplicadores … y después restando aciertos»; §4.7",
            {"name": def_name},
        )
    )
    steps.append(
        Step(
            "cd.step.wound",
            (),
            {
                "fortaleza": f_def,
                "base_count": base_wound[1],
                "count": count,
                "measured": m.measured_blow,
                "spectacular": spectacular,
            },
            "§4.8 «Siempre se inflige la herida más grave posible»; §4.9",
            {"name": def_name, "wound": _wound_text(level, count)},
        )
    )

    # 5. mark the defender's wounds; death, knock-out, Autocontrol
    track, dead, marked = apply_wounds(defender.track, level, count, defender.gore_mode)
    d_changes: dict[str, Any] = dict(
        zip(("magullado", "lesionado", "malherido"), track, strict=True)
    )
    if level is not None:
        steps.append(
            Step(
                "cd.step.track",
                (),
                {
                    "magullado": track[0],
                    "lesionado": track[1],
                    "malherido": track[2],
                    "dead": dead,
                },
                "§4.10 «se marca una herida del siguiente nivel»; «muere inmediatamente»",
                {"name": def_name, "marked": ", ".join(marked) or "—"},
            )
        )
    unconscious = defender.unconscious
    if dead:
        d_changes["dead"] = True
        effects.append("defender_dead")
    if m.knockout_attempt and knocked_out(marked, dead):
        d_changes.update(unconscious=True, prone=True)
        unconscious = True
        effects += ["defender_unconscious", "defender_prone"]
        steps.append(
            Step("cd.step.knockout", (), {}, "§4.9 «dejar inconsciente»", {"name": def_name})
        )
    if m.dangerous_situation and count > 0 and defender.autocontrol > 0:
        d_changes["autocontrol"] = defender.autocontrol - 1
        effects.append("autocontrol_lost")
        steps.append(
            Step(
                "cd.step.autocontrol",
                (),
                {"autocontrol": defender.autocontrol - 1},
                "§4.13 «pierde un punto de Autocontrol inmediatamente»",
                {"name": def_name},
            )
        )
    defender_now = dataclasses.replace(defender, **d_changes)

    # 6. defender prone check
    if (
        marks_malherido(marked)
        and not dead
        and not unconscious
        and _prone_check(defender_now, "defensor", rng, options, steps)
    ):
        defender_now = dataclasses.replace(defender_now, prone=True)
        effects.append("defender_prone")

    # 7. wear on the defender's armour
    defender_now = _wear(defender_now, raw, weapon, def_name, "defender", steps, effects)

    # 8. counter-attack
    attacker_now = attacker
    counter_marked: list[str] = []
    c_level, c_count, c_damage = None, 0, 0
    if craw > 0:
        c_abs = armor_absorption(attacker.armor)
        c_damage = absorb(craw, c_abs)
        f_att = _limit_for(attacker, options)
        c_spec = options.counter_can_be_spectacular and d_spec
        c_level, c_count = adjust_wound(
            *wound_from_damage(c_damage, f_att, options), False, c_spec, options
        )
        c_track, c_dead, counter_marked = apply_wounds(
            attacker.track, c_level, c_count, attacker.gore_mode
        )
        a_changes: dict[str, Any] = dict(
            zip(("magullado", "lesionado", "malherido"), c_track, strict=True)
        )
        if c_dead:
            a_changes["dead"] = True
            effects.append("attacker_dead")
        attacker_now = dataclasses.replace(attacker, **a_changes)
        steps.append(
            Step(
                "cd.step.counter",
                (),
                {
                    "counter_raw": craw,
                    "absorption": c_abs,
                    "damage": c_damage,
                    "fortaleza": f_att,
                    "count": c_count,
                    "magullado": c_track[0],
                    "lesionado": c_track[1],
                    "malherido": c_track[2],
                    "dead": c_dead,
                },
                "§4.5 «contraataque»: daño «realizado al atacante»",
                {"name": att_name, "wound": _wound_text(c_level, c_count)},
            )
        )
        if (
            marks_malherido(counter_marked)
            and not c_dead
            and _prone_check(attacker_now, "atacante", rng, options, steps)
        ):
            attacker_now = dataclasses.replace(attacker_now, prone=True)
            effects.append("attacker_prone")
        attacker_now = _wear(
            attacker_now, craw, defender.block_weapon, att_name, "attacker", steps, effects
        )

    # 9. ammunition, cover, turn
    weapon_now = weapon
    if weapon.mode == "ranged":
        left = weapon_attacks_left(weapon) - 1
        weapon_now = dataclasses.replace(weapon, attacks_left=left)
        steps.append(
            Step(
                "cd.step.ammo",
                (),
                {"attacks_left": left},
                "§4.14 «munición»",
                {"name": weapon.name},
            )
        )
    if m.defence == "ranged_block":
        bw = defender_now.block_weapon
        left = weapon_attacks_left(bw) - 1
        defender_now = dataclasses.replace(
            defender_now, block_weapon=dataclasses.replace(bw, attacks_left=left)
        )
        steps.append(
            Step("cd.step.ammo", (), {"attacks_left": left}, "§4.14 «munición»", {"name": bw.name})
        )
    if m.dodge_to_cover:
        defender_now = dataclasses.replace(defender_now, in_cover=True)
        effects.append("defender_in_cover")
        steps.append(
            Step(
                "cd.step.cover",
                (),
                {},
                "§4.14 «quedando automáticamente a cubierto»",
                {"name": def_name},
            )
        )
    if m.defence != "none":
        defender_now = dataclasses.replace(defender_now, turn_available=False)
        effects.append("defender_turn_spent")
        steps.append(
            Step(
                "cd.step.turn",
                (),
                {},
                "§4.5 «se considera que está haciendo uso de su turno»",
                {"name": def_name},
            )
        )

    outcome = AttackOutcome(raw > 0, damage, level, count, craw > 0, c_damage, c_level, c_count)
    return AttackResolution(
        steps=tuple(steps),
        outcome=outcome,
        attack_hits=a_roll.hits,
        natural_hits=a_roll.natural_hits,
        defence_hits=d_hits,
        spectacular=spectacular,
        marked=tuple(marked),
        counter_marked=tuple(counter_marked),
        effects=tuple(effects),
        attacker_after=attacker_now,
        defender_after=defender_now,
        weapon_after=weapon_now,
    )
