"""#27 item 6: Ashes of War's default duel simulated on the compact state — ``n`` fights as
``n`` rows of :mod:`~rolkit.systems.ashes_of_war.rules.compact_duel`'s packed side states,
each step drawing one successor per row from the step's exact law with a seeded numpy
``Generator``, all rows at once.

The steps are the compact engine's own, in its order (:meth:`CompactDuel.turn`,
:meth:`CompactDuel.round_end`): the actor's recover action and its attack profile
(:func:`~.compact_duel.recover`, :func:`~.compact_duel.profile`); per attack (§4.4,
§4.6 undefended, the second with one more ▽, §4.20) a hit drawn from the pool's exact
weights, the T4 location from its weights over 20 given the parts lost (G20), the
severity from the damage weights minus the RD there (§4.12, T6), then the engine's
:func:`~.compact_duel.wound` and the wear of the piece or the weapon (§4.22); a fallen
target ends the fight; §4.16 the bleeding of both sides at the round's end
(:func:`~.compact_duel.bleed`, a draw when both fall). Each draw is an integer
``Generator.integers(0, den)`` against the law's integer running totals: the law drawn
is exactly the compact engine's (checked step by step in
``tests/systems/ashes_of_war/test_sample_compact.py``).

A fight whose state no round can change any more (neither side can hurt the other, no
bleeding, nothing to recover) is counted still going at once: drawn on, it would stand
to the round cap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from rolkit.systems.ashes_of_war.rules.compact_duel import (
    FATES,
    LAYOUT,
    NO_ATTACK,
    CompactDuel,
    bleed,
    get,
    numpy_module,
    profile,
    put,
    recover,
    wound,
)
from rolkit.systems.ashes_of_war.tables import LOCATIONS

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Drawn", "Sampled", "sample_duel", "draw_blow", "sample_rows"]

_NLOC = len(LOCATIONS)
#: row status codes
_GOING, _ENDED, _FROZEN = 0, 1, 2


class Sampled(NamedTuple):
    """One group of equal simulated fights: whether it ended, the winner's index
    (``None``: a draw, or none yet), each combatant's fate, the round it ended in (the
    round cap + 1 when still going) and how many fights."""

    ended: bool
    winner: int | None
    fates: tuple[Any, ...]
    round: int
    n: int


class Drawn(NamedTuple):
    """Each row's fight: status (0 going, 1 ended, 2 standing for ever), winner (0, 1;
    2 a draw; -1 none), each side's fate code and the round."""

    status: np.ndarray
    winner: np.ndarray
    fate0: np.ndarray
    fate1: np.ndarray
    round: np.ndarray


class _Laws:
    """One side's step laws as integer running totals (each an exact law's weights)."""

    def __init__(self, engine: CompactDuel, i: int) -> None:
        np = numpy_module()
        side = engine.sides[i]
        cap = engine.rules.desgracia_cap
        table = [engine.hit(side.ndp, d) for d in range(cap + 1)]
        self.cap = cap
        self.hit_w = np.array([h for h, _b in table], dtype=np.int64)
        self.hit_den = np.array([b for _h, b in table], dtype=np.int64)
        self.loc_run = np.cumsum(side.loc_w, axis=1)  # over 20, per set of lost parts
        self.slot = np.array(side.slot, dtype=np.int64)
        self.dx = side.dx
        #: severity running totals over ``dx`` per location and piece (1 intact, 0 broken
        #: or none): absorbed, light, serious, lethal
        run = np.zeros((_NLOC, 2, 4), dtype=np.int64)
        for k in range(_NLOC):
            for intact in (0, 1):
                rd = side.rd[k] if intact and side.slot[k] >= 0 else 0
                run[k, intact] = np.cumsum(side.sev(rd))
        self.sev_run = run


def draw_blow(
    engine: CompactDuel, laws: _Laws, i: int, W: np.ndarray, desgracias: Any, rng: Any
) -> np.ndarray:
    """Side ``i``'s states ``W`` after one attack of its foe with ``desgracias`` ▽ each:
    one successor per row drawn from the law :meth:`CompactDuel.blow` pushes (a new
    array; ``rng`` a numpy ``Generator``; the fate is read by the caller)."""
    np = numpy_module()
    side = engine.sides[i]
    W = W.copy()
    rows = len(W)
    if rows == 0:
        return W
    d = np.minimum(laws.cap, np.broadcast_to(np.asarray(desgracias, dtype=np.int64), (rows,)))
    roll = rng.integers(0, laws.hit_den[d])
    where = rng.integers(0, 20, size=rows)
    how = rng.integers(0, laws.dx, size=rows)
    hit = (get(W, "WI") > 0) & (roll < laws.hit_w[d])
    if not hit.any():
        return W
    idx = np.flatnonzero(hit)
    H = W[idx]
    k = (laws.loc_run[get(H, "DM")] <= where[idx, None]).sum(axis=1)
    s = laws.slot[k]
    armour = np.stack([get(H, f"A{x}") for x in range(3)], axis=1)
    intact = (s >= 0) & (armour[np.arange(len(H)), np.maximum(s, 0)] > 0)
    sev = (laws.sev_run[k, intact.astype(np.int64)] <= how[idx, None]).sum(axis=1)
    loss = engine.rules.integrity_loss
    absorbed = sev == 0
    if absorbed.any():  # §4.12, §4.22: the weapon wears
        put(H, "WI", np.maximum(0, get(H, "WI") - loss), absorbed)
    for kk in np.unique(k[~absorbed]):
        at = ~absorbed & (k == kk)
        for sv in np.unique(sev[at]):
            sel = np.flatnonzero(at & (sev == sv))
            sub = H[sel]
            wound(side, sub, int(kk), int(sv), side.dtype)
            slot = side.slot[int(kk)]
            if slot >= 0:  # the piece there wears, broken or not (as the engine does)
                put(sub, f"A{slot}", np.maximum(0, get(sub, f"A{slot}") - loss))
            H[sel] = sub
    W[idx] = H
    return W


