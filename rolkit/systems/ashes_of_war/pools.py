"""§2.3, §4.3–§4.6 Who may attack and defend, and with how many dice.

:func:`attack_pool` and :func:`defence_pool` count the Gracias (△) and Desgracias (▽) of
§2.3: situational ▽ are capped at ``desgracia_cap`` (3, «límite general de 3 Desgracias por
tirada»); only successive defences add ▽ past the cap («se acumulan sin el tope habitual»).
"""

from __future__ import annotations

from rolkit.systems.ashes_of_war.core import PoolSpec, threshold
from rolkit.systems.ashes_of_war.errors import impossible, out_of_range
from rolkit.systems.ashes_of_war.forms import Combatant, Modifiers, Weapon
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.tables import LOCATION_LABELS, LOCATIONS, PART_OF

__all__ = [
    "condition_desgracias",
    "attack_pool",
    "defence_pool",
    "check_attack",
    "check_defence",
    "check_wounds",
    "undefended_threshold",
    "declared_damage_type",
    "build_pool",
]


def condition_desgracias(c: Combatant, skill: str, rules: RulesConfig = DEFAULT_RULES) -> int:
    """§4.4: Contusionado and Fracturado ▽, on quick rolls only (``quick_skills``)."""
    if skill not in rules.quick_skills:
        return 0
    n = rules.desventaja_desgracias if c.conditions.bruised else 0
    return n + (rules.fractured_desgracias if c.conditions.fractured else 0)


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


def declared_damage_type(weapon: Weapon, m: Modifiers) -> str:
    """§4.3: the declared type must be one the weapon deals (default: its main type)."""
    t = m.damage_type or weapon.damage_type
    if t not in weapon.damage_types:
        raise impossible(
            "damage_type",
            f"{weapon.name} cannot deal that damage type ({t}); it deals "
            f"{', '.join(weapon.damage_types)}",
            f"{weapon.name} no inflige ese tipo de daño ({t}); inflige "
            f"{', '.join(weapon.damage_types)}",
            t,
        )
    return t


def check_attack(attacker: Combatant, weapon: Weapon, m: Modifiers) -> None:
    """§4.3 Attack legality, checked before any dice."""
    if attacker.conditions.incapacitated:
        raise impossible(
            "attacker.conditions",
            f"{attacker.name} cannot act (unconscious, dying or dead)",
            f"{attacker.name} no puede actuar (Inconsciente, Moribundo o muerto)",
        )
    if weapon.integrity <= 0:
        raise impossible(
            "weapon.integrity",
            f"{weapon.name} is broken (Integridad 0) and cannot attack",
            f"{weapon.name} está rota (Integridad 0) y no puede atacar",
            weapon.integrity,
        )
    if not m.target_visible and not m.blind_fire:
        raise impossible(
            "target_visible",
            "the target is neither seen nor located with Alerta: only blind fire can try",
            "el objetivo no está a la vista ni localizado con Alerta: solo cabe un disparo a ciegas",
        )
    if m.blind_fire and weapon.skill != "ranged":
        raise impossible(
            "blind_fire",
            f"blind fire needs a ranged weapon; {weapon.name} is not one",
            f"disparar a ciegas requiere un arma a distancia; {weapon.name} no lo es",
        )
    if m.narrated_location is not None and m.aimed_location is not None:
        raise impossible(
            "narrated_location",
            "a hit is either aimed or placed by the narration, not both",
            "un golpe se apunta o lo sitúa la narración, no las dos cosas",
        )
    declared_damage_type(weapon, m)


def _check_target_location(defender: Combatant, m: Modifiers) -> None:
    for name, loc in (
        ("aimed_location", m.aimed_location),
        ("narrated_location", m.narrated_location),
    ):
        if loc is not None and loc in defender.conditions.dismembered:
            es, en = LOCATION_LABELS[loc]
            raise impossible(
                name,
                f"{defender.name} has lost that part ({en})",
                f"{defender.name} ha perdido esa parte ({es})",
                loc,
            )


def check_wounds(c: Combatant, rules: RulesConfig, role: str) -> None:
    """§3.1: per-severity marks never exceed the location's boxes (T3)."""
    for loc in LOCATIONS:
        part = PART_OF[loc]
        for sev, boxes in (
            ("light", rules.light_boxes[part]),
            ("serious", rules.serious_boxes[part]),
        ):
            n = c.wounds.count(loc, sev)
            if n > boxes:
                es, en = LOCATION_LABELS[loc]
                name = sev
                if sev == "serious":  # name the serious row that holds marks there
                    rows = ("serious_blunt", "serious_sharp", "serious_other")
                    name = next(r for r in rows if getattr(c.wounds, r).get(loc, 0))
                raise out_of_range(
                    f"{role}.wounds.{name}",
                    (
                        f"Casillas {'leves' if sev == 'light' else 'graves'} ({es})",
                        f"Casillas {'leves' if sev == 'light' else 'graves'} ({en})",
                    ),
                    (f"de 0 a {boxes}", f"from 0 to {boxes}"),
                    n,
                )


