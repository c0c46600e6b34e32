"""Balance sweeps on Dask (#16 item 5, #27 item 6): a small grid of matchups run on a
two-worker ``LocalCluster`` (the reused one ``scheduler="local"`` starts, through its Client
and through its scheduler's address) equals the serial sweep exactly, row by row, Fractions
included; a grid too small to pay for a cluster runs serially without starting one."""

from __future__ import annotations

from dataclasses import replace

import pytest

import rolkit
from rolkit import RulesError, balance
from rolkit.balance import COLUMNS, exact_equal, matchups, sweep, vary

SYSTEM_ID = "core_dread"


def grid(s: rolkit.System):
    d = s.defaults()
    role, name = s.grid_axes[0]
    base = getattr(d["attacker"], name)
    left = vary(d["attacker"], name, [base, base + 1])
    right = {"defecto": d["defender"], "herido": (d["defender"], d["weapon"])}
    return left, right


def test_a_sweep_on_two_local_workers_equals_the_serial_one_exactly(monkeypatch):
    s = rolkit.get_system(SYSTEM_ID)
    left, right = grid(s)
    serial = sweep(s, left, right, scheduler=None, rounds=3)
    assert list(serial.columns) == list(COLUMNS) and len(serial) == 4
    assert set(serial["left"]) == set(left) and set(serial["right"]) == set(right)
    # below the crossover (here a cluster made dear to start: the test does not hang on
    # the machine's load) "local" finishes serially and starts no cluster
    monkeypatch.setattr(balance, "CLUSTER_START_S", 1e9)
    small = sweep(s, left, right, progress=False, rounds=3)
    assert not balance._LOCAL and exact_equal(serial, small)
    # past it (a cluster made free to start) the LocalCluster is started once and reused
    monkeypatch.setattr(balance, "CLUSTER_START_S", 0.0)
    try:
        spread = sweep(s, left, right, progress=False, rounds=3)
        client, cluster = balance._LOCAL[2]
        assert len(client.scheduler_info()["workers"]) == 2
        again = sweep(s, left, right, progress=False, rounds=3)
        assert balance._LOCAL[2][0] is client  # reused, not started again
        by_client = sweep(s, left, right, scheduler=client, progress=False, rounds=3)
        by_address = sweep(
            s, left, right, scheduler=cluster.scheduler_address, progress=False, rounds=3
        )
    finally:
        balance.close_local()
    assert not balance._LOCAL
    for other in (spread, again, by_client, by_address):
        assert exact_equal(serial, other)
    assert serial[["p_left", "p_right", "p_draw", "p_ongoing"]].equals(
        spread[["p_left", "p_right", "p_draw", "p_ongoing"]]
    )
    for row in serial.itertuples():
        assert row.p_left_exact + row.p_right_exact + row.p_draw_exact <= 1
        assert row.p_left_low == row.p_left == row.p_left_high  # exact: a point
    better = serial[serial["left"] == list(left)[1]]["p_left"].tolist()
    worse = serial[serial["left"] == list(left)[0]]["p_left"].tolist()
    assert all(b >= w for b, w in zip(better, worse, strict=True))
    assert balance.crossover_seconds(2) == 2 * balance.CLUSTER_START_S


def test_exact_equal_notices_a_changed_probability():
    from fractions import Fraction

    import pandas as pd

    a = pd.DataFrame(
        [
            {
                "left": "x",
                "right": "y",
                "p_left_exact": Fraction(1, 3),
                "p_right_exact": Fraction(2, 3),
                "p_draw_exact": Fraction(0),
                "states": 4,
            }
        ]
    )
    b = a.copy()
    b.loc[0, "p_left_exact"] = Fraction(1, 3) + Fraction(1, 10**30)
    assert exact_equal(a, a.copy()) and not exact_equal(a, b)


def test_matchups_name_parties_and_pairs():
    s = rolkit.get_system(SYSTEM_ID)
    d = s.defaults()
    party = [("Ana", d["attacker"], d["weapon"]), ("Bea", d["attacker"], d["weapon"])]
    grid_ = matchups(s, {"grupo": party}, {"bestia": d["defender"]})
    spec = grid_[("grupo", "bestia")]
    assert [f[0] for f in spec.fighters] == ["grupo: Ana", "grupo: Bea", "bestia"]
    assert [f[1] for f in spec.fighters] == ["left", "left", "right"]
    assert vary(d["attacker"], s.grid_axes[0][1], [1]) == {
        f"{s.grid_axes[0][1]}=1": replace(d["attacker"], **{s.grid_axes[0][1]: 1})
    }
    with pytest.raises(RulesError):
        sweep(s, {}, {"x": d["defender"]}, scheduler=None)
