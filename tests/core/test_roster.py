"""The roster: round trips for every system's presets, atomic writes (a real process killed
mid-save, a read-only folder, a full disk), corrupt files, and two sessions saving."""

from __future__ import annotations

import errno
import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import rolkit
from rolkit import roster as roster_mod
from rolkit.roster import Roster, RosterConflictError, RosterError
from tests.blocking import deadline

ROLES = ("attacker", "defender", "weapon", "modifiers")


def filled(path: Path) -> Roster:
    r = Roster(path)
    for sid in rolkit.systems():
        s = rolkit.get_system(sid)
        for role, table in s.presets.items():
            for name, form in table.items():
                r.add(sid, role, name, form)
    return r


@pytest.mark.parametrize("system_id", rolkit.systems())
def test_every_preset_round_trips_through_a_saved_roster(tmp_path, system_id):
    path = tmp_path / "roster.json"
    filled(path).save()
    again = Roster(path)
    s = rolkit.get_system(system_id)
    for role, table in s.presets.items():
        entries = again.entries(system_id, role)
        for name, form in table.items():
            assert entries[name] == form, (role, name)


def test_entries_of_the_same_form_class_are_offered_in_both_roles(tmp_path):
    s = rolkit.get_system("core_dread")
    r = Roster(tmp_path / "r.json")
    bruno = next(iter(s.presets["attacker"].values()))
    r.add("core_dread", "attacker", "Bruno", bruno)
    assert r.entries("core_dread", "defender")["Bruno"] == bruno
    assert "Bruno" not in r.entries("core_dread", "weapon")


def test_a_missing_file_is_an_empty_roster_and_the_default_is_in_the_data_folder(tmp_path):
    r = Roster(tmp_path / "none.json")
    assert r.revision == 0 and r.entries("core_dread", "attacker") == {}
    assert roster_mod.default_path().name == "mesa.json"
    assert "rolkit" in str(roster_mod.default_path())


def test_save_keeps_one_backup_and_counts_revisions(tmp_path):
    path = tmp_path / "r.json"
    r = filled(path)
    r.save()
    first = path.read_text()
    r.remove("core_dread", "weapon", next(iter(r.names("core_dread", "weapon"))))
    r.save()
    assert (tmp_path / "r.json.bak").read_text() == first
    assert json.loads(path.read_text())["revision"] == 2
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_two_sessions_never_lose_an_update_silently(tmp_path):
    path = tmp_path / "r.json"
    Roster(path).save()
    a, b = Roster(path), Roster(path)
    s = rolkit.get_system("core_dread")
    form = next(iter(s.presets["weapon"].values()))
    a.add("core_dread", "weapon", "de A", form)
    a.save()
    b.add("core_dread", "weapon", "de B", form)
    with pytest.raises(RosterConflictError) as info:
        b.save()
    assert "another session" in str(info.value) and "otra sesión" in info.value.message("es")
    assert "de A" in Roster(path).names("core_dread", "weapon")  # A's save survived
    b.save(force=True)  # on purpose
    assert "de B" in Roster(path).names("core_dread", "weapon")


def test_a_corrupt_file_is_a_plain_message_and_is_left_alone(tmp_path):
    path = tmp_path / "r.json"
    path.write_text('{"format": "rolkit-roster", "schema": 1, "revis')
    before = path.read_bytes()
    with pytest.raises(RosterError, match="not valid JSON"):
        Roster(path)
    assert path.read_bytes() == before


def test_a_hand_edited_entry_names_the_entry_and_the_field(tmp_path):
    path = tmp_path / "r.json"
    r = filled(path)
    r.save()
    doc = json.loads(path.read_text())
    name = next(iter(doc["systems"]["core_dread"]["attacker"]))
    doc["systems"]["core_dread"]["attacker"][name]["fortaleza"] = 42
    path.write_text(json.dumps(doc))
    with pytest.raises(rolkit.RulesError) as info:
        Roster(path)
    message = str(info.value)
    assert f"core_dread / attacker: {name}" in message and "fortaleza" in message
    assert json.loads(path.read_text()) == doc  # untouched


