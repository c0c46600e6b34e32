"""P11 Esfuerzo extra (extra effort): the fatigue state machine [seed].

Seed: «Un Esfuerzo extra es una acción gratuita … sólo una vez por turno y únicamente en
situaciones “estresantes”»; «Al inicio del asalto inmediatamente después del Esfuerzo
extra, quedas Fatigado … de Exhausto a Inconsciente. Puedes gastar un Punto de Acción en
ese mismo asalto, o al inicio del turno siguiente … para eliminar la fatiga».
States and events are frozen dataclasses; :func:`effort_step` returns a new state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rolkit.errors import RulesError, check_choice, input_error, shown
from rolkit.systems.nsd20.errors import NSd20InputError
from rolkit.systems.nsd20.tables import EFFORT_BENEFITS, FATIGUE_LEVELS

__all__ = ["EffortState", "EffortEvent", "effort_step", "EVENT_KINDS", "ROLLS"]

EVENT_KINDS = ("use_effort", "spend_action_point", "start_of_round", "start_of_turn")
ROLLS = ("check", "save", "attack", "damage")


@dataclass(frozen=True)
class EffortState:
    """P11 The effort-relevant state of one character (``fatigue`` is a name, never a number)."""

    fatigue: str = "normal"
    pending: bool = False
    undo_available: bool = False
    used_this_turn: bool = False
    action_points: int = 0

    def __post_init__(self) -> None:
        check_choice(self.fatigue, FATIGUE_LEVELS, field="fatigue", cls=NSd20InputError)
        points = self.action_points
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise input_error(
                "action_points",
                en=f"action_points must be a whole number from 0 (got {shown(points)})",
                es=f"action_points debe ser un número entero de 0 (recibido {shown(points)})",
                allowed="a whole number from 0",
                got=points,
                cls=NSd20InputError,
            )
        for name in ("pending", "undo_available", "used_this_turn"):
            check_choice(getattr(self, name), (False, True), field=name, cls=NSd20InputError)


@dataclass(frozen=True)
class EffortEvent:
    """P11 One event: ``use_effort`` (with a T3 ``benefit``), ``spend_action_point``,
    ``start_of_round`` or ``start_of_turn`` (``spend_action_point`` read only there)."""

    kind: str
    benefit: str | None = None
    stressful: bool = True
    roll: str = "check"
    spend_action_point: bool = False

    def __post_init__(self) -> None:
        check_choice(self.kind, EVENT_KINDS, field="kind", cls=NSd20InputError)
        check_choice(self.roll, ROLLS, field="roll", cls=NSd20InputError)
        if self.kind == "use_effort":
            benefits = tuple(EFFORT_BENEFITS)
            check_choice(self.benefit, benefits, field="benefit", cls=NSd20InputError)
        elif self.benefit is not None:
            raise input_error(
                "benefit",
                en=f"Only use_effort takes a benefit (kind is {self.kind})",
                es=f"Solo use_effort lleva un beneficio (el evento es {self.kind})",
                allowed="empty",
                got=self.benefit,
                cls=NSd20InputError,
            )


def _refuse(en: str, es: str, got: object) -> RulesError:
    """P11 A refused event (an :class:`NSd20InputError` on the field ``effort``)."""
    return input_error(
        "effort", en=en, es=es, allowed="a legal Esfuerzo extra", got=got, cls=NSd20InputError
    )


def _use_effort(state: EffortState, event: EffortEvent) -> EffortState:
    if state.fatigue == "inconsciente":
        raise _refuse(
            "An Inconsciente (unconscious) character cannot use an Esfuerzo extra",
            "Un personaje Inconsciente no puede usar un Esfuerzo extra",
            state.fatigue,
        )
    if state.used_this_turn:
        raise _refuse(
            "An Esfuerzo extra can be used once per turn",
            "El Esfuerzo extra solo se puede usar una vez por turno",
            True,
        )
    if not event.stressful:
        raise _refuse(
            "An Esfuerzo extra needs a stressful situation (one where you cannot take 10 or 20)",
            "El Esfuerzo extra solo vale en situaciones estresantes (sin poder elegir 10 o 20)",
            False,
        )
    if event.benefit == "check_bonus" and event.roll in ("attack", "damage"):
        raise _refuse(
            "The +5 check bonus does not apply to attack or damage rolls",
            "El +5 a una prueba no se aplica a tiradas de Ataque o Daño",
            event.roll,
        )
    return replace(state, used_this_turn=True, pending=True)


def _spend_action_point(state: EffortState) -> EffortState:
    if not state.pending:
        raise _refuse(
            "There is no Esfuerzo extra fatigue to cancel this round",
            "No hay fatiga de Esfuerzo extra que cancelar en este asalto",
            False,
        )
    if state.action_points < 1:
        raise _refuse("No Puntos de Acción left", "No quedan Puntos de Acción", 0)
    return replace(state, pending=False, action_points=state.action_points - 1)


def _start_of_round(state: EffortState) -> EffortState:
    if not state.pending:
        return replace(state, undo_available=False)
    level = min(3, FATIGUE_LEVELS.index(state.fatigue) + 1)
    return replace(state, fatigue=FATIGUE_LEVELS[level], pending=False, undo_available=True)


def _start_of_turn(state: EffortState, event: EffortEvent) -> EffortState:
    if event.spend_action_point:
        if not state.undo_available:
            raise _refuse(
                "There is no Esfuerzo extra fatigue to cancel at this turn",
                "No hay fatiga de Esfuerzo extra que cancelar en este turno",
                False,
            )
        if state.action_points < 1:
            raise _refuse("No Puntos de Acción left", "No quedan Puntos de Acción", 0)
        level = FATIGUE_LEVELS.index(state.fatigue) - 1
        state = replace(state, fatigue=FATIGUE_LEVELS[level], action_points=state.action_points - 1)
    return replace(state, undo_available=False, used_this_turn=False)


def effort_step(state: EffortState, event: EffortEvent) -> EffortState:
    """P11 The state after ``event``.

    Raises:
        NSd20InputError: a second use in one turn, use while Inconsciente or outside a
            stressful situation, a +5 check bonus on an attack or damage roll, or spending
            a Punto de Acción with nothing to cancel or none left.
    """
    if event.kind == "use_effort":
        return _use_effort(state, event)
    if event.kind == "spend_action_point":
        return _spend_action_point(state)
    if event.kind == "start_of_round":
        return _start_of_round(state)
    return _start_of_turn(state, event)
