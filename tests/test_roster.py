"""The roster: round trips for every system's presets, atomic writes (a real process killed
mid-save, a read-only folder, a full disk), corrupt files, and two sessions saving."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import rolkit
from rolkit import roster as roster_mod
from rolkit.roster import Roster, RosterConflictError, RosterError

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
    assert roster_mod.default_path().name == "roster.json"
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
        cwd=Path(__file__).parent.parent,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == b"writing"
    time.sleep(0.2)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert path.read_bytes() == before
    assert Roster(path).entries("core_dread", "weapon")  # still loads, still whole
