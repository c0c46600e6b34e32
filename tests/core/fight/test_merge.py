"""Merging fallen forms in the chain (#27 item 3): a combatant out of the fight that only the
rules between attacks still move (a dying character's roll, bleeding) is kept as the first
form of its class under those rules (:meth:`rolkit.fight.laws.Laws.settle`).

* the merged chain gives exactly (Fraction equality) the unmerged chain's law to the end,
  law of the rounds, tail and mean length — on the toy with turn effects (a 2 v 2 with two
  identical foes, to the end and at a horizon), G.O.R.E. (a duel) and PHANTÄSIA
  TIERKREIS (a duel at 1 PV) — with fewer states;
* a form a rule may wake up is kept whole; a dead one is its fate's token; two dying forms
  that differ only in what the rules forget share one class.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import rolkit
from rolkit.fight.chain import Chain
from rolkit.fight.odds import exact
from rolkit.fight.spec import FightSpec
from tests.contract.toy_turn import SYSTEM as TOY
from tests.contract.toy_turn import Combatant, Options, Weapon

D4 = Weapon("1D4")
TOY_2V2 = (
    ("Ana", "A", Combatant(pv=2, pericia=1), D4),
    ("Ben", "A", Combatant(pv=1), D4),
    ("Orco 1", "B", Combatant(pv=2), D4),
    ("Orco 2", "B", Combatant(pv=2), D4),
)


def _chain(system: Any, fighters: Any, merge: bool) -> Chain:
    d = system.defaults()
    options = Options() if system is TOY else system.options_type()
    spec = FightSpec(system.id, tuple(fighters))
    return Chain(system, spec, d["modifiers"], options, {}, {}, (), merge=merge)


def _party(system_id: str, n: int, m: int, **defender: Any) -> tuple[Any, list[Any]]:
    s = rolkit.get_system(system_id)
    d = s.defaults()
    b = dataclasses.replace(d["defender"], **defender)
    a = dataclasses.replace(d["attacker"], **defender)
    fighters = [(f"A{i}", "a", a, d["weapon"]) for i in range(n)]
    fighters += [(f"B{i}", "b", b, d["weapon"]) for i in range(m)]
    return s, fighters


CASES = {
    "toy 2v2 to the end": (TOY, TOY_2V2, None),
    "toy 2v2 in 2 rounds": (TOY, TOY_2V2, 2),
    "gore 1v1": (*_party("gore", 1, 1), None),
    "tierkreis 1v1 at 1 PV": (*_party("tierkreis", 1, 1, pv_current=1), None),
}


@pytest.mark.parametrize("case", list(CASES))
def test_merged_fallen_forms_give_exactly_the_unmerged_law(case: str) -> None:
    system, fighters, rounds = CASES[case]
    whole = exact(_chain(system, fighters, merge=False), rounds, 3, 10**6)
    merged = exact(_chain(system, fighters, merge=True), rounds, 3, 10**6)
    assert merged.marginals == whole.marginals
    assert merged.rounds_law == whole.rounds_law
    assert (merged.p_later, merged.mean_rounds) == (whole.p_later, whole.mean_rounds)
    assert merged.states < whole.states  # the merge happened


def test_what_a_fallen_form_is_kept_as() -> None:
    chain = _chain(TOY, TOY_2V2, merge=True)
    weapon = chain.intern(D4)
    # knocked out: its turn start may wake it up, so it is kept whole
    out = chain.intern(Combatant(pv=2, inconsciente=True))
    assert chain.settle(out, weapon) == (out, weapon)
    # dead: its fate's token
    dead = chain.settle(chain.intern(Combatant(pv=-3)), weapon)
    assert chain.forms[dead.form] is None and chain.status(dead.form) == "dead"
    # dying: the round's end sets Defensas back to 0, so the count it fell with is forgotten
    dying = [chain.settle(chain.intern(Combatant(pv=0, defensas=k)), weapon) for k in (0, 1, 2)]
    assert len(set(dying)) == 1 and chain.status(dying[0].form) == "dying"
    # but not how it bleeds (its fate's law differs)
    bleeding = chain.settle(chain.intern(Combatant(pv=0, sangrado=1)), weapon)
    assert bleeding != dying[0]
