"""``Laws.hook_law`` (the rules between attacks on one interned form: turn start, turn end,
round end) answers a one-form law without the general mixing: for every system, over a
spread of forms (fresh, wounded, fallen), each law equals the system's own rule mixed over
the lcm of its denominators here, row by row (the one-form laws, the fast path, met in every
system: in the default fights every hook law met is of one form)."""

from __future__ import annotations

import math

import pytest

import rolkit
from rolkit.fight.laws import HOOKS, Laws

SYSTEMS = ("core_dread", "gore", "nsd20", "tierkreis", "ashes_of_war")


def rule_law(s, which, c, options, modifiers):
    if which == "turn_end":
        return s.turn_end(c, options, modifiers)
    return (s.turn_start if which == "start" else s.round_end)(c, options)


@pytest.mark.parametrize("sid", SYSTEMS)
def test_each_hook_law_is_the_rule_mixed_over_its_denominators(sid: str) -> None:
    s = rolkit.get_system(sid)
    d = s.defaults()
    options = s.default_options
    laws = Laws(s, d["modifiers"], options)
    law = s.transitions(d["attacker"], d["defender"], d["weapon"], d["modifiers"])
    forms = list(dict.fromkeys([d["attacker"], d["defender"], *(k[1] for k in law)]))
    ones = 0
    for c in forms:
        fid = laws.intern(c)
        for which in HOOKS:
            want_law = rule_law(s, which, c, options, d["modifiers"])
            den = math.lcm(*(p.denominator for p in want_law.values()))
            want = tuple(
                (laws.intern(f), p.numerator * (den // p.denominator)) for f, p in want_law.items()
            )
            assert laws.hook_law(which, fid) == (den, want), (which, c)
            ones += len(want_law) == 1
    assert ones > 0  # the fast path met
