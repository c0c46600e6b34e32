"""P11 Esfuerzo extra (extra effort): the fatigue state machine [seed].

Seed: «Un Esfuerzo extra es una acción gratuita … sólo una vez por turno y únicamente en
situaciones “estresantes”»; «Al inicio del asalto inmediatamente después del Esfuerzo
extra, quedas Fatigado … de Exhausto a Inconsciente. Puedes gastar un Punto de Acción en
ese mismo asalto, o al inicio del turno siguiente … para eliminar la fatiga».
States and events are frozen dataclasses; :func:`effort_step` returns a new state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rolkit.systems.nsd20.errors import NSd20InputError, check_choice, check_int, fail
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
        check_choice("fatigue", self.fatigue, FATIGUE_LEVELS)
        check_int("action_points", self.action_points, 0)
        for name in ("pending", "undo_available", "used_this_turn"):
            check_choice(name, getattr(self, name), (False, True))


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
        check_choice("kind", self.kind, EVENT_KINDS)
        check_choice("roll", self.roll, ROLLS)
        if self.kind == "use_effort":
            check_choice("benefit", self.benefit, tuple(EFFORT_BENEFITS))
        elif self.benefit is not None:
            raise fail(
                "benefit",
                f"only use_effort takes a benefit (kind is {self.kind})",
                f"solo use_effort lleva un beneficio (el evento es {self.kind})",
                allowed="empty",
                got=self.benefit,
            )


def _refuse(en: str, es: str, got: object) -> NSd20InputError:
    return fail("effort", en, es, allowed="a legal Esfuerzo extra", got=got)


def _use_effort(state: EffortState, event: EffortEvent) -> EffortState:
    if state.fatigue == "inconsciente":
        raise _refuse(
            "an Inconsciente (unconscious) character cannot use an Esfuerzo extra",
            "un personaje Inconsciente no puede usar un Esfuerzo extra",
            state.fatigue,
        )
    if state.used_this_turn:
        raise _refuse(
            "an Esfuerzo extra can be used once per turn",
            "el Esfuerzo extra solo se puede usar una vez por turno",
            True,
        )
    if not event.stressful:
        raise _refuse(
            "an Esfuerzo extra needs a stressful situation (one where you cannot take 10 or 20)",
            "el Esfuerzo extra solo vale en situaciones estresantes (sin poder elegir 10 o 20)",
            False,
        )
    if event.benefit == "check_bonus" and event.roll in ("attack", "damage"):
        raise _refuse(
            "the +5 check bonus does not apply to attack or damage rolls",
            "el +5 a una prueba no se aplica a tiradas de Ataque o Daño",
            event.roll,
        )
    return replace(state, used_this_turn=True, pending=True)


def _spend_action_point(state: EffortState) -> EffortState:
    if not state.pending:
        raise _refuse(
            "there is no Esfuerzo extra fatigue to cancel this round",
            "no hay fatiga de Esfuerzo extra que cancelar en este asalto",
            False,
        )
    if state.action_points < 1:
        raise _refuse("no Puntos de Acción left", "no quedan Puntos de Acción", 0)
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
                "there is no Esfuerzo extra fatigue to cancel at this turn",
                "no hay fatiga de Esfuerzo extra que cancelar en este turno",
                False,
            )
        if state.action_points < 1:
            raise _refuse("no Puntos de Acción left", "no quedan Puntos de Acción", 0)
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
