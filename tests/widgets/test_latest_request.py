"""The Combate blocks' shared worker, «the latest request wins» (widgets.latest_request):
quick successive requests show only the newest result; one worker thread and one pending
request at most; a superseded request is stopped; a stopped request still the newest is
asked again; a failure does not stop later requests — in the base, and as each widget
says it (BestLine, VictoryBlock: the bug's plain words, not kept)."""

import threading
import time
from fractions import Fraction
from typing import NamedTuple

from rolkit import i18n
from rolkit.errors import RulesError
from rolkit.fight import FightSpec
from rolkit.fight.best_move import BestMove, Move
from tests.contract.toy_actions import SYSTEM as TOY
from widgets.fight_best import BestLine, BestRequest
from widgets.fight_victory import VictoryBlock, VictoryRequest
from widgets.latest_request import LatestRequest, join_worker

WAIT = 10.0  # seconds: a bound for a worker that should be done at once


class Req(NamedTuple):
    value: int
    gen: int = 0


class Toy(LatestRequest[Req]):
    """The smallest user: ``compute(request, stop)`` on the worker, its result published."""

    def __init__(self, compute):
        super().__init__()
        self.compute = compute
        self.shown: list[object] = []
        self.running = 0
        self.most_running = 0
        self.requeued: list[int] = []
        self.workers: list[threading.Thread] = []

    def _work(self) -> None:
        self.workers.append(threading.current_thread())
        super()._work()

    def ask(self, value: int) -> None:
        with self._lock:
            self._submit(Req(value, self._next_gen()))

    def clear(self) -> None:
        with self._lock:
            self._next_gen()

    def _handle(self, request: Req) -> None:
        with self._lock:
            self.running += 1
            self.most_running = max(self.most_running, self.running)
        try:
            result = self.compute(request, lambda: self._superseded(request))
        finally:
            with self._lock:
                self.running -= 1
        if result is StopIteration:  # stopped: again if still the newest
            self.requeued.append(request.value)
            self._requeue(request)
            return
        self._publish(request, lambda: self.shown.append(result))


def _gate():
    """A compute that holds the first request until ``release`` is set."""
    release, started, computed = threading.Event(), threading.Event(), []

    def compute(request, stop):
        computed.append(request.value)
        if request.value == 1:
            started.set()
            assert release.wait(WAIT)
        return request.value * 10

    return compute, release, started, computed


def test_quick_requests_show_only_the_newest_and_skip_the_ones_between():
    compute, release, started, computed = _gate()
    toy = Toy(compute)
    toy.ask(1)
    assert started.wait(WAIT)
    for v in range(2, 11):  # while 1 computes: each replaces the one pending
        toy.ask(v)
    release.set()
    join_worker(toy, WAIT)
    assert toy.shown == [100], "only the newest result reaches the screen"
    assert computed == [1, 10], "the requests between were dropped unsolved"
    assert toy.thread is None and toy._pending is None


def test_one_worker_thread_at_most():
    compute, release, started, _computed = _gate()
    toy = Toy(compute)
    toy.ask(1)
    assert started.wait(WAIT)
    askers = [threading.Thread(target=toy.ask, args=(v,)) for v in range(2, 30)]
    for t in askers:
        t.start()
    for t in askers:
        t.join(WAIT)
    alive = [t for t in toy.workers if t.is_alive()]
    assert alive == [toy.thread], "one worker, however many requests"
    release.set()
    join_worker(toy, WAIT)
    assert toy.most_running == 1 and toy.thread is None and toy._pending is None
    assert not any(t.is_alive() for t in toy.workers)


def test_a_superseded_request_is_stopped_and_a_clear_shows_nothing():
    stopped: list[int] = []
    started = threading.Event()

    def compute(request, stop):
        if request.value == 1:
            started.set()
            deadline = time.monotonic() + WAIT
            while time.monotonic() < deadline:
                if stop():
                    stopped.append(request.value)
                    return "stale"
                time.sleep(0.002)
            return "ran to the end"
        return request.value

    toy = Toy(compute)
    toy.ask(1)
    assert started.wait(WAIT)
    t0 = time.monotonic()
    toy.ask(2)
    join_worker(toy, WAIT)
    assert stopped == [1] and time.monotonic() - t0 < WAIT / 2
    assert toy.shown == [2]
    started.clear()
    toy.ask(1)
    assert started.wait(WAIT)
    toy.clear()  # a clear supersedes too: stopped, nothing shown
    join_worker(toy, WAIT)
    assert stopped == [1, 1] and toy.shown == [2]


def test_a_stopped_request_still_the_newest_is_asked_again():
    calls: list[int] = []

    def compute(request, stop):
        calls.append(request.value)
        return StopIteration if len(calls) == 1 else "done"  # stopped once (busy)

    toy = Toy(compute)
    toy.ask(7)
    join_worker(toy, WAIT)
    assert toy.requeued == [7] and calls == [7, 7] and toy.shown == ["done"]


def test_a_failure_does_not_stop_later_requests(caplog):
    def compute(request, stop):
        if request.value == 1:
            raise RuntimeError("boom")
        return request.value

    toy = Toy(compute)
    toy.ask(1)
    join_worker(toy, WAIT)
    assert toy.thread is None and toy.shown == []
    assert "background request failed" in caplog.text
    toy.ask(2)
    join_worker(toy, WAIT)
    assert toy.shown == [2] and toy.thread is None


def test_the_widgets_say_a_bug_plainly_and_go_on():
    """BestLine and VictoryBlock catch their solver's failure themselves: the bug's words
    for that request, not kept (asked again, it is solved again), later requests served."""
    move = Move("attack", ("Atacar", "Atacar (attack)"), "Bruto", Fraction(3, 4), True)
    answer = BestMove("toya", "Ana", "grupo", (move,), move, Fraction(3, 4), 1)
    fail = [True]

    def solve(spec, taken, system, stop):
        if fail[0]:
            raise RuntimeError("boom")
        return answer

    line = BestLine(solve)
    line.show(BestRequest(FightSpec("toya", ()), (), TOY, "es"))
    assert line.wait(WAIT) is None and i18n.t("error.bug", "es") in line.widget.value
    assert line.thread is None
    fail[0] = False
    line.show(BestRequest(FightSpec("toya", ()), (), TOY, "es"))
    assert line.wait(WAIT) == answer

    def odds(spec, system):
        if spec.system == "a":
            raise RuntimeError("boom")
        raise RulesError("refused", message_es="rechazado")

    block = VictoryBlock(odds)

    def ask(name: str) -> None:
        spec = FightSpec(name, ())
        block.show(VictoryRequest(spec, TOY, (), None, "en", {}, "here", 1))

    ask("a")
    block.wait(WAIT)
    assert i18n.t("error.bug", "en") in block.widget.value and block.thread is None
    ask("b")
    block.wait(WAIT)
    assert "refused" in block.widget.value and block.odds is None
