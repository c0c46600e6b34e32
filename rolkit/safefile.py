"""Bounded, plain file access for data a stranger may have chosen or placed.

Only regular files of a bounded size are read: the name is checked with ``lstat`` before
anything is opened, opened with ``O_NOFOLLOW | O_NONBLOCK`` (a symlink, a FIFO or a
device never blocks or streams), checked again with ``fstat`` and read to at most
``limit + 1`` bytes. Every ``OSError`` has a plain reason in English and Spanish
(:func:`reason`), never a path or an errno name.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

__all__ = ["Refused", "read_bounded", "open_lock", "reason"]

_CHUNK = 1 << 16

#: errno -> (English, Spanish): the plain reason of a file-system fault.
_REASONS: dict[int, tuple[str, str]] = {
    errno.EROFS: ("Read-only file system", "el sistema de archivos es de solo lectura"),
    errno.ENOSPC: ("No space left on device", "no queda espacio en el disco"),
    errno.EDQUOT: ("No space left on device (quota)", "no queda espacio en el disco (cuota)"),
    errno.EACCES: ("Permission denied", "permiso denegado"),
    errno.EPERM: ("Permission denied", "permiso denegado"),
    errno.ENOENT: ("the folder does not exist", "la carpeta no existe"),
    errno.ENOTDIR: ("the folder does not exist", "la carpeta no existe"),
    errno.EISDIR: ("it is a folder, not a file", "es una carpeta, no un archivo"),
    errno.ELOOP: ("it is a link, not a file", "es un enlace, no un archivo"),
    errno.EMFILE: ("too many open files", "demasiados archivos abiertos"),
    errno.ENFILE: ("too many open files", "demasiados archivos abiertos"),
    errno.EIO: ("the disk reported an error", "el disco ha dado un error"),
    errno.EBUSY: ("the file is busy", "el archivo está ocupado"),
}


class Refused(OSError):
    """A file that is there but is not read: ``kind`` is ``"not_regular"`` or ``"too_large"``."""

    def __init__(self, kind: str, limit: int = 0) -> None:
        super().__init__(errno.EINVAL, kind)
        self.kind = kind
        self.limit = limit


def reason(err: OSError) -> tuple[str, str]:
    """The plain ``(English, Spanish)`` reason of ``err`` (no path, no errno name)."""
    if isinstance(err, Refused):
        if err.kind == "too_large":
            mib = err.limit / (1 << 20)
            return (
                f"it is larger than {mib:g} MiB",
                f"ocupa más de {mib:g} MiB".replace(".", ","),
            )
        return ("it is not a regular file", "no es un archivo normal")
    known = _REASONS.get(err.errno or 0)
    if known:
        return known
    return (
        f"the file system refused it (error {err.errno})",
        f"el sistema de archivos lo ha rechazado (error {err.errno})",
    )


def _regular(mode: int) -> None:
    if not stat.S_ISREG(mode):
        raise Refused("not_regular")


def read_bounded(path: Path, limit: int, *, follow: bool = False) -> bytes | None:
    """The bytes of the regular file ``path`` (``None`` when there is none).

    Raises:
        Refused: ``path`` is a FIFO, a device, a folder, a symlink (unless ``follow``)
            or larger than ``limit`` bytes; nothing was read.
        OSError: any other fault (permission, I/O).
    """
    try:
        _regular((os.stat if follow else os.lstat)(path).st_mode)
    except FileNotFoundError:
        return None
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | (0 if follow else os.O_NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise Refused("not_regular") from None
        raise
    try:
        info = os.fstat(fd)
        _regular(info.st_mode)  # the file opened is the file checked
        if info.st_size > limit:
            raise Refused("too_large", limit)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:  # it grew while read
            raise Refused("too_large", limit)
        return b"".join(chunks)
    finally:
        os.close(fd)


def open_lock(path: Path) -> int:
    """A descriptor of the lock file ``path`` (created 0600), never through a symlink.

    Raises:
        Refused: ``path`` exists and is not a regular file.
        OSError: the folder is read-only, full, …
    """
    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    try:
        fd = os.open(path, flags, 0o600)
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise Refused("not_regular") from None
        raise
    try:
        _regular(os.fstat(fd).st_mode)
    except BaseException:
        os.close(fd)
        raise
    return fd
