"""The default duel simulated on the compact state (#27 item 6,
:mod:`~rolkit.systems.ashes_of_war.rules.compact_sample`), its law checked twice:

* per step: from fixed side states (the start, states two blows deep, armour broken, a
  limb lost, the weapon broken), the empirical successor frequencies of
  :func:`draw_blow` over many rows match the compact engine's exact blow law
  (:meth:`CompactDuel.blow`, itself checked state by state against the exact engine in
  ``test_compact_duel.py``): every drawn successor is in its support, and each
  successor's (and each fall's) frequency lies within 5 σ of its chance (+ 1/N);
* per field: whole fights drawn on the compact state agree with the fights drawn one
  at a time from the exact objects (``compact=False``) within 4 σ of the difference, and
  with the certified bounds (:func:`~rolkit.fight.independent.split_bounds`) within 4 σ.

And: the same seed gives the same result (another seed another one), the result has the
simulation's fields, the compact path is taken only where the compact engine applies, a
fight that can never change stands (as the drawn simulation finds after its round cap).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import rolkit
from rolkit.fight import odds_of_fighters
from rolkit.fight.chain import Chain
from rolkit.fight.independent import split_bounds
from rolkit.fight.simulate import Sampler, compact_simulate, simulate
from rolkit.fight.spec import FightSpec
from rolkit.systems.ashes_of_war.forms import evolve
from rolkit.systems.ashes_of_war.options import RulesConfig
from rolkit.systems.ashes_of_war.rules import compact_duel as cd
from rolkit.systems.ashes_of_war.rules import compact_sample as cs
from rolkit.systems.ashes_of_war.system import SYSTEM
from rolkit.systems.ashes_of_war.tables import LOCATIONS

D = SYSTEM.defaults()
RULES = RulesConfig()


def _engine(weapon=None):
    w = D["weapon"] if weapon is None else weapon
    e = cd.compact_duel((D["attacker"], D["defender"]), (w, w), D["modifiers"], RULES, (0, 1))
    assert e is not None
    e.lump = False  # the raw successors, as the sampler draws them
    return e


def _chain(weapon=None, modifiers=None) -> Chain:
    w = D["weapon"] if weapon is None else weapon
    fighters = [("A", "a", D["attacker"], w), ("B", "b", D["defender"], w)]
    spec = FightSpec(SYSTEM.id, tuple(fighters))
    m = D["modifiers"] if modifiers is None else modifiers
    return Chain(SYSTEM, spec, m, SYSTEM.options_type(), {})


def _sigma(p: float, n: int) -> float:
    return math.sqrt(max(p * (1 - p), 1 / n) / n)


# --------------------------------------------------------------------------- per step
def _exact(e, i, words, d):
    """The compact engine's law of one attack with ``d`` ▽ on one state of side ``i``:
    ``{words: p}`` for the standing successors, ``{("fell", code): p}`` for the falls."""
    W = np.array([words], dtype=np.uint64)
    W2, m2, _g, fell = e.blow(i, W, np.ones(1), d)
    out = {tuple(int(x) for x in row): float(p) for row, p in zip(W2, m2, strict=True)}
    out.update({("fell", code): float(p) for code, p in fell.items() if p})
    return out


def _drawn(e, i, words, d, rows, seed):
    W = np.repeat(np.array([words], dtype=np.uint64), rows, axis=0)
    out = cs.draw_blow(e, cs._Laws(e, i), i, W, d, np.random.default_rng(seed))
    fate = cd.get(out, "fate")
    counts: dict[object, int] = {}
    for code in np.unique(fate[fate != 0]):
        counts[("fell", int(code))] = int((fate == code).sum())
    counts.update(_row_counts(out[fate == 0]))
    return counts


def _row_counts(W: np.ndarray) -> dict[tuple[int, ...], int]:
    """How many times each row of ``W`` occurs: ``np.unique(W, axis=0)``'s rows and counts,
    found by viewing each row as one opaque value (its bytes): the same rows and counts in
    another order, at a tenth of the CPU (on every roll of a blow, 5,6 million rows: 9 s
    against 0,7 s)."""
    W = np.ascontiguousarray(W)
    flat = W.view(np.dtype((np.void, W.dtype.itemsize * W.shape[1]))).ravel()
    keys, n = np.unique(flat, return_counts=True)
    rows = keys.view(W.dtype).reshape(-1, W.shape[1])
    return {tuple(int(x) for x in row): int(c) for row, c in zip(rows, n, strict=True)}


def _states(e, i):
    """Fixed side states: the start; armour broken; a limb lost (with its distal part);
    the weapon broken; the four most likely states two blows deep and four unlikely ones."""
    start = e.start[i].copy()
    out = {"start": tuple(int(x) for x in start[0])}
    broken = start.copy()
    for s in range(3):
        cd.put(broken, f"A{s}", 0)
    out["armour broken"] = tuple(int(x) for x in broken[0])
    lost = start.copy()
    k = LOCATIONS.index("right_arm")
    cd.put(lost, "DM", (1 << k) | (1 << LOCATIONS.index("right_hand")))
    cd.put(lost, "BS", 1 << LOCATIONS.index("torso"))
    out["arm lost, bleeding"] = tuple(int(x) for x in lost[0])
    unarmed = start.copy()
    cd.put(unarmed, "WI", 0)
    out["weapon broken"] = tuple(int(x) for x in unarmed[0])
    W, m, _g, _f = e.blow(i, start, np.ones(1), 0)
    W, m, _g, _f = e.blow(i, W, m, 1)
    order = np.argsort(-m)
    for rank, x in enumerate(list(order[:4]) + list(order[len(order) // 2 :: len(order) // 8][:4])):
        out[f"two blows deep #{rank}"] = tuple(int(v) for v in W[x])
    return out


ROWS = 50_000


@pytest.mark.parametrize("i", [0, 1])
def test_a_drawn_blow_follows_the_compact_engines_law(i):
    e = _engine()
    checked = 0
    for name, words in _states(e, i).items():
        for d in (0, 1, e.rules.desgracia_cap + 2):
            exact = _exact(e, i, words, d)
            assert math.isclose(sum(exact.values()), 1.0, rel_tol=1e-12)
            drawn = _drawn(e, i, words, d, ROWS, seed=17 + d)
            outside = set(drawn) - set(exact)
            assert not outside, (name, d, "drawn outside the law's support")
            for key, p in exact.items():
                f = drawn.get(key, 0) / ROWS
                sigma = math.sqrt(p * (1 - p) / ROWS)
                assert abs(f - p) <= 5 * sigma + 1 / ROWS, (name, d, key, f, p)
                checked += 1
    assert checked > 300


class _Grid:
    """A stand-in ``Generator`` whose three draws of :func:`draw_blow` (the hit roll, the
    T4 roll over 20, the damage roll) run through every combination once: over its
    rows, each draw's law is exactly the uniform one the real draws have."""

    def __init__(self, dens: tuple[int, int, int]) -> None:
        self.dens = dens
        self.calls = 0

    def integers(self, low, high, size=None):
        rows = self.dens[0] * self.dens[1] * self.dens[2]
        high = np.broadcast_to(np.asarray(high), (rows,))
        assert low == 0 and int(high[0]) == self.dens[self.calls]
        inner = 1
        for den in self.dens[self.calls + 1 :]:
            inner *= den
        self.calls += 1
        return np.arange(rows) // inner % int(high[0])


