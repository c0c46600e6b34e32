"""Whole-fight odds (#16, #27): each system's fight beside its peers, parties in Core
Dread, and a balance sweep serial against a two-worker Dask cluster.

Rows, for each system whose after-state law is declared (:func:`peer_rows`, #27 item 7):

* the 1v1 fight at default forms (default attacker + weapon against default defender +
  weapon, the attacker first) to its end, cold: its states, CPU time and whether it is
  exact or bounded (the width of its certified bounds; Ashes of War's duel is past the
  exact bound);
* the same fight as an icepool absorbing chain (``icepool.map(step, state,
  repeat='inf')``, written in each system's own benchmark module, run in its own process
  with a CPU limit: :func:`run_limited`): its win law asserted equal to rolkit's exact one
  before its time is shown, and the ratio icepool / rolkit (target ≥ 2); a chain stopped
  at its limit (NSd20's at PR 20) gives "> limit" and the ratio's lower bound; where
  icepool cannot give the fight (Ashes of War) the reason is printed and one blow's law is
  the peer;
* a seeded simulation at equal error (a 95 % interval as wide as the bounds, or ± 1 pp
  for an exact answer), timed on :data:`SIM_RUN` fights and scaled by n;
* Core Dread 2v2 and 3v3 (exact, or the simulation it switched to and why);
* a 4 × 3 sweep of Core Dread matchups: serial, then on a 2-worker ``LocalCluster``
  (cluster start-up shown apart), and the speed-up.

Times are CPU times of this process where one process does the work (the machine is
shared: wall time there mostly measures the others), wall times for the Dask sweep.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any, NamedTuple

import rolkit
from benchmarks.timing import Ratio
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


#: Simulated fights run to time the simulation; its time at equal error is this run's
#: scaled by n (a simulation's time is linear in n; running 9 604 or 150 000 fights per
#: system would take the benchmark past half an hour on this shared machine).
SIM_RUN = 1_000


def _cpu(fn: Any) -> tuple[Any, float]:
    """``fn()`` after ``rolkit.clear_caches()`` (untimed) and its CPU time (this process:
    on the shared machine the wall time mostly measures the other processes)."""
    rolkit.clear_caches()
    t0 = time.process_time()
    out = fn()
    return out, time.process_time() - t0


def equal_error_n(width: Fraction | None) -> int:
    """Fights a simulation needs for a 95 % interval as wide as ``width`` (a bounded
    answer's), or ± 1 pp (:data:`EQUAL_ERROR_N`) for an exact answer (no error at all)."""
    if not width:
        return EQUAL_ERROR_N
    half = float(width) / 2
    return math.ceil(1.96**2 * 0.25 / half**2)


class Peer(NamedTuple):
    """A fight rolkit and an icepool absorbing chain both solve: its label, rolkit's
    fight, the chain's win law (a picklable callable: it runs in its own process, stopped
    after ``limit`` CPU seconds), and how rolkit's ``p_win`` reads in the chain's keys;
    or, where icepool cannot give the fight's law, why not (``why_not``)."""

    system: str
    label: str
    rolkit: Callable[[], Any]
    icepool: Callable[[], dict[str, Fraction]] | None
    keys: dict[str, str]
    why_not: str = ""
    limit: int = 0


#: The CPU seconds an icepool chain may take (in its own process) before it is stopped and
#: its row says "> limit": a guard for every chain, the bound for NSd20's at PR 20.
PEER_LIMIT = 300
#: NSd20's chain at PR 20 (its default) ran over 25 min unfinished (icepool's
#: ``repeat="inf"`` eliminates over every one of its ~7 000 transient states): bounded.
NSD20_PR20_LIMIT = 60

#: Why no icepool chain gives Ashes of War's duel (printed; one blow's law is its peer).
AOW_WHY_NOT = (
    "no exact law to compare: each fighter's state is ten locations of wound boxes, the "
    "Conditions and four Integridad counters, the reachable forms grow about fifteenfold "
    "per blow and a fight lasts up to a dozen rounds of two attacks; icepool's "
    "repeat='inf' solves a linear system over every transient state, and rolkit itself "
    "only bounds this duel — the peer is one blow's law (below)"
)


def peers() -> list[Peer]:
    """Each system's default duel (and NSd20's at PR 10, the largest its chain solves in
    seconds), with the icepool chain of its benchmark module (playing the same fight: its
    win law is asserted equal before the ratio is given)."""
    from benchmarks import (
        bench_ashes_of_war,
        bench_core_dread,
        bench_gore,
        bench_nsd20,
        bench_tierkreis,
    )

    part = functools.partial
    return [
        Peer("core_dread", "1v1", bench_core_dread.rolkit_fight, bench_core_dread.icepool_fight,
             {"a": "a", "b": "b"}),
        Peer("ashes_of_war", "1v1", lambda: bench_ashes_of_war.rolkit_fight(
            rounds=None, rounds_shown=0, method="bounds"), None, {}, AOW_WHY_NOT),
        Peer("tierkreis", "1v1", bench_tierkreis.rolkit_fight, bench_tierkreis.icepool_fight,
             {"a": "A", "b": "B"}),
        Peer("gore", "1v1", bench_gore.rolkit_fight, bench_gore.icepool_fight,
             {"a": "a", "b": "b"}),
        Peer("nsd20", "1v1", bench_nsd20.rolkit_fight, part(bench_nsd20.icepool_fight, 20),
             {"a": "a", "b": "b"}, limit=NSD20_PR20_LIMIT),
        Peer("nsd20", "1v1, both PR 10", part(bench_nsd20.rolkit_fight, 10),
             part(bench_nsd20.icepool_fight, 10), {"a": "a", "b": "b"}),
    ]  # fmt: skip


def _limited(fn: Callable[[], Any], limit: int, conn: Any) -> None:
    """In a child process: ``fn()`` and its CPU time sent through ``conn``, the process
    stopped by the kernel (``RLIMIT_CPU``, SIGXCPU) past ``limit`` more CPU seconds."""
    import resource

    soft = math.ceil(time.process_time()) + limit
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
    t0 = time.process_time()
    out = fn()
    conn.send((out, time.process_time() - t0))
    conn.close()


def run_limited(fn: Callable[[], Any], limit: int) -> tuple[Any, float] | None:
    """``(fn(), its CPU seconds)`` run in a fresh process (icepool's caches cold, as
    rolkit's are cleared), or ``None`` when it was stopped after ``limit`` CPU seconds."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    recv, send = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_limited, args=(fn, limit, send), daemon=True)
    child.start()
    send.close()
    try:
        return recv.recv()  # type: ignore[no-any-return]
    except EOFError:  # stopped by its CPU limit (or failed: its traceback is printed)
        return None
    finally:
        child.join()
        recv.close()


def peer_rows() -> list[tuple[str, float, str]]:
    """#27 item 7, per fight: rolkit's answer (states, CPU time cold, exact or the width of
    its certified bounds), the icepool absorbing chain where it plays the same fight (the
    same win law asserted; the ratio icepool / rolkit, target ≥ 2), and a seeded simulation
    at equal error (:func:`equal_error_n`; timed at :data:`SIM_RUN` fights, scaled)."""
    rows: list[tuple[str, float, str]] = []
    for peer in peers():
        if not rolkit.get_system(peer.system).has_transitions:
            continue
        name = f"{peer.system}: {peer.label}"
        ours, t_ours = _cpu(peer.rolkit)
        width = ours.width
        how = "exact" if ours.exact else f"bounds, width {100 * float(width or 0):.2f} pp"
        rows.append(
            (
                f"{name}: rolkit (CPU, cold)",
                t_ours,
                f"{how}, {ours.states} states, P(A wins) {float(ours.p_win['a']):.4f}",
            )
        )
        if peer.icepool is None:
            rows.append((f"{name}: icepool chain", math.nan, f"not run: {peer.why_not}"))
            if peer.system == "ashes_of_war":
                rows += aow_blow_rows()
        else:
            rows += _chain_rows(name, peer, ours, t_ours)
        spec = rolkit.get_system(peer.system)
        fighters = _duel(spec)
        if "PR 10" in peer.label:
            fighters = [(a, b, dataclasses.replace(c, pr_max=10), w) for a, b, c, w in fighters]
        rows += simulated_rows(name, spec, fighters, ours, t_ours)
    return rows


def simulated_rows(
    name: str, s: rolkit.System, fighters: list[tuple[str, str, Any, Any]], ours: Any, t: float
) -> list[tuple[str, float, str]]:
    """The same fight simulated at equal error (:func:`equal_error_n` fights for rolkit's
    answer ``ours``, found in ``t`` CPU seconds): :data:`SIM_RUN` fights, seed 0, timed and
    scaled by n; how far it lands from rolkit's answer; the ratio to rolkit's time."""
    n = equal_error_n(ours.width)
    sim, t_sim = _cpu(
        lambda: odds_of_fighters(
            s, fighters, method="simulate", simulations=SIM_RUN, seed=0, rounds_shown=0
        )
    )
    off = abs(float(sim.p_win["a"] - ours.p_win["a"]))
    return [
        (
            f"{name}: simulated at equal error, n = {n:,} (CPU)",
            t_sim * n / SIM_RUN,
            f"scaled from n = {SIM_RUN:,} (± {100 * (sim.margin or 0):.1f} pp, "
            f"{100 * off:.1f} pp off)",
        ),
        (f"{name}: simulated / rolkit", Ratio(t_sim * n / SIM_RUN / t), "≥ 1: rolkit faster"),
    ]


def _chain_rows(name: str, peer: Peer, ours: Any, t_ours: float) -> list[tuple[str, float, str]]:
    """The icepool chain's rows: its CPU time and the ratio when its win law is rolkit's
    exact law (asserted: a chain that differs fails the benchmark, no time of another law
    is shown), or the bound it was stopped at."""
    assert peer.icepool is not None
    limit = peer.limit or PEER_LIMIT
    done = run_limited(peer.icepool, limit)
    if done is None:
        return [
            (
                f"{name}: icepool chain (CPU)",
                math.nan,
                f"> {limit} s: stopped at its CPU limit (repeat='inf', unfinished)",
            ),
            (f"{name}: icepool / rolkit", Ratio(limit / t_ours), "more than this (a bound)"),
        ]
    theirs, t_theirs = done
    assert ours.exact, f"{name}: rolkit's answer is not exact"
    got = {k: theirs.get(v) for k, v in peer.keys.items()}
    assert got == dict(ours.p_win), f"{name}: the icepool chain's win law is not rolkit's"
    return [
        (f"{name}: icepool chain (CPU)", t_theirs, "repeat='inf'; same win law (asserted)"),
        (f"{name}: icepool / rolkit", Ratio(t_theirs / t_ours), "target ≥ 2"),
    ]


def aow_blow_rows() -> list[tuple[str, float, str]]:
    """Ashes of War's peer: the law of the duel's first blow (default forms, undefended),
    rolkit's ``attack_outcomes`` against the same attack in icepool (asserted equal), CPU
    medians of the two run in turn, each side's caches cleared before each of its runs."""
    from benchmarks.bench_ashes_of_war import ROLES, icepool_law
    from benchmarks.timing import clear_icepool_caches, medians_side_by_side
    from rolkit.systems.ashes_of_war import attack_outcomes

    d = rolkit.get_system("ashes_of_war").defaults()
    forms = tuple(d[r] for r in ROLES)
    assert attack_outcomes(*forms) == icepool_law(*forms), "icepool disagrees on the blow"
    t_ours, t_theirs = medians_side_by_side(
        [functools.partial(attack_outcomes, *forms), functools.partial(icepool_law, *forms)],
        repeat=15,
        setups=[rolkit.clear_caches, clear_icepool_caches],
    )
    name = "ashes_of_war: 1v1's first blow"
    return [
        (f"{name}: rolkit attack law (CPU, cold)", t_ours, "undefended, 1d10 location"),
        (f"{name}: icepool (CPU)", t_theirs, "same law (asserted)"),
        (f"{name}: icepool / rolkit", Ratio(t_theirs / t_ours), "target ≥ 2"),
    ]


