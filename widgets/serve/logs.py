"""The serving process's log: whole in a rotating private file, summarised on stderr.

``python -m widgets.serve`` logged to stderr only, unrotated, a line per event: a flood of bad
requests or an fd exhaustion wrote hundreds of MB. :func:`install_serve_log` (called by
:class:`widgets.serve.app.RolkitVoila`) sends every logger of the process (the app's, tornado's,
asyncio's) to

* a rotating file, :attr:`ServeLog.log_file` (default ``serve.log`` in the per-user log folder,
  :func:`widgets.logdir.log_dir`, mode 0700), files mode 0600, at most
  ``max_bytes × (backups + 1)`` bytes;
* stderr through :class:`SummaryStreamHandler`: the first :attr:`ServeLog.stderr_burst` records
  of a kind (same logger, level and message template) in :attr:`ServeLog.stderr_interval`
  seconds, then one line saying how many more there were, and never more than
  :attr:`ServeLog.stderr_max` lines in an interval.

:class:`Notice` is the same idea for one recurring event logged by code (the accept loop).
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from traitlets import Float, Int, Unicode
from traitlets.config import Configurable

from widgets.logdir import log_dir

__all__ = ["Notice", "ServeLog", "SummaryStreamHandler", "install_serve_log"]

_FILE_FORMAT = "%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s"


class ServeLog(Configurable):
    """Where the serving process logs, and how much."""

    log_file = Unicode(
        "",
        config=True,
        help="The rotating log file ('' = serve.log in the per-user log folder).",
    )
    max_bytes = Int(1024 * 1024, config=True, help="Size at which the log file rotates.")
    backups = Int(4, config=True, help="Rotated log files kept.")
    stderr_burst = Int(
        5, config=True, help="Records of one kind shown on stderr per interval; then a count."
    )
    stderr_max = Int(60, config=True, help="Most lines written to stderr per interval.")
    stderr_interval = Float(60.0, config=True, help="Seconds of one stderr interval.")

    def path(self) -> Path:
        if self.log_file:
            return Path(self.log_file).expanduser()
        return log_dir() / "serve.log"


class PrivateRotatingFileHandler(logging.handlers.RotatingFileHandler):
    """A RotatingFileHandler whose files (rotations included) are created mode 0600."""

    def _open(self) -> Any:
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        os.chmod(self.baseFilename, 0o600)
        return os.fdopen(fd, "a", encoding=self.encoding)


class SummaryStreamHandler(logging.StreamHandler):  # type: ignore[type-arg]  # generic in typeshed only, not at run time
    """A stream handler that shows a few records of each kind per interval, then a count."""

    def __init__(
        self,
        stream: TextIO | None = None,
        burst: int = 5,
        most: int = 60,
        interval: float = 60.0,
        where: str = "",
    ) -> None:
        super().__init__(stream)
        self.burst, self.most, self.interval, self.where = burst, most, interval, where
        self._window = time.monotonic()
        self._shown: dict[tuple[str, int, str], int] = {}
        self._hidden = 0
        self._lines = 0

    def _roll(self, now: float) -> None:
        if now - self._window < self.interval:
            return
        if self._hidden:
            where = f"; all of them are in {self.where}" if self.where else ""
            self.stream.write(
                f"[serve] {self._hidden} more log line(s) in the last "
                f"{now - self._window:.0f} s not shown here{where}{self.terminator}"
            )
        self._window, self._shown, self._hidden, self._lines = now, {}, 0, 0

    def emit(self, record: logging.LogRecord) -> None:
        now = time.monotonic()
        self._roll(now)
        kind = (record.name, record.levelno, str(record.msg))
        seen = self._shown.get(kind, 0)
        self._shown[kind] = seen + 1
        if seen >= self.burst or self._lines >= self.most:
            self._hidden += 1
            return
        self._lines += 1
        super().emit(record)


class Notice:
    """One recurring event: logged the first time, then at most once per ``interval``
    seconds with how many times it happened since."""

    def __init__(self, logger: logging.Logger, interval: float = 60.0) -> None:
        self.logger, self.interval = logger, interval
        self._last = float("-inf")
        self._since = 0
        self.count = 0

    def note(self, fmt: str, *args: Any) -> None:
        self.count += 1
        now = time.monotonic()
        if now - self._last < self.interval:
            self._since += 1
            return
        more = f" ({self._since} more since the last notice)" if self._since else ""
        self.logger.warning(fmt + more, *args)
        self._last, self._since = now, 0


def install_serve_log(app_log: logging.Logger, settings: ServeLog, level: int) -> Path:
    """Route the process's logging to the rotating file and the summarising stderr
    handler (replacing the handlers of ``app_log`` and of the root logger); the file."""
    path = settings.path()
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    file_handler = PrivateRotatingFileHandler(
        path, maxBytes=settings.max_bytes, backupCount=settings.backups, encoding="utf-8"
    )
    file_handler.setFormatter(logging.Formatter(_FILE_FORMAT))
    stderr = SummaryStreamHandler(
        sys.stderr,
        burst=settings.stderr_burst,
        most=settings.stderr_max,
        interval=settings.stderr_interval,
        where=str(path),
    )
    console = next((h.formatter for h in app_log.handlers if h.formatter), None)
    stderr.setFormatter(console or logging.Formatter("[%(levelname)1.1s %(name)s] %(message)s"))
    for handler in (file_handler, stderr):
        handler.setLevel(level)
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(file_handler)
    root.addHandler(stderr)
    root.setLevel(logging.WARNING)  # tornado.access's 2xx lines stay out
    for old in list(app_log.handlers):
        app_log.removeHandler(old)
    app_log.propagate = True
    logging.getLogger("widgets.serve").setLevel(logging.INFO)
    return path
