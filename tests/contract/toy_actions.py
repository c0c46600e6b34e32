"""A tiny system whose turn is more than one attack, built only from the kit: the test bed
of :mod:`rolkit.actions`, the tracker's actions and the chain's turn of actions.

Rules (toy, invented for the tests), on :mod:`tests.contract.toy_fight`'s wound track
(1d6 + Pericia ≥ 4 + Defensa hits for the weapon's dice, +1 on a 6; PV ≤ 0 down, ≤ −3
dead; a 1 tires the attacker):

* a turn has two attacks and one movement (``{"attack": 2, "move": 1}``); the second
  attack of a turn is made at −1 (Bono − 1);
* **Auxiliar** (aid, an ally, spends the movement): 1d6 + Pericia ≥ 5 wakes a fallen ally
  who is not dead (PV → 1); a 1 is a fumble that costs the ally 1 PV;
* **Levantarse** (recover, itself, spends the movement): only when Derribado; 1d6 ≥ 3
  stands up;
* a blow that hits with a 6 knocks the defender prone (Derribado): a prone defender is
  hit at +1 (its Defensa counts one less, never below 0);
* **Desarmado**: none here (the attack is refused when the attacker's ``manos`` is 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from rolkit import fields, i18n
from rolkit.actions import ActionAfter, ActionContext, AttackAction, CheckAction, TurnRules
from rolkit.dice import RandomSource, die, parse
from rolkit.model import Degree, OutcomeView, Step
from rolkit.system import CheckProcedure, System

i18n.register_pairs(
    "toya",
    {
        "name": ("Juguete de acciones", "Juguete de acciones (toy actions)"),
        "step.check": ("Tirada", "Tirada (roll)"),
        "derived.total": ("total", "total"),
    },
)


@dataclass(frozen=True)
class Combatant:
    pv: int = fields.int_field(6, -20, 30, label=("PV", "PV (hit points)"), help=("v", "hp"))
    pericia: int = fields.int_field(1, 0, 4, label=("Pericia", "Pericia (skill)"), help=("a", "b"))
    defensa: int = fields.int_field(
        0, 0, 3, label=("Defensa", "Defensa (defence)"), help=("a", "b")
    )
    derribado: bool = fields.flag_field(
        False, label=("Derribado", "Derribado (prone)"), help=("a", "b")
    )
    manos: int = fields.int_field(2, 0, 2, label=("Manos", "Manos (hands)"), help=("a", "b"))

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


def _target(d: Combatant) -> int:
    return 4 + max(0, d.defensa - (1 if d.derribado else 0))


def _law(a: Combatant, d: Combatant, w: Weapon, m: Modifiers, o: Options):
    """{(key, attacker_after, defender_after): p} over the d6 and the damage dice."""
    out: dict[Any, Fraction] = {}
    dmg_law = parse(w.damage).distribution()
    for face, p in die(6).items():
        hit = face + a.pericia + m.bonus >= _target(d)
        tired = replace(a, pericia=a.pericia - 1) if face == 1 and a.pericia > 0 else a
        for rolled, q in dmg_law.items() if hit else [(0, Fraction(1))]:
            dmg = rolled + (1 if face == 6 and o.crit_bonus else 0) if hit else 0
            after = replace(d, pv=d.pv - dmg, derribado=d.derribado or (hit and face == 6))
            key = (hit, hit and face == 6, dmg, after.pv, after.derribado)
            out[(key, tired, after)] = out.get((key, tired, after), Fraction(0)) + p * q
    return out


def _resolve(a, d, w, m, o, rng: RandomSource):
    face = rng.randint(1, 6)
    steps = [Step("toya.step.check", (face,), {"total": face + a.pericia + m.bonus}, "§1")]
    hit = face + a.pericia + m.bonus >= _target(d)
    dmg = 0
    if hit:
        dmg = parse(w.damage).roll(rng).total + (1 if face == 6 and o.crit_bonus else 0)
    tired = replace(a, pericia=a.pericia - 1) if face == 1 and a.pericia > 0 else a
    after = replace(d, pv=d.pv - dmg, derribado=d.derribado or (hit and face == 6))
    key = (hit, hit and face == 6, dmg, after.pv, after.derribado)
    return steps, _Outcome(tired, after, w), key


@dataclass(frozen=True)
class _Outcome:
    attacker_after: Combatant
    defender_after: Combatant
    weapon_after: Weapon


def _odds(a, d, w, m, o):
    out: dict = {}
    for (key, _, _), p in _law(a, d, w, m, o).items():
        out[key] = out.get(key, 0) + p
    return out


def _transitions(a, d, w, m, o):
    out: dict = {}
    for (_, a2, d2), p in _law(a, d, w, m, o).items():
        out[(a2, d2, w)] = out.get((a2, d2, w), 0) + p
    return out


def _project(key) -> OutcomeView:
    hit, crit, dmg, pv_after, _prone = key
    fate = "dead" if pv_after <= -3 else ("down" if pv_after <= 0 else None)
    return OutcomeView(hit, crit, dmg, None, 0, frozenset(), fate=fate if dmg else None)


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class RollForm:
    """A roll of 1d6 + bonus against a target."""

    bonus: int = fields.int_field(0, -2, 6, label=("Bono", "Bono (bonus)"), help=("a", "b"))
    target: int = fields.int_field(
        4, 2, 7, label=("Objetivo", "Objetivo (target)"), help=("a", "b")
    )

    def __post_init__(self) -> None:
        fields.validate(self)


DEGREES = (
    Degree("pifia", ("Pifia", "Pifia (fumble)"), success=False),
    Degree("fallo", ("Fallo", "Fallo (failure)"), success=False),
    Degree("exito", ("Éxito", "Éxito (success)"), success=True),
)


def _degree(face: int, form: RollForm) -> str:
    if face == 1:
        return "pifia"
    return "exito" if face + form.bonus >= form.target else "fallo"


def _roll_odds(form: RollForm, options: Options) -> dict[str, Fraction]:
    law: dict[str, Fraction] = {}
    for face, p in die(6).items():
        law[_degree(face, form)] = law.get(_degree(face, form), Fraction(0)) + p
    return law


def _roll_resolve(
    form: RollForm, options: Options, rng: RandomSource
) -> tuple[Sequence[Step], int, str]:
    face = rng.randint(1, 6)
    return (
        [Step("toya.step.check", (face,), {"total": face + form.bonus}, "§2")],
        face,
        _degree(face, form),
    )


ROLL = CheckProcedure(
    id="roll",
    label=("Tirada", "Tirada (roll)"),
    form=RollForm,
    degrees=DEGREES,
    odds_fn=_roll_odds,
    resolve_fn=_roll_resolve,
)


def _aid_form(ctx: ActionContext) -> RollForm | tuple[str, str]:
    if status(ctx.target) not in ("down", "dying"):
        return ("no tiene a quién auxiliar", "has no one to aid")
    return RollForm(bonus=ctx.actor.pericia, target=5)


def _aid_effect(ctx: ActionContext, form: RollForm, degree: str, outcome: Any) -> ActionAfter:
    ally = ctx.target
    if degree == "exito":
        ally = replace(ally, pv=1)
    elif degree == "pifia":
        ally = replace(ally, pv=ally.pv - 1)
    return ActionAfter(ctx.actor, ally, ctx.weapon)


def _stand_form(ctx: ActionContext) -> RollForm | tuple[str, str]:
    if not ctx.actor.derribado:
        return ("no está derribado", "is not prone")
    return RollForm(bonus=0, target=3)


def _stand_effect(ctx: ActionContext, form: RollForm, degree: str, outcome: Any) -> ActionAfter:
    me = replace(ctx.actor, derribado=False) if degree == "exito" else ctx.actor
    return ActionAfter(me, me, ctx.weapon)


def _second_at_minus_one(ctx: ActionContext, m: Modifiers) -> Modifiers:
    return replace(m, bonus=max(-2, m.bonus - 1)) if ctx.taken.count("attack") else m


def _no_hands(ctx: ActionContext) -> tuple[str, str] | None:
    return (
        ("no tiene mano con que atacar", "has no hand to attack with")
        if not ctx.actor.manos
        else None
    )


ACTIONS = {
    "attack": AttackAction(
        "attack",
        cost={"attack": 1},
        modifiers_fn=_second_at_minus_one,
        refusal_fn=_no_hands,
    ),
    "aid": CheckAction(
        "aid",
        ("Auxiliar", "Auxiliar (aid)"),
        cost={"move": 1},
        target="ally",
        kind="aid",
        check=ROLL,
        prepare_fn=_aid_form,
        effect_fn=_aid_effect,
    ),
    "stand": CheckAction(
        "stand",
        ("Levantarse", "Levantarse (stand up)"),
        cost={"move": 1},
        target="self",
        kind="recover",
        check=ROLL,
        prepare_fn=_stand_form,
        effect_fn=_stand_effect,
    ),
}


def _conditions(c: Combatant, options: Options) -> tuple[tuple[str, str], ...]:
    return (("Derribado", "Derribado (prone)"),) if c.derribado else ()


SYSTEM = System(
    id="toya",
    name_key="toya.name",
    forms={"attacker": Combatant, "defender": Combatant, "weapon": Weapon, "modifiers": Modifiers},
    options_type=Options,
    presets={"attacker": {"Ana": {"pv": 6, "pericia": 2}}, "defender": {"Bruto": {"pv": 6}}},
    resolve_fn=_resolve,
    odds_fn=_odds,
    project=_project,
    grid_axes=(("attacker", "pericia"), ("attacker", "pericia")),
    tracks_state=True,
    transitions_fn=_transitions,
    status_fn=status,
    turn_rules=TurnRules(
        {"attack": 2, "move": 1},
        {"attack": ("ataque", "attack"), "move": ("movimiento", "movement")},
    ),
    actions=ACTIONS,
    conditions_fn=_conditions,
)
