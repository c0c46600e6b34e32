"""A fair fight (#27 item 5): how many foes (or which value of a foe's field) bring the
party's chance of winning nearest a target, through the balance sweep
(:func:`rolkit.balance.sweep`: a Dask LocalCluster by default, a scheduler address to
scale out, serially when the sweep is too small to pay for a cluster).

``balance_encounter(party, foe, target=0.8)`` fights the party against 1, 2, … copies of
``foe`` (``counts``), or against one foe at each value of ``vary=(field, values)``, and
picks the row whose win probability is nearest ``target`` (ties: the earlier row — fewer
foes, or the first value). Each probability is exact when the fight is solved exactly; a
fight past the exact bound answered with certified bounds is ranked by its interval's
midpoint and reports the interval; a simulated one reports its 95 % interval.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from rolkit import systems
from rolkit.balance import sweep
from rolkit.errors import RulesError, input_error

__all__ = ["Balance", "balance_encounter", "ENCOUNTER_COLUMNS"]

#: The columns of :attr:`Balance.frame`.
ENCOUNTER_COLUMNS = (
    "foes",
    "value",
    "p_win",
    "p_low",
    "p_high",
    "p_lose",
    "p_draw",
    "distance",
    "method",
    "p_win_exact",
)


@dataclass(frozen=True)
class Balance:
    """What :func:`balance_encounter` found: the chosen row (``foes``, ``value``), the
    party's win probability there (``p_win``, with its interval ``(p_low, p_high)``: equal
    ends when exact), the target, and the whole curve (:attr:`frame`)."""

    target: float
    foes: int
    value: Any
    p_win: float
    p_low: float
    p_high: float
    method: str
    frame: Any

    def plot(self, lang: str = "es") -> Any:
        """The curve of the party's win probability (with its intervals) against the foes
        or the field's value, the target as a line and the chosen point marked: a
        matplotlib Figure."""
        import matplotlib.pyplot as plt

        f = self.frame
        by_value = f["value"].notna().any()
        x = list(range(len(f))) if by_value else list(f["foes"])
        fig, ax = plt.subplots(figsize=(6, 3.5))
        ax.plot(x, f["p_win"], marker="o", color="#1f6f8b")
        ax.fill_between(x, f["p_low"], f["p_high"], color="#1f6f8b", alpha=0.2)
        ax.axhline(self.target, color="#b5452b", linestyle="--")
        chosen = f.index[f["chosen"]][0] if "chosen" in f else 0
        ax.plot([x[chosen]], [self.p_win], marker="*", markersize=14, color="#b5452b")
        if by_value:
            ax.set_xticks(x, [str(v) for v in f["value"]])
        es = lang == "es"
        ax.set_xlabel(
            ("valor" if es else "value")
            if by_value
            else ("número de enemigos" if es else "number of foes")
        )
        ax.set_ylabel("P(gana el grupo)" if es else "P(party wins)")
        ax.set_ylim(0, 1)
        ax.set_title(
            f"{'objetivo' if es else 'target'} {100 * self.target:.0f} %".replace(".", ",")
            if es
            else f"target {100 * self.target:.0f} %"
        )
        fig.tight_layout()
        plt.close(fig)
        return fig


def _bad(field: str, en: str, es: str) -> RulesError:
    return input_error(field, en=en, es=es, cls=RulesError)


def _system_of(foe: Any, system: Any) -> Any:
    if system is not None:
        return systems.get(system) if isinstance(system, str) else system
    form = foe[0] if isinstance(foe, tuple) else foe
    for sid in systems.available():
        s = systems.get(sid)
        if isinstance(form, s.forms["defender"]):
            return s
    raise _bad(
        "system",
        en="say which system the foe belongs to (system=…)",
        es="di a qué sistema pertenece el enemigo (system=…)",
    )


def balance_encounter(
    party: Sequence[tuple[str, Any, Any]],
    foe: Any,
    target: float = 0.8,
    *,
    counts: Iterable[int] = range(1, 7),
    vary: tuple[str, Iterable[Any]] | None = None,
    system: Any = None,
    scheduler: Any = "local",
    workers: int = 2,
    progress: bool = False,
    **fight_kw: Any,
) -> Balance:
    """The number of foes (or the foe's field value) whose fight the party wins with the
    probability nearest ``target``.

    Args:
        party: the player characters, ``[(name, combatant, weapon), ...]`` (they act
            first, in this order).
        foe: the foe's combatant form, or ``(combatant, weapon)`` (the system's default
            weapon otherwise).
        target: the party's wished win probability, strictly between 0 and 1.
        counts: the numbers of foes tried (with ``vary``: how many foes of each value,
            the first count only).
        vary: ``(field, values)``: one row per value of the foe's ``field`` instead.
        system: the System or its id (found from the foe's form when omitted).
        scheduler, workers, progress, **fight_kw: as :func:`rolkit.balance.sweep`.

    Returns:
        a :class:`Balance` with the chosen row and the curve (:data:`ENCOUNTER_COLUMNS`
        and ``chosen``) as a DataFrame.

    Raises:
        RulesError: a target outside (0, 1), no party, no foe count, a count below 1, an
            empty ``vary``, or a fight :func:`rolkit.fight_odds` refuses.
    """
    if isinstance(target, bool) or not isinstance(target, int | float) or not 0 < target < 1:
        raise _bad(
            "target",
            en=f"target: a probability strictly between 0 and 1, got {target!r}",
            es=f"objetivo: una probabilidad entre 0 y 1 (sin incluirlos), no {target!r}",
        )
    if not party:
        raise _bad("party", en="the party has nobody in it", es="el grupo no tiene a nadie")
    if foe is None:
        raise _bad("foe", en="there is no foe to fight", es="no hay enemigo contra el que luchar")
    s = _system_of(foe, system)
    tried = list(counts)
    if not tried or any(isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in tried):
        raise _bad(
            "counts",
            en="counts: one or more numbers of foes, each at least 1",
            es="número de enemigos: uno o más números, cada uno al menos 1",
        )
    character, weapon = foe if isinstance(foe, tuple) else (foe, s.defaults()["weapon"])
    rows: list[tuple[int, Any, list[tuple[str, Any, Any]]]] = []
    if vary is None:
        for n in tried:
            rows.append((n, None, [(f"enemigo {i + 1}", character, weapon) for i in range(n)]))
    else:
        name, values = vary
        values = list(values)
        if not values:
            raise _bad("vary", en="vary: no values to try", es="variar: no hay valores que probar")
        n = tried[0]
        for v in values:
            changed = replace(character, **{name: v})
            rows.append((n, v, [(f"enemigo {i + 1}", changed, weapon) for i in range(n)]))
    right = {str(i): foes for i, (_n, _v, foes) in enumerate(rows)}
    table = sweep(
        s,
        {"grupo": list(party)},
        right,
        scheduler=scheduler,
        workers=workers,
        progress=progress,
        **fight_kw,
    )
    return _chosen(table, rows, float(target))


def _chosen(table: Any, rows: list[tuple[int, Any, Any]], target: float) -> Balance:
    import pandas as pd

    out = []
    for (n, v, _foes), r in zip(rows, table.itertuples(), strict=True):
        out.append(
            {
                "foes": n,
                "value": v,
                "p_win": r.p_left,
                "p_low": r.p_left_low,
                "p_high": r.p_left_high,
                "p_lose": r.p_right,
                "p_draw": r.p_draw,
                "distance": abs(float(r.p_left_exact - Fraction(target))),
                "method": r.method,
                "p_win_exact": r.p_left_exact,
            }
        )
    frame = pd.DataFrame(out, columns=list(ENCOUNTER_COLUMNS))
    goal = Fraction(target)
    best = min(range(len(out)), key=lambda i: (abs(out[i]["p_win_exact"] - goal), i))
    frame["chosen"] = [i == best for i in range(len(frame))]
    row = frame.iloc[best]
    return Balance(
        target=target,
        foes=int(row["foes"]),
        value=row["value"],
        p_win=float(row["p_win"]),
        p_low=float(row["p_low"]),
        p_high=float(row["p_high"]),
        method=str(row["method"]),
        frame=frame,
    )