def party_rows() -> list[tuple[str, float, str]]:
    """Core Dread 2v2 and 3v3 to the end: rolkit's answer (CPU time, cold; its states,
    exact or why not) and the same fight simulated at equal error (no icepool chain is
    written for parties: the duels above are the chains' comparison)."""
    s = rolkit.get_system("core_dread")
    rows: list[tuple[str, float, str]] = []
    for n in (2, 3):
        fighters = _party(s, n)
        r, t = _cpu(lambda fighters=fighters: odds_of_fighters(s, fighters, rounds_shown=0))
        how = (
            f"exact, {r.states} states"
            if r.exact
            else f"{r.label('en')} — {(r.reason or ('', ''))[1]}"
        )
        name = f"core_dread: {n}v{n}"
        rows.append((f"{name} to the end: rolkit (CPU, cold)", t, how))
        rows += simulated_rows(name, s, fighters, r, t)
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


def _split_party(s: rolkit.System, n: int, m: int) -> tuple[Any, str]:
    """A party's odds bounded to 1 pp in a 10 s budget, as ``odds_of_fighters(...,
    method="bounds")`` answers them, with what the party split (#27 item 3,
    :mod:`rolkit.fight.party_split`) did: its side states, or why it fell back to the
    turn-by-turn exploration (:func:`rolkit.fight.bounds.bounded`)."""
    from fractions import Fraction

    from rolkit.fight.chain import Chain, TooLarge
    from rolkit.fight.independent import NotDecomposable
    from rolkit.fight.party_split import party_split
    from rolkit.fight.result import collect_bounds
    from rolkit.fight.spec import FightSpec

    width, seconds = Fraction(1, 100), 10.0
    d = s.defaults()
    spec = FightSpec(s.id, tuple(_sides(s, n, m)))
    per = {f[0]: "weakest" for f in spec.fighters}
    chain = Chain(s, spec, d["modifiers"], s.options_type(), per, {}, ())
    began = time.perf_counter()
    try:
        b, (n0, n1) = party_split(chain, width, seconds)
    except (NotDecomposable, TooLarge) as e:  # odds._bounds falls back so, in the time left
        why = (
            str(e) or f"its sides outgrew the split's bounds in {time.perf_counter() - began:.1f} s"
        )
        left = max(0.0, seconds - (time.perf_counter() - began))
        r = odds_of_fighters(
            s, _sides(s, n, m), method="bounds", width=width, seconds=left, rounds_shown=0
        )
        return r, f"split fell back ({why}), {r.states:,} turns explored"
    r = collect_bounds(s, spec, chain, b.lower, b.unknown, b.explored, ("", ""), per)
    return r, f"split: {n0:,} x {n1:,} side states"


