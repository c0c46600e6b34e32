"""Between attacks: the turn effects (P10, P11) and the initiative of the fight tracker.

P11 The rule that acts when a round (*asalto*) ends and the next begins (issue #16
follow-up): ``SYSTEM.round_end``. Nothing acts at the start of a combatant's own turn that
the forms can carry, so the system declares no ``turn_start``.

Seed: «Al inicio del asalto inmediatamente después del Esfuerzo extra, quedas Fatigado …
de Fatigado a Exhausto, de Exhausto a Inconsciente. Puedes gastar un Punto de Acción en
ese mismo asalto, o al inicio del turno siguiente … para eliminar la fatiga»; «sólo una vez
por turno».

An attack made with the Esfuerzo extra leaves ``effort_used_this_turn`` set (its fatigue
pending, :func:`~.attack.attack_effort`). When the round ends: the fatigue comes, one step
of the ladder (normal → Fatigado → Exhausto → Inconsciente), through the contract's own
state machine (:func:`~.rules.effort.effort_step`, ``start_of_round``); with the option
``effort_spends_action_point`` a character with a Punto de Acción left spends it instead
and does not tire (the seed's «en ese mismo asalto»: the same end as spending it at the
start of its next turn). Either way the once-per-turn mark is cleared here, since no turn
of that character comes between the round's start and its own turn (P11 clears it at the
start of its turn): a second round's Esfuerzo extra is then allowed.

The law is certain (no dice): one form, probability 1; ``{c: 1}`` (the same object) when
no Esfuerzo extra was used.

Aturdido (P10/P16, «cannot act for ``stun_rounds``») is not a rule between attacks: each
round of it is the turn it costs, so it is counted where that turn is lost, in
:func:`turn_end` (``stun_rounds_left`` one down per lost turn; the last lifts it). A
turn-start or round-end count would miss by a turn: the turn start comes before the lost
turn, and the round's end after the turns that follow it in the round (Esquiva would come
back late).

Not modelled, because the form does not hold it: the one-round T3 benefits (carry,
speed), an Inconsciente's Fortaleza CD 10 «each minute» (P15: ten rounds, no counter) and
Moribundo's progression (no rule in the seed, G10).

§2.1 Iniciativa (:func:`roll_initiative`, ``SYSTEM.initiative_fn``): d20 + Iniciativa
(= Reflejos total, NSd20 S2). The roll itself and the tie rule are the d20 SRD's
[SRD-assumed]: everyone rolls d20 + Iniciativa once, at the start of the fight (in order
of entry); equal totals act by the higher Iniciativa modifier, and combatants still tied
roll a d20 again, as often as needed, in order of entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rolkit.dice import RandomSource
from rolkit.hooks import Entrant
from rolkit.initiative import reroll_ties
from rolkit.memo import memo
from rolkit.model import Step
from rolkit.systems.nsd20.attack.key import NSd20Step
from rolkit.systems.nsd20.forms import Combatant, Modifiers, Weapon, evolve_form
from rolkit.systems.nsd20.messages import CITE
from rolkit.systems.nsd20.options import DEFAULT_RULES, NSd20Rules
from rolkit.systems.nsd20.rules.derived import initiative
from rolkit.systems.nsd20.rules.effort import EffortEvent, EffortState, effort_step
from rolkit.systems.nsd20.rules.wounds import fate

__all__ = [
    "round_end",
    "turn_end",
    "fight_blow",
    "LOSES_TURN",
    "roll_initiative",
    "MAX_ROLL_OFFS",
]


@memo
def round_end(c: Combatant, rules: NSd20Rules = DEFAULT_RULES) -> dict[Combatant, Fraction]:
    """The law of ``c`` when the round ends (P11): the pending fatigue of an Esfuerzo extra
    used this round, unless a Punto de Acción was spent against it (the free action
    ``action_point``, ``action_point_spent``, or the option); ``{c: 1}`` when none was
    used. Fatigue that came from the Esfuerzo stays ``effort_fatigue_undoable`` until the
    end of the combatant's next turn (P11 «o al inicio del turno siguiente»: the
    ``action_point`` action takes it off). Treat the result as read-only (it is
    memoised)."""
    if not c.effort_used_this_turn:
        if c.effort_fatigue_undoable:  # its chance was «al inicio del turno siguiente»
            return {evolve_form(c, effort_fatigue_undoable=False): Fraction(1)}
        return {c: Fraction(1)}
    state = EffortState(
        fatigue=c.fatigue,
        pending=not c.action_point_spent,
        used_this_turn=True,
        action_points=c.action_points,
    )
    if state.pending and rules.effort_spends_action_point and state.action_points >= 1:
        state = effort_step(state, EffortEvent(kind="spend_action_point"))
    state = effort_step(state, EffortEvent(kind="start_of_round"))
    undoable = state.undo_available
    state = effort_step(state, EffortEvent(kind="start_of_turn"))
    after = evolve_form(
        c,
        fatigue=state.fatigue,
        action_points=state.action_points,
        effort_used_this_turn=state.used_this_turn,
        action_point_spent=False,
        effort_fatigue_undoable=undoable,
    )
    return {after: Fraction(1)}


def _loses_turn(c: Combatant, rules: NSd20Rules) -> bool:
    """P10/P16 Aturdido «cannot act»: its own turn is lost (``stunned_cannot_act``). Only
    for one who could act otherwise: down or dying, it has lost its turns anyway, and
    its Aturdido is left as it is (a fight then keeps only its fate)."""
    return (
        c.stunned
        and rules.stunned_cannot_act
        and fate(c.wound_state, c.pr, c.fatigue, rules) is None
    )


@memo
def turn_end(
    c: Combatant, rules: NSd20Rules = DEFAULT_RULES, modifiers: Modifiers | None = None
) -> dict[Combatant, Fraction]:
    """P10/P16 The law of ``c`` when its own turn ends: an Aturdido combatant has lost
    that turn, and with it one round of its Aturdido — ``stun_rounds_left`` counts one
    down, or, at 0 (its last round; a one-round Aturdido is always there), Aturdido wears
    off, and it has its Esquiva back (P4) for the turns after. ``{c: 1}`` otherwise, and
    with ``stunned_cannot_act`` off (the GM clears Aturdido). The chance to take back an
    Esfuerzo's fatigue with a Punto de Acción (P11, «al inicio del turno siguiente») ends
    with the turn. Treat the result as read-only (it is memoised)."""
    if c.effort_fatigue_undoable:  # P11: the start of its turn has passed
        c = evolve_form(c, effort_fatigue_undoable=False)
    if not _loses_turn(c, rules):
        return {c: Fraction(1)}
    if c.stun_rounds_left > 0:
        return {evolve_form(c, stun_rounds_left=c.stun_rounds_left - 1): Fraction(1)}
    return {evolve_form(c, stunned=False): Fraction(1)}


#: The reason an Aturdido combatant makes no blow (the fight's log, whole-fight notes).
LOSES_TURN = (
    "attacker",
    "está Aturdido: pierde este turno",
    "is Aturdido (stunned): loses this turn",
)


def fight_blow(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: NSd20Rules = DEFAULT_RULES,
    defend: bool = True,
) -> tuple[Modifiers | None, tuple[tuple[str, str, str], ...]]:
    """``SYSTEM.fight_blow``: an Aturdido attacker makes no blow, its turn passes (P16;
    ``resolve`` refuses the attack, as a GM expects); any other blow is made as asked."""
    if _loses_turn(attacker, rules):
        return None, (LOSES_TURN,)
    return modifiers, ()


# --------------------------------------------------------------------------- initiative
MAX_ROLL_OFFS = 100


def roll_initiative(
    entries: Sequence[Entrant[Combatant]], rng: RandomSource
) -> tuple[list[str], list[Step]]:
    """``System.initiative_fn``: the names in acting order, and one step per die."""
    steps: list[Step] = []
    keys: dict[str, list[int]] = {}
    for e in entries:
        character = e.character if isinstance(e.character, Combatant) else Combatant()
        modifier = initiative(character)
        natural = rng.randint(1, 20)
        keys[e.name] = [natural + modifier, modifier]
        steps.append(
            NSd20Step(
                "nsd20.step.initiative",
                (natural,),
                {"natural": natural, "modifier": modifier, "total": natural + modifier},
                CITE["initiative"],
                {"name": e.name},
            )
        )

    def roll_off(name: str) -> tuple[int, Step]:
        natural = rng.randint(1, 20)
        step = NSd20Step(
            "nsd20.step.initiative_tie",
            (natural,),
            {"natural": natural},
            CITE["initiative_tie"],
            {"name": name},
        )
        return natural, step

    order, tie_steps = reroll_ties(keys, roll_off, MAX_ROLL_OFFS)
    return order, steps + tie_steps
