"""P8, P10, P13, G11, P23 The rules that act between attacks: ``SYSTEM.turn_start`` (the
start of a combatant's own turn), ``SYSTEM.turn_end`` (its end) and the initiative (P23,
``SYSTEM.initiative``).

* P10 «Al iniciar su siguiente turno, gana 1 punto de muerte. Si al iniciar un turno el
  personaje alcanza 3 puntos de muerte, muere»: at the start of each own turn at 0 PV, one
  death point (:func:`~.rules.health.start_of_turn`, the contract's own rule).
* G11, ``death_timing="turn_start"`` (the default since the spec's revision, the seed's
  words): a character whose third point came from a blow (P9) is «dying» (unconscious,
  still healable) until its own turn starts, and dead then (unless healed before). The
  form holds the difference: 3 death points are dying, 3 with ``dead`` ticked are dead;
  the turn start ticks it — on a character already at 3, and on one whose point at this
  turn start is the third («al iniciar un turno … alcanza 3 …, muere»). With
  ``"immediate"`` (a house rule) the third point is death at once and nothing ticks
  ``dead`` (3 points already read dead).
* P13 «+1 a sus chequeos de esquiva hasta el inicio de su próximo turno»: the defensive
  stance ends when the combatant's own turn starts (option ``stance_ends_at_turn_start``,
  default on; off: it stays until the GM clears it).
* P8/T1 a fumble's −2 «hasta el final de su próximo turno» (option
  ``fumble_penalty_expires``): the fumble starts the −2's own count
  (``physical_penalty_turns`` / ``mental_penalty_turns``) at 2 in the fumbler's turn
  (:func:`~.after.fumble_condition`); the end of that turn counts it down to 1, and
  the end of its next own turn lifts the −2 (count 0): the −2 holds through the others'
  turns in between (its dodges) and its whole next turn, and no longer. A fumble comes
  only from the fumbler's own attack, so its turn is the fumble's turn. A count of 0 on a
  −2 is the untimed −2 (the option off, or set by hand):
  it stays until the GM clears it. The counts stop at 2: no rule reads further.

Every rule here is certain (no dice): the law has one form, probability 1; the input form
itself when nothing applies.

* P19 the reaction «la recupera cuando empieza su turno» and a prepared action «si no usa
  su acción antes de que llegue su turno nuevamente, ésta se pierde»: the turn start clears
  ``reaction_used`` and ``prepared_action``; the turn's end drops an unused T1 9–10 free
  attack and P23 surprise action (``free_attack``, ``surprise_action``).
* P19 *Recargar*: :func:`fight_blow` makes no blow with an empty counted weapon.

Not modelled, because the form does not hold what it needs (see the package docstring):
P18's ``stable`` (no «breathing again» field: every character at 0 PV gains the point,
the seed's rule for wounds).

P23 Initiative (*Iniciativa*), individual or by side. Seed: «lanzando 1d12 y sumando la AGI
de cada participante … de mayor a menor. Alternativamente … una sola tirada de iniciativa
por cada bando … sumando la AGI más alta».
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any, NamedTuple

from rolkit.dice import RandomSource
from rolkit.errors import check_int, input_error
from rolkit.hooks import Entrant
from rolkit.memo import memo
from rolkit.model import Step
from rolkit.systems.tierkreis.after import with_health
from rolkit.systems.tierkreis.attack.stages import wielded
from rolkit.systems.tierkreis.errors import TierkreisInputError
from rolkit.systems.tierkreis.forms import Combatant, Modifiers, Weapon
from rolkit.systems.tierkreis.options import DEFAULT_OPTIONS, TierkreisOptions
from rolkit.systems.tierkreis.rules.health import DEATH_AT, start_of_turn
from rolkit.systems.tierkreis.tables import FUMBLE_PENALTY_PARTS

__all__ = [
    "fight_blow",
    "OUT_OF_AMMO",
    "turn_start",
    "turn_end",
    "InitiativeEntry",
    "initiative_order",
    "initiative_score",
    "fight_initiative",
]

_KINDS = ("physical", "mental")


def _death_at_turn_start(c: Combatant, options: TierkreisOptions) -> Combatant:
    """P10, G11 The death point at 0 PV, and the literal timing's death at 3 points."""
    if c.dead or (c.death_points >= DEATH_AT and options.death_timing == "immediate"):
        return c  # dead
    if c.pv != 0:
        return c
    state = start_of_turn(c.pv, c.death_points)
    after = with_health(c, state)
    if options.death_timing == "turn_start" and state.status == "dead":
        after = replace(after, dead=True)
    return after


