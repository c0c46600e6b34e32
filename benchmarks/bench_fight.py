"""Whole-fight odds (#16): exact fights per system, the Monte Carlo alternative at equal
error, parties in Core Dread, and a balance sweep serial against a two-worker Dask cluster.

Rows, for each system whose after-state law is declared:

* the 1v1 fight at default forms (default attacker + weapon against default defender +
  weapon, the attacker first) solved exactly to the end (median, caches cleared), with
  its number of states — and the law of the rounds walked too (what the Combate tab shows);
* the same fight simulated with n = 9 604 fights (a 95 % interval of ± 1 pp at p = ½),
  and how far its win chance landed from the exact one;
* Core Dread 2v2 and 3v3 (exact, or the simulation it switched to and why);
* a 4 × 3 sweep of Core Dread matchups: serial, then on a 2-worker ``LocalCluster``
  (cluster start-up shown apart), and the speed-up.

The per-system icepool absorbing chains (the same 1v1 fight written as
``icepool.map(step, state, repeat='inf')``) are in each system's own benchmark module.
"""

from __future__ import annotations

import time
from typing import Any

import rolkit
from benchmarks.timing import Ratio, median_seconds
from rolkit.fight import odds_of_fighters
from rolkit.systems import available

EQUAL_ERROR_N = 9_604  # 1.96² · ¼ / 0.01²: ± 1 pp at 95 %


def _duel(s: rolkit.System) -> list[tuple[str, str, Any, Any]]:
    d = s.defaults()
    return [("A", "a", d["attacker"], d["weapon"]), ("B", "b", d["defender"], d["weapon"])]


def _party(s: rolkit.System, n: int) -> list[tuple[str, str, Any, Any]]:
    d = s.defaults()
    return [(f"A{i}", "a", d["attacker"], d["weapon"]) for i in range(n)] + [
        (f"B{i}", "b", d["defender"], d["weapon"]) for i in range(n)
    ]


def _timed(fn: Any) -> tuple[Any, float]:
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def _fresh(fn: Any) -> Any:
    def run() -> Any:
        rolkit.clear_caches()
        return fn()

    return run


def duel_rows(system_id: str) -> list[tuple[str, float, str]]:
    s = rolkit.get_system(system_id)
    fighters = _duel(s)
    exact = odds_of_fighters(s, fighters, rounds_shown=0)
    if not exact.exact:  # past the bound: say why, and time the simulation it runs instead
        sim, t_sim = _timed(
            _fresh(lambda: odds_of_fighters(s, fighters, simulations=2000, rounds_shown=0))
        )
        return [
            (
                f"{system_id}: 1v1 NOT exact — {exact.reason[1]}",
                t_sim,
                f"{sim.label('en')}; P(A wins) {float(sim.p_win['a']):.3f}",
            )
        ]
    t_exact = median_seconds(_fresh(lambda: odds_of_fighters(s, fighters, rounds_shown=0)), 3, 0)
    t_walk = median_seconds(_fresh(lambda: odds_of_fighters(s, fighters)), 3, 0)
    sim, t_sim = _timed(
        _fresh(
            lambda: odds_of_fighters(
                s, fighters, method="simulate", simulations=EQUAL_ERROR_N, rounds_shown=0
            )
        )
    )
    off = abs(float(sim.p_win["a"] - exact.p_win["a"]))
    win = float(exact.p_win["a"])
    return [
        (
            f"{system_id}: 1v1 exact to the end",
            t_exact,
            f"{exact.states} states, P(A wins) {win:.4f}",
        ),
        (f"{system_id}: 1v1 exact + law of the rounds", t_walk, "what the Combate tab computes"),
        (
            f"{system_id}: 1v1 simulated, n = {EQUAL_ERROR_N}",
            t_sim,
            f"± {100 * (sim.margin or 0):.2f} pp; landed {100 * off:.2f} pp off",
        ),
        (f"{system_id}: simulated / exact", Ratio(t_sim / t_exact), "≥ 1: exact is faster"),
    ]


def party_rows() -> list[tuple[str, float, str]]:
    s = rolkit.get_system("core_dread")
    rows = []
    for n in (2, 3):
        rolkit.clear_caches()
        r, t = _timed(lambda n=n: odds_of_fighters(s, _party(s, n), rounds_shown=0))
        how = f"exact, {r.states} states" if r.exact else f"{r.label('en')} — {r.reason[1]}"
        rows.append((f"core_dread: {n}v{n} to the end", t, how))
    return rows


