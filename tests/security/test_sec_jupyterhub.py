"""deploy/jupyterhub serves the dashboard to two users at once: JupyterHub +
configurable-http-proxy (npm) on loopback, the shared-password authenticator with two test
users, the simple local spawner; Chromium logs each in (its own browser context), lands on
their own dashboard (``/user/<name>/voila/render/dashboard.ipynb``) and drives it; the
user servers run the same serving layer as ``python -m widgets.serve`` (``widgets.serve.extension``).

Skips, saying why, only when jupyterhub is not installed or the proxy cannot be installed
from npm. Everything it starts is stopped by PID at the end.
"""

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from sec_harness import free_port

from widgets.testing import CHROMIUM, CHROMIUM_ARGS, odds_text, set_number

pytestmark = [pytest.mark.slow, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy" / "jupyterhub"
PROXY = DEPLOY / "node_modules" / ".bin" / "configurable-http-proxy"
HUB = Path(sys.executable).parent / "jupyterhub"
USERS = ("alicia", "bruno")
PASSWORD = "club-password-17"
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
        yield f"http://127.0.0.1:{port}", lambda: log_path.read_text(errors="replace"), family
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


def test_two_users_each_get_their_own_dashboard(hub, playwright):

    import rolkit
    import rolkit.fields

    url, log_text, family = hub
    system_id = rolkit.systems()[0]
    system = rolkit.get_system(system_id)
    role, name = system.grid_axes[0]
    spec = dict(rolkit.fields.describe(system.forms[role]))[name]
    with contextlib.nullcontext(playwright) as p:  # the suite's one Playwright
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, *OFFLINE], headless=True
        )
        try:
            pages = []
            for user in USERS:  # log both in before waiting for either: they spawn together
                page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
                page.set_default_timeout(240000)  # the GET runs the notebook: slow under load
                page.goto(
                    f"{url}/hub/login?next=/hub/user-redirect/voila/render/"
                    f"dashboard.ipynb%3Fsystem%3D{system_id}"
                )
                page.fill("#username_input", user)
                page.fill("#password_input", PASSWORD)
                page.click("#login_submit")
                pages.append(page)
            for user, page in zip(USERS, pages, strict=True):
                page.wait_for_url(f"**/user/{user}/voila/render/dashboard.ipynb**")
                page.wait_for_selector("table.rolkit-odds", state="visible")
                page.wait_for_selector(".rolkit-roll-button", state="visible")
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
            # the serving layer of `python -m widgets.serve` runs under the hub too (widgets.serve.extension):
            # the page carries the idle notice's script and sets the close-tab beacon's
            # _xsrf cookie, and an error page is the plain one (no traceback, no path)
            page = pages[0]
            assert page.locator("script#rolkit-session-watch").count() == 1
            assert "_xsrf" in {c["name"] for c in page.context.cookies()}
            missing = page.request.get(f"{url}/user/{USERS[0]}/voila/render/no-such-17.ipynb")
            body = missing.text()
            assert missing.status == 404 and "No encontrado (not found)" in body, body[:500]
            assert not re.search(r"Traceback|File \"|site-packages|/work/|\.py\b", body), body
        finally:
            browser.close()
    text = log_text()
    for user in USERS:
        assert f"User logged in: {user}" in text
    assert "widgets.serve.connection.SafeKernelWebsocketConnection" in text
    assert "Voilà's handlers replaced (widgets.serve.extension)" in text
