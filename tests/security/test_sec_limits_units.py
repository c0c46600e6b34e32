"""The pieces of the serving limits, in process: who a client is, the socket ledger, the
stderr summary, and the limited HTTP server inside a jupyter_server (JupyterHub)."""

import io
import logging
from types import SimpleNamespace

from tornado.httpserver import HTTPServer
from tornado.web import Application
from traitlets.config import Config

from widgets.serve.limits import ByteBudget, ServeLimits, SocketLedger, client_key
from widgets.serve.logs import Notice, SummaryStreamHandler
from widgets.serve.netlimits import LimitedHTTPServer, limit_server_app


def test_a_client_is_its_address_and_an_ipv6_host_its_64_network():
    assert client_key("10.0.0.7") == "10.0.0.7"
    assert client_key("::ffff:10.0.0.7") == "10.0.0.7"
    assert client_key("2001:db8:1:2::1") == client_key("2001:db8:1:2:ffff::9")
    assert client_key("2001:db8:1:2::1") != client_key("2001:db8:1:3::1")
    assert client_key("") == client_key(None) == "?"


def test_the_ledger_caps_per_client_and_in_all_and_forgets_the_dead():
    class Entry:
        alive = True

    ledger = SocketLedger(lambda entry: entry.alive)
    a = [Entry() for _ in range(3)]
    assert [ledger.admit(e, "a", 2, 3) for e in a] == [None, None, "client"]
    b = [Entry() for _ in range(2)]
    assert [ledger.admit(e, "b", 2, 3) for e in b] == [None, "total"]
    a[0].alive = False  # closed without release (a failed upgrade): its place is free
    assert ledger.admit(b[1], "b", 2, 3) is None
    ledger.release(b[1])
    assert ledger.count() == 2 and ledger.count("a") == 1


def test_stderr_shows_a_few_of_each_kind_then_a_count():
    stream = io.StringIO()
    handler = SummaryStreamHandler(stream, burst=3, most=10, interval=3600, where="x.log")
    logger = logging.getLogger("test.summary")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        for i in range(1000):
            logger.warning("bad request %d", i)
        for i in range(50):
            logger.warning("other %d kind", i)
        assert stream.getvalue().count("\n") == 6
        handler._window -= 3600  # the interval ends: the next line brings the count
        logger.warning("later")
    finally:
        logger.removeHandler(handler)
    lines = stream.getvalue().splitlines()
    assert lines[-2] == (
        "[serve] 1044 more log line(s) in the last 3600 s not shown here; all of them are in x.log"
    )
    assert lines[-1] == "later"


def test_a_notice_is_logged_once_then_counted():
    records: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record):
            records.append(record.getMessage())

    logger = logging.getLogger("test.notice")
    logger.addHandler(Keep())
    logger.propagate = False
    notice = Notice(logger, interval=3600)
    for _ in range(500):
        notice.note("accepting paused (%s)", "EMFILE")
    notice._last -= 3600
    notice.note("accepting paused (%s)", "EMFILE")
    assert records == [
        "accepting paused (EMFILE)",
        "accepting paused (EMFILE) (499 more since the last notice)",
    ]


def test_a_jupyter_server_gets_the_limited_http_server():
    """What ``widgets.serve.extension`` can call under JupyterHub: the ServerApp's own
    ``init_httpserver`` still runs (it schedules the bind), then its server is ours."""
    config = Config()
    config.ServeLimits.header_timeout = 7.0
    config.ServeLimits.max_connections = 123
    config.ServeLimits.max_body_size = 1000
    app = SimpleNamespace(
        config=config,
        web_app=Application(),
        ssl_options=None,
        trust_xheaders=True,
        max_body_size=512 * 1024 * 1024,
        max_buffer_size=512 * 1024 * 1024,
        created=0,
    )

    def init_httpserver():
        app.created += 1
        app._http_server = HTTPServer(app.web_app)

    app.init_httpserver = init_httpserver
    limit_server_app(app)
    app.init_httpserver()
    server = app._http_server
    assert app.created == 1 and isinstance(server, LimitedHTTPServer)
    assert server.max_connections == 123 and server.xheaders is True
    assert server.conn_params.header_timeout == 7.0
    assert server.conn_params.max_body_size == 1000
    assert ServeLimits(config=config).connection_cap() == 123


def test_the_byte_budget_takes_a_burst_then_its_rate():
    now = [0.0]
    budget = ByteBudget(burst=1000, rate=100, clock=lambda: now[0])
    assert budget.spend(600) and budget.spend(400)
    assert not budget.spend(1)  # the burst is spent
    now[0] = 2.0
    assert budget.spend(200) and not budget.spend(1)  # 2 s at 100 B/s
    now[0] = 1000.0
    assert not budget.spend(1001) and budget.spend(1000)  # never more than the burst
    assert ByteBudget(burst=0, rate=0).spend(10**9)  # 0: no cap
