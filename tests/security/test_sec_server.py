"""One client cannot take the server down, and nothing leaks: a real ``python -m widgets.serve``
(token mode, as ``make dashboard TOKEN=...``) on a free loopback port.

Each bad frame goes on its own v1 socket; the server must close that socket, another
request must still answer within 2 s, and the server's RSS must grow < 50 MiB in all.
"""

import random
import re
import time

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from .sec_harness import V1, ServeProcess, decode_v1, v1_frame

pytestmark = pytest.mark.serial  # a server of its own, timed: make test runs it alone

TOKEN = "s3cret-token"
BOMB = bytes.fromhex("ffffffffffffff7f")
LEAK = re.compile(
    r"Traceback|[\w.-]*/[\w.-]+\.py\b|site-packages|/work/|/usr/lib|File \"|line \d+|Error:"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = ServeProcess(
        tmp_path_factory.mktemp("serve") / "serve.log",
        # this module opens ~8 pages from one address (127.0.0.1): lift the per-client
        # share of sessions, which test_sec_limits.py tests
        "--ServeLimits.sessions_per_client=0",
        token=TOKEN,
    )
    try:
        srv.wait_ready()
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def kernel_id(server):
    return server.open_page()


def _fuzzed_frames(n: int = 30) -> list[bytes]:
    rng = random.Random(17)
    good = v1_frame("comm_info_request", {})
    frames = [BOMB, BOMB + bytes(64), b"", b"\x00" * 7, good[:20], good[:-1], good + b"x"]
    for _ in range(n):
        kind = rng.randint(0, 3)
        frame = bytearray(good)
        if kind == 0:  # a huge or wrong count
            frame[:8] = rng.choice([2**63 - 1, 2**32, 7, 0, 1000]).to_bytes(8, "little")
        elif kind == 1:  # an offset past the end or backwards
            i = rng.randint(1, 6)
            frame[8 * i : 8 * i + 8] = rng.choice([2**62, 0, len(good) * 9]).to_bytes(8, "little")
        elif kind == 2:  # a corrupted byte in the table
            frame[rng.randint(0, 56)] ^= 0xFF
        else:  # truncated
            frame = frame[: rng.randint(8, len(good) - 1)]
        frames.append(bytes(frame))
    return frames


def _expect_closed(ws, timeout: float = 10) -> None:
    end = time.monotonic() + timeout
    with pytest.raises(ConnectionClosed):
        while time.monotonic() < end:
            ws.recv(timeout=max(0.1, end - time.monotonic()))
    assert time.monotonic() < end + 1


def test_bad_frames_close_their_socket_and_the_server_keeps_answering(server, kernel_id):
    before = server.rss()
    for frame in _fuzzed_frames():
        with server.ws(kernel_id) as ws:
            assert ws.subprotocol == V1
            ws.send(frame)
            _expect_closed(ws)
        status, _, seconds = server.get("voila/static/voila.js")
        assert status in (200, 404) and seconds < 2
    grown = server.rss() - before
    assert grown < 50 * 2**20, f"server RSS grew {grown / 2**20:.1f} MiB"
    # the kernel and the server still work: a valid request gets its reply
    with server.ws(kernel_id) as ws:
        ws.send(v1_frame("comm_info_request", {}))
        end = time.monotonic() + 20
        while time.monotonic() < end:
            frame = ws.recv(timeout=20)
            if isinstance(frame, bytes) and decode_v1(frame)[1]["msg_type"] == "comm_info_reply":
                break
        else:
            pytest.fail("no comm_info_reply")
    assert "closing websocket" in server.log_text()


def test_legacy_framing_is_refused_before_the_upgrade(server, kernel_id):
    """The issue's case 1: a socket without subprotocol never opens, so Voilà's outgoing
    header parser never sees a legacy frame."""
    for protocols in (None, ["kernel.websocket.jupyter.org"], ["x"]):
        with pytest.raises(InvalidStatus) as err:
            server.ws(kernel_id, subprotocols=protocols)
        assert err.value.response.status_code == 400
    assert server.get("voila/static/voila.js")[2] < 2


def test_every_websocket_route_requires_the_token(server, kernel_id):
    from websockets.sync.client import connect

    base = f"ws://127.0.0.1:{server.port}"
    for path in (f"/api/kernels/{kernel_id}/channels?session_id=a", f"/voila/query/{kernel_id}"):
        with pytest.raises(InvalidStatus) as err:
            connect(base + path, subprotocols=[V1], open_timeout=20)
        assert err.value.response.status_code in (401, 403)
        sep = "&" if "?" in path else "?"
        with connect(f"{base}{path}{sep}token={TOKEN}", subprotocols=[V1], open_timeout=20):
            pass


ROUTES = [
    "",
    "logout",
    "login",
    "voila/static/voila.js",
    "voila/static/../../../etc/passwd",
    "voila/templates/nope.css",
    "voila/api/themes/nope",
    "voila/api/shutdown/nope",
    "api/kernels/00000000-0000-0000-0000-000000000000",
    "api/kernels",
    "api/contents",
    "voila/files/sec_sample.ipynb",
    "voila/files/../../etc/passwd",
    "voila/labextensions/x",
    "voila/query/00000000-0000-0000-0000-000000000000",
    "voila/tree",
    "voila/render/x",
    "sec_sample.ipynb",
    "%ff%fe",
    "a" * 3000,
    "?x=" + "%" * 200,
]


@pytest.mark.parametrize("auth", [True, False])
def test_every_route_answers_cleanly(server, auth):
    for route in ROUTES:
        for method in ("GET", "POST", "DELETE"):
            if method == "GET":
                status, body, _ = server.get(route, auth=auth)
            else:
                status, body = server.request(route, method, data=b"", auth=auth)
            assert status < 500, (route, method, status, body[:300])
            assert not LEAK.search(body), (route, method, body[:500])


def _widget_states(ws) -> dict[str, dict]:
    """comm_id → state of every widget of a kernel (request_state on each comm)."""
    ws.send(v1_frame("comm_info_request", {}))
    comm_ids: list[str] = []
    states: dict[str, dict] = {}
    end = time.monotonic() + 60
    while time.monotonic() < end and (not comm_ids or len(states) < len(comm_ids)):
        frame = ws.recv(timeout=60)
        _, header, content = decode_v1(frame)
        if header["msg_type"] == "comm_info_reply":
            comm_ids = list(content["comms"])
            for comm_id in comm_ids:
                data = {"method": "request_state"}
                ws.send(v1_frame("comm_msg", {"comm_id": comm_id, "data": data}))
        elif header["msg_type"] == "comm_msg" and content["data"].get("method") == "update":
            states[content["comm_id"]] = content["data"]["state"]
    return states


def test_simultaneous_sessions_get_their_own_results(server):
    """Three pages at once, each moves its own slider: each sees 2 × its own value."""
    import threading

    kernel_ids = [server.open_page() for _ in range(3)]
    assert len(set(kernel_ids)) == 3
    results: dict[int, str] = {}

    def drive(i: int, kernel_id: str) -> None:
        value = 4 + i
        with server.ws(kernel_id) as ws:
            states = _widget_states(ws)
            slider = next(c for c, s in states.items() if s.get("_model_name") == "IntSliderModel")
            data = {"method": "update", "state": {"value": value}, "buffer_paths": []}
            ws.send(v1_frame("comm_msg", {"comm_id": slider, "data": data}))
            end = time.monotonic() + 60
            while time.monotonic() < end:
                _, header, content = decode_v1(ws.recv(timeout=60))
                state = (
                    content.get("data", {}).get("state", {})
                    if header["msg_type"] == "comm_msg"
                    else {}
                )
                if "sec-result" in str(state.get("value", "")):
                    results[i] = state["value"]
                    return

    threads = [threading.Thread(target=drive, args=(i, k)) for i, k in enumerate(kernel_ids)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert results == {i: f"<b class='sec-result'>{2 * (4 + i)}</b>" for i in range(3)}