@pytest.mark.parametrize("name", ["start", "armour broken", "arm lost, bleeding"])
def test_every_roll_once_gives_the_compact_engines_law_exactly(name):
    """Every roll of one attack enumerated (no chance involved): the share of the rows
    that leads to each successor is its chance in the compact engine's law, to the float
    rounding of that law — the draws read each roll exactly as the law counts it."""
    e = _engine()
    i = 1
    words = _states(e, i)[name]
    laws = cs._Laws(e, i)
    dens = (int(laws.hit_den[0]), 20, laws.dx)
    rows = dens[0] * dens[1] * dens[2]
    W = np.repeat(np.array([words], dtype=np.uint64), rows, axis=0)
    out = cs.draw_blow(e, laws, i, W, 0, _Grid(dens))
    fate = cd.get(out, "fate")
    drawn: dict[object, int] = {}
    for code in np.unique(fate[fate != 0]):
        drawn[("fell", int(code))] = int((fate == code).sum())
    drawn.update(_row_counts(out[fate == 0]))
    exact = _exact(e, i, words, 0)
    assert set(drawn) == set(exact)
    for key, p in exact.items():
        assert math.isclose(drawn[key] / rows, p, rel_tol=1e-9), (key, drawn[key] / rows, p)


# --------------------------------------------------------------------------- per round
def _engine_rounds(e, rounds):
    """The compact engine's exact (float) chance of each end ``(winner, fates)`` in each
    of the first ``rounds`` rounds, its turns pushed with no cut (the whole law)."""
    ended: dict[object, float] = {}
    terms = [[e.start[0], np.ones(1), e.start[1], np.ones(1)]]
    per: dict[object, float] = {}
    for r in range(1, rounds + 1):
        before = dict(ended)
        for t, i in enumerate(e.order):
            terms = e.turn(terms, i, 0.0, ended)
            if t == len(e.order) - 1:
                terms = e.round_end(terms, ended)
        for key, mass in ended.items():
            if mass - before.get(key, 0.0) > 0:
                per[(*key, r)] = mass - before.get(key, 0.0)
    return per


def test_the_first_two_rounds_follow_the_compact_engines_whole_turns():
    """Each ``(winner, fates, round)`` of the fights drawn with a cap of two rounds within
    4 σ of the engine's whole turns (recover, both attacks with their ▽, the round's
    bleeding): what the per-step check does not see, the steps put together."""
    e = _engine()
    exact = _engine_rounds(e, 2)
    n = 200_000
    drawn = {
        (g.winner, tuple(g.fates), g.round): g.n / n
        for g in cs.sample_duel(_engine(), n, seed=21, cap=2)
        if g.ended
    }
    assert set(drawn) <= set(exact)
    for key, p in exact.items():
        f = drawn.get(key, 0.0)
        assert abs(f - p) <= 4 * _sigma(p, n), (key, f, p)
    going = 1 - sum(exact.values())
    standing = sum(g.n for g in cs.sample_duel(_engine(), n, 21, 2) if not g.ended) / n
    assert abs(standing - going) <= 4 * _sigma(going, n)


