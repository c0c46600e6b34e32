"""Balance sweeps: whole-fight odds over a grid of matchups, on Dask (#16 item 5).

``sweep(system, left, right)`` evaluates every entry of ``left`` against every entry of
``right`` with :func:`rolkit.fight.fight_odds` and returns one pandas row per
matchup. An entry is a combatant form, a ``(combatant, weapon)`` pair, or a party: a list
of ``(name, combatant, weapon)``. :func:`vary` builds a parameter range (one entry per
value of one field), so "this monster at every Defensa from 0 to 3" is a sweep too.

Where it runs (the same code either way):

* ``scheduler="local"`` (default): a :class:`dask.distributed.LocalCluster` on this
  machine, one single-threaded worker process per core (``workers=``), started once and
  reused by the next sweeps (:func:`close_local` closes it) — unless the sweep is too
  small to pay for it: the first matchup is timed and, when the rest would take less
  serially than :func:`crossover_seconds` (twice :data:`CLUSTER_START_S` for two
  workers), the sweep finishes serially (#27 item 6: a 4-matchup grid took 29 s on a
  fresh cluster against 4 s serially);
* ``scheduler="tcp://host:8786"``: any running Dask scheduler (scale out to a cluster);
* ``scheduler=<dask.distributed.Client>``: a client you already hold;
* ``scheduler=None``: serially in this process (what the tests compare against).

In a notebook a progress bar follows the matchups (``progress=True``). Every matchup is
solved exactly (or simulated and labelled as such, as :func:`fight_odds` decides), so the
distributed result equals the serial one exactly.
"""

from __future__ import annotations

import atexit
import time
from collections.abc import Iterable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from rolkit import systems
from rolkit.errors import RulesError, input_error
from rolkit.fight import FightOdds, FightSpec, fight_odds

__all__ = [
    "sweep",
    "vary",
    "matchups",
    "COLUMNS",
    "CLUSTER_START_S",
    "crossover_seconds",
    "close_local",
]

#: The columns of a sweep's frame (probabilities as floats; ``*_exact`` as Fractions).
COLUMNS = (
    "left",
    "right",
    "p_left",
    "p_right",
    "p_draw",
    "p_ongoing",
    "expected_rounds",
    "method",
    "states",
    "margin",
    "p_left_exact",
    "p_right_exact",
    "p_draw_exact",
    "p_left_low",
    "p_left_high",
)


def vary(form: Any, field_name: str, values: Iterable[Any]) -> dict[str, Any]:
    """``{"<field>=<value>": form with that value}`` for each value (a parameter range)."""
    out: dict[str, Any] = {}
    for v in values:
        out[f"{field_name}={v}"] = replace(form, **{field_name: v})
    return out


def _party(system: Any, name: str, side: str, entry: Any) -> list[tuple[str, str, Any, Any]]:
    weapon = system.defaults()["weapon"]
    if isinstance(entry, list):
        return [(f"{name}: {n}", side, c, w) for n, c, w in entry]
    if isinstance(entry, tuple):
        character, weapon = entry
        return [(name, side, character, weapon)]
    return [(name, side, entry, weapon)]


def matchups(
    system: Any, left: Mapping[str, Any], right: Mapping[str, Any]
) -> dict[tuple[str, str], FightSpec]:
    """Every ``left`` entry against every ``right`` entry, as :class:`FightSpec` (the left
    side acts first)."""
    s = systems.get(system) if isinstance(system, str) else system
    out: dict[tuple[str, str], FightSpec] = {}
    for ln, le in left.items():
        for rn, re in right.items():
            fighters = _party(s, ln, "left", le) + _party(s, rn, "right", re)
            names = [f[0] for f in fighters]
            if len(set(names)) != len(names):
                fighters = [(f"{f[1]}: {f[0]}", *f[1:]) for f in fighters]
            out[(ln, rn)] = FightSpec(s.id, tuple(fighters))
    return out


def _evaluate(spec: FightSpec, kw: Mapping[str, Any]) -> dict[str, Any]:
    """One matchup's row (runs on a worker; plain picklable data in and out). The law
    of the rounds is not walked (``rounds_shown=0``): a row needs only the wins and the
    exact mean length."""
    r: FightOdds = fight_odds(spec, **{"rounds_shown": 0, **kw})
    left, right = r.p_win["left"], r.p_win["right"]
    low, high = _interval(r, left)
    mean = r.expected_rounds()
    return {
        "p_left": float(left),
        "p_right": float(right),
        "p_draw": float(r.p_draw),
        "p_ongoing": float(r.p_ongoing),
        "expected_rounds": None if mean is None else float(mean),
        "method": r.label("es"),
        "states": r.states,
        "margin": r.margin,
        "p_left_exact": left,
        "p_right_exact": right,
        "p_draw_exact": r.p_draw,
        "p_left_low": low,
        "p_left_high": high,
    }


def _interval(r: FightOdds, left: Fraction) -> tuple[float, float]:
    """Where the left side's win probability lies: the value itself when exact, the
    certified bounds when bounded (``left`` is then their midpoint), the 95 % interval
    when simulated."""
    if r.method == "bounds" and "left" in r.bounds.get("p_win", {}):
        lo, hi = r.bounds["p_win"]["left"]
        return float(lo), float(hi)
    if r.method == "simulated":
        m = r.margin or 0.0
        return max(0.0, float(left) - m), min(1.0, float(left) + m)
    return float(left), float(left)


