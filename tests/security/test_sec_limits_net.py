"""Connections one client cannot exhaust, and a log it cannot flood (widgets.serve.netlimits,
widgets.serve.logs).

* 300 half-open connections (a partial request header each) are dropped after the header
  timeout, and the server answers a normal GET meanwhile;
* past the caps on open connections, one client's and everyone's, a new one is answered 503
  and closed at once (each loopback address, 127.0.0.2, .3…, is a client to the server);
* with the server's file descriptors exhausted (its RLIMIT_NOFILE lowered to 256, so a few
  hundred sockets do it) the accept loop pauses instead of logging every turn, and the server
  answers again once the sockets are gone — tornado's loop wrote 542 MB in under 2 minutes;
* a flood of bad requests leaves a bounded log: a rotating private file, a summary on stderr.

All traffic goes to 127.0.0.1, bounded in count and time.
"""

import contextlib
import os
import resource
import socket
import stat
import time

import pytest

from .sec_harness import ServeProcess

pytestmark = pytest.mark.serial  # a server of its own, timed: make test runs it alone

HEADER_TIMEOUT = 4  # long enough to open a few hundred sockets on a busy machine
CAP = 400
PER_CLIENT = 150
SPREAD = ("127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5", "127.0.0.6")  # 5 clients
FD_LIMIT = 256
STDERR_INTERVAL = 3


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = ServeProcess(
        tmp_path_factory.mktemp("serve") / "serve.log",
        "--pool_size=1",
        f"--ServeLimits.header_timeout={HEADER_TIMEOUT}",
        f"--ServeLimits.max_connections={CAP}",
        f"--ServeLimits.connections_per_client={PER_CLIENT}",
        "--ServeLog.max_bytes=20000",
        "--ServeLog.backups=2",
        f"--ServeLog.stderr_interval={STDERR_INTERVAL}",
    )
    try:
        srv.wait_ready()
        yield srv
    finally:
        srv.stop()


def _open(
    port: int, n: int, partial: bytes | None, wait: bool = True, sources: tuple[str, ...] = ()
) -> list[socket.socket]:
    """``n`` connections, each having sent ``partial`` (or nothing), from the loopback
    addresses ``sources`` in turn (each one a client to the server; the system's choice when
    empty); with ``wait``, each connection is established before the next is opened (a full
    accept queue would otherwise leave some retrying their SYN for seconds)."""
    socks = []
    for i in range(n):
        if wait:
            source = (sources[i % len(sources)], 0) if sources else None
            s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=source)
        else:
            s = socket.socket()
            s.setblocking(False)
            s.connect_ex(("127.0.0.1", port))
        s.setblocking(False)
        socks.append(s)
        if partial is not None:
            with contextlib.suppress(OSError):
                s.send(partial)
    return socks


def _answer(s: socket.socket) -> bytes | None:
    """What the server did with ``s`` so far: None (nothing yet), b"" (closed it) or the
    start of its answer."""
    try:
        return s.recv(4096)
    except BlockingIOError:
        return None
    except OSError:
        return b""


def _wait_all_closed(socks: list[socket.socket], timeout: float) -> dict[bytes, int]:
    """How many were closed (b"") or answered (the answer's first line) by the server."""
    start, left, seen = time.monotonic(), list(socks), {}
    while left and time.monotonic() - start < timeout:
        still = []
        for s in left:
            answer = _answer(s)
            if answer is None:
                still.append(s)
            else:
                first = answer.split(b"\r\n")[0]
                seen[first] = seen.get(first, 0) + 1
        left = still
        time.sleep(0.2)
    assert not left, f"{len(left)} of {len(socks)} connections still open after {timeout} s"
    return seen


def _close(socks: list[socket.socket]) -> None:
    for s in socks:
        s.close()