# --------------------------------------------------------------------------- per field
FIELDS = [
    ("win", "a"),
    ("win", "b"),
    ("draw",),
    ("fate", 0, None),
    ("fate", 0, "dead"),
    ("fate", 0, "down"),
    ("fate", 1, None),
    ("fate", 1, "dead"),
    ("fate", 1, "down"),
]


def test_whole_fights_agree_with_the_fights_drawn_one_at_a_time():
    n_new, n_old = 100_000, 3_000
    new = simulate(_chain(), None, None, n_new, seed=3)
    old = simulate(_chain(), None, None, n_old, seed=3, compact=False)
    keys = set(FIELDS) | set(new.marginals) | set(old.marginals)
    for key in keys:
        p, q = float(new.marginals.get(key, 0)), float(old.marginals.get(key, 0))
        tol = 4 * math.hypot(_sigma((p + q) / 2, n_new), _sigma((p + q) / 2, n_old))
        assert abs(p - q) <= tol, (key, p, q, tol)
    for r in set(new.rounds_law) | set(old.rounds_law):
        p, q = float(new.rounds_law.get(r, 0)), float(old.rounds_law.get(r, 0))
        tol = 4 * math.hypot(_sigma((p + q) / 2, n_new), _sigma((p + q) / 2, n_old))
        assert abs(p - q) <= tol, ("round", r, p, q)
    assert float(new.marginals[("win", "a")]) > 0.7  # the fields are filled


def test_whole_fights_lie_within_the_certified_bounds():
    n = 100_000
    new = simulate(_chain(), None, None, n, seed=4)
    b = split_bounds(_chain(), seconds=2.0)
    assert b.unknown < Fraction(1, 2)
    for key in FIELDS:
        lo = float(b.lower.get(key, 0))
        hi = lo + float(b.unknown)
        p = float(new.marginals.get(key, 0))
        tol = 4 * _sigma(p, n)
        assert lo - tol <= p <= hi + tol, (key, lo, p, hi)


# --------------------------------------------------------------------------- the result
def _odds(seed, simulations=10_000, **kw):
    fighters = [("A", "a", D["attacker"], D["weapon"]), ("B", "b", D["defender"], D["weapon"])]
    return odds_of_fighters(
        SYSTEM, fighters, method="simulate", simulations=simulations, seed=seed, **kw
    )


def test_the_same_seed_replays_the_same_result_and_the_fields_are_the_simulations():
    rolkit.clear_caches()
    a = _odds(5)
    rolkit.clear_caches()
    assert _odds(5) == a
    assert _odds(6) != a
    assert a.method == "simulated" and a.n == 10_000 and a.margin is not None
    assert 0 < a.margin < 0.01  # ± under 1 pp at n = 10 000, as the README states
    assert set(a.p_win) == {"a", "b"} and a.bounds == {}
    total = sum(a.p_win.values(), Fraction(0)) + a.p_draw + a.p_ongoing
    assert total == 1


def test_the_compact_path_is_taken_only_where_the_compact_engine_applies(monkeypatch):
    calls = {"n": 0}
    fight = Sampler.fight

    def counted(self, cap, rng):
        calls["n"] += 1
        return fight(self, cap, rng)

    monkeypatch.setattr(Sampler, "fight", counted)
    simulate(_chain(), None, None, 20, seed=1)
    assert calls["n"] == 0
    blunt = evolve(D["weapon"], damage_type="blunt")
    assert compact_simulate(_chain(weapon=blunt), 200, 10, 20, seed=1) is None
    simulate(_chain(weapon=blunt), None, None, 20, seed=1)
    assert calls["n"] == 20
    core = rolkit.get_system("core_dread")
    cd_ = core.defaults()
    fighters = [
        ("A", "a", cd_["attacker"], cd_["weapon"]),
        ("B", "b", cd_["defender"], cd_["weapon"]),
    ]
    chain = Chain(
        core, FightSpec(core.id, tuple(fighters)), cd_["modifiers"], core.options_type(), {}
    )
    assert compact_simulate(chain, 200, 10, 5, seed=1) is None


def test_a_fight_that_can_never_change_stands_as_the_drawn_one_finds():
    broken = evolve(D["weapon"], integrity=0)
    new = simulate(_chain(weapon=broken), None, None, 50, seed=1)
    old = simulate(_chain(weapon=broken), None, None, 3, seed=1, compact=False)
    assert new.marginals == old.marginals
    assert new.marginals[("going",)] == 1 and new.p_later == 0
    # a fight capped at 3 rounds stands as well where it has not ended
    capped = simulate(_chain(), 3, None, 2_000, seed=1)
    assert 0 < capped.marginals.get(("going",), 0) < 1
