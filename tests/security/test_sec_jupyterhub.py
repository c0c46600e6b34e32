"""deploy/jupyterhub serves the dashboard to two users at once: JupyterHub +
configurable-http-proxy (npm) on loopback, the shared-password authenticator with two test
users, the simple local spawner; Chromium logs each in (its own browser context), lands on
their own dashboard (``/user/<name>/voila/render/dashboard.ipynb``) and drives it; the
user servers run the same serving layer as ``python -m widgets.serve`` (``widgets.serve.extension``).

Then each user attacks, with their own cookies and an API token they made at the hub: neither
runs code (a forbidden message on their own dashboard kernel's socket closes it; the kernels,
sessions and terminals APIs are closed), neither reads or writes the notebook folder (contents
API, ``/files/``, ``/nbconvert/``, Voilà's tree and file routes), neither reaches the other's
server, kernel or files; each user's server has its own home and data folder, and runs no
config file left in that home.

Skips, saying why, only when jupyterhub is not installed or the proxy cannot be installed
from npm. Everything it starts is stopped by PID at the end.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tests.harness import CHROMIUM, CHROMIUM_ARGS, odds_text, set_number

from .sec_harness import V1, decode_v1, free_port, v1_frame

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.serial]

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy" / "jupyterhub"
PROXY = DEPLOY / "node_modules" / ".bin" / "configurable-http-proxy"
HUB = Path(sys.executable).parent / "jupyterhub"
USERS = ("alicia", "bruno")
PASSWORD = "club-password-17"
ANSWERS: list[tuple[str, str, str, int]] = []  # (user, method, url, status) seen by the pages
OFFLINE = [
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    "--proxy-server=http://127.0.0.1:9",
]


def _need_tools():
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is absent (make chromium installs it as root)")
    if not HUB.exists():
        pytest.skip("jupyterhub is not installed in this environment (pip install jupyterhub)")
    if not PROXY.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("npm is absent: configurable-http-proxy cannot be installed")
        done = subprocess.run(
            [npm, "install", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=DEPLOY,
            capture_output=True,
            timeout=180,
        )
        if done.returncode or not PROXY.exists():
            pytest.skip(f"npm install configurable-http-proxy failed: {done.stderr[-300:]!r}")


@dataclass
class Hub:
    url: str
    state: Path
    pid: int
    log_path: Path

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace")


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    _need_tools()
    state = tmp_path_factory.mktemp("hub")
    port = free_port()
    env = {
        **os.environ,
        "ROLKIT_HUB_AUTH": "shared",
        "ROLKIT_HUB_PASSWORD": PASSWORD,
        "ROLKIT_HUB_USERS": ",".join(USERS),
        "ROLKIT_HUB_SPAWNER": "simple",
        "ROLKIT_HUB_STATE": str(state),
        "ROLKIT_HUB_PORT": str(port),
        "ROLKIT_HUB_API_PORT": str(free_port()),
        "ROLKIT_HUB_PROXY_PORT": str(free_port()),
    }
    for user in USERS:  # config a user could leave in their home: it must never run
        home = state / "homes" / user
        (home / ".jupyter").mkdir(parents=True)
        for planted in (home / ".jupyter" / "jupyter_server_config.py", home / "voila.py"):
            marker = state / f"planted-{user}-{planted.name}"
            planted.write_text(f"open({str(marker)!r}, 'w').close()\n")
    log_path = state / "hub.log"
    log = open(log_path, "wb")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [str(HUB), "-f", str(DEPLOY / "jupyterhub_config.py")],
        cwd=state,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    family: dict[int, psutil.Process] = {}
    try:
        end = time.monotonic() + 60
        while b"JupyterHub is now running" not in log_path.read_bytes():
            if proc.poll() is not None or time.monotonic() > end:
                pytest.fail(f"hub did not start: {log_path.read_text()[-2000:]}")
            time.sleep(0.3)
        yield Hub(f"http://127.0.0.1:{port}", state, proc.pid, log_path)
    finally:
        for p in psutil.Process(proc.pid).children(recursive=True):
            family[p.pid] = p
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
        for p in family.values():  # the proxy and user servers it started, if left
            if p.is_running():
                p.kill()
        log.close()


@pytest.fixture(scope="module")
def sessions(hub, playwright):
    """Both users logged in, each in a browser context of their own, on their own dashboard;
    yields ``{user: page}`` (the first user's page is left on the dashboard by each test)."""
    import rolkit

    system_id = rolkit.systems()[0]
    browser = playwright.chromium.launch(
        executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, *OFFLINE], headless=True
    )
    try:
        pages = {}
        for user in USERS:  # log both in before waiting for either: they spawn together
            page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
            page.on(
                "response", lambda r, u=user: ANSWERS.append((u, r.request.method, r.url, r.status))
            )
            page.on("websocket", lambda ws, u=user: ANSWERS.append((u, "WS", ws.url, 0)))
            page.set_default_timeout(240000)  # the GET runs the notebook: slow under load
            page.goto(
                f"{hub.url}/hub/login?next=/hub/user-redirect/voila/render/"
                f"dashboard.ipynb%3Fsystem%3D{system_id}"
            )
            page.fill("#username_input", user)
            page.fill("#password_input", PASSWORD)
            page.click("#login_submit")
            pages[user] = page
        for user, page in pages.items():
            page.wait_for_url(f"**/user/{user}/voila/render/dashboard.ipynb**")
            page.wait_for_selector("table.rolkit-odds", state="visible")
            page.wait_for_selector(".rolkit-roll-button", state="visible")
        yield pages
    finally:
        browser.close()


