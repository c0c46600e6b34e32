"""#27 item 3: :func:`~rolkit.fight.party_tables.summed` split over two threads past
:data:`~rolkit.fight.party_tables._PARALLEL_MIN` entries gives what it gives on one, bit
for bit (the certified count of roundings rests on the same sums in the same order)."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest

from rolkit.fight import party_tables
from rolkit.fight.party_tables import summed


@pytest.fixture
def two_threads(monkeypatch):
    """:func:`summed` split over two threads from 8 entries on (whatever the cores)."""
    pool = ThreadPoolExecutor(1)
    monkeypatch.setattr(party_tables, "_pool", lambda: pool)
    monkeypatch.setattr(party_tables, "_PARALLEL_MIN", 8)
    yield
    pool.shutdown()


def _one_thread(key: Any, V: Any, width: int) -> tuple[Any, Any, int]:
    """:func:`summed` on one thread (the pool not asked for)."""
    saved = party_tables._PARALLEL_MIN
    party_tables._PARALLEL_MIN = 1 << 62
    try:
        return summed(key.copy(), V, width)
    finally:
        party_tables._PARALLEL_MIN = saved


def _keys(case: str, n: int, rng: Any) -> Any:
    if case == "duplicates":  # ~30 % repeats, some keys many times
        base = rng.integers(0, 1 << 30, size=max(1, n * 7 // 10))
        return np.concatenate([base, rng.choice(base[:50], n - len(base))])
    if case == "equal":
        return np.full(n, 12345, dtype=np.int64)
    if case == "distinct":
        return rng.permutation(n).astype(np.int64) * 3
    if case == "low part empty":  # the pivot is the least key: nothing below it
        return np.where(rng.random(n) < 0.8, 7, rng.integers(8, 1 << 20, size=n))
    if case == "few":
        return rng.integers(0, 3, size=n)
    raise AssertionError(case)


@pytest.mark.parametrize("case", ["duplicates", "equal", "distinct", "low part empty", "few"])
@pytest.mark.parametrize("n", [1, 7, 8, 9, 1000, 100_000])
def test_summed_on_two_threads_is_bit_for_bit_what_it_is_on_one(two_threads, case, n):
    rng = np.random.default_rng(n)
    key = rng.permuted(_keys(case, n, rng).astype(np.int64))
    V = rng.random(n) * np.exp(rng.normal(0, 20, n))  # masses of far apart sizes
    width = 40
    want = _one_thread(key, V, width)
    got = summed(key.copy(), V, width)
    assert got[0].dtype == want[0].dtype and got[1].dtype == want[1].dtype
    assert got[0].tobytes() == want[0].tobytes()
    assert got[1].tobytes() == want[1].tobytes()  # the same floats: same terms, same order
    assert got[2] == want[2]
    assert np.all(got[0][1:] > got[0][:-1])  # distinct, ascending


def test_summed_on_two_threads_sums_each_run_as_on_one(two_threads):
    """Masses whose sum depends on the order of its terms (``u = 2**-53`` and 1: numpy
    adds a run's first term to the sum of the others, ``u + (1 + u + u)`` is 1, ``1 + (u
    + u + u)`` is not): each run, its terms from both halves of ``key``, summed as on one
    thread, in order of position."""
    key = np.arange(16, dtype=np.int64) % 4
    V = np.where((np.arange(16) >= 4) & (np.arange(16) < 8), 1.0, 2.0**-53)  # each run: u 1 u u
    want = _one_thread(key, V, 8)
    got, sums, most = summed(key.copy(), V, 8)
    assert got.tolist() == [0, 1, 2, 3] and most == 4
    assert sums.tobytes() == want[1].tobytes()
    assert sums.tolist() == [1.0] * 4
    assert np.add.reduceat(V[[4, 0, 8, 12]], [0]).tolist() != [1.0]  # the other order differs


def test_the_pool_is_one_thread_and_none_on_one_core(monkeypatch):
    monkeypatch.setattr(party_tables, "_POOL", None)
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0})
    assert party_tables._pool() is None
    monkeypatch.setattr(party_tables, "_POOL", None)
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1, 2, 3})
    pool = party_tables._pool()
    assert pool is party_tables._pool()  # made once
    assert pool._max_workers == 1  # the caller's thread and this one: two cores used
    monkeypatch.setattr(os, "getpid", lambda: -1)  # a forked child: the thread is not there
    again = party_tables._pool()
    assert again is not pool and again is party_tables._pool()
    pool.shutdown()
    again.shutdown()
