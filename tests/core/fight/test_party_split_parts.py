"""The parts of the party split (#27 item 3, :mod:`rolkit.fight.party_split`) its speed
rests on, each against a plain reference: the merge of equal entries
(:func:`~rolkit.fight.party_split.summed`), the table of turn laws by (actor slot, foe
state) (:class:`~rolkit.fight.party_split.PairTable`), a side's round-end rules as one
law (:meth:`~rolkit.fight.party_split._Laws.round_end`) and the cut of the next pass
(:func:`~rolkit.fight.party_split._next_cut`). The whole split is checked against exact
solves in ``test_party_split.py``."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import rolkit
from rolkit.fight.party_split import (
    _AIM,
    _ALPHA,
    _ALPHA_RANGE,
    _GROWTH,
    _STEP,
    _STEP_LEAST,
    _STEP_MOST,
    _Laws,
    _next_cut,
    _Run,
)
from rolkit.fight.party_tables import BITS, PairTable, summed
from rolkit.fight.result import collect_bounds
from rolkit.fight.state import Slot
from tests.core.fight.test_bounds import assert_inside
from tests.core.fight.test_party_split import CASES, _chain


@pytest.mark.parametrize("n", [1, 2, 7, 1000, 5000])
def test_summed_gives_each_distinct_key_once_ascending_with_its_sum_and_the_most_terms(n):
    rng = random.Random(n)
    keys = [rng.randrange(1 << 26) if n > 7 else rng.randrange(3) for _ in range(n)]
    keys += keys[: n // 3]  # repeats
    masses = [rng.random() for _ in keys]
    exact: dict[int, Fraction] = {}
    terms: dict[int, int] = {}
    for k, v in zip(keys, masses, strict=True):
        exact[k] = exact.get(k, Fraction(0)) + Fraction(v)
        terms[k] = terms.get(k, 0) + 1
    got, sums, most = summed(np.asarray(keys, dtype=np.int64), np.asarray(masses))
    assert got.tolist() == sorted(exact)
    assert most == max(terms.values())
    for k, s in zip(got.tolist(), sums.tolist(), strict=True):
        # at most terms - 1 roundings of the sum: within γ of the exact sum (all ≥ 0)
        assert abs(Fraction(s) - exact[k]) <= exact[k] * Fraction(terms[k], 2**52)


@pytest.mark.parametrize(
    ("keys", "most"),
    [
        ([5, 3, 9, 1], 1),  # every key distinct
        ([4, 1, 4, 2, 4, 1], 3),  # the longest run is the last key's
        ([7, 7, 2], 2),
        ([3, 3, 3], 3),  # one run
    ],
)
def test_summed_counts_the_last_run_and_keys_all_distinct(keys, most):
    masses = [float(i + 1) for i in range(len(keys))]
    got, sums, terms = summed(np.asarray(keys, dtype=np.int64), np.asarray(masses))
    assert got.tolist() == sorted(set(keys))
    assert terms == most
    assert sums.tolist() == [
        sum(v for k2, v in zip(keys, masses, strict=True) if k2 == k) for k in got.tolist()
    ]


def test_pair_table_gives_back_each_pairs_rows_and_asks_for_each_missing_pair_once():
    table = PairTable()
    c = np.asarray([0, 3, 0, 20, 3], dtype=np.intp)
    y = np.asarray([5, 1, 5, 900, 1], dtype=np.intp)
    missing = table.missing(c, y)
    assert sorted((int(c[e]), int(y[e])) for e in missing) == [(0, 5), (3, 1), (20, 900)]
    laws = {
        (0, 5): [(1, 6, 0.25), (0, 5, 0.75)],
        (3, 1): [(4, 2, 1.0)],
        (20, 900): [(2, 7, 0.5), (3, 8, 0.125), (4, 9, 0.375)],
    }
    for (ci, yi), rows in laws.items():
        table.put(ci, yi, rows)
    assert not len(table.missing(c, y))
    # a pair past the arrays' first shape: they grow, the rows put before stay
    table.put(40, 3000, [(0, 0, 1.0)])
    laws[(40, 3000)] = [(0, 0, 1.0)]
    start, count, codes, ys, ps = table.arrays()
    for (ci, yi), rows in laws.items():
        at = slice(int(start[ci, yi]), int(start[ci, yi]) + int(count[ci, yi]))
        got = list(zip(codes[at].tolist(), ys[at].tolist(), ps[at].tolist(), strict=True))
        assert got == rows
    assert count[1, 1] == -1  # never put: not in yet


def _met(case: str, cut: float) -> tuple[_Laws, _Run]:
    s, spec, policy = CASES[case]
    laws = _Laws(_chain(s, spec, policy))
    run = _Run(laws, cut, 0.0, float("inf"))
    run.play()
    return laws, run


@pytest.mark.parametrize("case", ["gore-2v2-dying", "gore-2v2-begun"])
def test_a_sides_round_end_law_is_the_chains_round_end_law_on_its_states(case):
    """The chain's round-end rules on a joint state (:meth:`Chain.hook_rows`) are the
    product of each side's law (independence, exact), and each side's law is
    :meth:`_Laws.round_end`, each chance the float nearest the exact one."""
    laws, _run = _met(case, 1e-6)
    chain = laws.chain
    a, b = laws.sides
    moved = 0
    for x in range(len(a.states))[:40]:
        for y in range(len(b.states))[:40]:
            slots = [Slot(0, 0)] * len(chain.sides)
            for side, z in ((a, x), (b, y)):
                for k, j in enumerate(side.members):
                    slots[j] = side.states[z][k]
            law = chain.hook_rows(chain.new_state(slots), None, "end")
            joint: dict[tuple[int, int], Fraction] = {}
            for st, w in law.rows:
                pair = (
                    a.add(tuple(st[j] for j in a.members)),
                    b.add(tuple(st[j] for j in b.members)),
                )
                joint[pair] = joint.get(pair, Fraction(0)) + Fraction(w, law.den)
            sides = []
            for s, z in ((0, x), (1, y)):
                margin: dict[int, Fraction] = {}
                for pair, p in joint.items():
                    margin[pair[s]] = margin.get(pair[s], Fraction(0)) + p
                sides.append(margin)
                mine = laws.round_end(s, z)
                if mine is None:
                    assert margin == {z: 1}
                else:
                    moved += 1
                    assert dict(zip(*mine, strict=True)) == {k: float(p) for k, p in margin.items()}
            assert joint == {
                (xa, yb): pa * pb for xa, pa in sides[0].items() for yb, pb in sides[1].items()
            }
    assert moved  # the case has round-end rules that move someone


def test_after_one_pass_the_next_cut_is_a_tenth_or_aims_under_the_width_by_the_set_exponent():
    cut, width, ample = 1e-7, 0.01, 1e9
    assert 0 < _ALPHA < 1  # the mass dropped falls slower than the cut (module constants)
    assert _next_cut([(cut, 1.2 * width, 2.0)], width, ample) == pytest.approx(cut * _STEP)
    # tenfold over the width: the cut falls faster (aimed at _AIM of the width)
    want = cut * (_AIM / 10.25) ** (1 / _ALPHA)
    assert _next_cut([(cut, 10.25 * width, 2.0)], width, ample) == pytest.approx(want)
    assert want < cut * _AIM / 10.25
    assert _next_cut([(cut, 1.0e6 * width, 2.0)], width, ample) == pytest.approx(cut * _STEP_LEAST)


def test_after_two_passes_the_next_cut_aims_by_the_exponent_they_show():
    width, ample = 0.005, 1e9
    # Tierkreis 4 v 4's first two passes: the unknown falls as cut ** 0.56, not as the cut
    passes = [(1e-7, 0.0767, 2.5), (6.52e-9, 0.0165, 5.5)]
    alpha = math.log(0.0767 / 0.0165) / math.log(1e-7 / 6.52e-9)
    want = 6.52e-9 * (_AIM * width / 0.0165) ** (1 / alpha)
    assert _next_cut(passes, width, ample) == pytest.approx(want)
    assert want < 6.52e-9 * _STEP  # finer than a proportional aim (a tenth)
    # an exponent out of range is clamped: nothing saved by the finer pass
    flat = [(1e-7, 0.02, 2.0), (1e-8, 0.02, 3.0)]
    low = _ALPHA_RANGE[0]
    assert _next_cut(flat, 0.01, ample) == pytest.approx(1e-8 * 0.25 ** (1 / low))


def test_the_next_cut_is_the_finest_predicted_to_finish_in_the_time_left():
    width = 0.0001  # an aim far finer than the time allows
    cut, seconds = 1e-7, 2.5
    left = 7.5
    fits = cut * (seconds / left) ** (1 / _GROWTH)
    assert _next_cut([(cut, 0.1, seconds)], width, left) == pytest.approx(fits)
    # time for the aim itself: the aim
    aim = cut * (_AIM * 0.1) ** (1 / _ALPHA)
    assert _next_cut([(cut, 0.1, seconds)], 0.01, 1e9) == pytest.approx(aim)
    # a pass's time grew faster between the last two passes: it is predicted so
    passes = [(1e-6, 0.5, 1.0), (1e-7, 0.1, 4.0)]
    growth = math.log(4.0) / math.log(10.0)
    assert growth > _GROWTH
    assert _next_cut(passes, width, 40.0) == pytest.approx(cut * (4.0 / 40.0) ** (1 / growth))
    # no finer pass is begun where none is predicted to finish, or hardly finer
    assert _next_cut([(cut, 0.1, seconds)], width, seconds) is None
    assert _next_cut([(cut, 0.1, seconds)], width, seconds * 1.1) is None
    assert _next_cut([(cut, 0.1, seconds)], width, seconds / _STEP_MOST**_GROWTH * 1.01) == (
        pytest.approx(cut * (_STEP_MOST / 1.01 ** (1 / _GROWTH)))
    )


@pytest.mark.parametrize("case", ["nsd20-2v2", "gore-2v2-begun", "tierkreis-2v2-hurt"])
def test_a_side_laws_entries_merged_as_a_full_sum_and_settle_would(case, monkeypatch):
    """:meth:`_Run._merged` (the moved entries summed, merged into the others and alone
    settled) ends the fight as summing every entry again and settling them all does, and
    counts at least as many roundings."""
    merge = _Run._merged
    calls = []

    def merged_and_checked(run: _Run, key: Any, val: Any, n: int) -> None:
        merge(run, key, val, n)
        calls.append(len(run.V))
        x, y = run._ids(0)
        out0, out1 = run.laws.sides[0].arrays()[0], run.laws.sides[1].arrays()[0]
        assert not (out0[x] | out1[y]).any()  # what ended is absorbed at once
        assert (run.cut <= run.V).all()
        assert (np.diff(run.K) > 0).all()  # sorted, distinct

    monkeypatch.setattr(_Run, "_merged", merged_and_checked)
    laws, merged = _met(case, 1e-9)
    assert calls

    def summed_again(run: _Run, key: Any, val: Any, n: int) -> None:
        run._store(key, val)
        run.settle()

    monkeypatch.setattr(_Run, "_merged", summed_again)
    again = _Run(laws, 1e-9, 0.0, float("inf"))
    again.play()
    assert merged.ended.keys() == again.ended.keys()
    for at, mass in again.ended.items():
        assert merged.ended[at] == pytest.approx(mass, rel=1e-12)
    assert merged.flops >= again.flops


def test_merged_sums_into_the_entries_kept_absorbs_what_ended_and_drops_under_the_cut():
    """:meth:`_Run._merged` on entries made up: a moved entry on a kept one's pair is
    added to it (one rounding more counted), one where a side is all out ends (its
    fates' mass), one under the cut is dropped, a new one is put in its sorted place."""
    laws, run = _met("tierkreis-2v1-dying", 1e-9)
    out0, fa, _c = laws.sides[0].arrays()
    out1, fb, _c = laws.sides[1].arrays()
    live0 = np.flatnonzero(~out0)[:3].tolist()
    live1 = np.flatnonzero(~out1)[:2].tolist()
    gone = int(np.flatnonzero(out0)[0])
    assert len(live0) == 3 and len(live1) == 2

    def pair(x: int, y: int) -> int:
        return x << BITS | y

    kept = sorted([pair(live0[0], live1[0]), pair(live0[2], live1[1])])
    moved = [
        (pair(live0[2], live1[1]), 0.25),  # onto a kept entry
        (pair(gone, live1[0]), 0.125),  # side A all out: ends
        (pair(live0[1], live1[1]), 1e-12),  # under the cut
        (pair(live0[1], live1[0]), 0.0625),  # new
        (pair(live0[1], live1[0]), 0.0625),  # and again: summed
    ]
    key = np.asarray(kept + [k for k, _v in moved], dtype=np.int64)
    val = np.asarray([0.5, 0.5] + [v for _k, v in moved])
    run.cut, run.ended, run.flops = 1e-9, {}, 0
    run._merged(key, val, len(kept))
    assert run.K.tolist() == sorted([*kept, pair(live0[1], live1[0])])
    got = dict(zip(run.K.tolist(), run.V.tolist(), strict=True))
    assert got[pair(live0[2], live1[1])] == 0.75
    assert got[pair(live0[1], live1[0])] == 0.125
    assert got[pair(live0[0], live1[0])] == 0.5
    assert run.ended == {(int(fa[gone]), int(fb[live1[0]])): 0.125}
    # the law's two roundings, the longest sum (two moved terms, or one and the kept
    # entry's: 2 + 1 counted) and the mass ended (one term, one more rounding)
    assert run.flops == 2 + 3 + 2


def test_the_split_begins_no_pass_its_schedule_says_cannot_finish(monkeypatch):
    """Where :func:`_next_cut` gives ``None`` (no finer pass predicted to finish in the
    time left) the split stops there, with the best pass's bounds (still sound), and gives
    :func:`_next_cut` each finished pass's cut, unknown and time."""
    from rolkit.fight import party_split as split_module
    from rolkit.fight.party_split import party_split

    s, spec, policy = CASES["gore-2v2"]
    seen: list[list[tuple[float, float, float]]] = []

    def nothing_fits(passes: list[tuple[float, float, float]], width: float, left: float):
        seen.append(list(passes))
        return None

    played: list[float] = []
    play = split_module._Run.play

    def counted(run: Any) -> None:
        played.append(run.cut)
        play(run)

    monkeypatch.setattr(split_module, "_next_cut", nothing_fits)
    monkeypatch.setattr(split_module._Run, "play", counted)
    monkeypatch.setattr(split_module, "_FIRST_CUT", 1.0)  # a first pass too coarse
    b, _counts = party_split(_chain(s, spec, policy), Fraction(1, 100), seconds=300)
    assert played == [0.01] and len(seen) == 1
    ((cut, unknown, seconds),) = seen[0]
    assert cut == 0.01 and unknown == float(b.unknown) > 0.01 and 0 < seconds <= b.seconds
    exact = rolkit.fight_odds(spec, system=s, policy=policy, method="exact", rounds_shown=0)
    per = {f[0]: policy for f in spec.fighters}
    r = collect_bounds(
        s, spec, _chain(s, spec, policy), b.lower, b.unknown, b.explored, ("", ""), per
    )
    assert_inside(r, exact)