def parties_rows() -> list[tuple[str, float, str]]:
    """#27 item 3: each party bounded to 1 pp in a 10 s budget — the wall time (the budget
    is wall time: a loaded machine leaves less CPU in it, shown beside), the width
    reached, the party split's side states (or why it fell back) — and the states of its
    first round before and after merging fallen forms
    (:meth:`rolkit.fight.laws.Laws.settle`)."""
    rows = []
    for system_id, n, m in PARTIES:
        s = rolkit.get_system(system_id)
        if not s.has_transitions:
            continue
        rolkit.clear_caches()
        cpu = time.process_time()
        (r, how), t = _timed(lambda s=s, n=n, m=m: _split_party(s, n, m))
        cpu = time.process_time() - cpu
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
                f"{reached}, {how}, {cpu:.1f} s CPU of {t:.1f} s wall; round 1: "
                f"{before} states unmerged, {after} merged",
            )
        )
    return rows


#: The fights a labelled simulation draws (the README's n: ± under 1 pp at 95 %).
PARTY_SIM_N = 10_000
#: Ashes of War's party is timed on fewer (drawn one by one, its policy's measure
#: dominates: about 26–33 s of CPU at n = 10 000); not scaled to n = 10 000 (the
#: simulation's laws are memoised: its time is not linear in n).
PARTY_SIM_N_AOW = 1_000


