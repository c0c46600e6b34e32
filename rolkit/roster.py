"""Saved characters, weapons, armour and modifier sets, per system: the GM's roster.

A roster is one JSON document::

    {"format": "rolkit-roster", "schema": 1, "revision": 7,
     "systems": {"core_dread": {"attacker": {"Bruno": {"fortaleza": 5, …}}, …}, …}}

Entries are the plain field-value data of a form (:func:`rolkit.fields.to_data`), so
they are the same data as a system's presets. An entry saved under one role is offered
in every role whose form is the same class (a character saved as attacker can defend).

Guarantees:

* **Atomic writes**: a save writes a temporary file in the same folder, fsyncs it and
  renames it over the roster; the previous version is kept as ``<name>.bak``. A process
  killed mid-save leaves the old file whole.
* **No silent loss**: a save checks the file's ``revision`` against the one it loaded;
  if another session saved in between, :class:`RosterConflictError` says so and nothing
  is written (reload, or ``save(force=True)`` to overwrite on purpose).
* **Plain errors**: a corrupt or hand-edited file raises :class:`RosterError` naming the
  entry and the field; loading never writes, so the file is left as it was. A full disk
  or a read-only folder is a plain message, and the old file stays intact.
* Systems this rolkit does not know (a newer version's) are kept and written back as
  they were.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import tempfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from rolkit import fields, systems
from rolkit.errors import RulesError, shown

__all__ = [
    "Roster",
    "RosterError",
    "RosterConflictError",
    "SCHEMA_VERSION",
    "MIGRATIONS",
    "default_path",
    "ROLES",
]

FORMAT = "rolkit-roster"
SCHEMA_VERSION = 1
ROLES = ("attacker", "defender", "weapon", "modifiers")
#: ``{n: upgrade}``: turns a schema-``n`` document into schema ``n + 1``.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class RosterError(RulesError):
    """A roster file cannot be read or written: the message says which entry and why."""


class RosterConflictError(RosterError):
    """Another session saved the roster since this one loaded it."""


def default_path() -> Path:
    """``roster.json`` in the user's data folder (``platformdirs``)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("rolkit", appauthor=False)) / "roster.json"


def _error(en: str, es: str, *, field: str | None = None, cls: type[RosterError] = RosterError):
    return cls(en, message_es=es, field=field)


def _empty() -> dict[str, Any]:
    return {"format": FORMAT, "schema": SCHEMA_VERSION, "revision": 0, "systems": {}}