@memo
def _turn_start(c: Combatant, options: TierkreisOptions) -> dict[Combatant, Fraction]:
    after = _death_at_turn_start(c, options)
    if after.defensive_stance and options.stance_ends_at_turn_start:
        after = replace(after, defensive_stance=False)
    if after.reaction_used or after.prepared_action:
        # P19 the reaction «la recupera cuando empieza su turno»; an unused prepared action
        # «si no usa su acción antes de que llegue su turno nuevamente, ésta se pierde»
        after = replace(after, reaction_used=False, prepared_action=False)
    return {after: Fraction(1)}


@memo
def _turn_end(c: Combatant) -> dict[Combatant, Fraction]:
    """P8/T1 One of the fumbler's own turns has ended: a −2 counted 2 (the fumble's turn)
    goes to 1 (its next turn still to come); one at 1 (that next turn) is lifted. A free
    attack (T1 9–10) or a surprise action (P23) not taken in this turn is lost."""
    if c.free_attack or c.surprise_action:
        c = replace(c, free_attack=False, surprise_action=False)
    counts = {k: getattr(c, f"{k}_penalty_turns") for k in _KINDS}
    if not any(counts.values()):
        return {c: Fraction(1)}
    ending = {k for k, n in counts.items() if n == 1}
    changes: dict[str, Any] = {f"{k}_penalty_turns": n - 1 for k, n in counts.items() if n}
    if ending:
        left = [k for k in FUMBLE_PENALTY_PARTS[c.fumble_penalty] if k not in ending]
        changes["fumble_penalty"] = "both" if len(left) == 2 else (left[0] if left else "none")
    return {replace(c, **changes): Fraction(1)}


def _options_of(options: TierkreisOptions | Modifiers) -> TierkreisOptions:
    return options.options if isinstance(options, Modifiers) else options


def turn_start(
    c: Combatant, options: TierkreisOptions | Modifiers = DEFAULT_OPTIONS
) -> dict[Combatant, Fraction]:
    """The law of ``c`` after the start of its own turn (P10, G11, P13):
    ``{c: 1}`` when nothing applies. ``options`` is :class:`TierkreisOptions` (or the
    ``Modifiers`` carrying them). Treat the result as read-only (it is memoised)."""
    return _turn_start(c, _options_of(options))


def turn_end(
    c: Combatant,
    options: TierkreisOptions | Modifiers = DEFAULT_OPTIONS,
    modifiers: Modifiers | None = None,
) -> dict[Combatant, Fraction]:
    """The law of ``c`` when its own turn ends (P8/T1): a fumble's −2 counts down, and
    is lifted at the end of the turn after the fumble's («hasta el final de su próximo
    turno»); ``{c: 1}`` otherwise. It reads the form only (the count is there only if the
    option was on at the fumble), so ``options`` and ``modifiers`` are accepted and unused.
    Treat the result as read-only (it is memoised)."""
    return _turn_end(c)


# --------------------------------------------------------------------------- P19, P24
#: P19 *Recargar* «deben ser recargadas cuando agoten su munición»: why a blow is not made.
OUT_OF_AMMO = (
    "attacker",
    "no tiene munición: debe recargar (una acción)",
    "has no shots left (sin munición): it must reload (Recargar, one action)",
)


