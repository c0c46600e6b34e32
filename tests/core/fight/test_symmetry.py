"""Why the chain does not merge identical combatants (#27 item 3): states that differ only
by which of two identical members holds which form are not the same fight. The turn order
and the target policy's tie-break by that order make the first member the one hit first,
and the solve keeps each name's fate per state.

* two identical members of a side end with very different fates (Core Dread 2 v 1: the
  foe attacks the first of them while both are equal);
* a chain whose round starts are replaced by their orbit under permuting that side (its
  slots sorted) gives other fates per name — and here other wins too: who holds which
  form decides who acts first, so even results symmetric in the members may change.

The state counts such a merge could at best leave, per party: ``benchmarks/bench_fight.py``
(``merge_rows``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import rolkit
from rolkit.fight.chain import Chain
from rolkit.fight.odds import exact
from rolkit.fight.result import Key
from rolkit.fight.spec import FightSpec
from rolkit.fight.state import ChainState, StateLaw


class _Orbits(Chain):
    """Each round's start state replaced by its orbit's representative: side ``a``'s
    members' slots sorted (they are identical: same forms, policies and turn block)."""

    def successors(self, state: ChainState, turn: int, first: bool = False) -> StateLaw:
        law = super().successors(state, turn, first)
        if turn != len(self.order) - 1:
            return law
        split = self.sides.index("b")
        acc: dict[ChainState, int] = {}
        for st, w in law.rows:
            key = self.new_state([*sorted(st[:split]), *st[split:]])
            acc[key] = acc.get(key, 0) + w
        return StateLaw(law.den, list(acc.items()))


def _marginals(cls: type[Chain]) -> dict[Key, Fraction]:
    s = rolkit.get_system("core_dread")
    d = s.defaults()
    fighters = [(f"A{i}", "a", d["attacker"], d["weapon"]) for i in range(2)]
    fighters.append(("B0", "b", d["defender"], d["weapon"]))
    chain = cls(s, FightSpec(s.id, tuple(fighters)), d["modifiers"], s.options_type(), {})
    return dict(exact(chain, None, 0, 10**5).marginals)


def _side_totals(law: dict[Key, Fraction], members: range) -> dict[Any, Fraction]:
    out: dict[Any, Fraction] = {}
    for key, p in law.items():
        if key[0] == "fate" and key[1] in members:
            out[key[2]] = out.get(key[2], Fraction(0)) + p
    return out


def test_identical_combatants_are_not_interchangeable_by_name() -> None:
    labelled = _marginals(Chain)
    # the foe hits the first member while both are equal: it dies far more often
    assert labelled[("fate", 0, "dead")] > 1000 * labelled[("fate", 1, "dead")]
    permuted = _marginals(_Orbits)
    assert permuted[("fate", 0, "dead")] != labelled[("fate", 0, "dead")]
    assert permuted[("win", "a")] != labelled[("win", "a")]
    assert _side_totals(permuted, range(2)) != _side_totals(labelled, range(2))
