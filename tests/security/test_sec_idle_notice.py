"""An idle tab's kernel is culled, and the page says so and offers to reload (#17 item 2).

Chromium (the suite's Playwright) opens the sample dashboard through ``python -m widgets.serve``
(token mode) with a 4 s idle cull. The preheated kernel has waited in the pool longer than
that before the page takes it: it must not be culled before the page connects. Once the
page sits idle, its kernel is culled, the page shows the bilingual notice, and its
"Recargar" button loads a fresh session.
"""

import json
import time

import pytest

from tests.harness import CHROMIUM, CHROMIUM_ARGS

from .sec_harness import ServeProcess

pytestmark = [pytest.mark.browser, pytest.mark.serial]

TOKEN = "idle-token"
IDLE = 4
OFFLINE = [
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    "--proxy-server=http://127.0.0.1:9",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is absent (make chromium installs it as root)")
    srv = ServeProcess(
        tmp_path_factory.mktemp("serve") / "serve.log",
        "--pool_size=1",
        f"--MappingKernelManager.cull_idle_timeout={IDLE}",
        "--MappingKernelManager.cull_interval=1",
        token=TOKEN,
    )
    try:
        srv.wait_ready()
        yield srv
    finally:
        srv.stop()


def _kernel_id(page) -> str:
    return json.loads(page.inner_text("#jupyter-config-data"))["kernelId"]


def test_a_culled_session_says_so_and_reloads(server, playwright):
    browser = playwright.chromium.launch(
        executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, *OFFLINE], headless=True
    )
    try:
        page = browser.new_page()
        page.set_default_timeout(90000)
        time.sleep(IDLE + 2)  # the pool's kernel has been "idle" longer than the cull time
        page.goto(f"{server.url}?token={TOKEN}")
        page.wait_for_selector(".sec-result")  # its kernel was not culled under the page
        kernel_id = _kernel_id(page)
        assert page.locator("#rolkit-session-closed").count() == 0
        notice = page.locator("#rolkit-session-closed")
        notice.wait_for(state="visible", timeout=(IDLE + 30) * 1000)
        assert not server.kernel_alive(kernel_id)
        text = notice.inner_text()
        assert "La sesión se cerró por inactividad" in text
        assert "This session was closed after being idle" in text
        assert "Culling 'idle' kernel" in server.log_text()
        page.get_by_role("button", name="Recargar (reload)").click()
        page.wait_for_selector(".sec-result")
        assert _kernel_id(page) != kernel_id  # a fresh session ...
        assert page.locator("#rolkit-session-closed").count() == 0  # ... without the notice
        assert server.kernel_alive(_kernel_id(page))
    finally:
        browser.close()