def test_two_users_each_get_their_own_dashboard(hub, sessions):
    import rolkit
    import rolkit.fields

    system = rolkit.get_system(rolkit.systems()[0])
    role, name = system.grid_axes[0]
    spec = dict(rolkit.fields.describe(system.forms[role]))[name]
    pages = list(sessions.values())
    tables = []
    for page, value in zip(pages, (int(spec.min), int(spec.max)), strict=True):
        before = odds_text(page)
        set_number(page, role, name, value)
        page.wait_for_function(
            """old => { const t = document.querySelector('table.rolkit-odds');
                        return t !== null && t.innerText !== old; }""",
            arg=before,
        )
        tables.append(odds_text(page))
    assert tables[0] != tables[1]  # two users, two kernels, two different setups
    for page in pages:
        assert "Traceback" not in page.inner_text("body")
    # the page itself asks for nothing the server refuses (the closed routes are not its own)
    refused = [a for a in ANSWERS if "/user/" in a[2] and a[3] >= 400]
    assert not refused, refused
    # the serving layer of `python -m widgets.serve` runs under the hub too
    # (widgets.serve.extension): the page carries the idle notice's script and sets the
    # close-tab beacon's _xsrf cookie, and an error page is the plain one (no traceback, no path)
    page = pages[0]
    assert page.locator("script#rolkit-session-watch").count() == 1
    assert "_xsrf" in {c["name"] for c in page.context.cookies()}
    missing = page.request.get(f"{hub.url}/user/{USERS[0]}/voila/render/no-such-17.ipynb")
    body = missing.text()
    assert missing.status == 404 and "No encontrado (not found)" in body, body[:500]
    assert not re.search(r"Traceback|File \"|site-packages|/work/|\.py\b", body), body
    text = hub.log_text()
    for user in USERS:
        assert f"User logged in: {user}" in text
    assert "widgets.serve.connection.SafeKernelWebsocketConnection" in text
    assert "Voilà's handlers replaced (widgets.serve.extension)" in text
    assert text.count("rolkit hub server (widgets.serve.hub)") == len(USERS)


# -- the attacks --------------------------------------------------------------------------

#: what a user's own dashboard kernel socket must refuse: each closes the socket, no reply
FORBIDDEN_MESSAGES = [
    ("execute_request", "shell", {"code": "__import__('os').getpid()", "silent": False}),
    ("inspect_request", "shell", {"code": "print", "cursor_pos": 5, "detail_level": 0}),
    ("complete_request", "shell", {"code": "__import__('o", "cursor_pos": 13}),
    ("history_request", "shell", {"hist_access_type": "tail", "n": 5, "output": False}),
    ("debug_request", "control", {"type": "request", "seq": 1, "command": "debugInfo"}),
    ("input_reply", "stdin", {"value": "x"}),
]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # a redirect is an answer of its own (HTTPError with its 30x code)


_OPENER = urllib.request.build_opener(_NoRedirect)


def _http(method: str, url: str, headers: dict[str, str], body: Any = None) -> tuple[int, str]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with _OPENER.open(req, timeout=60) as r:
            return r.status, r.read(400_000).decode(errors="replace")
    except urllib.error.HTTPError as err:
        return err.code, err.read(400_000).decode(errors="replace")


