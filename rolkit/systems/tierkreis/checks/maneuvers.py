"""P15 Maneuvers (*Agarrar*, mantener el agarre, *Arrebatar*, *Empujar*, *Tumbar*).

Seed: «puede intentar agarrar a un enemigo adyacente si supera un chequeo de FUE o AGI»;
*Arrebatar* «siempre recibe un penalizador de -3 excepto si el personaje tiene un poder
específico»; *Empujar* «lo aleja 1 metro, pero si es crítico, lo aleja 2 metros y el
oponente queda tumbado. No funciona contra criaturas más grandes y pesadas».

When an NPC performs a maneuver on a player (pass ``opponent``), the player rolls instead
(P3, P15): a dodge check (P5 mechanics: AGI, stance +1, the NPC's would-be adjustments
mirrored) against grapple, snatch, push and trip — a successful dodge makes the maneuver
fail — and, against an NPC keeping its grapple, the player's own FUE-or-AGI check to break
free (``break_free``). Results are always read from the actor's side.

Naturals (R4, G10, option ``maneuver_naturals``): a natural 1 is a critical success
(``"critical_only"``, the default, and ``"both"``); a natural 12 is **not** an automatic
failure by default — «el ataque siempre falla» is said of «un chequeo de ataque», and
maneuvers are characteristic checks («si supera un chequeo de FUE o AGI») — so it compares
with the target like any roll; ``"both"`` (the earlier reading) makes it fail; ``"none"``
gives no natural results. Never a fumble table.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rolkit.dice import RandomSource
from rolkit.errors import check_choice
from rolkit.model import Step
from rolkit.systems.tierkreis.attack.validate import require_active
from rolkit.systems.tierkreis.checks.forms import ManeuverForm
from rolkit.systems.tierkreis.checks.plain import check_steps
from rolkit.systems.tierkreis.errors import TierkreisInputError
from rolkit.systems.tierkreis.forms import Combatant, Modifiers
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.rules.adjustments import Adjustment, engine_effect, intrinsic, mirror
from rolkit.systems.tierkreis.rules.check import CheckTarget, best_target, check_target
from rolkit.systems.tierkreis.tables import D12, MANEUVERS

__all__ = [
    "ManeuverResult",
    "maneuver_target",
    "maneuver_result",
    "maneuver_odds",
    "resolve_maneuver",
    "player_rolls",
    "SNATCH_PENALTY",
    "maneuver_check_odds",
    "maneuver_check_resolve",
]

#: *Arrebatar*: «siempre recibe un penalizador de -3».
SNATCH_PENALTY = -3
_BEST_OF = ("FUE", "AGI")  # «chequeo de FUE o AGI»: the better; a tie keeps FUE (listed first)
_BLOCKED_BY_SIZE = ("push", "trip")
#: The rule a maneuver's step cites, by option ``maneuver_naturals`` (R4, G10).
_NATURALS_RULE = {
    "critical_only": "P15, R4: 1 natural, éxito crítico; el 12 natural se compara como otra tirada",
    "both": "P15, R4: 1 natural, éxito crítico; 12 natural, falla",
    "none": "P15, R3: igual o menos, éxito",
}


@dataclass(frozen=True)
class ManeuverResult:
    """P15 ``result`` (``critical|success|failure|no_effect``), the check rolled (``None`` for
    ``no_effect``) and the faces drawn."""

    result: str
    target: CheckTarget | None
    dice: tuple[int, ...]
    kind: str = ""
    rolled_by: str = "actor"  # "actor", or "opponent" when a player dodges/breaks free

    @property
    def success(self) -> bool:
        return self.result in ("critical", "success")

    @property
    def distance_m(self) -> int:
        """*Empujar*: 1 m on a success, 2 m on a critical; 0 otherwise."""
        if self.kind != "push" or not self.success:
            return 0
        return 2 if self.result == "critical" else 1

    @property
    def opponent_prone(self) -> bool:
        """The opponent ends prone: a push critical, or a successful trip (*Tumbar*)."""
        return (self.kind == "push" and self.result == "critical") or (
            self.kind == "trip" and self.success
        )


def _check_kind(kind: str) -> str:
    return str(check_choice(kind, tuple(MANEUVERS), field="maneuver", cls=TierkreisInputError))


def maneuver_target(
    kind: str, actor: Combatant, modifiers: Modifiers, *, has_snatch_power: bool = False
) -> CheckTarget:
    """P15 The check of a maneuver: FUE for push and trip, else the better of FUE and AGI;
    snatch −3 (``intrinsic``) unless the actor has a snatching power; plus
    ``Modifiers.extra`` and the actor's conditions and adjustments (R5, R6)."""
    _check_kind(kind)
    extra = _intrinsic(kind, has_snatch_power) + list(modifiers.extra_list)
    return _best(kind, actor, extra, modifiers)


