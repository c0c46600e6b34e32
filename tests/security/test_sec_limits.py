"""One client cannot hold every kernel websocket or the whole session cap (widgets.serve.limits).

On loopback every client is 127.0.0.1, so the server runs as it would behind an operator's
reverse proxy (``--ServeLimits.trust_xheaders=True``) and each "client" of these tests is an
``X-Forwarded-For`` address. Small caps: 3 kernel sockets per client, 5 in all, 2 sessions per
client.
"""

import contextlib
import socket
import time

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from .sec_harness import V1, ServeProcess, v1_frame

pytestmark = pytest.mark.serial  # a server of its own, timed: make test runs it alone

PER_CLIENT, TOTAL, SESSIONS_PER_CLIENT = 3, 5, 2
#: bytes a kernel's pages may send at once, then a second (small, so the test is quick)
BURST, RATE = 2 * 2**20, 64 * 2**10


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = ServeProcess(
        tmp_path_factory.mktemp("serve") / "serve.log",
        "--pool_size=2",
        "--SerialPoolRefill.refill_quiet=1",
        "--BoundedKernelManager.max_sessions=8",
        "--ServeLimits.trust_xheaders=True",
        f"--ServeLimits.kernel_sockets_per_client={PER_CLIENT}",
        f"--ServeLimits.kernel_sockets_total={TOTAL}",
        f"--ServeLimits.sessions_per_client={SESSIONS_PER_CLIENT}",
        f"--ServeLimits.kernel_inbound_burst={BURST}",
        f"--ServeLimits.kernel_inbound_rate={RATE}",
    )
    try:
        srv.wait_ready()
        yield srv
    finally:
        srv.stop()


def _client(n: int) -> dict[str, str]:
    return {"X-Forwarded-For": f"10.0.0.{n}"}


def _refused(server, kernel_id, who) -> int:
    """The status of a kernel socket that must be refused before the upgrade."""
    with pytest.raises(InvalidStatus) as refused:
        server.ws(kernel_id, headers=who).close()
    response = refused.value.response
    body = response.body.decode("utf-8", "replace")
    assert "Traceback" not in body and "/" not in body.split("<body>")[-1].replace("</", "")
    return response.status_code


def test_kernel_sockets_are_capped_per_client_and_in_all(server):
    alice, bruno, carla, dario = _client(1), _client(2), _client(3), _client(4)
    kernel = server.open_page(alice)
    with contextlib.ExitStack() as held:
        first = held.enter_context(server.ws(kernel, headers=alice))
        for _ in range(PER_CLIENT - 1):
            held.enter_context(server.ws(kernel, headers=alice))
        assert _refused(server, kernel, alice) == 429  # alice is past her share
        other = server.open_page(bruno)  # another visitor: a page and its socket, as usual
        held.enter_context(server.ws(other, headers=bruno))
        held.enter_context(server.ws(other, headers=carla))  # the fifth socket in all
        assert _refused(server, other, dario) == 503  # the server's cap
        first.close()  # a place is freed when a socket closes
        end = time.monotonic() + 10
        while True:
            try:
                held.enter_context(server.ws(other, headers=dario))
                break
            except InvalidStatus:
                assert time.monotonic() < end, "the closed socket's place was never freed"
                time.sleep(0.2)
    assert "kernel websocket refused" in server.log_text()


def test_a_failed_upgrade_does_not_keep_a_place(server):
    """Plain GETs on the channels route pass the websocket's prepare() and then fail the
    upgrade (no Upgrade header): they must not fill the ledger."""
    who = _client(5)
    kernel = server.open_page(who)
    for _ in range(3 * TOTAL):
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
            s.sendall(
                f"GET /api/kernels/{kernel}/channels?session_id=x HTTP/1.1\r\n"
                f"Host: 127.0.0.1\r\nSec-WebSocket-Protocol: {V1}\r\n"
                f"X-Forwarded-For: 10.0.0.5\r\nConnection: close\r\n\r\n".encode()
            )
            assert s.recv(100).startswith(b"HTTP/1.1 400")
    with contextlib.ExitStack() as held:  # all of this client's places are still free
        for _ in range(PER_CLIENT):
            held.enter_context(server.ws(kernel, headers=who))


def test_one_client_cannot_hold_the_whole_session_cap(server):
    greedy, other = _client(6), _client(7)
    for _ in range(SESSIONS_PER_CLIENT):
        server.open_page(greedy)
    status, body, _ = server.get("", headers=greedy)
    assert status == 503 and "Ocupado (busy)" in body and "Traceback" not in body
    assert server.open_page(other)  # the cap (8) is far: another visitor still gets a kernel
    status, _, _ = server.get("", headers=greedy)
    assert status == 503


def _comm_msg(size: int) -> bytes:
    """A comm message of about ``size`` bytes to a comm the kernel does not have."""
    content = {"comm_id": "no-such-comm", "data": {"method": "update", "pad": "x" * size}}
    return v1_frame("comm_msg", content)


def test_a_client_faster_than_its_kernel_is_cut_off_at_the_byte_budget(server):
    """Frames sent faster than the budget close the socket (1008) before the kernel's queue
    takes them; before, 400 frames of 3 MB sent at once took a kernel to +1 GiB."""
    who = _client(8)
    kernel = server.open_page(who)
    frame = _comm_msg(512 * 2**10)
    with server.ws(kernel, headers=who) as ws:
        ws.send(frame)  # within the burst: the kernel gets it, the socket stays open
        ws.send(v1_frame("kernel_info_request", {}))
        reply = ws.recv(timeout=60)
        assert reply
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(4 * BURST // len(frame)):
                ws.send(frame)
            end = time.monotonic() + 30
            while time.monotonic() < end:  # the replies already on their way, then the close
                ws.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert "byte budget" in server.log_text()
    with server.ws(kernel, headers=who) as again:  # the page may reconnect, within the rate
        again.send(v1_frame("kernel_info_request", {}))
        assert again.recv(timeout=60)
