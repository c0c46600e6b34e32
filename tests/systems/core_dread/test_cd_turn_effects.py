"""Core Dread: the rule at the end of a round (``SYSTEM.round_end``), §4.3.

«Cada personaje tiene un solo turno por asalto»; a defence «hace uso de su turno» (§4.3.6):
a blow defended spends ``turn_available`` and the defender cannot defend again that round
(G23, ``defence_requires_turn``); the round's end gives the turn back, so the next round's
attack may be defended again, with the same law as against the fresh defender. Certain law
(no dice); the form itself when nothing is spent; no ``turn_start``.
"""

from __future__ import annotations

import dataclasses

import pytest

from rolkit import RulesError
from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread import Combatant, CoreDreadOptions, Modifiers
from rolkit.systems.core_dread.presets import ANA, BAT, BRUNO

S = cd.SYSTEM
DODGE = Modifiers(defence="dodge")


def only(law: dict) -> Combatant:
    assert sum(law.values()) == 1
    ((form, p),) = law.items()
    assert p == 1
    return form


def test_nothing_to_apply_returns_the_form_unchanged():
    for c in (S.defaults()["defender"], ANA, BRUNO, dataclasses.replace(ANA, dead=True)):
        assert only(S.round_end(c)) == c
        assert only(S.turn_start(c)) == c
    assert S.turn_start_fn is None and S.has_turn_effects
    spent_dead = dataclasses.replace(ANA, dead=True, turn_available=False)
    assert only(S.round_end(spent_dead)) == spent_dead


def test_a_defence_spends_the_turn_and_the_round_end_gives_it_back():
    law = S.transitions(BRUNO, ANA, BAT, DODGE)
    spent = [d for (_a, d) in law]
    assert spent and all(not d.turn_available for d in spent)
    with pytest.raises(RulesError):  # G23: no second defence in the same round
        S.odds(BRUNO, spent[0], BAT, DODGE)
    for d in spent:
        back = only(S.round_end(d))
        if d.dead:  # the dead take no more turns
            assert back is d
            continue
        assert back == dataclasses.replace(d, turn_available=True)
    dodged = [d for d in spent if dataclasses.replace(d, turn_available=True) == ANA]
    assert len(dodged) == 1
    fresh = only(S.round_end(dodged[0]))
    assert fresh == ANA
    assert S.odds(BRUNO, fresh, BAT, DODGE).fate() == S.odds(BRUNO, ANA, BAT, DODGE).fate()


def test_it_applies_whatever_the_option():
    """Without ``defence_requires_turn`` the mark changes no rule, and is given back too."""
    off = CoreDreadOptions(defence_requires_turn=False)
    spent = dataclasses.replace(ANA, turn_available=False)
    assert only(S.round_end(spent, off)) == ANA
