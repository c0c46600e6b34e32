"""A tiny system with rules that act between attacks, built only from the kit: the test bed
of ``turn_start_fn`` / ``round_end_fn`` in the fight tracker and in whole-fight odds.

Rules (toy, invented for the tests):

* the attacker rolls 1d6 + Pericia + the defender's Defensas (blows it already took
  this round) against 4; on a hit the weapon's damage (a dice expression) comes off the
  defender's PV; a 6 that hits adds a bleeding wound (Sangrado + 1, at most 2); every
  blow, hit or not, raises the defender's Defensas by 1 (at most 2);
* a hit of 3 or more that leaves PV above 0 knocks the defender out (Inconsciente);
* PV ≤ −3 is dead; PV ≤ 0 is dying (moribundo) until stabilised (Estable: down);
* **turn start** (the combatant's own turn): a dying combatant dies with 1/3 (PV → −3)
  or stabilises with 2/3; an unconscious one wakes up with 1/2 (and fights again);
* **round end** (everyone not dead): Defensas back to 0 (a counter "this round", as
  Ashes of War's successive defences); each bleeding combatant loses 1 PV with 1/2
  (whatever its Sangrado) — a house rule, ``Options.sangrado`` (off: no bleeding).
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
    defensas: int = fields.int_field(
        0, 0, 2, label=("Defensas", "Defensas (defences this round)"), help=("a", "b")
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


def hits(face: int, a: Combatant, d: Combatant, m: Modifiers) -> bool:
    return face + a.pericia + m.bonus + d.defensas >= 4


def blow(face: int, rolled: int, a: Combatant, d: Combatant, m: Modifiers) -> Combatant:
    """The defender after one blow: ``face`` on the d6, ``rolled`` on the damage dice."""
    defensas = min(2, d.defensas + 1)
    if not hits(face, a, d, m):
        return replace(d, defensas=defensas)
    pv = d.pv - rolled
    return replace(
        d,
        pv=pv,
        defensas=defensas,
        sangrado=min(2, d.sangrado + 1) if face == 6 else d.sangrado,
        inconsciente=d.inconsciente or (rolled >= 3 and pv > 0),
    )


def _resolve(a, d, w, m, o, rng):
    face = rng.randint(1, 6)
    steps = [Step("toyt.step.check", (face,), {"total": face + a.pericia + m.bonus}, "§1")]
    hit = hits(face, a, d, m)
    rolled = parse(w.damage).roll(rng).total if hit else 0
    after = blow(face, rolled, a, d, m)
    return steps, _Outcome(a, after, w), _key(hit, d, after)


def _key(hit: bool, d: Combatant, after: Combatant):
    return (hit, d.pv - after.pv, status(after), after.sangrado > d.sangrado)


@dataclass(frozen=True)
class _Outcome:
    attacker_after: Combatant
    defender_after: Combatant
    weapon_after: Weapon


def _joint(a, d, w, m, o):
    """{(odds key, defender after): p} over every face and damage roll."""
    law: dict = {}
    dmg = parse(w.damage).distribution()
    for face, p in die(6).items():
        hit = hits(face, a, d, m)
        for rolled, q in dmg.items() if hit else [(0, Fraction(1))]:
            after = blow(face, rolled, a, d, m)
            k = (_key(hit, d, after), after)
            law[k] = law.get(k, 0) + p * q
    return law


def _odds(a, d, w, m, o):
    out: dict = {}
    for (k, _after), p in _joint(a, d, w, m, o).items():
        out[k] = out.get(k, 0) + p
    return {k: Fraction(v) for k, v in out.items()}


def _transitions(a, d, w, m, o):
    out: dict = {}
    for (_k, after), p in _joint(a, d, w, m, o).items():
        out[(a, after, w)] = out.get((a, after, w), 0) + p
    return {k: Fraction(v) for k, v in out.items()}


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
    """Round's end: Defensas back to 0; bleeding takes 1 PV with 1/2 (house rule
    ``sangrado``)."""
    rested = replace(c, defensas=0) if c.defensas else c
    if not o.sangrado or not c.sangrado or c.pv <= -3:
        return {rested: Fraction(1)}
    return {replace(rested, pv=c.pv - 1): HALF, rested: HALF}


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