def _cookie_header(context: Any, url: str | None = None) -> str:
    """The cookies a browser sends to ``url`` (``None``: every cookie it holds, forced)."""
    jar = context.cookies([url]) if url else context.cookies()
    return "; ".join(f"{c['name']}={c['value']}" for c in jar)


def _ws_url(http_url: str) -> str:
    return "ws" + http_url.removeprefix("http")


def _ws_open(url: str, headers: dict[str, str]) -> Any:
    """A kernel-channels socket, or the HTTP status that refused the upgrade."""
    try:
        return connect(_ws_url(url), subprotocols=[V1], additional_headers=headers, open_timeout=30)
    except InvalidStatus as err:
        return err.response.status_code


def _close(outcome: Any) -> None:
    if not isinstance(outcome, int):  # it opened (a failed probe): close it
        with outcome:
            pass


def _ws_send(conn: Any, msg_type: str, channel: str, content: dict) -> str:
    """``closed`` (the server closed the socket), ``replied`` or ``open`` (no answer, open)."""
    reply = msg_type.replace("_request", "_reply")
    try:
        conn.send(v1_frame(msg_type, content, channel=channel))
        end = time.monotonic() + 6
        while time.monotonic() < end:
            frame = conn.recv(timeout=max(0.1, end - time.monotonic()))
            if isinstance(frame, bytes) and decode_v1(frame)[1].get("msg_type") == reply:
                return "replied"
    except ConnectionClosed:
        return "closed"
    except TimeoutError:
        pass
    return "open"


def _kernel_id(page: Any) -> str:
    return page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
    )


def _api_token(hub_url: str, user: str) -> str:
    """A hub API token for ``user``, made as any user can (the hub's token API, with the
    user's name and password)."""
    status, text = _http(
        "POST",
        f"{hub_url}/hub/api/users/{user}/tokens",
        {},
        {"auth": {"username": user, "password": PASSWORD}, "note": "probe", "expires_in": 600},
    )
    assert status == 201, (status, text)
    return json.loads(text)["token"]


def _refused(status: int) -> bool:
    return status in (302, 401, 403, 404, 405)