def attack_pool(
    attacker: Combatant, weapon: Weapon, modifiers: Modifiers, *, rules: RulesConfig = DEFAULT_RULES
) -> PoolSpec:
    """Contract #6, §4.4 (validates §4.3)."""
    m = modifiers
    check_attack(attacker, weapon, m)
    gracias = (1 if m.attacker_elevated else 0) + m.extra_gracias_attack
    cover = "none" if (m.attacker_elevated and m.cover == "light") else m.cover
    parts = [
        ("aim", 0 if m.aimed_location is None else rules.aim_desgracias[PART_OF[m.aimed_location]]),
        ("second_attack", 1 if m.attack_number == 2 else 0),
        ("cover", 0 if cover == "none" else rules.cover_desgracias[cover]),
        ("blind_fire", 2 if m.blind_fire else 0),
        ("conditions", condition_desgracias(attacker, weapon.skill, rules)),
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


def check_defence(defender: Combatant, m: Modifiers) -> None:
    """§4.5 Defence legality («El Narrador decide si esa defensa es posible antes de tirar»)."""
    _check_target_location(defender, m)
    if m.defence == "none":
        return
    if not m.defence_allowed:
        raise impossible(
            "defence_allowed",
            "the GM does not allow that defence",
            "el Narrador no permite esa defensa",
        )
    if defender.conditions.incapacitated:
        raise impossible(
            "defence",
            f"{defender.name} cannot defend (unconscious, dying or dead)",
            f"{defender.name} no puede defenderse (Inconsciente, Moribundo o muerto)",
            m.defence,
        )
    if not m.attack_seen:
        raise impossible(
            "attack_seen",
            f"{defender.name} can only defend against an attack it sees or noticed with Alerta",
            f"{defender.name} solo puede defenderse de un ataque que ve o advirtió con Alerta",
        )
    if m.defence == "intercept_shield":
        s = defender.shield
        if s is None:
            raise impossible(
                "defence",
                f"defence 'intercept_shield' needs a shield; {defender.name} carries none",
                f"interceptar con escudo requiere un escudo; {defender.name} no lleva",
                m.defence,
            )
        if s.integrity <= 0:
            raise impossible(
                "defence",
                f"{s.name} is broken (Integridad 0) and cannot intercept",
                f"{s.name} está roto (Integridad 0) y no puede interceptar",
                m.defence,
            )
        side = defender.shield_arm
        lost = {f"{side}_arm", f"{side}_hand"} & (
            defender.conditions.dismembered | defender.conditions.fractured
        )
        if lost:
            raise impossible(
                "defence",
                f"{defender.name} cannot use the shield arm (lost or fractured)",
                f"{defender.name} no puede usar el brazo del escudo (perdido o Fracturado)",
                m.defence,
            )
    if m.defence == "intercept_object":
        o = defender.parry_object
        if o is None:
            raise impossible(
                "defence",
                f"defence 'intercept_object' needs a weapon or object; {defender.name} has none",
                f"interceptar con un objeto requiere un arma u objeto; {defender.name} no tiene",
                m.defence,
            )
        if o.integrity <= 0:
            raise impossible(
                "defence",
                f"{o.name} is broken (Integridad 0) and cannot intercept",
                f"{o.name} está roto (Integridad 0) y no puede interceptar",
                m.defence,
            )


def defence_pool(
    defender: Combatant, modifiers: Modifiers, *, rules: RulesConfig = DEFAULT_RULES
) -> PoolSpec:
    """Contract #7, §4.5 (validates it): successive defences add ▽ past the cap."""
    m = modifiers
    check_defence(defender, m)
    if m.defence == "none":
        raise impossible(
            "defence", "an undefended target makes no defence roll", "quien no se defiende no tira"
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


def undefended_threshold(m: Modifiers, rules: RulesConfig = DEFAULT_RULES) -> int:
    """§4.6: Fácil by default; never Fácil with blind fire («jamás con la Adversidad Fácil»)."""
    level = m.undefended_adversidad
    if m.blind_fire and level == "easy":
        level = "intermediate"
    return threshold(level, rules)