def simulated_parties_rows() -> list[tuple[str, float, str]]:
    """#27 item 6 on parties: each system's 4v4 simulated (``method="simulate"``, seed
    0, :data:`PARTY_SIM_N` fights, drawn side by side where :func:`rolkit.fight.simulate.
    side_by_side` says so), CPU time, cold — what ``fight_odds`` falls back to where the
    bounds stay wider than a simulation's interval."""
    rows = []
    for system_id in available():
        s = rolkit.get_system(system_id)
        if not s.has_transitions:
            continue
        n = PARTY_SIM_N_AOW if system_id == "ashes_of_war" else PARTY_SIM_N
        fighters = _sides(s, 4, 4)
        r, t = _cpu(
            lambda s=s, fighters=fighters, n=n: odds_of_fighters(
                s, fighters, method="simulate", simulations=n, seed=0, rounds_shown=0
            )
        )
        rows.append(
            (
                f"{system_id}: 4v4 simulated, n = {n:,} (CPU, cold)",
                t,
                f"± {100 * (r.margin or 0):.1f} pp; side wins {float(r.p_win['a']):.3f}",
            )
        )
    return rows


#: The bound on the states counted over a party's whole exploration (:func:`merge_rows`).
MERGE_CAP = 200_000


def _orbit(state: Any, split: int) -> tuple[Any, ...]:
    """A state's orbit under permuting each side's members (``split``: side b's first):
    each side's slots sorted."""
    return (*sorted(state[:split]), *sorted(state[split:]))