def fight_blow(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: TierkreisOptions = DEFAULT_OPTIONS,
    defend: bool = True,
) -> tuple[Modifiers | None, tuple[tuple[str, str, str], ...]]:
    """``SYSTEM.fight_blow``: an attacker whose counted shooting weapon in its hands has no
    shots left makes no blow (P19: it must reload first; ``resolve`` refuses it); any other
    blow is made as asked (a weapon not in its hands is a bare-handed blow, P24)."""
    if wielded(attacker, weapon).shots == 0:
        return None, (OUT_OF_AMMO,)
    return modifiers, ()


# --------------------------------------------------------------------------- P23
class InitiativeEntry(NamedTuple):
    """One combatant in the initiative: its name, AGI, PC or NPC, and its d12 roll."""

    name: str
    agility: int
    is_player: bool
    roll: int


def initiative_score(entry: InitiativeEntry) -> int:
    """P23 ``1d12 + AGI`` (base AGI: conditions do not apply, G16)."""
    check_int(entry.agility, 1, 12, field="agility", cls=TierkreisInputError)
    check_int(entry.roll, 1, 12, field="roll", cls=TierkreisInputError)
    return entry.roll + entry.agility


def initiative_order(entries: Sequence[InitiativeEntry], per_side: bool = False) -> list[str]:
    """P23 The names in acting order.

    Individual: highest ``roll + agility`` first; ties: higher AGI, then PCs before NPCs
    (G16), then the order given. ``per_side=True``: one roll per side (every entry of a side
    must carry it), scored ``roll + highest AGI``; the higher side acts first (tie: the
    players), each side in the order given.

    Raises:
        TierkreisInputError: a side with different rolls, or an AGI/roll out of 1–12.
    """
    scores = [initiative_score(e) for e in entries]
    if not per_side:
        order = sorted(
            range(len(entries)),
            key=lambda i: (-scores[i], -entries[i].agility, not entries[i].is_player, i),
        )
        return [entries[i].name for i in order]
    sides: dict[bool, list[InitiativeEntry]] = {True: [], False: []}
    for e in entries:
        sides[bool(e.is_player)].append(e)
    side_score: dict[bool, int] = {}
    for is_player, members in sides.items():
        if not members:
            continue
        rolls = {e.roll for e in members}
        if len(rolls) != 1:
            side = "players" if is_player else "NPCs"
            raise input_error(
                "roll",
                en=f"by side, all {side} share one initiative roll (got {sorted(rolls)})",
                es=f"por bandos, todos los {'PJ' if is_player else 'PNJ'} comparten una tirada "
                f"(recibido {sorted(rolls)})",
                allowed="one roll per side",
                got=sorted(rolls),
                cls=TierkreisInputError,
            )
        side_score[is_player] = members[0].roll + max(e.agility for e in members)
    first = side_score.get(True, -1) >= side_score.get(False, -1)
    return [e.name for e in sides[first]] + [e.name for e in sides[not first]]


def fight_initiative(
    entries: Sequence[Entrant[Combatant]], rng: RandomSource
) -> tuple[list[str], tuple[Step, ...]]:
    """P23 The System's ``initiative_fn`` for a fight: each combatant, in the order given,
    rolls 1d12 and adds its AGI (``entry.character`` is its :class:`Combatant`); the order
    is :func:`initiative_order` (individual initiative, once per fight)."""
    rolled = []
    steps = []
    for e in entries:
        c = e.character
        roll = int(rng.randint(1, 12))
        entry = InitiativeEntry(e.name, int(c.agility), bool(c.is_player), roll)
        rolled.append(entry)
        steps.append(
            Step(
                "tierkreis.step.initiative",
                (roll,),
                {"agility": entry.agility, "roll": roll, "score": initiative_score(entry)},
                "P23 «lanzando 1d12 y sumando la AGI de cada participante»",
                {"name": e.name},
            )
        )
    return initiative_order(rolled), tuple(steps)
