"""A turn of actions is memoised by the slots it reads, the actor's and its foes'
(:meth:`rolkit.fight.acting.Acting.turn_rows`): states that differ only in the actor's
allies share it. On every turn of a small party fight, the memoised rows equal the rows
built afresh, in the same order."""

import rolkit
from rolkit.fight.chain import Chain
from rolkit.fight.spec import FightSpec


def test_a_turn_memoised_by_the_actor_and_its_foes_equals_the_turn_built_afresh():
    s = rolkit.get_system("gore")
    d = s.defaults()
    fighters = [
        ("A0", "a", d["attacker"], d["weapon"]),
        ("A1", "a", d["attacker"], d["weapon"]),
        ("B0", "b", d["defender"], d["weapon"]),
    ]
    chain = Chain(s, FightSpec(s.id, tuple(fighters)), d["modifiers"], s.options_type(), {})
    assert chain.multi  # a turn of actions
    chain.explore(100_000, rounds=2)
    compared = 0
    for state in list(chain._states.values()):
        if chain.terminal(state):
            continue
        for actor in range(len(fighters)):
            assert chain.turn_rows(state, actor) == chain._turn_rows(state, actor)
            compared += 1
    assert compared > 2 * len(chain._turns)  # most turns came from the memo