def _counting_chain(chain_cls: Any, permute: bool) -> Any:
    """A chain that records each round's start states (``starts``) and, with ``permute``,
    replaces each by the first state met of its orbit under permuting each side's members
    (every member of a side in :func:`_sides` is identical). NOT exact per name — a
    combatant's fate depends on its place in the turn order and in the target policy's
    tie-break by order, so a permuted state has other per-name odds — it only counts the
    states merging identical combatants could at best leave (:func:`merge_rows`)."""
    from rolkit.fight.state import ChainState, StateLaw

    class Counting(chain_cls):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kw: Any) -> None:
            super().__init__(*args, **kw)
            self.starts: set[ChainState] = set()
            self.firsts: dict[tuple[Any, ...], ChainState] = {}

        def successors(self, state: ChainState, turn: int, first: bool = False) -> StateLaw:
            law = super().successors(state, turn, first)
            if turn != len(self.order) - 1:
                return law
            split = self.sides.index(self.sides[-1])
            acc: dict[ChainState, int] = {}
            for st, w in law.rows:
                key = self.firsts.setdefault(_orbit(st, split), st) if permute else st
                acc[key] = acc.get(key, 0) + w
                self.starts.add(key)
            return StateLaw(law.den, list(acc.items()))

    return Counting


def _states(s: rolkit.System, n: int, m: int, how: str, rounds: int | None) -> str:
    """The distinct states (every turn's, as :meth:`Chain.explore` counts them) of a
    party's first ``rounds`` rounds (``None``: the whole fight), ``how``: ``"whole"``
    (fallen forms kept), ``"fallen"`` (fallen forms settled, the default chain: then also
    the round start states and their orbits) or ``"orbits"`` (and each round start
    replaced by its orbit: :func:`_counting_chain`)."""
    from rolkit.fight.chain import Chain, TooLarge
    from rolkit.fight.spec import FightSpec

    d = s.defaults()
    spec = FightSpec(s.id, tuple(_sides(s, n, m)))
    cls = _counting_chain(Chain, permute=how == "orbits")
    chain = cls(s, spec, d["modifiers"], s.options_type(), {}, {}, (), merge=how != "whole")
    try:
        found = f"{chain.explore(MERGE_CAP, rounds=rounds):,}"
    except TooLarge:
        return f"> {MERGE_CAP:,}"
    if how != "fallen":
        return found
    orbits = {_orbit(st, n) for st in chain.starts}
    return f"{found} (round starts {len(chain.starts):,}, their orbits {len(orbits):,})"


def merge_rows() -> list[tuple[str, float, str]]:
    """#27 item 3 (helper sym27): each party's states, in its first round and over the
    whole fight (to :data:`MERGE_CAP`), with fallen forms kept whole, settled (the chain's
    default, exact; with the round start states reached and how many orbits they make
    under permuting identical members) and with every round start permuted into its orbit
    — what merging identical combatants could at best leave (not exact per name:
    :func:`_counting_chain`). The time is the CPU time of the whole row."""
    rows = []
    for system_id, n, m in PARTIES:
        s = rolkit.get_system(system_id)
        if not s.has_transitions:
            continue
        cells = []
        t0 = time.process_time()
        for rounds in (1, None):
            whole, fallen, orbits = (
                _states(s, n, m, how, rounds) for how in ("whole", "fallen", "orbits")
            )
            span = "round 1" if rounds == 1 else "whole fight"
            cells.append(f"{span}: {whole} whole, {fallen} settled, {orbits} permuted")
        rows.append(
            (
                f"{system_id}: {n}v{m} states before/after merging",
                time.process_time() - t0,
                "; ".join(cells),
            )
        )
    return rows


def sweep_rows() -> list[tuple[str, float, str]]:
    from dask.distributed import Client, LocalCluster

    from rolkit.balance import exact_equal, sweep, vary

    s = rolkit.get_system("core_dread")
    d = s.defaults()
    assert s.grid_axes is not None, "core_dread declares grid_axes"
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
    rows: list[tuple[str, float, str]] = peer_rows()
    if rolkit.get_system("core_dread").has_transitions:
        rows += party_rows()
    rows += parties_rows()
    rows += simulated_parties_rows()
    rows += merge_rows()
    if rolkit.get_system("core_dread").has_transitions:
        rows += sweep_rows()
    return rows