def _intrinsic(kind: str, has_snatch_power: bool) -> list[Adjustment]:
    if kind == "snatch" and not has_snatch_power:
        return [intrinsic(SNATCH_PENALTY, "tierkreis.adj.snatch")]
    return []


def _best(kind: str, who: Combatant, extra: list[Adjustment], modifiers: Modifiers) -> CheckTarget:
    codes = ("FUE",) if kind in _BLOCKED_BY_SIZE else _BEST_OF
    return best_target([check_target(who, c, "maneuver", extra, modifiers.options) for c in codes])


def player_rolls(actor: Combatant, opponent: Combatant | None) -> bool:
    """P3, P15 An NPC's maneuver on a player: the player rolls, never the NPC."""
    return opponent is not None and not actor.is_player and opponent.is_player


def _opponent_target(
    kind: str, actor: Combatant, opponent: Combatant, modifiers: Modifiers, has_snatch_power: bool
) -> CheckTarget:
    """The player's roll against an NPC's maneuver: break free (keep_grapple) or dodge."""
    if kind == "keep_grapple":
        return _best("break_free", opponent, list(modifiers.extra_list), modifiers)
    extra: list[Adjustment] = []
    if opponent.defensive_stance:
        extra.append(engine_effect(1, "tierkreis.adj.defensive_stance"))
    if modifiers.options.mirror_modifiers:
        npc = _best(kind, actor, _intrinsic(kind, has_snatch_power), modifiers)
        extra += [mirror(a) for a in npc.applied + npc.ignored]
    extra += list(modifiers.extra_list)
    return check_target(opponent, "AGI", "dodge", extra, modifiers.options)


def _opponent_result(kind: str, roll: int, target: int, naturals: str) -> str:
    """The maneuver's result (actor's side) from the player's roll."""
    if kind == "keep_grapple":
        freed = maneuver_result(roll, target, naturals) in ("critical", "success")
        return "failure" if freed else "success"
    return "failure" if roll <= target else "success"


def maneuver_result(roll: int, target: int, naturals: str = "critical_only") -> str:
    """R4, G10 ``critical`` on a natural 1 (unless ``naturals="none"``); a natural 12 is
    ``failure`` only with ``naturals="both"``; else ``success`` iff ``roll <= target``."""
    if naturals != "none" and roll == 1:
        return "critical"
    if naturals == "both" and roll == D12:
        return "failure"
    return "success" if roll <= target else "failure"


def _can_act(actor: Combatant) -> None:
    require_active(actor, "character", "personaje", "a character who can act")


def maneuver_odds(
    kind: str,
    actor: Combatant,
    modifiers: Modifiers,
    *,
    target_is_larger: bool = False,
    has_snatch_power: bool = False,
    opponent: Combatant | None = None,
) -> dict[str, Fraction]:
    """P15 The exact law of the maneuver's result (faces 1…12 enumerated)."""
    _check_kind(kind)
    _can_act(actor)
    if kind in _BLOCKED_BY_SIZE and target_is_larger:
        return {"no_effect": Fraction(1)}
    naturals = modifiers.options.maneuver_naturals
    counts: dict[str, int] = {}
    if opponent is not None and player_rolls(actor, opponent):
        t = _opponent_target(kind, actor, opponent, modifiers, has_snatch_power)
        read = lambda roll: _opponent_result(kind, roll, t.target, naturals)  # noqa: E731
    else:
        t = maneuver_target(kind, actor, modifiers, has_snatch_power=has_snatch_power)
        read = lambda roll: maneuver_result(roll, t.target, naturals)  # noqa: E731
    for roll in range(1, D12 + 1):
        r = read(roll)
        counts[r] = counts.get(r, 0) + 1
    return {r: Fraction(n, D12) for r, n in counts.items()}


