"""A deadline for tests whose code under test could block (an open of a FIFO)."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator


class Hung(BaseException):
    """Not an Exception: no ``except Exception`` in the code under test (nor the
    dashboard's guard) swallows it."""


@contextlib.contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Interrupt a blocked call after ``seconds`` with :class:`Hung`."""

    def alarm(signum: int, frame: object) -> None:
        raise Hung(f"still blocked after {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
