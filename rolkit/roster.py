"""Saved characters, weapons, armour and modifier sets, per system: the GM's roster.

A roster is one JSON document::

    {"format": "rolkit-roster", "schema": 1, "revision": 7,
     "systems": {"core_dread": {"attacker": {"Bruno": {"fortaleza": 5, …}}, …}, …}}

Entries are the plain field-value data of a form (:func:`rolkit.fields.to_data`), so
they are the same data as a system's presets. An entry saved under one role is offered
in every role whose form is the same class (a character saved as attacker can defend).

Two ways in: :class:`Roster` takes a path (the Python API: a script's or a notebook's own
file), :class:`RosterStore` takes only *names* of rosters inside one folder (the data
folder, :func:`data_dir`): what the dashboard uses, so a visitor never names a path.

Guarantees:

* **Atomic writes**: a save writes a temporary file in the same folder, fsyncs it and
  renames it over the roster; the previous version is kept as ``<name>.bak``. A process
  killed mid-save leaves the old file whole.
* **No silent loss**: a save checks the file's ``revision`` against the one it loaded;
  if another session saved in between, :class:`RosterConflictError` says so and nothing
  is written (reload, or ``save(force=True)`` to overwrite on purpose).
* **Plain errors**: a corrupt or hand-edited file raises :class:`RosterError` naming the
  entry and the field; loading never writes, so the file is left as it was. A full disk,
  a read-only folder or a missing permission is a plain message (English and Spanish),
  and the old file stays intact.
* **Bounded**: only regular files of at most :data:`MAX_BYTES` are read (a FIFO, a
  device or a symlink in a store is refused at once, :mod:`rolkit.safefile`); a save or
  an import past that size is refused.
* **Data only**: a store's files are ``<name>.json`` (plus ``.bak``/``.lock``), JSON
  written by :func:`json.dumps`; names are checked (:func:`check_name`), entry names are
  plain text of 1 to 80 characters without control characters.
* Systems this rolkit does not know (a newer version's) are kept and written back as
  they were.
"""

from __future__ import annotations

import contextlib
import copy
import fcntl
import json
import os
import re
import tempfile
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import platformdirs

from rolkit import fields, safefile, systems
from rolkit.errors import RulesError, shown

__all__ = [
    "Roster",
    "RosterStore",
    "RosterError",
    "RosterConflictError",
    "SCHEMA_VERSION",
    "MIGRATIONS",
    "MAX_BYTES",
    "NAME_MAX",
    "MAX_ROSTERS",
    "DATA_DIR_ENV",
    "check_name",
    "data_dir",
    "default_path",
    "ROLES",
]

FORMAT = "rolkit-roster"
SCHEMA_VERSION = 1
ROLES = ("attacker", "defender", "weapon", "modifiers")
#: ``{n: upgrade}``: turns a schema-``n`` document into schema ``n + 1``.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
#: Largest roster file read, written or imported (1 MiB).
MAX_BYTES = 1 << 20
#: Longest roster name (a store's file is ``<name>.json``).
NAME_MAX = 64
#: Most rosters one store holds (a new one past it is refused).
MAX_ROSTERS = 200
#: Longest entry name.
ENTRY_MAX = 80
#: The environment variable that moves the data folder (tests, operators).
DATA_DIR_ENV = "ROLKIT_DATA_DIR"
#: The roster a store offers when it has none yet (``default_path()``'s stem).
DEFAULT_NAME = "mesa"  # the game table's list (a name in both languages)

_NAME = re.compile(r"\w(?:[\w .()-]*[\w)])?")


class RosterError(RulesError):
    """A roster file cannot be read or written: the message says which entry and why."""


class RosterConflictError(RosterError):
    """Another session saved the roster since this one loaded it."""


