"""§1–§2 One attack: validate, then the stages both paths share, then resolve (one roll,
explained) and the exact law over every roll."""

from fractions import Fraction
from typing import NamedTuple

from rolkit.dice import RandomSource, die, parse
from rolkit.errors import input_error
from rolkit.hooks import Resolved
from rolkit.model import Step

from .errors import ToyImpossibleError
from .forms import Attacker, Defender, Modifiers, Weapon
from .options import Options
from .rules.combat import damage, hits


class AttackKey(NamedTuple):
    """The odds key: what one attack can end as (the same key ``resolve`` lands on)."""

    hit: bool
    critical: bool
    damage: int


def validate_attack(attacker: Attacker, modifiers: Modifiers) -> None:
    """§1 A blind attacker cannot use bonus 3."""
    if modifiers.blind and attacker.bonus == 3:
        raise input_error(
            "bonus",
            en="blind attackers cannot use bonus 3",
            es="un atacante a ciegas no puede usar bonificador 3",
            allowed="0..2 when blind",
            got=3,
            cls=ToyImpossibleError,
        )


def resolve_attack(
    attacker: Attacker,
    defender: Defender,
    weapon: Weapon,
    modifiers: Modifiers,
    options: Options,
    rng: RandomSource,
) -> Resolved[AttackKey, AttackKey]:
    """The resolve hook: the d6, then on a hit the damage dice (the draw order)."""
    validate_attack(attacker, modifiers)
    face = rng.randint(1, 6)
    steps = [Step("Ataque", (face,), {"total": face + attacker.bonus}, "§1")]
    dealt = 0
    if hits(face, attacker, defender):
        rolled = parse(weapon.damage).roll(rng)
        dealt = damage(rolled.total, face, defender, options.crit_doubles)
        steps.append(Step("Daño", sum(rolled.faces, ()), {"damage": dealt}, "§2"))
    hit = hits(face, attacker, defender)
    key = AttackKey(hit, hit and face == 6, dealt)
    return Resolved(steps, key, key)


def attack_odds(
    attacker: Attacker, defender: Defender, weapon: Weapon, modifiers: Modifiers, options: Options
) -> dict[AttackKey, Fraction]:
    """The odds hook: the exact law of :class:`AttackKey` over the d6 and the damage dice."""
    validate_attack(attacker, modifiers)
    law: dict[AttackKey, Fraction] = {}
    damage_law = parse(weapon.damage).distribution()
    for face, p in die(6).items():
        if not hits(face, attacker, defender):
            miss = AttackKey(False, False, 0)
            law[miss] = law.get(miss, Fraction(0)) + p
            continue
        for total, q in damage_law.items():
            key = AttackKey(True, face == 6, damage(total, face, defender, options.crit_doubles))
            law[key] = law.get(key, Fraction(0)) + p * q
    return law
