"""A tiny system with a wound track, built only from the kit: the test bed of the exact
after-state law (``transitions_fn``/``status_fn``) and of whole-fight odds.

Rules: the attacker rolls 1d6 + Pericia against 4 + the defender's Defensa; on a hit the
weapon's damage (a dice expression) less the defender's Armadura comes off its PV. A 6 on
the die is a critical that adds 1 damage. PV ≤ 0 is "down" (caído), PV ≤ −3 is "dead".
An attacker who rolls a 1 tires: its Pericia drops by one (never below 0) — so the
attacker's own form changes too, which the law must carry.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from rolkit import fields, i18n
from rolkit.dice import die, parse
from rolkit.model import OutcomeView, Step
from rolkit.system import System


@dataclass(frozen=True)
class Combatant:
    pv: int = fields.int_field(6, -20, 30, label=("PV", "PV (hit points)"), help=("v", "hp"))
    pericia: int = fields.int_field(1, 0, 4, label=("Pericia", "Pericia (skill)"), help=("a", "b"))
    defensa: int = fields.int_field(
        0, 0, 3, label=("Defensa", "Defensa (defence)"), help=("a", "b")
    )
    armadura: int = fields.int_field(
        0, 0, 3, label=("Armadura", "Armadura (armour)"), help=("a", "b")
    )

    def __post_init__(self) -> None:
        fields.validate(self)


@dataclass(frozen=True)
class Weapon:
    damage: str = fields.dice_field("1D4", label=("Daño", "Daño (damage)"), help=("a", "b"))

    def __post_init__(self) -> None:
        fields.validate(self)


@dataclass(frozen=True)
class Modifiers:
    bonus: int = fields.int_field(0, -2, 2, label=("Bono", "Bono (bonus)"), help=("a", "b"))

    def __post_init__(self) -> None:
        fields.validate(self)


@dataclass(frozen=True)
class Options:
    crit_bonus: bool = fields.flag_field(True, label=("Crítico +1", "Crit +1"), help=("a", "b"))

    def __post_init__(self) -> None:
        fields.validate(self)


def status(c: Combatant, options: Options | None = None) -> str | None:
    return "dead" if c.pv <= -3 else ("down" if c.pv <= 0 else None)


def _damage(face: int, rolled: int, d: Combatant, o: Options) -> int:
    return max(0, rolled + (1 if face == 6 and o.crit_bonus else 0) - d.armadura)


def _hits(face: int, a: Combatant, d: Combatant, m: Modifiers) -> bool:
    return face + a.pericia + m.bonus >= 4 + d.defensa


def _tired(face: int, a: Combatant) -> Combatant:
    return replace(a, pericia=a.pericia - 1) if face == 1 and a.pericia > 0 else a


def _key(face: int, hit: bool, dmg: int, a: Combatant, d: Combatant):
    return (hit, hit and face == 6, dmg, d.pv - dmg, face == 1 and a.pericia > 0)


def _resolve(a, d, w, m, o, rng):
    face = rng.randint(1, 6)
    steps = [Step("toy.step.check", (face,), {"total": face + a.pericia + m.bonus}, "§1")]
    hit, dmg = _hits(face, a, d, m), 0
    if hit:
        rolled = parse(w.damage).roll(rng)
        dmg = _damage(face, rolled.total, d, o)
    key = _key(face, hit, dmg, a, d)
    return steps, _Outcome(_tired(face, a), replace(d, pv=d.pv - dmg) if dmg else d, w), key


@dataclass(frozen=True)
class _Outcome:
    attacker_after: Combatant
    defender_after: Combatant
    weapon_after: Weapon


def _joint(a, d, w, m, o):
    """{(odds key, attacker_after, defender_after): p} over every face and damage roll."""
    law: dict = {}
    dmg_law = parse(w.damage).distribution()
    hurt: dict[int, Combatant] = {0: d}
    for face, p in die(6).items():
        hit = _hits(face, a, d, m)
        rolls = dmg_law.items() if hit else [(0, Fraction(1))]
        for rolled, q in rolls:
            dmg = _damage(face, rolled, d, o) if hit else 0
            if dmg not in hurt:
                hurt[dmg] = replace(d, pv=d.pv - dmg)
            after_d = hurt[dmg]
            k = (_key(face, hit, dmg, a, d), _tired(face, a), after_d)
            law[k] = law.get(k, 0) + p * q
    return law


def _odds(a, d, w, m, o):
    out: dict = {}
    for (key, _, _), p in _joint(a, d, w, m, o).items():
        out[key] = out.get(key, 0) + p
    return {k: Fraction(v) for k, v in out.items()}


def _transitions(a, d, w, m, o):
    out: dict = {}
    for (_, a_after, d_after), p in _joint(a, d, w, m, o).items():
        out[(a_after, d_after, w)] = out.get((a_after, d_after, w), 0) + p
    return {k: Fraction(v) for k, v in out.items()}


def _project(key) -> OutcomeView:
    hit, crit, dmg, pv_after, _ = key
    fate = "dead" if pv_after <= -3 else ("down" if pv_after <= 0 else None)
    if pv_after > 0 and dmg == 0:
        fate = None
    return OutcomeView(hit, crit, dmg, None, 0, frozenset(), fate=fate)


i18n.register_pairs(
    "toyf",
    {
        "name": ("Juguete de combate", "Juguete de combate (toy fight)"),
        "step.check": ("Ataque", "Ataque (attack)"),
        "derived.total": ("total", "total"),
    },
)

SYSTEM = System(
    id="toyf",
    name_key="toyf.name",
    forms={"attacker": Combatant, "defender": Combatant, "weapon": Weapon, "modifiers": Modifiers},
    options_type=Options,
    presets={
        "attacker": {"Ana": {"pv": 8, "pericia": 2}},
        "defender": {"Bruto": {"pv": 10, "armadura": 1}},
    },
    resolve_fn=_resolve,
    odds_fn=_odds,
    project=_project,
    grid_axes=(("attacker", "pericia"), ("attacker", "pericia")),
    tracks_state=True,
    transitions_fn=_transitions,
    status_fn=status,
)