def data_dir() -> Path:
    """The folder of the rosters: ``$ROLKIT_DATA_DIR``, else the user's data folder
    (``platformdirs``)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("rolkit", appauthor=False))


def default_path() -> Path:
    """``mesa.json`` in the data folder (:func:`data_dir`)."""
    return data_dir() / f"{DEFAULT_NAME}.json"


def _error(en: str, es: str, *, field: str | None = None, cls: type[RosterError] = RosterError):
    return cls(en, message_es=es, field=field)


def check_name(name: Any) -> str:
    """``name`` as a roster name (trimmed, NFC, a trailing ``.json`` dropped), or a plain
    :class:`RosterError` naming the field «Nombre de la lista» / "Roster name".

    A name is 1 to :data:`NAME_MAX` letters, digits, spaces and ``_ - . ( )``, starting
    with a letter or digit: no separator, no ``..``, no leading dot, no control character.
    """
    text = unicodedata.normalize("NFC", name).strip() if isinstance(name, str) else ""
    if text.lower().endswith(".json"):
        text = text[:-5].rstrip()
    if 0 < len(text) <= NAME_MAX and _NAME.fullmatch(text) and ".." not in text:
        return text
    raise _error(
        f"Roster name: use 1 to {NAME_MAX} letters, digits, spaces, '-', '_', '.' or "
        f"brackets, starting with a letter or a digit (got {shown(name)})",
        f"Nombre de la lista: usa de 1 a {NAME_MAX} letras, cifras, espacios, «-», «_», «.» "
        f"o paréntesis, empezando por una letra o una cifra (recibido {shown(name)})",
        field="roster_name",
    )


def _empty() -> dict[str, Any]:
    return {"format": FORMAT, "schema": SCHEMA_VERSION, "revision": 0, "systems": {}}


Where = tuple[str, str]  # how messages name a roster: (English, Spanish)


def _fault(what: Where, err: OSError, verb: Where, tail: Where = ("", "")) -> RosterError:
    en, es = safefile.reason(err)
    return _error(
        f"cannot {verb[0]} {what[0]}: {en}{tail[0]}",
        f"no se puede {verb[1]} {what[1]}: {es}{tail[1]}",
    )


def _read(path: Path, what: Where, *, follow: bool) -> dict[str, Any]:
    """The document at ``path`` (an empty roster when there is no file), migrated."""
    try:
        data = safefile.read_bounded(path, MAX_BYTES, follow=follow)
    except OSError as err:
        raise _fault(what, err, ("read", "leer")) from None
    if data is None:
        return _empty()
    return _parse(data, what)


def _parse(data: bytes | str, what: Where) -> dict[str, Any]:
    """A roster document from JSON text, migrated; plain errors name ``what``."""
    if len(data) > MAX_BYTES:
        raise _fault(what, safefile.Refused("too_large", MAX_BYTES), ("read", "leer"))
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise _error(
            f"{what[0]} is not UTF-8 text; the file was left as it is",
            f"{what[1]} no es texto UTF-8; el archivo se ha dejado como estaba",
        ) from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise _error(
            f"{what[0]} is not valid JSON (line {err.lineno}, column {err.colno}); "
            "the file was left as it is",
            f"{what[1]} no es JSON válido (línea {err.lineno}, columna {err.colno}); "
            "el archivo se ha dejado como estaba",
        ) from None
    except RecursionError:
        raise _error(
            f"{what[0]} is nested too deeply to be a roster",
            f"{what[1]} está anidado demasiado hondo para ser una lista de personajes",
        ) from None
    return _migrate(doc, what)


def _migrate(doc: Any, what: Where) -> dict[str, Any]:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise _error(
            f"{what[0]} is not a rolkit roster",
            f"{what[1]} no es una lista de personajes de rolkit",
        )
    version = doc.get("schema")
    if not isinstance(version, int) or version < 1:
        raise _error(
            f"{what[0]} has no valid schema version",
            f"{what[1]} no tiene una versión de esquema válida",
        )
    if version > SCHEMA_VERSION:
        raise _error(
            f"{what[0]} was written by a newer rolkit (schema {version}); update rolkit to open it",
            f"{what[1]} la escribió un rolkit más nuevo (esquema {version}); actualiza "
            "rolkit para abrirla",
        )
    while version < SCHEMA_VERSION:
        doc = MIGRATIONS[version](doc)
        version += 1
        doc["schema"] = version
    if not isinstance(doc.get("systems"), dict) or not isinstance(doc.get("revision"), int):
        raise _error(
            f"{what[0]} lacks its systems or its revision",
            f"a {what[1]} le faltan los sistemas o la revisión",
        )
    return doc


def _system_form(system_id: str, role: str) -> type | None:
    if system_id not in systems.available() or role not in ROLES:
        return None
    return systems.get(system_id).forms[role]


def _entry_name(name: Any, where: str | None = None) -> str:
    """``name`` trimmed, or a plain error: 1 to 80 characters, no control character.
    The error starts with ``where`` (a file's system / role), else the field's label."""
    clean = name.strip() if isinstance(name, str) else ""
    if 0 < len(clean) <= ENTRY_MAX and not any(unicodedata.category(c) == "Cc" for c in clean):
        return clean
    raise _error(
        f"{where or 'Entry name'}: an entry needs a name of 1 to {ENTRY_MAX} characters, "
        f"without control characters (got {shown(name)})",
        f"{where or 'Nombre de la entrada'}: una entrada necesita un nombre de 1 a "
        f"{ENTRY_MAX} caracteres, sin caracteres de control (recibido {shown(name)})",
        field="name",
    )


def _validate_entries(doc: dict[str, Any]) -> None:
    """Every entry of a known system builds a valid form; the error names it."""
    for system_id, roles in doc["systems"].items():
        if system_id not in systems.available():
            continue  # a newer rolkit's system: kept as it is
        if not isinstance(roles, dict):
            raise _error(
                f"roster: {system_id} must hold roles (got {shown(roles)})",
                f"lista: {system_id} debe contener roles (recibido {shown(roles)})",
                field=system_id,
            )
        for role, entries in roles.items():
            cls = _system_form(system_id, role)
            if cls is None or not isinstance(entries, dict):
                raise _error(
                    f"roster: {system_id} has an unknown role {shown(role)}",
                    f"lista: {system_id} tiene un rol desconocido {shown(role)}",
                    field=f"{system_id}.{role}",
                )
            for name, data in entries.items():
                where = f"{system_id} / {role}"
                if _entry_name(name, where) != name:
                    _entry_name("", where)  # a padded name: refused like an empty one
                fields.from_data(cls, data, where=f"{where}: {name}")


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive advisory lock on ``<path>.lock`` while a save checks and writes."""
    fd = safefile.open_lock(path.with_name(path.name + ".lock"))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically, keeping the old file as ``<path>.bak``.

    Nothing here follows a symlink: ``mkstemp`` creates its file exclusively, ``link``,
    ``unlink`` and ``replace`` act on the names in the folder.
    """
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if os.path.lexists(path):
            backup = path.with_name(path.name + ".bak")
            with contextlib.suppress(FileNotFoundError):
                os.unlink(backup)
            os.link(path, backup, follow_symlinks=False)  # the old version, kept whole
        os.replace(tmp, path)
        dir_fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
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
        name: set by :class:`RosterStore`: messages then name the roster «name», never
            its path, and a symlink in its place is refused rather than followed.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *, name: str | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.name = name
        self._follow = name is None
        self._what: Where = (
            (f"the roster {self.path}", f"la lista {self.path}")
            if name is None
            else (f"the roster «{name}»", f"la lista «{name}»")
        )
        self._doc = _read(self.path, self._what, follow=self._follow)
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
        except (KeyError, TypeError):
            raise _error(
                f"the roster has no {role} {shown(name)} in {system_id}",
                f"la lista no tiene {role} {shown(name)} en {system_id}",
                field=name if isinstance(name, str) else None,
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
        clean = _entry_name(name)
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
            RosterError: the folder is read-only, the disk is full, the roster would
                pass :data:`MAX_BYTES`, …; the old file is intact.
        """
        intact = (
            ("; the previous file is intact", "; el archivo anterior está intacto")
            if os.path.lexists(self.path)
            else ("; nothing was written", "; no se ha escrito nada")
        )
        try:
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            with _locked(self.path):
                on_disk = _read(self.path, self._what, follow=self._follow)["revision"]
                if on_disk != self._loaded_revision and not force:
                    raise _error(
                        f"another session saved {self._what[0]} since you opened it "
                        f"(revision {on_disk}, yours {self._loaded_revision}): nothing was "
                        "written; reload it to see both, or save again to overwrite",
                        f"otra sesión guardó {self._what[1]} después de que la abrieras "
                        f"(revisión {on_disk}, la tuya {self._loaded_revision}): no se ha "
                        "escrito nada; vuelve a cargarla para ver ambas, o guarda de nuevo "
                        "para sobrescribir",
                        cls=RosterConflictError,
                    )
                doc = dict(self._doc, revision=on_disk + 1)
                text = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
                if len(text.encode("utf-8")) > MAX_BYTES:
                    raise safefile.Refused("too_large", MAX_BYTES)
                _write_atomic(self.path, text)
        except OSError as err:
            raise _fault(self._what, err, ("save", "guardar"), intact) from None
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

    def import_document(self, document: Mapping[str, Any] | str | bytes) -> int:
        """Merge a document from :meth:`export` (or its JSON text, at most
        :data:`MAX_BYTES`); returns the entries added. Every entry is validated first: a
        bad one names itself and nothing is merged."""
        what = ("the imported file", "el archivo importado")
        if isinstance(document, (str, bytes)):
            doc = _parse(document, what)
        else:
            doc = _migrate(copy.deepcopy(dict(document)), what)
        _validate_entries(doc)
        count = 0
        for system_id, roles in doc["systems"].items():
            if system_id not in systems.available():  # a newer rolkit's: kept as sent
                self._doc["systems"][system_id] = roles
                continue
            mine = self._doc["systems"].setdefault(system_id, {})
            for role, entries in roles.items():
                mine.setdefault(role, {}).update(entries)
                count += len(entries)
        return count


class RosterStore:
    """The rosters of one folder, by *name* only: what the dashboard offers a visitor.

    A roster ``name`` (:func:`check_name`) is the file ``<folder>/<name>.json``; nothing
    outside ``folder`` is ever opened or created, and nothing but regular files of at most
    :data:`MAX_BYTES` is read (a symlink, FIFO or device named ``<name>.json`` is refused).
    Messages name rosters by name, never by path.

    Args:
        folder: the folder (default :func:`data_dir`); created (mode 0700) on first save.
    """

    def __init__(self, folder: str | os.PathLike[str] | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir()

    def _path(self, name: Any) -> tuple[str, Path]:
        clean = check_name(name)
        path = self.folder / f"{clean}.json"
        if path.parent != self.folder or os.path.dirname(path.name):  # pragma: no cover
            check_name(None)  # unreachable (check_name allows no separator): raises
        return clean, path

    def names(self) -> list[str]:
        """The rosters in the folder (regular ``<name>.json`` files with a valid name),
        sorted; at most :data:`MAX_ROSTERS`."""
        found: list[str] = []
        with contextlib.suppress(OSError), os.scandir(self.folder) as listing:
            for entry in listing:
                stem = entry.name[:-5] if entry.name.endswith(".json") else ""
                if not stem or not entry.is_file(follow_symlinks=False):
                    continue
                with contextlib.suppress(RosterError):
                    if check_name(stem) == stem:
                        found.append(stem)
                if len(found) >= MAX_ROSTERS:
                    break
        return sorted(found, key=lambda n: (n.casefold(), n))

    def exists(self, name: str) -> bool:
        """Whether the folder holds anything called ``<name>.json``."""
        return os.path.lexists(self._path(name)[1])

    def open(self, name: str) -> Roster:
        """The roster ``name`` (an empty one when it does not exist yet)."""
        clean, path = self._path(name)
        return Roster(path, name=clean)

    def create(self, name: str) -> Roster:
        """A new, empty roster ``name``, saved at once (a plain error if it exists or the
        folder already holds :data:`MAX_ROSTERS`)."""
        clean, path = self._path(name)
        if os.path.lexists(path) and not path.is_file():  # a FIFO, a device, a link
            what = (f"the roster «{clean}»", f"la lista «{clean}»")
            raise _fault(what, safefile.Refused("not_regular"), ("create", "crear"))
        if self.exists(clean):
            raise _error(
                f"Roster name: there is already a roster «{clean}»; choose it in the list",
                f"Nombre de la lista: ya hay una lista «{clean}»; elígela en el desplegable",
                field="roster_name",
            )
        self._room()
        roster = self.open(clean)
        roster.save()
        return roster

    def _room(self) -> None:
        if len(self.names()) >= MAX_ROSTERS:
            raise _error(
                f"the folder already holds {MAX_ROSTERS} rosters: add to one of them",
                f"la carpeta ya tiene {MAX_ROSTERS} listas: añade a una de ellas",
                field="roster_name",
            )

    def import_bytes(self, name: str, data: bytes) -> int:
        """Merge an uploaded roster file (at most :data:`MAX_BYTES`) into ``name`` and
        save it; returns the entries added. A bad file merges nothing."""
        clean, _ = self._path(name)
        what = ("the imported file", "el archivo importado")
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise _error(f"{what[0]} is not a file", f"{what[1]} no es un archivo")
        if len(data) > MAX_BYTES:
            raise _fault(what, safefile.Refused("too_large", MAX_BYTES), ("read", "leer"))
        if not self.exists(clean):
            self._room()
        roster = self.open(clean)
        count = roster.import_document(bytes(data))
        roster.save()
        return count

    def export_bytes(self, name: str) -> bytes:
        """The roster ``name`` as a JSON file to download (at most :data:`MAX_BYTES`)."""
        clean, _ = self._path(name)
        if not self.exists(clean):
            raise _error(
                f"there is no roster «{clean}» yet: save an entry in it first",
                f"todavía no hay una lista «{clean}»: guarda antes una entrada en ella",
                field="roster_name",
            )
        doc = self.open(clean).export()
        return (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
