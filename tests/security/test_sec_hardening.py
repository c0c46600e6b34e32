"""widgets.hardening: bounded log and history, and a real kernel that answers tampered
widget updates, malformed comm messages and failing callbacks with nothing on iopub."""

import json
import os
import queue
import stat
import time
import tracemalloc
import uuid
from pathlib import Path

import pytest
from jupyter_client.manager import start_new_kernel

from widgets.hardening import RollHistory, harden_kernel, rotating_log

ROOT = Path(__file__).resolve().parents[2]


def test_rotating_log_stays_bounded_under_a_flood(tmp_path):
    folder = tmp_path / "user-logs"
    log = rotating_log("rolkit.test.flood", folder=folder, max_bytes=10_000, backups=2)
    record = "x" * 200
    for i in range(5000):  # ~1.1 MB written
        log.warning("%d %s", i, record)
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == ["kernel.log", "kernel.log.1", "kernel.log.2"]
    assert sum(f.stat().st_size for f in files) <= 3 * 10_000 + 300
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert all(stat.S_IMODE(f.stat().st_mode) == 0o600 for f in files)
    assert "4999 " in (folder / "kernel.log").read_text()  # the newest record is kept
    for h in log.handlers:
        h.close()


def test_roll_history_keeps_the_last_rolls_and_counts_the_rest():
    evicted = []
    history = RollHistory(limit=200, on_evict=lambda roll: evicted.append(roll[0]))
    tracemalloc.start()
    for i in range(3000):
        history.append((i, bytes(64 * 1024)))  # ~64 KB per roll, as the issue measured
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(history) == 200 and history.total == 3000 and history.evicted == 2800
    assert [r[0] for r in history][:2] == [2800, 2801] and history[-1][0] == 2999
    assert evicted == list(range(2800))
    assert current < 200 * 64 * 1024 * 1.2  # only the kept rolls are in memory
    with pytest.raises(ValueError):
        RollHistory(limit=0)


def test_outside_voila_nothing_changes(monkeypatch):
    for key in list(os.environ):
        if key.startswith("VOILA_"):
            monkeypatch.delenv(key)
    assert harden_kernel() is False
    assert harden_kernel(force=False) is False


SETUP = """
import ipywidgets as w
slider = w.IntSlider(value=3, min=1, max=10)
pick = w.Dropdown(options=[("uno", 1), ("dos", 2)], value=1)
button = w.Button(description="Tirar")
def boom(_):
    raise RuntimeError("injected internal error")
button.on_click(boom)
ids = {"slider": slider.model_id, "pick": pick.model_id, "button": button.model_id}
"""

TAMPERED = [
    ("slider", {"value": "abc"}),
    ("slider", {"value": None}),
    ("slider", {"value": [1, 2]}),
    ("slider", {"value": float("nan")}),
    ("pick", {"index": 99}),
    ("pick", {"index": "x"}),
]


def _drive(hardened: bool, folder: Path) -> tuple[list[dict], dict]:
    """Start a kernel, (harden it,) send tampered messages; its iopub messages and ids."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    km, kc = start_new_kernel(kernel_name="python3", env=env, cwd=str(ROOT))
    try:
        if hardened:
            kc.execute_interactive(
                f"from widgets.hardening import harden_kernel\n"
                f"assert harden_kernel(force=True, folder={str(folder)!r})",
                timeout=60,
            )
        if hardened:  # the dashboard's own log is the rotating one, not a plain FileHandler
            out: list[dict] = []
            kc.execute_interactive(
                "import json, logging, widgets.errors as e; e.configure_log(); print(json.dumps("
                "[type(h).__name__ for h in logging.getLogger('rolkit.dashboard').handlers]))",
                timeout=60,
                output_hook=out.append,
            )
            names = json.loads(next(m["content"]["text"] for m in out if m["msg_type"] == "stream"))
            assert names == ["_PrivateRotatingFileHandler"]
        reply = kc.execute_interactive(SETUP, timeout=60)
        assert reply["content"]["status"] == "ok"
        out = []
        kc.execute_interactive(
            "import json; print(json.dumps(ids))", timeout=30, output_hook=out.append
        )
        ids = json.loads(next(m["content"]["text"] for m in out if m["msg_type"] == "stream"))
        while kc.iopub_channel.msg_ready():
            kc.get_iopub_msg(timeout=1)
        for name, state in TAMPERED:
            data = {"method": "update", "state": state, "buffer_paths": []}
            kc.session.send(
                kc.shell_channel.socket,
                kc.session.msg("comm_msg", {"comm_id": ids[name], "data": data}),
            )
        for content in ({"comm_id": str(uuid.uuid4())}, {"target_name": "jupyter.widget"}):
            kc.session.send(kc.shell_channel.socket, kc.session.msg("comm_open", content))
        click = {"method": "custom", "content": {"event": "click"}}
        kc.session.send(
            kc.shell_channel.socket,
            kc.session.msg("comm_msg", {"comm_id": ids["button"], "data": click}),
        )
        return _iopub_until_handled(kc), ids
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def _iopub_until_handled(kc) -> list[dict]:
    """The iopub messages of everything sent so far: a last request on the same shell
    socket is handled after the others, and its ``idle`` status comes after all they
    published (the kernel flushes stdout and stderr before each ``idle``); then a quiet
    second for output a kernel thread forwards later (a write to the process's stderr)."""
    marker = kc.session.msg("kernel_info_request")
    kc.session.send(kc.shell_channel.socket, marker)
    messages: list[dict] = []
    end = time.monotonic() + 60
    while time.monotonic() < end:
        msg = kc.get_iopub_msg(timeout=max(0.1, end - time.monotonic()))
        messages.append(msg)
        if (
            msg["msg_type"] == "status"
            and msg["content"].get("execution_state") == "idle"
            and msg["parent_header"].get("msg_id") == marker["header"]["msg_id"]
        ):
            break
    else:
        raise AssertionError("the kernel did not handle the messages in 60 s")
    while True:
        try:
            messages.append(kc.get_iopub_msg(timeout=1.0))
        except queue.Empty:
            return messages


def _leaky(messages):
    return [
        m
        for m in messages
        if m["msg_type"] == "error"
        or (m["msg_type"] == "stream" and m["content"].get("name") == "stderr")
    ]


@pytest.mark.serial
@pytest.mark.filterwarnings("ignore:Message serialization failed")
def test_a_hardened_kernel_sends_no_error_for_tampering_and_failing_callbacks(tmp_path):
    control, _ = _drive(hardened=False, folder=tmp_path / "control")
    assert _leaky(control), "the control kernel should show the upstream leak"
    messages, ids = _drive(hardened=True, folder=tmp_path / "logs")
    assert _leaky(messages) == []
    # the slider's true value is sent back so the browser snaps back
    echoes = [
        m["content"]["data"]["state"]
        for m in messages
        if m["msg_type"] == "comm_msg"
        and m["content"]["comm_id"] == ids["slider"]
        and m["content"]["data"].get("method") == "update"
    ]
    assert echoes and all(e.get("value") == 3 for e in echoes if "value" in e)
    text = (tmp_path / "logs" / "kernel.log").read_text()
    assert "refused widget update for IntSlider" in text
    assert "injected internal error" in text
