"""P11 the Esfuerzo extra state machine's refusals (:mod:`rolkit.systems.nsd20.rules.effort`)."""

from __future__ import annotations

import pytest

import rolkit
from rolkit.systems import nsd20
from rolkit.systems.nsd20 import (
    Combatant,
    EffortEvent,
    EffortState,
    NSd20InputError,
)

S = rolkit.get_system("nsd20")
E1_A = Combatant(dexterity=14, strength=12, attack_base=3)
E1_D = Combatant(dexterity=12, reflexes_base=2, pr_max=20, serious_wound_threshold=10)


# --------------------------------------------------------------------------- effort
@pytest.mark.parametrize(
    ("state", "event", "match"),
    [
        (
            EffortState(),
            EffortEvent(kind="use_effort", benefit="speed", stressful=False),
            "stressful",
        ),
        (
            EffortState(),
            EffortEvent(kind="use_effort", benefit="check_bonus", roll="attack"),
            "attack or damage",
        ),
        (EffortState(), EffortEvent(kind="spend_action_point"), "no Esfuerzo extra fatigue"),
        (EffortState(pending=True), EffortEvent(kind="spend_action_point"), "Puntos de Acción"),
        (
            EffortState(undo_available=True),
            EffortEvent(kind="start_of_turn", spend_action_point=True),
            "Puntos de Acción",
        ),
        (
            EffortState(action_points=2),
            EffortEvent(kind="start_of_turn", spend_action_point=True),
            "no Esfuerzo extra fatigue",
        ),
    ],
)
def test_effort_refusals(state, event, match):
    with pytest.raises(NSd20InputError, match=match):
        nsd20.effort_step(state, event)


def test_spending_an_action_point_in_the_same_round_cancels_the_fatigue():
    s = nsd20.effort_step(
        EffortState(action_points=1), EffortEvent(kind="use_effort", benefit="carry")
    )
    s = nsd20.effort_step(s, EffortEvent(kind="spend_action_point"))
    s = nsd20.effort_step(s, EffortEvent(kind="start_of_round"))
    assert (s.fatigue, s.pending, s.action_points) == ("normal", False, 0)


def test_effort_events_are_validated():
    with pytest.raises(NSd20InputError):
        EffortEvent(kind="sleep")
    with pytest.raises(NSd20InputError):
        EffortEvent(kind="use_effort")  # a benefit is required
    with pytest.raises(NSd20InputError):
        EffortState(fatigue=2)  # fatigue is a name, never a number