def test_half_open_connections_are_dropped_after_the_header_timeout(server):
    before = server.log_bytes()
    start = time.monotonic()
    partial = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
    socks = _open(server.port, 300, partial, sources=SPREAD)
    try:
        status, _, seconds = server.get("voila/static/nope.js", timeout=10)  # meanwhile
        assert status == 403 and seconds < 5
        seen = _wait_all_closed(socks, HEADER_TIMEOUT + 10)
    finally:
        _close(socks)
    assert seen == {b"": 300} and time.monotonic() - start < HEADER_TIMEOUT + 10
    assert server.log_bytes() - before < 20_000


def test_connections_past_the_cap_are_refused_at_once(server):
    socks = _open(server.port, CAP + 100, None, sources=SPREAD)
    try:
        seen = _wait_all_closed(socks, HEADER_TIMEOUT + 10)  # refused, or timed out
        assert server.get("voila/static/nope.js", timeout=10)[0] == 403
    finally:
        _close(socks)
    # ~100 past the cap; fewer when the first ones timed out before the last were opened
    assert seen.get(b"HTTP/1.1 503 Service Unavailable", 0) >= 30, seen
    assert "ServeLimits.max_connections" in server.log_text()


def test_one_client_cannot_take_every_connection(server):
    socks = _open(server.port, PER_CLIENT + 50, None, sources=("127.0.0.9",))
    try:
        status, _, seconds = server.get("voila/static/nope.js", timeout=10)  # another client
        assert status == 403 and seconds < 5
        seen = _wait_all_closed(socks, HEADER_TIMEOUT + 10)
    finally:
        _close(socks)
    assert seen.get(b"HTTP/1.1 503 Service Unavailable", 0) >= 30, seen
    assert "ServeLimits.connections_per_client" in server.log_text()


def _private(path) -> bool:
    return stat.S_IMODE(os.stat(path).st_mode) == 0o600


def test_a_flood_of_bad_requests_leaves_a_bounded_log(server):
    stderr_before, before = server.log_path.stat().st_size, server.log_bytes()
    request = b"GET /voila/static/nope.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    for _ in range(4):  # 2 000 requests, pipelined: 4 000 warnings (~400 kB) upstream
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as s:
            s.sendall(request * 500)
            got, end = b"", time.monotonic() + 60
            while got.count(b"HTTP/1.1 403") < 500 and time.monotonic() < end:
                got += s.recv(1 << 16)
    time.sleep(STDERR_INTERVAL + 0.2)  # the summary comes with the next interval's first line
    server.get("voila/static/nope.js")
    files = sorted(server.file_log.parent.glob(server.file_log.name + "*"))
    assert 1 < len(files) <= 3 and all(_private(f) for f in files)
    assert all(f.stat().st_size <= 20_000 + 1_000 for f in files)
    assert server.log_path.stat().st_size - stderr_before < 20_000
    assert server.log_bytes() - before < 100_000
    assert "not shown here" in server.log_path.read_text()


def _low_fd_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (FD_LIMIT, FD_LIMIT))


def test_out_of_file_descriptors_the_log_stays_small_and_the_server_recovers(tmp_path):
    srv = ServeProcess(
        tmp_path / "serve.log",
        "--pool_size=1",
        "--ServeLimits.max_connections=100000",  # no caps: reach EMFILE
        "--ServeLimits.connections_per_client=0",
        "--ServeLimits.header_timeout=30",
        preexec_fn=_low_fd_limit,
    )
    try:
        srv.wait_ready()
        socks = _open(srv.port, FD_LIMIT + 100, None, wait=False)
        try:
            time.sleep(1.0)
            before = srv.log_bytes()
            time.sleep(4.0)  # out of descriptors all this time
            grown = srv.log_bytes() - before
            assert grown < 10_000, f"{grown} bytes of log in 4 s out of file descriptors"
        finally:
            _close(socks)
        end, status = time.monotonic() + 20, 0
        while status != 403 and time.monotonic() < end:
            try:
                status = srv.get("voila/static/nope.js", timeout=5)[0]
            except OSError:
                time.sleep(0.5)
        assert status == 403, "the server did not answer again"
        assert "accepting paused" in srv.log_text()
    finally:
        srv.stop()
