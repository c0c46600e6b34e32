"""§2.3, §4.1, §4.4–§4.6 How many dice a roll has: attack, defence and skill pools.

:func:`attack_pool` and :func:`defence_pool` (which check §4.3 and §4.5 first) count the Gracias (△) and Desgracias (▽) of
§2.3: situational ▽ are capped at ``desgracia_cap`` (3, «límite general de 3 Desgracias por
tirada»); only successive defences add ▽ past the cap («se acumulan sin el tope habitual»).
"""

from __future__ import annotations

from rolkit.errors import check_choice, input_error
from rolkit.systems.ashes_of_war.errors import AowFieldRangeError, AowImpossibleError
from rolkit.systems.ashes_of_war.forms import Combatant, Modifiers, Weapon
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.rules.dice import threshold
from rolkit.systems.ashes_of_war.rules.legality import check_attack, check_defence
from rolkit.systems.ashes_of_war.rules.mechanic import PoolSpec
from rolkit.systems.ashes_of_war.tables import PART_OF, SKILLS

_SKILL = ("Habilidad", "Habilidad (skill)")

__all__ = [
    "condition_desgracias",
    "limb_desgracias",
    "build_pool",
    "attack_pool",
    "defence_pool",
    "undefended_threshold",
    "skill_pool",
]


def condition_desgracias(c: Combatant, skill: str, rules: RulesConfig = DEFAULT_RULES) -> int:
    """§4.4: Contusionado, Fracturado and (T5 [PH]) Derribado ▽, on quick rolls only
    (``quick_skills``)."""
    if skill not in rules.quick_skills:
        return 0
    n = rules.desventaja_desgracias if c.conditions.bruised else 0
    n += rules.prone_desgracias if c.conditions.prone else 0
    return n + (rules.fractured_desgracias if c.conditions.fractured else 0)


def limb_desgracias(c: Combatant, use: str, rules: RulesConfig = DEFAULT_RULES) -> int:
    """T5 [PH] (option ``first_serious_applied``): +1 ▽ from an active first serious wound
    in the limb a roll uses: the Brazo of the weapon hand for an attack with a weapon
    (``use="weapon"``) or an intercept with an object (``"object"``), the Brazo of the shield
    for a shield intercept (``"shield"``), either Pie for Correr (``"run"``)."""
    if not rules.first_serious_applied:
        return 0
    active = c.conditions.first_serious_effects
    if use == "run":
        return 1 if {"right_foot", "left_foot"} & active else 0
    side = c.shield_arm if use == "shield" else c.weapon_hand
    return 1 if f"{side}_arm" in active else 0


def build_pool(
    ndp: int,
    gracias: int,
    situational: int,
    successive: int,
    breakdown: list[tuple[str, int]],
    rules: RulesConfig,
) -> PoolSpec:
    """§2.3: cap the situational ▽, add the uncapped ones, apply the △ cap and cancelling."""
    if rules.gracia_cap is not None:
        gracias = min(gracias, rules.gracia_cap)
    capped = min(rules.desgracia_cap, situational)
    if rules.cancel_gracias_desgracias:
        cancel = min(gracias, capped + successive)
        gracias -= cancel
        breakdown.append(("cancelled", cancel))
        c1 = min(cancel, capped)
        capped -= c1
        successive -= cancel - c1
    return PoolSpec(ndp, gracias, capped + successive, tuple(breakdown))