def test_no_user_runs_code_reads_the_notebook_or_reaches_another(hub, sessions):
    me, other = USERS
    page = sessions[me]
    context = page.context
    mine, theirs = f"{hub.url}/user/{me}/", f"{hub.url}/user/{other}/"
    my_kernel, their_kernel = _kernel_id(page), _kernel_id(sessions[other])
    token = {"Authorization": f"token {_api_token(hub.url, me)}"}
    cookies = {"Cookie": _cookie_header(context, mine)}
    failures: list[str] = []  # every probe runs; all that failed are reported together

    def expect(ok: bool, probe: str, seen: Any) -> None:
        if not ok:
            failures.append(f"{probe}: {seen}")

    # 1. no code runs through the dashboard's own kernel socket: the widget traffic is
    #    accepted (positive control), every other request closes the socket, unanswered
    channels = f"{mine}api/kernels/{my_kernel}/channels"
    conn = _ws_open(channels, cookies)
    assert not isinstance(conn, int), f"own dashboard kernel socket refused: {conn}"
    with conn:
        for msg_type in ("kernel_info_request", "comm_info_request"):
            outcome = _ws_send(conn, msg_type, "shell", {})
            assert outcome == "replied", f"{msg_type} (the dashboard's own traffic): {outcome}"
    for msg_type, channel, content in FORBIDDEN_MESSAGES:
        conn = _ws_open(channels, cookies)
        with conn:
            outcome = _ws_send(conn, msg_type, channel, content)
        expect(outcome == "closed", f"own kernel socket, {msg_type}", outcome)

    # 2. no code-running or file route of the user's own server answers (with the token,
    #    which needs no xsrf: the strongest credential a user holds)
    notebook = ROOT / "notebooks" / "dashboard.ipynb"
    original = notebook.read_bytes()
    model = {"type": "notebook", "format": "json", "content": json.loads(original)}
    probes: list[tuple[str, str, Any]] = [
        ("POST", "api/kernels", {"name": "python3"}),
        ("GET", "api/kernels", None),
        ("POST", f"api/kernels/{my_kernel}/interrupt", {}),
        ("GET", "api/sessions", None),
        ("POST", "api/sessions", {"path": "p.ipynb", "type": "notebook", "kernel": {}}),
        ("GET", "api/terminals", None),
        ("POST", "api/terminals", {}),
        ("GET", "api/kernelspecs", None),
        ("GET", "api/contents", None),
        ("GET", "api/contents/dashboard.ipynb", None),
        (
            "PUT",
            "api/contents/rolkit-probe-17.txt",
            {"type": "file", "format": "text", "content": "x"},
        ),
        ("PUT", "api/contents/dashboard.ipynb", model),
        ("PATCH", "api/config/rolkit-probe-17", {"x": 1}),
        ("GET", "files/dashboard.ipynb", None),
        ("GET", "nbconvert/script/dashboard.ipynb", None),
        ("GET", "voila/tree", None),
        ("GET", "voila/api/contents", None),
        ("GET", "voila/files/dashboard.ipynb", None),
        ("GET", "voila/render/gm_reference.ipynb", None),
    ]
    try:
        for method, path, body in probes:
            status, text = _http(method, mine + path, token, body)
            expect(_refused(status) and '"cells"' not in text, f"{method} {path}", status)
    finally:
        if notebook.read_bytes() != original:  # before the fix the PUT rewrote it
            notebook.write_bytes(original)
        (notebook.parent / "rolkit-probe-17.txt").unlink(missing_ok=True)
    for ws_path in ("terminals/websocket/1", "api/events/subscribe"):
        outcome = _ws_open(mine + ws_path, token)
        expect(isinstance(outcome, int), f"websocket {ws_path}", "opened")
        _close(outcome)

    # 3. nothing of the other user's: their page, kernel (API and socket) and files, with
    #    the cookies the browser sends, all the browser's cookies forced, and the token
    other_page = context.new_page()
    try:
        answer = other_page.goto(f"{theirs}voila/render/dashboard.ipynb")
        expect(
            answer is not None
            and answer.status == 403
            and other_page.locator("#jupyter-config-data").count() == 0,
            "the other's dashboard in my browser",
            (answer and answer.status, other_page.url),
        )
    finally:
        other_page.close()
    forced = {"Cookie": _cookie_header(context)}
    for label, headers in (("token", token), ("cookies", forced)):
        for path in (
            "voila/render/dashboard.ipynb",
            f"api/kernels/{their_kernel}",
            "api/contents/dashboard.ipynb",
        ):
            status, text = _http("GET", theirs + path, headers)
            expect(
                _refused(status) and '"cells"' not in text, f"{label}: GET other's {path}", status
            )
        outcome = _ws_open(f"{theirs}api/kernels/{their_kernel}/channels", headers)
        expect(isinstance(outcome, int), f"{label}: other's kernel socket", "opened")
        _close(outcome)
    status, _ = _http("GET", f"{hub.url}/hub/api/users/{other}", token)
    expect(status in (403, 404), "token: the hub's record of the other user", status)

    # 4. each user's files are their own: every server (and kernel) has its own home and
    #    data folder, and the roster folder (platformdirs) differs
    homes = hub.state / "homes"
    data_dirs = {}
    for proc in psutil.Process(hub.pid).children(recursive=True):
        try:
            env, cmd = proc.environ(), " ".join(proc.cmdline())
        except psutil.Error:
            continue
        user = env.get("JUPYTERHUB_USER")
        if user not in USERS or "ipykernel" not in cmd:
            continue
        where = subprocess.run(
            [sys.executable, "-c", "import platformdirs as p; print(p.user_data_dir('rolkit'))"],
            env={k: v for k, v in env.items() if k in ("HOME", "XDG_DATA_HOME", "PATH")},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        expect(Path(where).is_relative_to(homes / user), f"{user}'s kernel data folder", where)
        data_dirs.setdefault(user, set()).add(where)
        # the dashboard it runs is the installed one, not a file in a user's home
        expect(not Path(proc.cwd()).is_relative_to(homes), f"{user}'s kernel folder", proc.cwd())
    expect(set(data_dirs) == set(USERS), "a kernel per user", data_dirs)
    ran = sorted(p.name for p in hub.state.glob("planted-*"))
    expect(not ran, "config files in a user's home ran", ran)

    # 5. closing the tab still frees its kernel (the beacon reaches /voila/api/shutdown)
    page.goto("about:blank")
    end = time.monotonic() + 8
    while time.monotonic() < end:
        status, _ = _http("GET", f"{mine}api/kernels/{my_kernel}", token)
        if status == 404:
            break
        time.sleep(0.3)
    expect(status == 404, "closing the tab frees its kernel", status)

    assert not failures, "\n".join(failures)
