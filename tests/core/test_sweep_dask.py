"""Balance sweeps on Dask (#16 item 5): a small grid of matchups run on a two-worker
``LocalCluster`` (through a Client and through the scheduler's address) equals the serial
sweep exactly, row by row, Fractions included."""

from __future__ import annotations

from dataclasses import replace

import pytest

import rolkit
from rolkit import RulesError
from rolkit.balance import COLUMNS, exact_equal, matchups, sweep, vary

SYSTEM_ID = "core_dread"


def grid(s: rolkit.System):
    d = s.defaults()
    role, name = s.grid_axes[0]
    base = getattr(d["attacker"], name)
    left = vary(d["attacker"], name, [base, base + 1])
    right = {"defecto": d["defender"], "herido": (d["defender"], d["weapon"])}
    return left, right


def test_a_sweep_on_two_local_workers_equals_the_serial_one_exactly():
    s = rolkit.get_system(SYSTEM_ID)
    from dask.distributed import Client, LocalCluster

    left, right = grid(s)
    serial = sweep(s, left, right, scheduler=None, rounds=3)
    assert list(serial.columns) == list(COLUMNS) and len(serial) == 4
    assert set(serial["left"]) == set(left) and set(serial["right"]) == set(right)
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        assert len(client.scheduler_info()["workers"]) == 2
        spread = sweep(s, left, right, scheduler=client, progress=False, rounds=3)
        by_address = sweep(
            s, left, right, scheduler=cluster.scheduler_address, progress=False, rounds=3
        )
    assert exact_equal(serial, spread) and exact_equal(serial, by_address)
    assert serial[["p_left", "p_right", "p_draw", "p_ongoing"]].equals(
        spread[["p_left", "p_right", "p_draw", "p_ongoing"]]
    )
    for row in serial.itertuples():
        assert row.p_left_exact + row.p_right_exact + row.p_draw_exact <= 1
    better = serial[serial["left"] == list(left)[1]]["p_left"].tolist()
    worse = serial[serial["left"] == list(left)[0]]["p_left"].tolist()
    assert all(b >= w for b, w in zip(better, worse, strict=True))


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