def attack_pool(
    attacker: Combatant, weapon: Weapon, modifiers: Modifiers, *, rules: RulesConfig = DEFAULT_RULES
) -> PoolSpec:
    """Contract #6, §4.4 (validates §4.3)."""
    m = modifiers
    check_attack(attacker, weapon, m, rules)
    gracias = (1 if m.attacker_elevated else 0) + m.extra_gracias_attack
    cover = "none" if (m.attacker_elevated and m.cover == "light") else m.cover
    parts = [
        ("aim", 0 if m.aimed_location is None else rules.aim_desgracias[PART_OF[m.aimed_location]]),
        ("second_attack", 1 if m.attack_number == 2 else 0),
        ("cover", 0 if cover == "none" else rules.cover_desgracias[cover]),
        ("blind_fire", 2 if m.blind_fire else 0),
        ("conditions", condition_desgracias(attacker, weapon.skill, rules)),
        ("arm", 0 if weapon.skill == "brawl" else limb_desgracias(attacker, "weapon", rules)),
        ("pending", attacker.pending_desgracias),
        ("extra", m.extra_desgracias_attack),
    ]
    breakdown = [
        ("elevated", 1 if m.attacker_elevated else 0),
        ("extra_gracias", m.extra_gracias_attack),
    ]
    breakdown += [(k, v) for k, v in parts]
    return build_pool(
        getattr(attacker, weapon.skill), gracias, sum(v for _, v in parts), 0, breakdown, rules
    )


def defence_pool(
    defender: Combatant, modifiers: Modifiers, *, rules: RulesConfig = DEFAULT_RULES
) -> PoolSpec:
    """Contract #7, §4.5 (validates it): successive defences add ▽ past the cap."""
    m = modifiers
    check_defence(defender, m, rules)
    if m.defence == "none":
        raise input_error(
            "defence",
            en="an undefended target makes no defence roll",
            es="quien no se defiende no tira",
            cls=AowImpossibleError,
        )
    skill = "dodge" if m.defence == "dodge" else "intercept"
    ndp = getattr(defender, skill)
    breakdown: list[tuple[str, int]] = [(skill, ndp)]
    if m.defence == "intercept_shield":
        assert defender.shield is not None
        ndp += defender.shield.gdc_ndp
        breakdown.append(("shield", defender.shield.gdc_ndp))
    parts = [
        ("conditions", condition_desgracias(defender, skill, rules)),
        ("arm", _defence_arm(defender, m.defence, rules)),
        ("feint", 1 if defender.feint_pending else 0),
        ("pending", defender.pending_desgracias),
        ("extra", m.extra_desgracias_defence),
    ]
    breakdown += parts + [("successive", defender.defences_this_turn)]
    return build_pool(
        ndp,
        m.extra_gracias_defence,
        sum(v for _, v in parts),
        defender.defences_this_turn,
        breakdown,
        rules,
    )


def _defence_arm(defender: Combatant, defence: str, rules: RulesConfig) -> int:
    """T5: the ▽ of a wounded Brazo holding the shield or the intercepting object."""
    if defence == "intercept_shield":
        return limb_desgracias(defender, "shield", rules)
    return limb_desgracias(defender, "object", rules) if defence == "intercept_object" else 0


def undefended_threshold(m: Modifiers, rules: RulesConfig = DEFAULT_RULES) -> int:
    """§4.6: Fácil by default; never Fácil with blind fire («jamás con la Adversidad Fácil»)."""
    level = m.undefended_adversidad
    if m.blind_fire and level == "easy":
        level = "intermediate"
    return threshold(level, rules)


def skill_pool(
    c: Combatant,
    skill: str,
    gracias: int = 0,
    desgracias: int = 0,
    rules: RulesConfig = DEFAULT_RULES,
) -> PoolSpec:
    """§4.1 step 1: NdP + △, and ▽ (conditions only on quick rolls, pending ▽, extras), capped."""
    check_choice(skill, SKILLS, field="skill", label=_SKILL, cls=AowFieldRangeError)
    cond = condition_desgracias(c, skill, rules)
    foot = limb_desgracias(c, "run", rules) if skill == "run" else 0
    parts = [
        ("conditions", cond),
        ("foot", foot),
        ("pending", c.pending_desgracias),
        ("extra", desgracias),
    ]
    return build_pool(
        getattr(c, skill),
        gracias,
        sum(v for _, v in parts),
        0,
        [(skill, getattr(c, skill)), *parts],
        rules,
    )
