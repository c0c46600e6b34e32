"""Balance sweeps: whole-fight odds over a grid of matchups, on Dask (#16 item 5).

``sweep(system, left, right)`` evaluates every entry of ``left`` against every entry of
``right`` with :func:`rolkit.fight.fight_odds` and returns one pandas row per
matchup. An entry is a combatant form, a ``(combatant, weapon)`` pair, or a party: a list
of ``(name, combatant, weapon)``. :func:`vary` builds a parameter range (one entry per
value of one field), so "this monster at every Defensa from 0 to 3" is a sweep too.

Where it runs (the same code either way):

* ``scheduler="local"`` (default): a :class:`dask.distributed.LocalCluster` on this
  machine, one single-threaded worker process per core (``workers=``);
* ``scheduler="tcp://host:8786"``: any running Dask scheduler (scale out to a cluster);
* ``scheduler=<dask.distributed.Client>``: a client you already hold;
* ``scheduler=None``: serially in this process (what the tests compare against).

In a notebook a progress bar follows the matchups (``progress=True``). Every matchup is
solved exactly (or simulated and labelled as such, as :func:`fight_odds` decides), so the
distributed result equals the serial one exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from rolkit import systems
from rolkit.errors import RulesError, input_error
from rolkit.fight import FightOdds, FightSpec, fight_odds

__all__ = ["sweep", "vary", "matchups", "COLUMNS"]

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
    }


def _client(scheduler: Any, workers: int) -> tuple[Any, Any, bool]:
    """``(client, cluster we started or None, whether we opened the client)``."""
    from dask.distributed import Client, LocalCluster

    if isinstance(scheduler, Client):
        return scheduler, None, False
    if scheduler == "local":
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
        )
        return Client(cluster), cluster, True
    return Client(scheduler), None, True


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
    if scheduler is None:
        rows = [_evaluate(spec, fight_kw) for spec in specs]
    else:
        client, cluster, opened = _client(scheduler, workers)
        try:
            futures = client.map(_evaluate, specs, kw=fight_kw, pure=False)
            if progress:
                from dask.distributed import progress as show_progress

                show_progress(futures)
            rows = client.gather(futures)
        finally:
            if opened:
                client.close()
            if cluster is not None:
                cluster.close()
    frame = pd.DataFrame(
        [{"left": ln, "right": rn, **row} for (ln, rn), row in zip(grid, rows, strict=True)],
        columns=list(COLUMNS),
    )
    return frame


def exact_equal(a: Any, b: Any) -> bool:
    """Two sweep frames hold the same matchups and the same exact probabilities."""
    cols = ["left", "right", "p_left_exact", "p_right_exact", "p_draw_exact", "states"]
    return bool(
        len(a) == len(b) and all(all(x == y for x, y in zip(a[c], b[c], strict=True)) for c in cols)
    )
