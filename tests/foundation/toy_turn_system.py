"""A tiny system with rules that act between attacks, built only from the kit: the test bed
of ``turn_start_fn`` / ``round_end_fn`` in the fight tracker and in whole-fight odds.

Rules (toy, invented for the tests):

* the attacker rolls 1d6 + Pericia against 4; on a hit the weapon's damage (a dice
  expression) comes off the defender's PV; a 6 that hits adds a bleeding wound
  (Sangrado + 1, at most 2);
* a hit of 3 or more that leaves PV above 0 knocks the defender out (Inconsciente);
* PV ≤ −3 is dead; PV ≤ 0 is dying (moribundo) until stabilised (Estable: down);
* **turn start** (the combatant's own turn): a dying combatant dies with 1/3 (PV → −3)
  or stabilises with 2/3; an unconscious one wakes up with 1/2 (and fights again);
* **round end** (everyone not dead): each bleeding combatant loses 1 PV with 1/2
  (whatever its Sangrado) — a house rule, ``Options.sangrado`` (off: nothing happens).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from rolkit import fields, i18n
from rolkit.dice import die, parse
from rolkit.memo import memo
from rolkit.model import OutcomeView, Step
from rolkit.system import System

HALF, THIRD = Fraction(1, 2), Fraction(1, 3)


@dataclass(frozen=True)
class Combatant:
    pv: int = fields.int_field(6, -20, 30, label=("PV", "PV (hit points)"), help=("v", "hp"))
    pericia: int = fields.int_field(1, 0, 4, label=("Pericia", "Pericia (skill)"), help=("a", "b"))
    sangrado: int = fields.int_field(
        0, 0, 2, label=("Sangrado", "Sangrado (bleeding)"), help=("a", "b")
    )
    inconsciente: bool = fields.flag_field(
        False, label=("Inconsciente", "Inconsciente (knocked out)"), help=("a", "b")
    )
    estable: bool = fields.flag_field(
        False, label=("Estable", "Estable (stabilised)"), help=("a", "b")
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
    sangrado: bool = fields.flag_field(
        True, label=("Sangrado", "Sangrado (bleeding)"), help=("a", "b")
    )

    def __post_init__(self) -> None:
        fields.validate(self)


def status(c: Combatant, options: Options | None = None) -> str | None:
    if c.pv <= -3:
        return "dead"
    if c.pv <= 0:
        return "down" if c.estable else "dying"
    return "down" if c.inconsciente else None


def blow(face: int, rolled: int, a: Combatant, d: Combatant, m: Modifiers) -> Combatant:
    """The defender after one blow: ``face`` on the d6, ``rolled`` on the damage dice."""
    if face + a.pericia + m.bonus < 4:
        return d
    pv = d.pv - rolled
    return replace(
        d,
        pv=pv,
        sangrado=min(2, d.sangrado + 1) if face == 6 else d.sangrado,
        inconsciente=d.inconsciente or (rolled >= 3 and pv > 0),
    )


def _resolve(a, d, w, m, o, rng):
    face = rng.randint(1, 6)
    steps = [Step("toyt.step.check", (face,), {"total": face + a.pericia + m.bonus}, "§1")]
    rolled = parse(w.damage).roll(rng).total if face + a.pericia + m.bonus >= 4 else 0
    after = blow(face, rolled, a, d, m)
    return steps, _Outcome(a, after, w), _key(d, after)


def _key(d: Combatant, after: Combatant):
    return (after.pv != d.pv, d.pv - after.pv, status(after), after.sangrado > d.sangrado)


@dataclass(frozen=True)
class _Outcome:
    attacker_after: Combatant
    defender_after: Combatant
    weapon_after: Weapon


def _joint(a, d, w, m, o):
    law: dict = {}
    dmg = parse(w.damage).distribution()
    for face, p in die(6).items():
        for rolled, q in dmg.items():
            after = blow(face, rolled, a, d, m)
            law[after] = law.get(after, 0) + p * q
    return law


def _odds(a, d, w, m, o):
    out: dict = {}
    for after, p in _joint(a, d, w, m, o).items():
        k = _key(d, after)
        out[k] = out.get(k, 0) + p
    return {k: Fraction(v) for k, v in out.items()}


def _transitions(a, d, w, m, o):
    return {(a, after, w): Fraction(p) for after, p in _joint(a, d, w, m, o).items()}


def _project(key) -> OutcomeView:
    hit, dmg, fate, bled = key
    flags = frozenset({"bleed"}) if bled else frozenset()
    return OutcomeView(hit, False, dmg, None, 0, flags, fate=fate)


@memo
def turn_start(c: Combatant, o: Options) -> dict[Combatant, Fraction]:
    """Own turn's start: dying → dead (1/3) or stable (2/3); knocked out → awake (1/2)."""
    fate = status(c, o)
    if fate == "dying":
        return {replace(c, pv=-3): THIRD, replace(c, estable=True): 1 - THIRD}
    if c.inconsciente and c.pv > 0:
        return {replace(c, inconsciente=False): HALF, c: HALF}
    return {c: Fraction(1)}


@memo
def round_end(c: Combatant, o: Options) -> dict[Combatant, Fraction]:
    """Round's end: bleeding takes 1 PV with 1/2 (house rule ``sangrado``)."""
    if not o.sangrado or not c.sangrado or c.pv <= -3:
        return {c: Fraction(1)}
    return {replace(c, pv=c.pv - 1): HALF, c: HALF}


i18n.register_pairs(
    "toyt",
    {
        "name": ("Juguete con turnos", "Juguete con turnos (toy with turns)"),
        "step.check": ("Ataque", "Ataque (attack)"),
        "derived.total": ("total", "total"),
        "flag.bleed": ("sangra", "sangra (bleeds)"),
    },
)

SYSTEM = System(
    id="toyt",
    name_key="toyt.name",
    forms={"attacker": Combatant, "defender": Combatant, "weapon": Weapon, "modifiers": Modifiers},
    options_type=Options,
    presets={"attacker": {"Ana": {"pv": 4, "pericia": 2}}, "defender": {"Bruto": {"pv": 5}}},
    resolve_fn=_resolve,
    odds_fn=_odds,
    project=_project,
    grid_axes=(("attacker", "pericia"), ("attacker", "pericia")),
    tracks_state=True,
    transitions_fn=_transitions,
    status_fn=status,
    turn_start_fn=turn_start,
    round_end_fn=round_end,
)