def _frozen(engine: CompactDuel, laws: tuple[_Laws, _Laws], S: list[Any]) -> Any:
    """The rows no round can change any more: nothing to recover, no bleeding, and
    neither side can hurt the other (no attack, the attacking weapon broken, or no hit
    possible with the profile's ▽)."""
    np = numpy_module()
    still = np.ones(len(S[0]), dtype=bool)
    for i in (0, 1):
        W = S[i].copy()
        recover(engine.sides[i], W)
        still &= (S[i] == W).all(axis=1)
        still &= (get(W, "BL") | get(W, "BS")) == 0
        codes = profile(engine.sides[i], W)
        lw = laws[1 - i]
        d = np.where(codes == NO_ATTACK, 0, codes)
        can = lw.hit_w[np.minimum(lw.cap, d)] + lw.hit_w[np.minimum(lw.cap, d + 1)] > 0
        harms = (codes != NO_ATTACK) & (get(S[1 - i], "WI") > 0) & can
        still &= ~harms
    return still


def sample_rows(engine: CompactDuel, n: int, seed: int, cap: int) -> Drawn:
    """``n`` fights from the engine's start, drawn row by row with
    ``numpy.random.default_rng(seed)``; a fight still standing after ``cap`` rounds is
    going (status 0)."""
    np = numpy_module()
    rng = np.random.default_rng(seed)
    laws = (_Laws(engine, 0), _Laws(engine, 1))
    S = [np.repeat(engine.start[i], n, axis=0) for i in (0, 1)]
    status = np.zeros(n, dtype=np.int8)
    winner = np.full(n, -1, dtype=np.int8)
    fate = [np.zeros(n, dtype=np.int8), np.zeros(n, dtype=np.int8)]
    rnd = np.full(n, cap + 1, dtype=np.int64)
    act = np.arange(n)
    order = engine.order
    r = 1
    while len(act) and r <= cap:
        for t, i in enumerate(order):
            j = 1 - i
            Wi = S[i][act]
            recover(engine.sides[i], Wi)
            S[i][act] = Wi
            codes = profile(engine.sides[i], Wi)
            attack = codes != NO_ATTACK
            rows, d = act[attack], codes[attack]
            for extra in (0, 1):  # «el segundo ataque … con un dado de Desgracia»
                Wj = draw_blow(engine, laws[j], j, S[j][rows], d + extra, rng)
                S[j][rows] = Wj
                f = get(Wj, "fate")
                fell = f != 0
                if fell.any():
                    out = rows[fell]
                    status[out], winner[out], rnd[out] = _ENDED, i, r
                    fate[j][out] = f[fell]
                    rows, d = rows[~fell], d[~fell]
                    act = act[status[act] == _GOING]
            if t == len(order) - 1 and len(act):  # §4.16 the round's bleeding
                f2 = []
                for side in (0, 1):
                    Ws = S[side][act]
                    bleed(engine.sides[side], Ws)
                    S[side][act] = Ws
                    f2.append(get(Ws, "fate"))
                fell0, fell1 = f2[0] != 0, f2[1] != 0
                out = fell0 | fell1
                if out.any():
                    done = act[out]
                    status[done], rnd[done] = _ENDED, r
                    fate[0][done], fate[1][done] = f2[0][out], f2[1][out]
                    winner[done] = np.where(fell0[out] & fell1[out], 2, np.where(fell0[out], 1, 0))
                    act = act[~out]
        if len(act):
            frozen = _frozen(engine, laws, [S[0][act], S[1][act]])
            status[act[frozen]] = _FROZEN
            act = act[~frozen]
        r += 1
    return Drawn(status, winner, fate[0], fate[1], rnd)


def sample_duel(engine: CompactDuel, n: int, seed: int, cap: int) -> list[Sampled]:
    """``SYSTEM.duel_sample``: ``n`` fights of the compact duel (:func:`sample_rows`),
    grouped by how they ended (or stand) and when."""
    np = numpy_module()
    drawn = sample_rows(engine, n, seed, cap)
    ended = drawn.status == _ENDED
    keys = np.stack(
        [
            ended.astype(np.int64),
            drawn.winner.astype(np.int64),
            drawn.fate0.astype(np.int64),
            drawn.fate1.astype(np.int64),
            np.where(ended, drawn.round, cap + 1),
        ],
        axis=1,
    )
    groups, counts = np.unique(keys, axis=0, return_counts=True)
    out = []
    for (e, w, f0, f1, r), c in zip(groups.tolist(), counts.tolist(), strict=True):
        win = None if w < 0 or w == 2 else int(w)
        out.append(Sampled(bool(e), win, (FATES[f0], FATES[f1]), int(r), int(c)))
    return out


assert LAYOUT.words == 3  # the side states are three words (compact_duel's layout)
