"""What makes the drawn simulation cheaper changes nothing it draws (#27 item 6):

* the cyclic collector is paused while the fights are drawn and is on again after, also
  when a draw raises, and left alone when it was off; the resolving path (``direct=False``,
  kept for the side-by-side benchmark) does not touch it;
* an action that leaves a form as it was keeps that form's id (:meth:`Sampler._after`): the
  drawn ids are those interning every form gives, over many draws of the default duel;
* the same seed gives the same fights whether the collector runs or not.
"""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

import rolkit
import rolkit.fight.simulate as simulate_mod
from rolkit.fight.acting import ActKey
from rolkit.fight.chain import Chain
from rolkit.fight.simulate import Sampler, simulate
from rolkit.fight.spec import FightSpec
from rolkit.fight.state import After
from rolkit.systems.ashes_of_war.system import SYSTEM

gc_isenabled = gc.isenabled  # the real one, kept before a test replaces it


def _duel() -> Chain:
    d = SYSTEM.defaults()
    fighters = [("A", "a", d["attacker"], d["weapon"]), ("B", "b", d["defender"], d["weapon"])]
    spec = FightSpec(SYSTEM.id, tuple(fighters))
    return Chain(SYSTEM, spec, d["modifiers"], SYSTEM.options_type(), {})


def _watched(monkeypatch: pytest.MonkeyPatch, fail: bool = False) -> list[bool]:
    """Record whether the collector runs at each fight (``fail``: the second one raises)."""
    seen: list[bool] = []
    fight = Sampler.fight

    def watched(self: Sampler, cap: int, rng: random.Random) -> Any:
        seen.append(gc.isenabled())
        if fail and len(seen) == 2:
            raise RuntimeError("a draw that fails")
        return fight(self, cap, rng)

    monkeypatch.setattr(Sampler, "fight", watched)
    return seen


def test_the_collector_is_paused_while_drawing_and_on_again_after(monkeypatch):
    seen = _watched(monkeypatch)
    assert gc.isenabled()
    simulate(_duel(), None, None, 3, seed=1, compact=False)
    assert seen == [False] * 3 and gc.isenabled()


def test_the_collector_is_on_again_when_a_draw_raises(monkeypatch):
    seen = _watched(monkeypatch, fail=True)
    with pytest.raises(RuntimeError, match="a draw that fails"):
        simulate(_duel(), None, None, 3, seed=1, compact=False)
    assert seen == [False, False] and gc.isenabled()


def test_a_collector_already_off_stays_off_and_resolving_leaves_it_alone(monkeypatch):
    seen = _watched(monkeypatch)
    gc.disable()
    try:
        simulate(_duel(), None, None, 2, seed=1, compact=False)
        assert seen == [False, False] and not gc.isenabled()
    finally:
        gc.enable()
    simulate(_duel(), None, None, 2, seed=1, direct=False, compact=False)
    assert seen[2:] == [True, True] and gc.isenabled()


def test_an_action_keeps_the_ids_of_the_forms_it_left_as_they_were(monkeypatch):
    """Every direct draw of a simulated default duel gives the ids interning each form
    gives; some draws left a form as it was (a miss), some changed it."""
    checked: dict[str, int] = {"kept": 0, "new": 0}
    after = Sampler._after

    def compared(self: Sampler, key: ActKey, ctx: Any, a: Any, d: Any, w: Any) -> After:
        got = after(self, key, ctx, a, d, w)
        c = self.chain
        assert got == After(c.intern(a), c.intern(d), c.intern(w))
        checked["kept" if d is ctx.target else "new"] += 1
        return got

    monkeypatch.setattr(Sampler, "_after", compared)
    simulate(_duel(), None, None, 40, seed=2, compact=False)
    assert checked["kept"] > 10 and checked["new"] > 10


@pytest.fixture
def own_heap() -> Any:
    """The objects the process held before the test are frozen (:func:`gc.freeze`: kept out
    of every collection until the end of the test), so a full collection walks what the
    test made. In ``make test`` a worker holds everything its earlier files cached: there
    each of the 40 collections below walked that whole heap (the test took 508 s)."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def test_the_same_seed_gives_the_same_fights_with_the_collector_running(monkeypatch, own_heap):
    rolkit.clear_caches()
    paused = simulate(_duel(), None, None, 40, seed=9, compact=False)
    # told the collector is off, simulate leaves it on; it runs before every fight, over
    # every object made since the test began (own_heap)
    monkeypatch.setattr(simulate_mod.gc, "isenabled", lambda: False)
    fight = Sampler.fight

    def collected(self: Sampler, cap: int, rng: random.Random) -> Any:
        assert gc.collect() >= 0 and gc_isenabled()
        return fight(self, cap, rng)

    monkeypatch.setattr(Sampler, "fight", collected)
    rolkit.clear_caches()
    running = simulate(_duel(), None, None, 40, seed=9, compact=False)
    assert running == paused
    assert simulate(_duel(), None, None, 40, seed=10, compact=False) != paused