def test_unknown_systems_and_newer_schemas(tmp_path):
    path = tmp_path / "r.json"
    doc = {
        "format": "rolkit-roster",
        "schema": 1,
        "revision": 4,
        "systems": {"from_the_future": {"x": {"y": {"z": 1}}}},
    }
    path.write_text(json.dumps(doc))
    r = Roster(path)
    r.save()
    assert json.loads(path.read_text())["systems"]["from_the_future"] == {"x": {"y": {"z": 1}}}
    path.write_text(json.dumps({**doc, "schema": 99}))
    with pytest.raises(RosterError, match="newer rolkit"):
        Roster(path)


def test_a_migration_hook_upgrades_old_documents(tmp_path, monkeypatch):
    path = tmp_path / "r.json"
    path.write_text(
        json.dumps({"format": "rolkit-roster", "schema": 1, "revision": 0, "systems": {}})
    )
    monkeypatch.setattr(roster_mod, "SCHEMA_VERSION", 2)
    monkeypatch.setitem(roster_mod.MIGRATIONS, 1, lambda d: {**d, "note": "upgraded"})
    r = Roster(path)
    assert r._doc["schema"] == 2 and r._doc["note"] == "upgraded"


def test_export_and_import_one_entry_and_everything(tmp_path):
    src = filled(tmp_path / "a.json")
    s = rolkit.get_system("gore")
    name = next(iter(s.presets["weapon"]))
    one = src.export("gore", "weapon", name)
    dst = Roster(tmp_path / "b.json")
    assert dst.import_document(json.dumps(one)) == 1
    assert dst.entries("gore", "weapon")[name] == s.presets["weapon"][name]
    everything = src.export()
    total = sum(len(e) for roles in everything["systems"].values() for e in roles.values())
    assert Roster(tmp_path / "c.json").import_document(everything) == total
    bad = json.loads(json.dumps(one))
    bad["systems"]["gore"]["weapon"][name]["damage"] = "1d6+zz"
    before = dst.export()
    with pytest.raises(rolkit.RulesError, match=name):
        dst.import_document(bad)
    assert dst.export() == before  # nothing merged


# --------------------------------------------------------------------------- faults
def test_a_full_disk_leaves_the_old_file_intact(tmp_path, monkeypatch):
    path = tmp_path / "r.json"
    r = filled(path)
    r.save()
    before = path.read_bytes()

    real_fdopen = os.fdopen

    class Full:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def write(self, text):
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(roster_mod.os, "fdopen", lambda fd, *a, **k: Full(real_fdopen(fd, *a, **k)))
    r.add(
        "core_dread",
        "weapon",
        "nueva",
        next(iter(rolkit.get_system("core_dread").presets["weapon"].values())),
    )
    with pytest.raises(RosterError) as info:
        r.save()
    assert "No space left" in str(info.value) and "intact" in str(info.value)
    assert path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_read_only_folder_is_a_plain_message(tmp_path, monkeypatch):
    path = tmp_path / "r.json"
    r = filled(path)
    r.save()
    before = path.read_bytes()

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    # root ignores folder modes, so the refusal is simulated where the OS would say it
    monkeypatch.setattr(roster_mod.tempfile, "mkstemp", refuse)
    with pytest.raises(RosterError, match="Permission denied"):
        r.save()
    assert path.read_bytes() == before


KILLED_WRITER = textwrap.dedent(
    """
    import os, sys, time
    from rolkit import roster
    real_fsync = os.fsync
    def slow_fsync(fd):
        print("writing", flush=True)
        time.sleep(30)          # killed here: the new text is in the temporary file only
        real_fsync(fd)
    roster.os.fsync = slow_fsync
    r = roster.Roster(sys.argv[1])
    r._doc["systems"]["core_dread"] = {}
    r.save()
    """
)