def resolve_maneuver(
    kind: str,
    actor: Combatant,
    modifiers: Modifiers,
    rng: RandomSource,
    *,
    target_is_larger: bool = False,
    has_snatch_power: bool = False,
    opponent: Combatant | None = None,
) -> ManeuverResult:
    """P15 One maneuver: ``no_effect`` without a roll for push/trip against a bigger,
    heavier creature; else one d12 against :func:`maneuver_target` — or, for an NPC's
    maneuver on a player ``opponent``, the player's dodge or break-free roll."""
    _check_kind(kind)
    _can_act(actor)
    if kind in _BLOCKED_BY_SIZE and target_is_larger:
        return ManeuverResult("no_effect", None, (), kind)
    naturals = modifiers.options.maneuver_naturals
    if opponent is not None and player_rolls(actor, opponent):
        t = _opponent_target(kind, actor, opponent, modifiers, has_snatch_power)
        roll = int(rng.randint(1, D12))
        return ManeuverResult(
            _opponent_result(kind, roll, t.target, naturals), t, (roll,), kind, "opponent"
        )
    t = maneuver_target(kind, actor, modifiers, has_snatch_power=has_snatch_power)
    roll = int(rng.randint(1, D12))
    return ManeuverResult(maneuver_result(roll, t.target, naturals), t, (roll,), kind)


# --------------------------------------------------------------------------- procedure


def _maneuver_modifiers(form: ManeuverForm, options: TierkreisOptions) -> Modifiers:
    return Modifiers(extra=form.extra, options=options)


def maneuver_check_odds(form: ManeuverForm, options: TierkreisOptions) -> dict[str, Fraction]:
    """P15 ``SYSTEM.checks["maneuver"]``: the exact law of the form's maneuver."""
    return maneuver_odds(
        form.maneuver,
        form.actor,
        _maneuver_modifiers(form, options),
        target_is_larger=form.target_is_larger,
        has_snatch_power=form.has_snatch_power,
        opponent=form.opponent,
    )


def maneuver_check_resolve(
    form: ManeuverForm, options: TierkreisOptions, rng: RandomSource
) -> tuple[list[Step], object, str]:
    """P15 One maneuver of the form, with its steps."""
    r = resolve_maneuver(
        form.maneuver,
        form.actor,
        _maneuver_modifiers(form, options),
        rng,
        target_is_larger=form.target_is_larger,
        has_snatch_power=form.has_snatch_power,
        opponent=form.opponent,
    )
    if r.target is None:
        steps = [
            Step(
                "tierkreis.step.no_check",
                (),
                {
                    "maneuver": f"tierkreis.maneuver.{form.maneuver}",
                    "result": "tierkreis.value.no_effect",
                },
                "P15 «No funciona contra criaturas más grandes y pesadas que el personaje»",
            )
        ]
        return steps, r, r.result
    steps = check_steps(r.target)
    steps.append(
        Step(
            "tierkreis.step.check",
            r.dice,
            {
                "maneuver": f"tierkreis.maneuver.{form.maneuver}",
                "roll": r.dice[0],
                "target": r.target.target,
                "result": f"tierkreis.value.{'critical' if r.result == 'critical' else r.result}",
                "distance_m": r.distance_m,
            },
            "P15/P5: el PJ tira para esquivar o liberarse; su éxito hace fallar la maniobra"
            if r.rolled_by == "opponent"
            else _NATURALS_RULE[options.maneuver_naturals],
        )
    )
    return steps, r, r.result
