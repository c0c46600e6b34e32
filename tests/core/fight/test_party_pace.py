"""A finer pass of the party split keeps pace with its budget (#27 item 3,
:meth:`~rolkit.fight.party_split._Run.keep_pace`): the prediction and the coarser cut it
takes, against numbers worked by hand; a pass behind pace ends coarser with its bounds
still holding the exact value; one with time to spare is the pass without pace; each
later pass is handed the work of the one before."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import rolkit
from rolkit.fight import party_split as split_module
from rolkit.fight.party_split import (
    _AHEAD,
    _BETA,
    _DECAY_MOST,
    _FINISH,
    _RECUT_LEAST,
    _RECUT_MOST,
    _Laws,
    _Pace,
    _Run,
)
from rolkit.fight.result import collect_bounds
from tests.core.fight.test_bounds import assert_inside
from tests.core.fight.test_party_split import CASES, _chain


def _laws(case: str) -> _Laws:
    s, spec, policy = CASES[case]
    return _Laws(_chain(s, spec, policy))


def _behind(
    room: float, work: int = 40, recut: bool = False, before: int | None = None
) -> tuple[_Run, float]:
    """A pass at a sixteenth of its reference's cut, two rounds played: ``work`` entries
    acted on per turn against the reference's 10 (the ratio ``work / 10``; ``before`` in
    its first round, else the same), its last
    round one second long, ``room`` seconds left to the finish: the prediction is the
    reference's 4 rounds still to play (10 per turn) times the ratio times the seconds
    per entry (1 / (n · work)): 4 s whatever ``work``. Its entries: masses 1,1 and 2 times
    its cut, and 0,5."""
    laws = _laws("gore-2v2")
    n = len(laws.chain.order)
    cut = 1e-6 / 16
    run = _Run(laws, cut, 0.0, math.inf)
    run.profile = [work if before is None else before] * n + [work] * n
    run.times = [i / n for i in range(2 * n)]
    if recut:
        run.recut = [(2 * n - 1, cut)]
    run.pace = _Pace(1e-6, (10,) * (6 * n), run.times[-1] + room)
    run.K = np.asarray([1, 2, 3], dtype=np.int64)
    run.V = np.asarray([1.1 * cut, 2 * cut, 0.5])
    run._xy = None
    return run, cut


def test_a_pass_on_pace_keeps_its_cut():
    run, cut = _behind(room=5.0)
    run.keep_pace()
    assert run.cut == cut and not run.recut and len(run.V) == 3


def test_a_pass_behind_pace_coarsens_as_its_work_must_shrink_and_drops_what_falls_under():
    # the ratio 4 at a sixteenth of the cut: β = log 4 / log 16 = 0,5; 4 s in 3,5 s
    run, cut = _behind(room=3.5)
    assert math.log(4) / math.log(16) == pytest.approx(_BETA)
    run.keep_pace()
    want = cut * (4 / 3.5) ** (1 / 0.5)
    assert run.cut == pytest.approx(want) and run.recut == [(len(run.profile), run.cut)]
    assert run.V.tolist() == [2 * cut, 0.5]  # 1,1 times the old cut is under the new one
    assert run.K.tolist() == [2, 3]


def test_the_exponent_is_measured_and_the_factor_kept_within_its_range():
    # the ratio 16 at a sixteenth of the cut: β = 1, and 4 / 3,5 is under the least step
    run, cut = _behind(room=3.5, work=160)
    run.keep_pace()
    assert run.cut == pytest.approx(cut * _RECUT_LEAST)
    assert _RECUT_LEAST > 4 / 3.5
    # far behind, or past the finish: at most _RECUT_MOST
    run, cut = _behind(room=0.5)
    run.keep_pace()
    assert run.cut == pytest.approx(cut * _RECUT_MOST)
    run, cut = _behind(room=-0.1)
    run.keep_pace()
    assert run.cut == pytest.approx(cut * _RECUT_MOST) and run.V.tolist() == [2 * cut, 0.5]


def test_a_pass_ahead_of_pace_takes_a_finer_cut_as_far_as_its_finest():
    # 4 s predicted in 6 s: finer until 4 · _AHEAD = 5 s would be predicted
    run, cut = _behind(room=6.0)
    run.finest = cut / 4
    run.keep_pace()
    assert run.cut == pytest.approx(cut * (4 * _AHEAD / 6) ** (1 / 0.5))
    assert len(run.V) == 3  # nothing dropped
    # far ahead: not finer than its finest
    run, cut = _behind(room=10.0)
    run.finest = cut / 2
    run.keep_pace()
    assert run.cut == cut / 2
    # ahead at its finest (by default the cut it began with): kept
    run, cut = _behind(room=10.0)
    run.keep_pace()
    assert run.cut == cut and not run.recut


def _third_round(run: _Run, work: int) -> _Run:
    """``run`` with a round of ``work`` a turn played before its two (the last round
    still one second long)."""
    n = len(run.chain.order)
    run.profile = [work] * n + run.profile
    run.times = [i / n - 1 for i in range(n)] + run.times
    return run


def test_a_ratio_still_growing_counts_its_growth_once_more():
    # rounds of 20, 20 and 40 a turn: the ratio 4 after 2, the prediction twice as long
    # as by the reference alone (3 rounds of 10 a turn to come, 3 s): 6 s in 4,5 s
    run, cut = _behind(room=4.5, before=20)
    _third_round(run, 20).keep_pace()
    assert run.cut == pytest.approx(cut * (6 / 4.5) ** (1 / 0.5))
    # falling: not counted (3 s in 4,5 s: on pace)
    run, cut = _behind(room=4.5, before=80)
    _third_round(run, 80).keep_pace()
    assert run.cut == cut
    # a cut taken in those two rounds: its growth is the cut's, not counted
    run, cut = _behind(room=4.5, before=20)
    n = len(run.chain.order)
    _third_round(run, 20).recut = [(2 * n - 1, cut)]
    run.keep_pace()
    assert run.cut == cut
    # from the first round to the second: not counted (4 s in 4,5 s)
    run, cut = _behind(room=4.5, before=20)
    run.keep_pace()
    assert run.cut == cut


def test_in_its_references_last_rounds_a_pass_is_predicted_by_its_own_decay_too():
    # the reference's work 10 a turn for two rounds, then 1 (a tenth of it left after
    # them): by it, 4 · 2n more entries, 0,2 s; by this pass's own decay (40 after 80 a
    # turn: d = ½), 40 n (½ + ¼ + …) entries, 1 s
    run, cut = _behind(room=0.5, before=80)
    n = len(run.chain.order)
    run.pace = _Pace(1e-6, (10,) * (2 * n) + (1,) * (2 * n), run.pace.finish)
    run.keep_pace()
    assert run.cut == pytest.approx(cut * _RECUT_MOST)  # (1 / 0,5) ** 2 = 4, the most
    run, cut = _behind(room=1.2, before=80)
    run.pace = _Pace(1e-6, (10,) * (2 * n) + (1,) * (2 * n), run.pace.finish)
    run.keep_pace()
    assert run.cut == cut  # 1 s in 1,2 s: on pace
    # a decay near 1 counts as _DECAY_MOST: 40 n · 9 entries, 9 s
    run, cut = _behind(room=7.0, before=41)
    run.pace = _Pace(1e-6, (10,) * (2 * n) + (1,) * (2 * n), run.pace.finish)
    run.keep_pace()
    assert _DECAY_MOST == 0.9
    assert run.cut == pytest.approx(cut * (9 / 7) ** 2)
    # earlier, with most of the reference's work to come, by it alone: 4 s in 5 s (by
    # the decay, 9 s)
    run, cut = _behind(room=5.0, before=41)
    run.keep_pace()
    assert run.cut == cut


def test_a_round_after_a_coarser_cut_is_waited_for_unless_past_the_finish():
    run, cut = _behind(room=0.5, recut=True)
    run.keep_pace()
    assert run.cut == cut
    run, cut = _behind(room=-0.1, recut=True)
    run.keep_pace()
    assert run.cut == pytest.approx(cut * _RECUT_MOST)


def test_no_prediction_before_two_rounds_or_past_the_reference():
    run, cut = _behind(room=0.5)
    n = len(run.chain.order)
    run.profile, run.times = run.profile[: 2 * n - 1], run.times[: 2 * n - 1]
    run.keep_pace()
    assert run.cut == cut
    run, cut = _behind(room=0.5)
    run.pace = _Pace(1e-6, (10,) * (2 * n - 1), run.pace.finish)
    run.keep_pace()
    assert run.cut == cut


def _free_and_paced(case: str, finish: float) -> tuple[_Laws, _Run, _Run]:
    """Passes at 1e-9 on the laws of a first one at 1e-4: without pace, and keeping pace
    with the first to end by ``finish``."""
    laws = _laws(case)
    first = _Run(laws, 1e-4, 0.0, math.inf)
    first.play()
    free = _Run(laws, 1e-9, 0.0, math.inf)
    free.play()
    paced = _Run(laws, 1e-9, 0.0, math.inf, pace=_Pace(first.cut, tuple(first.profile), finish))
    paced.play()
    return laws, free, paced


@pytest.mark.parametrize("case", ["gore-2v2", "tierkreis-2v2-hurt"])
def test_a_pass_behind_pace_ends_coarser_and_its_bounds_hold_the_exact_value(case):
    s, spec, policy = CASES[case]
    exact = rolkit.fight_odds(spec, system=s, policy=policy, method="exact", rounds_shown=0)
    # due at once: coarser every turn from the third round on, until the mass is gone
    laws, free, paced = _free_and_paced(case, finish=0.0)
    n = len(laws.chain.order)
    assert paced.recut[0][0] == 2 * n
    cuts = [c for _t, c in paced.recut]
    assert cuts == sorted(cuts) and cuts[0] == pytest.approx(1e-9 * _RECUT_MOST)
    lows = []
    for run in (free, paced):
        b = run.bounds(0.0)
        lows.append(b.unknown)
        per = {f[0]: policy for f in spec.fighters}
        r = collect_bounds(s, spec, laws.chain, b.lower, b.unknown, b.explored, ("", ""), per)
        assert_inside(r, exact)
    assert lows[0] < lows[1]


def test_a_pass_with_time_to_spare_is_the_pass_without_pace():
    _, free, paced = _free_and_paced("tierkreis-2v2-hurt", finish=1e30)
    assert not paced.recut and paced.cut == 1e-9
    assert paced.ended == free.ended and paced.flops == free.flops
    assert paced.profile == free.profile and len(paced.times) == len(free.profile)


def test_each_later_pass_is_handed_the_work_of_the_one_before_and_the_aim(monkeypatch):
    runs: list[_Run] = []
    init = _Run.__init__

    def kept(run: _Run, *args: Any, **kwargs: Any) -> None:
        init(run, *args, **kwargs)
        runs.append(run)

    aims: list[float] = []
    aim = split_module._aim

    def aimed(passes: Any, width: float) -> float:
        aims.append(aim(passes, width))
        return aims[-1]

    monkeypatch.setattr(_Run, "__init__", kept)
    monkeypatch.setattr(split_module, "_aim", aimed)
    monkeypatch.setattr(split_module, "_FIRST_CUT", 1.0)  # a first pass too coarse
    s, spec, policy = CASES["gore-2v2"]
    began = split_module.time.perf_counter()
    split_module.party_split(_chain(s, spec, policy), Fraction(1, 10**6), seconds=300)
    assert len(runs) >= 2 and runs[0].pace is None
    for before, run in zip(runs, runs[1:], strict=False):
        assert run.pace is not None
        assert run.pace.cut == before.cut and run.pace.work == tuple(before.profile)
        assert began < run.pace.finish - _FINISH * 300 < began + 1
        assert sum(before.profile) > 0
    # after each pass _next_cut aims (a call), then the next pass is given the aim as the
    # finest cut it may take ahead of pace (another): begun at the aim or coarser
    assert len(aims) >= 2 * len(runs) - 2
    for j, run in enumerate(runs[1:], start=1):
        assert run.finest == aims[2 * j - 1] <= run.cut