def test_a_process_killed_mid_save_leaves_the_old_file_whole(tmp_path):
    path = tmp_path / "r.json"
    filled(path).save()
    before = path.read_bytes()
    proc = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, str(path)],
        stdout=subprocess.PIPE,
        cwd=Path(__file__).parents[2],
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == b"writing"
    time.sleep(0.2)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert path.read_bytes() == before
    assert Roster(path).entries("core_dread", "weapon")  # still loads, still whole


# ------------------------------------------------- issue 23, 1: a store of rosters by name
#: what a stranger might send as a roster name (the issue's probes and their relatives)
HOSTILE_NAMES = [
    "../../etc/x",
    "/dev/zero",
    "/etc/shadow",
    "a/b",
    "a\\b",
    "..",
    ".",
    ".hidden",
    "x" * 10_000,
    "a\x00b",
    "a\nb",
    "$(touch pwned)",
    "~/x",
    "",
    "   ",
    "..json",
]


class PathRecorder:
    """Records every path the code under test opens, creates, lists or stats; refuses
    (``PermissionError``) any outside ``inside``, and any open of something that is not
    a regular file, so a broken version fails the test instead of hanging or bloating."""

    def __init__(self, monkeypatch, inside: Path):
        import builtins
        import io

        self.inside = os.path.realpath(inside)
        self._stat = os.stat
        self.outside: list[str] = []
        self.irregular: list[str] = []
        for module, name in [
            (builtins, "open"),
            (io, "open"),
            (os, "open"),
            (os, "mkdir"),
            (os, "stat"),
            (os, "lstat"),
            (os, "scandir"),
            (os, "listdir"),
            (os, "replace"),
            (os, "rename"),
            (os, "link"),
            (os, "unlink"),
            (os, "mkfifo"),
        ]:
            monkeypatch.setattr(module, name, self._wrap(name, getattr(module, name)))

    def _wrap(self, name, real):
        def wrapped(*args, **kwargs):
            for arg in args[:2] if name in ("replace", "rename", "link") else args[:1]:
                if isinstance(arg, int) or kwargs.get("dir_fd") is not None:
                    continue
                self._check(name, os.fsdecode(arg))
            return real(*args, **kwargs)

        return wrapped

    def _check(self, name: str, path: str) -> None:
        full = os.path.abspath(path)
        if os.path.commonpath([full, self.inside]) != self.inside:
            self.outside.append(f"{name} {full[:80]}")
            raise PermissionError(errno.EACCES, "refused by the test")
        if name == "open":
            try:
                mode = self._stat(full).st_mode  # the unpatched stat, following links
            except OSError:
                return
            if not stat.S_ISREG(mode):
                self.irregular.append(full)
                raise PermissionError(errno.EACCES, "refused by the test")


@pytest.mark.parametrize("name", HOSTILE_NAMES, ids=lambda n: repr(n[:20]))
def test_a_hostile_roster_name_never_reaches_outside_the_folder(tmp_path, monkeypatch, name):
    folder = tmp_path / "data"
    folder.mkdir()
    before = sorted(os.listdir(tmp_path))
    store = roster_mod.RosterStore(folder)
    form = rolkit.get_system("core_dread").defaults()["weapon"]
    rec = PathRecorder(monkeypatch, folder)
    for action in (
        lambda: store.open(name),
        lambda: store.create(name),
        lambda: store.exists(name),
        lambda: store.export_bytes(name),
        lambda: store.import_bytes(name, b"{}"),
        lambda: store.open(name).add("core_dread", "weapon", "x", form),
    ):
        with pytest.raises(RosterError) as info:
            action()
        assert "Roster name" in str(info.value) or "roster" in str(info.value)
        assert "Nombre de la lista" in info.value.message("es")
    monkeypatch.undo()
    assert rec.outside == [] and sorted(os.listdir(tmp_path)) == before
    assert os.listdir(folder) == []


