"""widgets.serve.frames / widgets.serve.connection.check_message: every malformed v1 frame is refused in
time linear in its length, and well-formed frames pass unchanged."""

import contextlib
import json
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

from widgets.serve.connection import check_message
from widgets.serve.frames import MAX_FRAME_BYTES, MAX_PARTS, FrameError, split_v1_frame

from .sec_harness import v1_frame

BOMB = bytes.fromhex("ffffffffffffff7f")
ALLOWED = {"comm_open", "comm_msg", "comm_close", "comm_info_request", "kernel_info_request"}


@pytest.mark.serial
def test_issue_bomb_is_refused_instantly():
    start = time.perf_counter()
    for frame in (BOMB, BOMB + b"\0" * 64, b"\xff" * 8):
        with pytest.raises(FrameError):
            split_v1_frame(frame)
    assert time.perf_counter() - start < 0.01


def test_legacy_binary_header_is_refused():
    # jupyter_server's serialize_binary_message: big-endian uint32 count, then offsets
    from jupyter_server.services.kernels.connection.base import serialize_binary_message

    legacy = serialize_binary_message(
        {"header": {}, "parent_header": {}, "metadata": {}, "content": {}, "buffers": [b"x" * 99]}
    )
    with pytest.raises(FrameError):
        split_v1_frame(legacy)


def test_text_frames_and_oversized_frames_are_refused():
    with pytest.raises(FrameError):
        split_v1_frame('{"channel": "shell"}')
    with pytest.raises(FrameError):
        split_v1_frame(b"\0" * (MAX_FRAME_BYTES + 1))


def test_well_formed_frame_round_trips():
    frame = v1_frame("comm_msg", {"comm_id": "a", "data": {"method": "update"}}, buffers=[b"\x89"])
    channel, parts = split_v1_frame(frame)
    assert channel == "shell" and len(parts) == 5 and parts[4] == b"\x89"
    assert check_message(parts, ALLOWED) == "comm_msg"


@pytest.mark.parametrize(
    "msg_type, content",
    [
        ("comm_open", {"comm_id": "x"}),  # no target_name: ipykernel logs a KeyError traceback
        ("comm_open", {"target_name": "jupyter.widget"}),
        ("comm_msg", {"data": {}}),
        ("comm_msg", {"comm_id": 5, "data": {}}),
        ("comm_msg", {"comm_id": "x", "data": [1, 2]}),
        ("execute_request", {"code": "1"}),  # not allowed by Voilà
    ],
)
def test_malformed_or_forbidden_messages_are_refused(msg_type, content):
    _, parts = split_v1_frame(v1_frame(msg_type, content))
    with pytest.raises(FrameError):
        check_message(parts, ALLOWED)


def test_non_json_parts_are_refused():
    parts = [b"{", b"{}", b"{}", b"{}"]
    with pytest.raises(FrameError):
        check_message(parts, ALLOWED)
    with pytest.raises(FrameError):
        check_message([b"[]", b"{}", b"{}", b"{}"], ALLOWED)
    deep = b"[" * 100000 + b"]" * 100000
    with pytest.raises(FrameError):
        check_message([deep, b"{}", b"{}", b"{}"], ALLOWED)


def _frame(count: int, offsets: list[int], tail: bytes) -> bytes:
    head = count.to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + tail


#: the most CPU time (of the test's thread) one fuzzed example may take: hypothesis's own
#: deadline is wall-clock time, which the machine's load stretches in the parallel part
EXAMPLE_CPU_S = 0.2


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    count=st.one_of(st.integers(0, 80), st.integers(0, 2**64 - 1)),
    offsets=st.lists(st.one_of(st.integers(0, 400), st.integers(0, 2**64 - 1)), max_size=12),
    tail=st.binary(max_size=300),
    cut=st.integers(0, 400),
)
def test_fuzzed_headers_offsets_counts_never_hang(count, offsets, tail, cut):
    """Any bytes: a FrameError or a split whose parts tile the frame exactly."""
    t0 = time.thread_time()
    frame = _frame(count, offsets, tail)[: cut + 8]
    try:
        channel, parts = split_v1_frame(frame)
    except FrameError:
        assert time.thread_time() - t0 < EXAMPLE_CPU_S
        return
    assert time.thread_time() - t0 < EXAMPLE_CPU_S
    assert channel in {"shell", "control", "stdin", "iopub"}
    assert 4 <= len(parts) <= MAX_PARTS
    assert sum(map(len, parts)) + len(channel) + 8 * (count + 1) == len(frame)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    parts=st.lists(st.binary(max_size=40), min_size=4, max_size=8),
    channel=st.sampled_from(["shell", "control", "stdin", "iopub"]),
    flip=st.integers(0, 200),
)
def test_fuzzed_corruption_of_real_frames(parts, channel, flip):
    t0 = time.thread_time()
    frame = bytearray(serialize_msg_to_ws_v1(parts, channel))
    assert split_v1_frame(bytes(frame)) == (channel, parts)
    frame[flip % len(frame)] ^= 0xFF
    with contextlib.suppress(FrameError):
        split_v1_frame(bytes(frame))
    assert time.thread_time() - t0 < EXAMPLE_CPU_S


def test_upstream_v1_deserializer_still_loops_on_the_bomb():
    """Canary: jupyter_server's own parser is still busy 3 s after it got 8 bytes (or runs
    out of a 300 MiB address space). When this fails, upstream fixed it: update SECURITY.md."""
    code = (
        "import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (300 << 20, 300 << 20))\n"
        "from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1\n"
        "print('calling', flush=True)\n"
        f"deserialize_msg_from_ws_v1(bytes.fromhex({BOMB.hex()!r}))\n"
        "print('returned', flush=True)\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        assert proc.stdout.readline() == b"calling\n"  # imports done (however slow)
        try:
            proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            return  # still looping 3 s later on 8 bytes: the bug is there
        stderr = proc.stderr.read()
        assert b"MemoryError" in stderr, stderr[-500:]
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=10)
        proc.stdout.close()
        proc.stderr.close()


def test_allowed_types_come_from_the_manager():
    _, parts = split_v1_frame(v1_frame("kernel_info_request", {}))
    assert check_message(parts, set()) == "kernel_info_request"
    assert json.loads(parts[3]) == {}
