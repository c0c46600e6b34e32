"""Kernel-side hardening for the dashboard: one call, :func:`harden_kernel`, in its first cell.

What it does (issue 17, "no traceback leaves the server" and "bounded memory and logs"):

* a tampered widget update (``"abc"`` for an int, ``null``, a list, NaN, an out-of-range
  option index) is refused *quietly*: the error goes to the rotating log and the widget's
  true state is sent back, so the browser's control snaps back instead of showing an error;
* the shell's ``showtraceback`` (what ipywidgets calls when a callback or a widget message
  raises) writes the traceback to the log and sends nothing to the browser (the
  dashboard's own ``guarded`` callbacks show their plain apology);
* the kernel's own loggers (ipykernel, comm, traitlets) go to the same log, not to stderr,
  which ipykernel forwards to the browser, and so does the dashboard's error log
  (``rolkit.dashboard``, see ``widgets.errors``), which is then rotated too;
* :func:`rotating_log` is size-bounded (``max_bytes`` × (``backups`` + 1) for one process;
  kernels of one user share the folder, so at most that per live kernel), in a per-user
  folder (platformdirs' user log dir, mode 0700), its files mode 0600;
* :class:`RollHistory` keeps the last ``limit`` rolls whole and only a count (and an
  optional callback, e.g. writing to the fight log) for older ones;
  :class:`EntryHistory` is the dashboard's roll history built on it (newest first, as the
  Ataque and Chequeos tabs list it): an evicted entry's widgets are closed (their models
  leave the kernel and the page) and it is summarised by its outcome;
* a page may not create widgets in the kernel (issue 23, 3): a ``comm_open`` of target
  ``jupyter.widget`` from the front end (ipywidgets 8 builds the model kernel-side, of any
  widget class, with any state: 200 Text widgets of 3 MB took a kernel from 150 to 784 MiB)
  is closed at once and logged privately; the dashboard's widgets are all created by the
  kernel. ``jupyter.widget.control`` (the state request Voilà's page makes) still works,
  with one such comm open at a time;
* a single-line text box (``ipywidgets.Text`` and its subclasses) refuses a value from the
  page longer than :data:`TEXT_MAX` characters: the kernel keeps its value and sends it
  back, so an oversized paste is neither kept nor echoed (the dashboard's own boxes also
  say so beside the field: ``widgets.limits``).

It changes nothing unless the kernel runs under Voilà (``VOILA_*`` in the environment) or
``force=True``: a notebook opened in JupyterLab keeps its normal tracebacks.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
import weakref
from collections import Counter, deque
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Generic, TypeVar

import comm
from IPython import get_ipython
from ipywidgets import Text, Widget

from widgets.errors import HANDLER_NAME
from widgets.logdir import log_dir

__all__ = [
    "EntryHistory",
    "RollHistory",
    "harden_kernel",
    "log_dir",
    "refuse_page_widgets",
    "rotating_log",
]

LOGGER_NAME = "rolkit.kernel"
_KERNEL_LOGGERS = ("ipykernel", "comm", "traitlets", "IPKernelApp", "ipywidgets", "asyncio")
#: The dashboard's own error log (widgets.errors): rotated too, instead of its FileHandler.
DASHBOARD_LOGGER = "rolkit.dashboard"
#: the comm targets ipywidgets 8 registers: a page creating a model, and its state request
WIDGET_TARGET = "jupyter.widget"
CONTROL_TARGET = "jupyter.widget.control"
#: the longest value a page may put in a single-line text box (the dice parser's own
#: bound, ``rolkit.dice.MAX_LENGTH``, the longest any field of the dashboard takes)
TEXT_MAX = 500
T = TypeVar("T")


class _PrivateRotatingFileHandler(logging.handlers.RotatingFileHandler):
    """A RotatingFileHandler whose files are created mode 0600 (rotations included)."""

    def _open(self) -> Any:
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        os.chmod(self.baseFilename, 0o600)
        return os.fdopen(fd, self.mode.replace("w", "a"), encoding=self.encoding)


#: the functions this module installed in the kernel: hardening twice installs nothing twice
_INSTALLED: weakref.WeakSet[Callable[..., Any]] = weakref.WeakSet()


def _installed(fn: object) -> bool:
    """Whether ``fn`` is one of the functions :func:`harden_kernel` installed."""
    try:
        return fn in _INSTALLED
    except TypeError:  # not weakly referenceable: not one of ours
        return False


def rotating_log(
    name: str = LOGGER_NAME,
    folder: Path | None = None,
    max_bytes: int = 256 * 1024,
    backups: int = 3,
) -> logging.Logger:
    """Logger ``name`` writing to ``<folder>/kernel.log``, rotated at ``max_bytes``.

    At most ``max_bytes * (backups + 1)`` bytes on disk, plus one record. The folder is
    created mode 0700, the files mode 0600; nothing propagates to stderr.
    """
    logger = logging.getLogger(name)
    folder = Path(folder) if folder is not None else log_dir()
    path = folder / "kernel.log"
    for h in logger.handlers:
        if getattr(h, "baseFilename", None) == str(path):
            return logger
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.chmod(folder, 0o700)
    handler = _PrivateRotatingFileHandler(
        path, maxBytes=max_bytes, backupCount=backups, encoding="utf-8", delay=False
    )
    handler.setFormatter(logging.Formatter("%(asctime)s %(process)d %(levelname)s %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    return logger


class RollHistory(Generic[T]):
    """The last ``limit`` rolls kept whole; older ones only counted (and handed to
    ``on_evict``, e.g. to append a line to the fight log)."""

    def __init__(self, limit: int = 200, on_evict: Callable[[T], None] | None = None):
        if limit < 1:
            raise ValueError("limit must be at least 1")
        self.limit = limit
        self._items: deque[T] = deque()
        self.evicted = 0
        self._on_evict = on_evict

    def append(self, item: T) -> None:
        self._items.append(item)
        while len(self._items) > self.limit:
            old = self._items.popleft()
            self.evicted += 1
            if self._on_evict is not None:
                self._on_evict(old)

    @property
    def total(self) -> int:
        """Every roll ever appended (kept + evicted)."""
        return self.evicted + len(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[T]:
        return iter(self._items)

    def __getitem__(self, index: int) -> T:
        return self._items[index]

    def clear(self) -> None:
        self._items.clear()
        self.evicted = 0


def close_widget_tree(widget: Any) -> None:
    """Close ``widget`` and every widget it holds (children, an Accordion's pages, its
    ``layout`` and ``style``): each is a model in the kernel and in the page until closed."""
    seen: set[int] = set()
    stack = [widget] if isinstance(widget, Widget) else []
    while stack:
        w = stack.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        for name in w.keys:
            value = getattr(w, name, None)
            for v in value if isinstance(value, tuple | list) else (value,):
                if isinstance(v, Widget) and id(v) not in seen:
                    stack.append(v)
        w.close()


class EntryHistory:
    """The dashboard's roll history, newest first, with only the last ``limit`` entries kept.

    A drop-in for the list the panels keep (``entries.insert(0, entry)``,
    ``entries[:n]``, iteration, ``entries[0]``): iteration and indexing give the kept
    entries, newest first. ``len()`` is the number of rolls made (kept + summarised), so a
    new roll's number (``len(entries) + 1``) goes on counting past the cap. An evicted
    entry has its widgets closed (:func:`close_widget_tree`) and is summarised in
    :attr:`summary` (rolls per outcome key, at most :data:`SUMMARY_KEYS` keys).
    """

    SUMMARY_KEYS = 64

    def __init__(self, limit: int = 30):
        self._rolls: RollHistory[Any] = RollHistory(limit=limit, on_evict=self._summarise)
        self.summary: Counter[str] = Counter()

    @property
    def limit(self) -> int:
        return self._rolls.limit

    @property
    def evicted(self) -> int:
        """Rolls no longer kept whole (only counted in :attr:`summary`)."""
        return self._rolls.evicted

    def _summarise(self, entry: Any) -> None:
        r = getattr(entry, "r", None)
        key = getattr(r, "key", None) or getattr(getattr(r, "degree", None), "key", None)
        key = str(key)[:200] if key is not None else "?"
        if key not in self.summary and len(self.summary) >= self.SUMMARY_KEYS:
            key = "…"
        self.summary[key] += 1
        close_widget_tree(getattr(entry, "widget", None))

    def insert(self, index: int, entry: Any) -> None:
        """Add the newest roll (``index`` must be 0: the history is newest first)."""
        if index != 0:
            raise ValueError("a roll history only grows at its front (newest first)")
        self._rolls.append(entry)

    def kept(self) -> list[Any]:
        """The entries kept whole, newest first."""
        return list(reversed(self._rolls._items))

    def __len__(self) -> int:
        return self._rolls.total

    def __bool__(self) -> bool:
        return self._rolls.total > 0

    def __iter__(self) -> Iterator[Any]:
        return reversed(self._rolls._items)

    def __getitem__(self, index: Any) -> Any:
        return self.kept()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, list):
            return not self.evicted and self.kept() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # unhashable as a list; typeshed says a method

    def clear(self) -> None:
        self._rolls.clear()
        self.summary.clear()


def _under_voila() -> bool:
    return any(key.startswith("VOILA_") for key in os.environ)


def _too_long(widget: Any, sync_data: Any) -> int:
    """The length of an oversized ``value`` a page sent to a text box (0 when fine)."""
    value = sync_data.get("value") if isinstance(sync_data, dict) else None
    if isinstance(widget, Text) and isinstance(value, str):
        limit = getattr(widget, "max_chars", TEXT_MAX)
        return len(value) if len(value) > limit else 0
    return 0


def _safe_set_state(original: Callable[..., Any], logger: logging.Logger) -> Callable[..., Any]:
    def set_state(self: Any, sync_data: dict[str, Any]) -> None:
        size = _too_long(self, sync_data)
        if size:  # neither kept nor echoed: the box snaps back to the kernel's value
            logger.warning("refused a %d-character value for %s", size, type(self).__name__)
            sync_data = {k: v for k, v in sync_data.items() if k != "value"}
            try:
                self.send_state("value")
            except Exception:
                logger.warning("could not resend widget state", exc_info=True)
            if not sync_data:
                return
        try:
            original(self, sync_data)
        except Exception:
            logger.warning(
                "refused widget update for %s (%s)",
                type(self).__name__,
                ", ".join(sorted(map(str, sync_data)))[:200],
                exc_info=True,
            )
            try:
                self.send_state()  # the browser's control snaps back to the real value
            except Exception:
                logger.warning("could not resend widget state", exc_info=True)

    _INSTALLED.add(set_state)
    return set_state


class _Refusals:
    """Counts the page's refused comm_opens; logs the first ones, then one in a hundred
    (the rotating log is bounded anyway; this keeps a flood from churning it)."""

    def __init__(self, logger: logging.Logger):
        self.logger = logger
        self.count = 0

    def __call__(self, what: str) -> None:
        self.count += 1
        if self.count <= 20 or self.count % 100 == 0:
            self.logger.warning("refused %s from the page (%d so far)", what, self.count)


def refuse_page_widgets(manager: Any, logger: logging.Logger) -> bool:
    """Make ``manager`` (the kernel's comm manager) close every widget a page opens.

    ``jupyter.widget`` comm_opens from the page are closed at once (nothing is built);
    ``jupyter.widget.control`` keeps working, and a new control comm closes the previous
    one, so a page cannot pile them up. True if this changed ``manager``; idempotent.
    """
    targets = getattr(manager, "targets", None)
    if targets is None or _installed(targets.get(WIDGET_TARGET)):
        return False
    refused = _Refusals(logger)

    def refuse(comm: Any, msg: Any) -> None:
        content = msg.get("content") if isinstance(msg, dict) else None
        data = content.get("data") if isinstance(content, dict) else None
        state = data.get("state") if isinstance(data, dict) else None
        model = state.get("_model_name") if isinstance(state, dict) else None
        refused(f"a widget ({str(model)[:40]})")
        comm.close()

    _INSTALLED.add(refuse)
    manager.register_target(WIDGET_TARGET, refuse)

    control = targets.get(CONTROL_TARGET)
    if control is not None and not _installed(control):

        def one_control(comm: Any, msg: Any) -> None:
            previous = Widget._control_comm
            control(comm, msg)
            if previous is not None and previous is not comm:
                previous.close()  # only the newest state request comm stays open

        _INSTALLED.add(one_control)
        manager.register_target(CONTROL_TARGET, one_control)
    return True


def _quiet_showtraceback(logger: logging.Logger) -> Callable[..., None]:
    def showtraceback(*args: Any, **kwargs: Any) -> None:
        logger.error("uncaught error in the kernel", exc_info=sys.exc_info())

    _INSTALLED.add(showtraceback)
    return showtraceback


def harden_kernel(force: bool | None = None, folder: Path | None = None) -> bool:
    """Apply the hardening described in this module; True if it was applied.

    Idempotent. ``force=None`` applies it only under Voilà; ``folder`` overrides the log
    folder (tests).
    """
    if not (force if force is not None else _under_voila()):
        return False
    logger = rotating_log(folder=folder)
    handler = logger.handlers[0]
    dashboard_log = logging.getLogger(DASHBOARD_LOGGER)
    if handler not in dashboard_log.handlers:
        handler.set_name(HANDLER_NAME)  # widgets.errors.configure_log: done
        dashboard_log.addHandler(handler)
        dashboard_log.setLevel(logging.INFO)
        dashboard_log.propagate = False
    for name in _KERNEL_LOGGERS:
        kernel_logger = logging.getLogger(name)
        for h in list(kernel_logger.handlers):
            if isinstance(h, logging.StreamHandler) and not isinstance(h, logging.FileHandler):
                kernel_logger.removeHandler(h)
        if handler not in kernel_logger.handlers:
            kernel_logger.addHandler(handler)
        kernel_logger.propagate = False

    if not _installed(Widget.set_state):
        Widget.set_state = _safe_set_state(Widget.set_state, logger)
    try:
        manager = comm.get_comm_manager()
    except Exception:  # pragma: no cover - no comm manager: no page can open comms
        manager = None
    if manager is not None:
        refuse_page_widgets(manager, logger)

    shell = get_ipython()
    if shell is not None:
        kernel = getattr(shell, "kernel", None)
        app_log = getattr(getattr(kernel, "parent", None), "log", None)
        for lg in (getattr(kernel, "log", None), app_log):
            if isinstance(lg, logging.Logger):
                for h in list(lg.handlers):
                    if isinstance(h, logging.StreamHandler) and not isinstance(
                        h, logging.FileHandler
                    ):
                        lg.removeHandler(h)
                lg.addHandler(handler)
        if not _installed(shell.showtraceback):
            shell.showtraceback = _quiet_showtraceback(logger)
    return True