#: The parties of #27 item 3: 4 v 4 in every system, 4 v 6 in Core Dread and G.O.R.E.
PARTIES = [(system_id, 4, 4) for system_id in available()] + [
    ("core_dread", 4, 6),
    ("gore", 4, 6),
]
#: The bound on the states counted in a party's first round (unmerged, they explode).
ROUND_CAP = 50_000


def _sides(s: rolkit.System, n: int, m: int) -> list[tuple[str, str, Any, Any]]:
    d = s.defaults()
    return [(f"A{i}", "a", d["attacker"], d["weapon"]) for i in range(n)] + [
        (f"B{i}", "b", d["defender"], d["weapon"]) for i in range(m)
    ]


def _first_round_states(s: rolkit.System, n: int, m: int, merge: bool) -> str:
    """The distinct states of a party's first round, fallen forms merged or not."""
    from rolkit.fight.chain import Chain, TooLarge
    from rolkit.fight.spec import FightSpec

    d = s.defaults()
    spec = FightSpec(s.id, tuple(_sides(s, n, m)))
    chain = Chain(s, spec, d["modifiers"], s.options_type(), {}, {}, (), merge=merge)
    try:
        return f"{chain.explore(ROUND_CAP, rounds=1):,}"
    except TooLarge:
        return f"> {ROUND_CAP:,}"


def parties_rows() -> list[tuple[str, float, str]]:
    """#27 item 3 (helper party27's section): each party bounded to 1 pp in a 10 s budget —
    the time, the width reached and the turns explored — and the states of its first round
    before and after merging fallen forms (:meth:`rolkit.fight.laws.Laws.settle`)."""
    from fractions import Fraction

    rows = []
    for system_id, n, m in PARTIES:
        s = rolkit.get_system(system_id)
        if not s.has_transitions:
            continue
        rolkit.clear_caches()
        r, t = _timed(
            lambda s=s, n=n, m=m: odds_of_fighters(
                s,
                _sides(s, n, m),
                method="bounds",
                width=Fraction(1, 100),
                seconds=10,
                rounds_shown=0,
            )
        )
        if r.exact:
            reached = "exact"
        elif r.width is None:  # the cut chain could not be solved: simulated
            reached = f"{r.label('en')} — {(r.reason or ('', ''))[1]}"
        else:
            reached = f"width {100 * float(r.width):.2f} pp"
        before = _first_round_states(s, n, m, merge=False)
        after = _first_round_states(s, n, m, merge=True)
        rows.append(
            (
                f"{system_id}: {n}v{m} bounded to 1 pp, 10 s budget",
                t,
                f"{reached}, {r.states:,} turns explored; round 1: {before} states "
                f"unmerged, {after} merged",
            )
        )
    return rows


def sweep_rows() -> list[tuple[str, float, str]]:
    from dask.distributed import Client, LocalCluster

    from rolkit.balance import exact_equal, sweep, vary

    s = rolkit.get_system("core_dread")
    d = s.defaults()
    _role, axis = s.grid_axes[0]
    base = getattr(d["attacker"], axis)
    left = vary(d["attacker"], axis, [base - 1, base, base + 1, base + 2])
    right = {f"defensor {i}": d["defender"] for i in range(1)}
    right.update({name: form for name, form in list(s.presets["defender"].items())[:2]})
    rolkit.clear_caches()
    serial, t_serial = _timed(lambda: sweep(s, left, right, scheduler=None))
    cluster, t_start = _timed(
        lambda: LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        )
    )
    try:
        with Client(cluster) as client:
            spread, t_spread = _timed(
                lambda: sweep(s, left, right, scheduler=client, progress=False)
            )
    finally:
        cluster.close()
    same = "equal to the serial frame" if exact_equal(serial, spread) else "DIFFERS"
    n = len(serial)
    return [
        (f"sweep {n} Core Dread matchups: serial", t_serial, ""),
        ("sweep: LocalCluster start-up (2 workers)", t_start, "once per session"),
        (f"sweep {n} matchups on 2 workers", t_spread, same),
        ("sweep speed-up, 2 workers / serial", Ratio(t_serial / t_spread), "start-up apart"),
    ]


def run() -> list[tuple[str, float, str]]:
    rows: list[tuple[str, float, str]] = []
    for system_id in rolkit.systems():
        if rolkit.get_system(system_id).has_transitions:
            rows += duel_rows(system_id)
    if rolkit.get_system("core_dread").has_transitions:
        rows += party_rows()
    rows += parties_rows()
    if rolkit.get_system("core_dread").has_transitions:
        rows += sweep_rows()
    return rows