def test_names_are_checked_plainly_and_kept_when_valid():
    assert roster_mod.check_name(" Campaña 2 ") == "Campaña 2"
    assert roster_mod.check_name("profile.sh") == "profile.sh"  # becomes profile.sh.json
    assert roster_mod.check_name("mesa.json") == "mesa"
    assert roster_mod.check_name("x" * 64) == "x" * 64
    with pytest.raises(RosterError) as info:
        roster_mod.check_name("x" * 65)
    assert "64" in info.value.message("es") and "Nombre de la lista" in info.value.message("es")
    assert len(info.value.message("es")) < 300  # a 10 000-char name is not echoed whole


def test_the_store_lists_only_regular_roster_files_by_name(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    roster_mod.RosterStore(folder).create("Mesa")
    (folder / "notes.txt").write_text("x")
    (folder / ".hidden.json").write_text("{}")
    os.mkfifo(folder / "fifo.json")
    os.symlink("/dev/zero", folder / "zero.json")
    (folder / "dir.json").mkdir()
    assert roster_mod.RosterStore(folder).names() == ["Mesa"]
    assert roster_mod.RosterStore(tmp_path / "absent").names() == []


@pytest.mark.parametrize("kind", ["fifo", "zero", "device", "link_out", "dir"])
def test_a_fifo_device_or_symlink_in_the_folder_is_refused_at_once(tmp_path, monkeypatch, kind):
    folder = tmp_path / "data"
    folder.mkdir()
    outside = tmp_path / "outside.json"
    roster_mod.RosterStore(tmp_path).create("outside")
    target = folder / f"{kind}.json"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "zero":
        os.symlink("/dev/zero", target)
    elif kind == "device":
        os.symlink("/dev/urandom", target)
    elif kind == "link_out":
        os.symlink(outside, target)
    else:
        target.mkdir()
    store = roster_mod.RosterStore(folder)
    rec = PathRecorder(monkeypatch, folder)
    t0 = time.perf_counter()
    with deadline(3), pytest.raises(RosterError) as info:
        store.open(kind)
    assert time.perf_counter() - t0 < 1
    monkeypatch.undo()
    assert "not a regular file" in str(info.value)
    assert "no es un archivo normal" in info.value.message("es")
    assert str(folder) not in info.value.message("es") and str(folder) not in str(info.value)
    assert rec.irregular == [] and rec.outside == []
    with pytest.raises(RosterError):
        store.import_bytes(kind, b"{}")  # nothing is written through it either
    assert outside.read_bytes() == (tmp_path / "outside.json").read_bytes()


def test_the_python_api_still_follows_its_own_symlinks_but_never_reads_a_fifo(tmp_path):
    real = tmp_path / "real.json"
    filled(real).save()
    os.symlink(real, tmp_path / "link.json")
    assert Roster(tmp_path / "link.json").entries("core_dread", "weapon")
    os.mkfifo(tmp_path / "fifo.json")
    t0 = time.perf_counter()
    with deadline(3), pytest.raises(RosterError, match="not a regular file"):
        Roster(tmp_path / "fifo.json")
    assert time.perf_counter() - t0 < 1


def test_an_oversized_file_or_upload_is_refused_unread(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    with open(folder / "big.json", "wb") as handle:
        handle.truncate(roster_mod.MAX_BYTES + 1)  # sparse: no disk used
    store = roster_mod.RosterStore(folder)
    with pytest.raises(RosterError) as info:
        store.open("big")
    assert "larger than 1 MiB" in str(info.value) and "más de 1 MiB" in info.value.message("es")
    with pytest.raises(RosterError, match="larger than 1 MiB"):
        Roster(folder / "big.json")  # the Python API is bounded the same way
    store.create("Mesa")
    before = (folder / "Mesa.json").read_bytes()
    with pytest.raises(RosterError, match="larger than 1 MiB"):
        store.import_bytes("Mesa", b" " * (roster_mod.MAX_BYTES + 1))
    assert (folder / "Mesa.json").read_bytes() == before


def test_deeply_nested_json_is_a_plain_message(tmp_path):
    store = roster_mod.RosterStore(tmp_path)
    store.create("Mesa")
    with pytest.raises(RosterError) as info:
        store.import_bytes("Mesa", b"[" * 200_000)
    assert "nested too deeply" in str(info.value)
    (tmp_path / "deep.json").write_bytes(b"[" * 200_000)
    with pytest.raises(RosterError, match="nested too deeply"):
        Roster(tmp_path / "deep.json")


def test_a_save_past_the_size_cap_is_refused_and_the_old_file_kept(tmp_path, monkeypatch):
    path = tmp_path / "r.json"
    r = filled(path)
    r.save()
    before = path.read_bytes()
    monkeypatch.setattr(roster_mod, "MAX_BYTES", len(before) + 10)
    r.add("core_dread", "weapon", "y" * 80, rolkit.get_system("core_dread").defaults()["weapon"])
    r.add("gore", "weapon", "z" * 80, rolkit.get_system("gore").defaults()["weapon"])
    with pytest.raises(RosterError, match="larger than"):
        r.save()
    assert path.read_bytes() == before


def test_import_export_bytes_round_trip_and_files_are_json_only(tmp_path):
    folder = tmp_path / "data"
    store = roster_mod.RosterStore(folder)  # the folder does not exist yet
    src = filled(tmp_path / "src.json")
    # an entry named like shell code is data: it lands as a JSON string in <name>.json
    weapon = rolkit.get_system("core_dread").defaults()["weapon"]
    src.add("core_dread", "weapon", "$(touch pwned)", weapon)
    text = json.dumps(src.export()).encode()
    n = store.import_bytes("profile.sh", text)
    assert n == sum(len(e) for roles in src.export()["systems"].values() for e in roles.values())
    assert store.names() == ["profile.sh"]
    assert sorted(os.listdir(folder)) == ["profile.sh.json", "profile.sh.json.lock"]
    assert (folder / "profile.sh.json").stat().st_mode & 0o777 == 0o600
    assert oct(folder.stat().st_mode & 0o777) == oct(0o700)
    out = json.loads(store.export_bytes("profile.sh"))
    assert (
        out["systems"]["core_dread"]["weapon"]["$(touch pwned)"]
        == json.loads(text)["systems"]["core_dread"]["weapon"]["$(touch pwned)"]
    )
    assert not (tmp_path / "pwned").exists() and not (folder / "pwned").exists()
    with pytest.raises(RosterError, match="no roster «nada»"):
        store.export_bytes("nada")


@pytest.mark.parametrize("bad", ["a\x00b", "x\ny", "", "   ", "n" * 81])
def test_entry_names_are_plain_text(tmp_path, bad):
    r = Roster(tmp_path / "r.json")
    weapon = rolkit.get_system("core_dread").defaults()["weapon"]
    with pytest.raises(RosterError):
        r.add("core_dread", "weapon", bad, weapon)
    doc = r.export()
    doc["systems"]["core_dread"] = {"weapon": {bad: rolkit.fields.to_data(weapon)}}
    with pytest.raises(RosterError):
        r.import_document(doc)


def test_the_store_holds_a_bounded_number_of_rosters(tmp_path, monkeypatch):
    monkeypatch.setattr(roster_mod, "MAX_ROSTERS", 2)
    store = roster_mod.RosterStore(tmp_path)
    store.create("a")
    store.create("b")
    with pytest.raises(RosterError, match="already holds 2"):
        store.create("c")
    with pytest.raises(RosterError, match="already holds 2"):
        store.import_bytes("c", json.dumps(Roster(tmp_path / "a.json").export()).encode())
    with pytest.raises(RosterError, match="already a roster"):
        store.create("a")
    assert store.names() == ["a", "b"]


def test_the_data_folder_can_be_moved_by_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("ROLKIT_DATA_DIR", str(tmp_path / "elsewhere"))
    assert roster_mod.data_dir() == tmp_path / "elsewhere"
    assert roster_mod.default_path() == tmp_path / "elsewhere" / "mesa.json"
    assert roster_mod.RosterStore().folder == tmp_path / "elsewhere"


@pytest.mark.parametrize(
    "code, en, es",
    [
        (errno.EROFS, "Read-only file system", "solo lectura"),
        (errno.ENOSPC, "No space left on device", "no queda espacio"),
        (errno.EACCES, "Permission denied", "permiso denegado"),
        (errno.ENOENT, "the folder does not exist", "la carpeta no existe"),
        (errno.EIO, "the disk reported an error", "el disco ha dado un error"),
    ],
)
def test_every_file_system_fault_on_a_new_folder_is_plain(tmp_path, monkeypatch, code, en, es):
    """The issue's read-only probe: the mkdir of a new folder used to be outside the try
    (a raw OSError); root ignores folder modes, so the OS's refusal is simulated."""

    def refuse(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(roster_mod.os, "mkdir", refuse)
    monkeypatch.setattr(os, "mkdir", refuse)
    r = Roster(tmp_path / "new" / "sub" / "r.json")
    with pytest.raises(RosterError) as info:
        r.save()
    assert en in str(info.value) and "nothing was written" in str(info.value)
    assert es in info.value.message("es") and "Errno" not in info.value.message("es")
    store = roster_mod.RosterStore(tmp_path / "data")
    with pytest.raises(RosterError) as info:
        store.create("Mesa")
    message = info.value.message("es")
    assert es in message and "Errno" not in message and str(tmp_path) not in message
    assert not (tmp_path / "new").exists() and not (tmp_path / "data").exists()


READ_ONLY_SAVE = textwrap.dedent(
    """
    import sys
    import rolkit
    from rolkit.roster import RosterError, RosterStore
    store = RosterStore(sys.argv[1])
    r = store.open("Mesa")
    r.add("core_dread", "weapon", "Hacha", rolkit.get_system("core_dread").defaults()["weapon"])
    for action in (r.save, lambda: store.create("Otra")):
        try:
            action()
        except RosterError as err:
            print(err.message("es"))
    """
)


def test_a_real_read_only_folder_is_a_plain_message(tmp_path):
    """A read-only bind mount in a private mount namespace (root only; skipped where the
    namespace cannot be made): the OS's own EROFS, not a simulation."""
    import shutil

    if os.geteuid() != 0 or not shutil.which("unshare"):
        pytest.skip("needs root and unshare")
    folder = tmp_path / "ro"
    roster_mod.RosterStore(folder).create("Mesa")
    before = (folder / "Mesa.json").read_bytes()
    script = (
        'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" || exit 97; exec "$2" -c "$3" "$1"'
    )
    proc = subprocess.run(
        ["unshare", "-m", "--propagation", "private", "sh", "-c", script, "sh"]
        + [str(folder), sys.executable, READ_ONLY_SAVE],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).parents[2],
    )
    if proc.returncode == 97 or "unshare failed" in proc.stderr:
        pytest.skip(f"no private read-only mount here: {proc.stderr[-200:]}")
    lines = proc.stdout.strip().splitlines()
    assert proc.returncode == 0 and len(lines) == 2, proc.stderr[-2000:]
    assert "sistema de archivos es de solo lectura" in lines[0] and "intacto" in lines[0]
    assert "solo lectura" in lines[1]
    assert not any(str(folder) in line or "Errno" in line for line in lines)
    assert (folder / "Mesa.json").read_bytes() == before
