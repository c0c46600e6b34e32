"""Kernels are bounded and freed (no-token mode, as plain ``make dashboard``): the session
cap answers a plain busy page, the unload beacon frees a kernel, an abandoned GET's
kernel and an idle open tab's kernel are culled."""

import asyncio
import time
import uuid

import pytest

from .sec_harness import ServeProcess, run_in_own_loop

ABANDONED = 8
IDLE = 15
DISCONNECTED = 2


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = ServeProcess(
        tmp_path_factory.mktemp("serve") / "serve.log",
        "--pool_size=2",
        "--SerialPoolRefill.refill_quiet=1",  # pages get preheated kernels, quickly
        "--BoundedKernelManager.max_sessions=2",
        f"--BoundedKernelManager.abandoned_timeout={ABANDONED}",
        "--BoundedKernelManager.sweep_interval=0.5",
        f"--BoundedKernelManager.disconnected_timeout={DISCONNECTED}",
        f"--MappingKernelManager.cull_idle_timeout={IDLE}",
        "--MappingKernelManager.cull_interval=1",
    )
    try:
        srv.wait_ready()
        yield srv
    finally:
        srv.stop()


def _wait_gone(server, kernel_id, timeout):
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if not server.kernel_alive(kernel_id):
            return time.monotonic() - start
        time.sleep(0.3)
    pytest.fail(f"kernel {kernel_id} still alive after {timeout}s")


def _beacon(xsrf: str | None) -> tuple[bytes, dict]:
    """The body navigator.sendBeacon sends: FormData with the _xsrf cookie's value."""
    boundary = uuid.uuid4().hex
    body = b""
    if xsrf is not None:
        body = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="_xsrf"\r\n\r\n{xsrf}\r\n'
        ).encode()
    body += f"--{boundary}--\r\n".encode()
    headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
    return body, headers


@pytest.mark.serial
def test_unload_beacon_with_xsrf_frees_the_kernel(server):
    kernel_id = server.open_page()
    xsrf = next(c.value for c in server.jar if c.name == "_xsrf")
    body, headers = _beacon(None)  # without the token: still refused (CSRF protection kept)
    status, _ = server.request(f"voila/api/shutdown/{kernel_id}", "POST", body, headers)
    assert status == 403 and server.kernel_alive(kernel_id)
    body, headers = _beacon(xsrf)
    status, _ = server.request(f"voila/api/shutdown/{kernel_id}", "POST", body, headers)
    assert status == 204
    assert _wait_gone(server, kernel_id, 5) < 5


@pytest.mark.serial
def test_cap_gives_a_busy_page_then_abandoned_kernels_are_culled(server):
    first, second = server.open_page(), server.open_page()
    status, body, _ = server.get("")
    assert status == 503 and "Ocupado (busy)" in body and "try again" in body
    for kernel_id in (first, second):  # nobody connected: freed within the timeout
        _wait_gone(server, kernel_id, ABANDONED + 6)
    assert "page never connected" in server.log_text()
    third = server.open_page()  # room again
    assert server.kernel_alive(third)


@pytest.mark.serial
def test_closed_tab_without_beacon_frees_its_kernel(server):
    """The fallback: every websocket closed, no beacon: gone after the grace time."""
    kernel_id = server.open_page()
    with server.ws(kernel_id) as ws:
        assert ws.subprotocol
        time.sleep(1)
    assert server.kernel_alive(kernel_id)  # a reload within the grace time keeps it
    _wait_gone(server, kernel_id, DISCONNECTED + 4)
    assert f"kernel {kernel_id}: every tab closed" in server.log_text()


@pytest.mark.serial
def test_idle_open_tab_is_culled(server):
    kernel_id = server.open_page()
    with server.ws(kernel_id) as ws:
        assert ws.subprotocol
        _wait_gone(server, kernel_id, IDLE + 10)


class _FakeKernel:
    execution_state = "idle"


def test_the_time_to_connect_starts_when_the_page_is_served(monkeypatch):
    """A preheated kernel seen by the sweep while it pre-rendered (slow on a loaded
    machine), then waiting in the pool longer than the timeout, was shut down under the
    page it was handed to before that page could connect: the page never rendered (#17,
    the browser test that failed inside the full suite). Its clock now starts when its page
    is served; until then neither the sweep nor the idle culler touches it."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    from widgets.serve.kernels import BoundedKernelManager

    shut, idle_checked = [], []

    async def start(self, *args, kernel_id=None, **kwargs):
        self._kernels[kernel_id] = _FakeKernel()
        self._kernel_connections[kernel_id] = 0
        return kernel_id

    async def shutdown(self, kernel_id, *args, **kwargs):
        shut.append(kernel_id)
        self._kernels.pop(kernel_id)

    async def cull_if_idle(self, kernel_id):
        idle_checked.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", start)
    monkeypatch.setattr(AsyncMappingKernelManager, "shutdown_kernel", shutdown)
    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", cull_if_idle)

    async def scenario():
        km = BoundedKernelManager(abandoned_timeout=45, sweep_interval=3600)
        loop = asyncio.get_running_loop()
        rendering = loop.create_future()
        km._pools = {"dashboard.ipynb": [rendering]}
        kernel_id = await km.start_kernel(env={"VOILA_PREHEAT": "True"})
        assert await km.sweep_abandoned(now=0) == []  # pre-rendering: not abandoned
        rendering.set_result({"kernel_id": kernel_id})
        assert await km.sweep_abandoned(now=100) == []  # waiting in the pool
        await km.cull_kernel_if_idle(kernel_id)
        km._pools["dashboard.ipynb"] = []  # Voilà hands it to a page ...
        await km.cull_kernel_if_idle(kernel_id)
        assert await km.sweep_abandoned(now=200) == []  # ... still loading
        km.page_served(kernel_id, now=300)  # the GET has ended
        await km.cull_kernel_if_idle(kernel_id)
        assert await km.sweep_abandoned(now=340) == []
        assert idle_checked == [] and shut == []  # neither the idle culler nor the sweep
        assert await km.sweep_abandoned(now=346) == [kernel_id]  # abandoned: freed
        assert shut == [kernel_id]
        if km._sweeper is not None:
            km._sweeper.stop()

    run_in_own_loop(scenario, timeout=60)