#: What starting a two-worker LocalCluster costs (processes spawned, rolkit imported on
#: each worker, the first task shipped, the cluster closed), in seconds on an idle 2-core
#: machine: measured 30 s under a load that makes everything ×5–×10 slower (start 14 s,
#: first task 12 s, close 4 s). Two workers at best halve the
#: serial time, so a cluster pays only when the serial sweep takes longer than
#: ``CLUSTER_START_S / (1 - 1/workers)``: the crossover, 2 × the start-up for two workers.
CLUSTER_START_S = 4.0

#: The LocalCluster ``scheduler="local"`` started, kept for the next sweep (closed at exit).
_LOCAL: dict[int, tuple[Any, Any]] = {}


def crossover_seconds(workers: int) -> float:
    """The serial time above which a fresh ``workers``-process LocalCluster pays for its
    start-up (:data:`CLUSTER_START_S`)."""
    return CLUSTER_START_S / (1 - 1 / workers) if workers > 1 else float("inf")


def _local(workers: int) -> Any:
    """The reused LocalCluster's client (started on first use, closed at exit)."""
    from dask.distributed import Client, LocalCluster

    held = _LOCAL.get(workers)
    if held is not None and held[0].status == "running":
        return held[0]
    cluster = LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    )
    client = Client(cluster)
    if not _LOCAL:
        atexit.register(close_local)
    _LOCAL[workers] = (client, cluster)
    return client


def close_local() -> None:
    """Close the LocalCluster(s) ``scheduler="local"`` kept for reuse."""
    while _LOCAL:
        _workers, (client, cluster) = _LOCAL.popitem()
        client.close()
        cluster.close()


def _client(scheduler: Any) -> tuple[Any, bool]:
    """``(client, whether we opened it)`` for a Client or a scheduler address."""
    from dask.distributed import Client

    if isinstance(scheduler, Client):
        return scheduler, False
    return Client(scheduler), True


def sweep(
    system: Any,
    left: Mapping[str, Any],
    right: Mapping[str, Any],
    *,
    scheduler: Any = "local",
    workers: int = 2,
    progress: bool = True,
    **fight_kw: Any,
) -> Any:
    """Whole-fight odds of every ``left`` entry against every ``right`` entry.

    Args:
        system: a System or its id.
        left, right: ``{name: combatant | (combatant, weapon) | [(name, combatant,
            weapon), ...]}``; see :func:`vary` for a parameter range.
        scheduler: ``"local"`` (a LocalCluster), a scheduler address, a Client, or
            ``None`` (serial, in this process).
        workers: worker processes of the local cluster.
        progress: show a progress bar (in a notebook, a widget).
        **fight_kw: passed to :func:`rolkit.fight.fight_odds` (``rounds``,
            ``policy``, ``max_states``, ``simulations``…).

    Returns:
        a pandas DataFrame, one row per matchup (:data:`COLUMNS`), in grid order.

    Raises:
        RulesError: an empty side, or a matchup ``fight_odds`` refuses.
    """
    import pandas as pd

    if not left or not right:
        raise input_error(
            "sweep",
            en="a sweep needs at least one entry on each side",
            es="un barrido necesita al menos una entrada en cada lado",
            cls=RulesError,
        )
    grid = matchups(system, left, right)
    specs = list(grid.values())
    s = systems.get(system) if isinstance(system, str) else system
    if s.id not in systems.available():  # a system not registered (a test's own) goes along
        fight_kw = {**fight_kw, "system": s}
    if scheduler is None:
        rows = [_evaluate(spec, fight_kw) for spec in specs]
    elif scheduler == "local":
        # the first matchup serially: if the rest would take less than a cluster's
        # start-up saves, finish serially (a cluster already started is reused)
        started = time.perf_counter()
        rows = [_evaluate(specs[0], fight_kw)]
        rest = (time.perf_counter() - started) * (len(specs) - 1)
        if workers in _LOCAL or rest > crossover_seconds(workers):
            rows += _on(_local(workers), specs[1:], fight_kw, progress)
        else:
            rows += [_evaluate(spec, fight_kw) for spec in specs[1:]]
    else:
        client, opened = _client(scheduler)
        try:
            rows = _on(client, specs, fight_kw, progress)
        finally:
            if opened:
                client.close()
    frame = pd.DataFrame(
        [{"left": ln, "right": rn, **row} for (ln, rn), row in zip(grid, rows, strict=True)],
        columns=list(COLUMNS),
    )
    return frame


def _on(client: Any, specs: list[FightSpec], kw: Mapping[str, Any], progress: bool) -> list[Any]:
    """The rows of ``specs`` evaluated on the Dask ``client``, in order."""
    if not specs:
        return []
    futures = client.map(_evaluate, specs, kw=kw, pure=False)
    if progress:
        from dask.distributed import progress as show_progress

        show_progress(futures)
    return list(client.gather(futures))


def exact_equal(a: Any, b: Any) -> bool:
    """Two sweep frames hold the same matchups and the same exact probabilities."""
    cols = ["left", "right", "p_left_exact", "p_right_exact", "p_draw_exact", "states"]
    return bool(
        len(a) == len(b) and all(all(x == y for x, y in zip(a[c], b[c], strict=True)) for c in cols)
    )