def _read(path: Path) -> dict[str, Any]:
    """The document at ``path`` (an empty roster when there is no file), migrated."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return _empty()
    except OSError as err:
        raise _error(
            f"cannot read the roster {path}: {err.strerror or err}",
            f"no se puede leer el roster {path}: {err.strerror or err}",
        ) from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise _error(
            f"the roster {path} is not valid JSON (line {err.lineno}, column {err.colno}); "
            "the file was left as it is",
            f"el roster {path} no es JSON válido (línea {err.lineno}, columna {err.colno}); "
            "el archivo se ha dejado como estaba",
        ) from None
    return _migrate(doc, path)


def _migrate(doc: Any, path: Path) -> dict[str, Any]:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise _error(
            f"{path} is not a rolkit roster",
            f"{path} no es un roster de rolkit",
        )
    version = doc.get("schema")
    if not isinstance(version, int) or version < 1:
        raise _error(
            f"the roster {path} has no valid schema version",
            f"el roster {path} no tiene una versión de esquema válida",
        )
    if version > SCHEMA_VERSION:
        raise _error(
            f"the roster {path} was written by a newer rolkit (schema {version}); "
            "update rolkit to open it",
            f"el roster {path} lo escribió un rolkit más nuevo (esquema {version}); "
            "actualiza rolkit para abrirlo",
        )
    while version < SCHEMA_VERSION:
        doc = MIGRATIONS[version](doc)
        version += 1
        doc["schema"] = version
    if not isinstance(doc.get("systems"), dict) or not isinstance(doc.get("revision"), int):
        raise _error(
            f"the roster {path} lacks its systems or its revision",
            f"al roster {path} le faltan los sistemas o la revisión",
        )
    return doc


def _system_form(system_id: str, role: str) -> type | None:
    if system_id not in systems.available() or role not in ROLES:
        return None
    return systems.get(system_id).forms[role]


def _validate_entries(doc: dict[str, Any]) -> None:
    """Every entry of a known system builds a valid form; the error names it."""
    for system_id, roles in doc["systems"].items():
        if system_id not in systems.available():
            continue  # a newer rolkit's system: kept as it is
        if not isinstance(roles, dict):
            raise _error(
                f"roster: {system_id} must hold roles (got {shown(roles)})",
                f"roster: {system_id} debe contener roles (recibido {shown(roles)})",
                field=system_id,
            )
        for role, entries in roles.items():
            cls = _system_form(system_id, role)
            if cls is None or not isinstance(entries, dict):
                raise _error(
                    f"roster: {system_id} has an unknown role {shown(role)}",
                    f"roster: {system_id} tiene un rol desconocido {shown(role)}",
                    field=f"{system_id}.{role}",
                )
            for name, data in entries.items():
                fields.from_data(cls, data, where=f"{system_id} / {role}: {name}")


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive advisory lock on ``<path>.lock`` while a save checks and writes."""
    import fcntl

    lock = path.with_name(path.name + ".lock")
    with open(lock, "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically, keeping the old file as ``<path>.bak``."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            backup = path.with_name(path.name + ".bak")
            with contextlib.suppress(FileNotFoundError):
                os.unlink(backup)
            os.link(path, backup)  # the old version, kept whole
        os.replace(tmp, path)
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


class Roster:
    """A roster file, loaded: entries by system and role, saved atomically.

    Args:
        path: the file (default :func:`default_path`); it need not exist yet.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self._doc = _read(self.path)
        _validate_entries(self._doc)
        self._loaded_revision: int = self._doc["revision"]

    # reading -----------------------------------------------------------------
    @property
    def revision(self) -> int:
        return int(self._doc["revision"])

    def names(self, system_id: str, role: str) -> list[str]:
        """The entries offered for ``role``: its own, then same-class entries of other roles."""
        return list(self.entries(system_id, role))

    def entries(self, system_id: str, role: str) -> dict[str, Any]:
        """``{name: form instance}`` usable as ``role`` in ``system_id``."""
        cls = _system_form(system_id, role)
        if cls is None:
            return {}
        roles = self._doc["systems"].get(system_id, {})
        out: dict[str, Any] = {}
        for other in (role, *(r for r in ROLES if r != role)):
            if _system_form(system_id, other) is not cls:
                continue
            for name, data in roles.get(other, {}).items():
                out.setdefault(name, fields.from_data(cls, data, where=f"{role}: {name}"))
        return out

    def data(self, system_id: str, role: str, name: str) -> dict[str, Any]:
        """The stored field values of one entry (a copy)."""
        try:
            return copy.deepcopy(self._doc["systems"][system_id][role][name])
        except KeyError:
            raise _error(
                f"the roster has no {role} {name!r} in {system_id}",
                f"el roster no tiene {role} {name!r} en {system_id}",
                field=name,
            ) from None

    # changing ------------------------------------------------------------------
    def add(self, system_id: str, role: str, name: str, form: Any) -> None:
        """Store ``form`` as ``name`` (replacing an entry of that name)."""
        cls = _system_form(system_id, role)
        if cls is None or not isinstance(form, cls):
            raise _error(
                f"a {role} of {system_id} must be a {getattr(cls, '__name__', '?')}",
                f"un {role} de {system_id} debe ser un {getattr(cls, '__name__', '?')}",
                field=role,
            )
        clean = name.strip()
        if not clean or len(clean) > 80:
            raise _error(
                "an entry needs a name of 1 to 80 characters",
                "una entrada necesita un nombre de 1 a 80 caracteres",
                field="name",
            )
        roles = self._doc["systems"].setdefault(system_id, {})
        roles.setdefault(role, {})[clean] = fields.to_data(form)

    def remove(self, system_id: str, role: str, name: str) -> None:
        self.data(system_id, role, name)  # raises a plain error when absent
        del self._doc["systems"][system_id][role][name]

    # saving --------------------------------------------------------------------
    def save(self, *, force: bool = False) -> None:
        """Write the roster atomically (see the module docstring).

        Raises:
            RosterConflictError: another session saved since this one loaded (unless
                ``force``); nothing is written.
            RosterError: the folder is read-only, the disk is full, …; the old file is
                intact.
        """
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            with _locked(self.path):
                on_disk = _read(self.path)["revision"] if self.path.exists() else 0
                if on_disk != self._loaded_revision and not force:
                    raise _error(
                        f"another session saved the roster {self.path} since you opened it "
                        f"(revision {on_disk}, yours {self._loaded_revision}): nothing was "
                        "written; reload it to see both, or save again to overwrite",
                        f"otra sesión guardó el roster {self.path} después de que lo abrieras "
                        f"(revisión {on_disk}, la tuya {self._loaded_revision}): no se ha "
                        "escrito nada; vuelve a cargarlo para ver ambas, o guarda de nuevo "
                        "para sobrescribir",
                        cls=RosterConflictError,
                    )
                doc = dict(self._doc, revision=on_disk + 1)
                _write_atomic(self.path, json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
        except OSError as err:
            reason = err.strerror or str(err)
            raise _error(
                f"cannot save the roster {self.path}: {reason}; the previous file is intact",
                f"no se puede guardar el roster {self.path}: {reason}; el archivo anterior "
                "está intacto",
            ) from None
        self._doc = doc
        self._loaded_revision = doc["revision"]

    # export / import -------------------------------------------------------------
    def export(
        self, system_id: str | None = None, role: str | None = None, name: str | None = None
    ) -> dict[str, Any]:
        """A roster document with everything, one system, one role or one entry."""
        chosen = copy.deepcopy(self._doc["systems"])
        if system_id is not None:
            chosen = {system_id: chosen.get(system_id, {})}
            if role is not None:
                entries = chosen[system_id].get(role, {})
                if name is not None:
                    entries = {name: self.data(system_id, role, name)}
                chosen = {system_id: {role: entries}}
        return {"format": FORMAT, "schema": SCHEMA_VERSION, "revision": 0, "systems": chosen}

    def import_document(self, document: Mapping[str, Any] | str) -> int:
        """Merge a document from :meth:`export` (or its JSON text); returns the entries
        added. Every entry is validated first: a bad one names itself and nothing is
        merged."""
        doc = json.loads(document) if isinstance(document, str) else copy.deepcopy(dict(document))
        doc = _migrate(doc, Path("<import>"))
        _validate_entries(doc)
        count = 0
        for system_id, roles in doc["systems"].items():
            mine = self._doc["systems"].setdefault(system_id, {})
            for role, entries in roles.items():
                mine.setdefault(role, {}).update(entries)
                count += len(entries)
        return count
