"""The preheated pool refills one kernel at a time, after the burst (widgets.serve.pool).

Voilà's own class with :class:`widgets.serve.pool.SerialPoolRefill` in front (what ``python -m
serve`` builds), over :class:`widgets.serve.kernels.BoundedKernelManager`; only the kernel itself is
fake: ``_initialize`` "pre-renders" for :data:`WORK` seconds, then waits for its visitor on
``/voila/query/<id>`` as the dashboard's notebook does. Real asyncio, short times.
"""

import asyncio
import uuid

import pytest
from traitlets.config import Configurable
from voila.request_info_handler import RequestInfoSocketHandler

from widgets.serve.app import RolkitVoila
from widgets.serve.kernels import BoundedKernelManager
from widgets.serve.pool import SerialPoolRefill, serial_refill_factory

from .sec_harness import run_in_own_loop

POOL = 10
WORK = 0.08  # seconds a fake kernel pre-renders
QUIET = 0.4


class _Parent(Configurable):
    root_dir = "/tmp"
    notebook_path = "/tmp/dashboard.ipynb"
    base_url = "/"
    server_url = "/"
    port = 0


class _Renderer:
    stop_generator = False
    rendered_cache: list[str] = []


def _manager_class():
    pooled = serial_refill_factory(BoundedKernelManager, True, POOL)

    class FakeKernels(pooled):
        def __init__(self, **kwargs):
            self.live: set[str] = set()
            self.prerendering = 0
            self.most_prerendering = 0
            self.requests: dict[str, asyncio.Event] = {}
            super().__init__(**kwargs)

        def list_kernel_ids(self):
            return list(self.live)

        async def _initialize(self, notebook_path, kernel_id=None, **kwargs):
            assert kwargs["env"]["VOILA_PREHEAT"] == "True"
            kernel_id = str(uuid.uuid4())
            self.live.add(kernel_id)
            self.requests[kernel_id] = asyncio.Event()

            async def prerender():
                self.prerendering += 1
                self.most_prerendering = max(self.most_prerendering, self.prerendering)
                await asyncio.sleep(WORK)
                self.prerendering -= 1
                RequestInfoSocketHandler._waiters[kernel_id] = object()
                await self.requests[kernel_id].wait()  # the visitor's query string
                RequestInfoSocketHandler._waiters.pop(kernel_id, None)
                return [], None

            task = asyncio.get_running_loop().create_task(prerender())
            return {"task": task, "renderer": _Renderer(), "kernel_id": kernel_id}

        async def take(self):
            """What Voilà's page handler does with a pooled kernel."""
            _, _, kernel_id = await self.get_rendered_notebook(self.notebook_path)
            self.requests[kernel_id].set()
            return kernel_id

        def ready(self) -> int:
            pool = self._pools[self.notebook_path]
            return sum(1 for item in pool if self.prerendered(item))

    return FakeKernels


def _manager(**traits):
    manager = _manager_class()(parent=_Parent(), **traits)
    assert isinstance(manager, SerialPoolRefill)
    return manager


async def _until(condition, timeout=10.0):
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.01)


@pytest.fixture(autouse=True)
def _own_waiters(monkeypatch):
    monkeypatch.setattr(RequestInfoSocketHandler, "_waiters", {})


@pytest.mark.serial
def test_ten_takes_refill_one_kernel_at_a_time_and_the_pool_returns_to_full():
    async def scenario():
        km = _manager(refill_quiet=QUIET, refill_poll=0.01)
        await _until(lambda: km.ready() == POOL)  # start-up fill: one at a time too
        assert km.refills_started == POOL and km.most_prerendering == 1
        taken = []
        for _ in range(POOL):  # a burst: ten visitors, 50 ms apart
            taken.append(await km.take())
            await asyncio.sleep(0.05)
            assert km.refills_started == POOL, "a refill started during the burst"
        for kernel_id in taken:
            km.notify_connect(kernel_id)
        assert km.get_pool_size(km.notebook_path) == 0
        await asyncio.sleep(QUIET / 2)
        assert km.refills_started == POOL, "a refill started before the quiet time"
        await _until(lambda: km.ready() == POOL)
        assert km.refills_started == 2 * POOL
        assert km.most_prerendering == 1, "two refill kernels pre-rendered at once"
        await _until(lambda: not km._refillers)  # the refiller finishes
        assert km.refills_running == 0 and km.refills_started == 2 * POOL
        assert len(km.live) == 2 * POOL
        km.notify_connect(await km.take())  # a later visitor: the pool refills again
        await _until(lambda: km.ready() == POOL and km.refills_started == 2 * POOL + 1)

    run_in_own_loop(scenario)


@pytest.mark.serial
def test_no_refill_while_a_page_is_still_connecting():
    async def scenario():
        km = _manager(refill_quiet=0.1, refill_patience=1.0, refill_poll=0.01)
        await _until(lambda: km.ready() == POOL)
        kernel_id = await km.take()
        await asyncio.sleep(0.5)  # quiet, but its page has not opened its socket
        assert km.refills_started == POOL
        assert km.pages_connecting() == {kernel_id}
        km.notify_connect(kernel_id)
        await _until(lambda: km.refills_started == POOL + 1)
        await _until(lambda: km.ready() == POOL)

    run_in_own_loop(scenario)


@pytest.mark.serial
def test_a_page_that_never_connects_holds_the_refill_back_at_most_the_patience():
    async def scenario():
        km = _manager(refill_quiet=0.1, refill_patience=0.6, refill_poll=0.01)
        await _until(lambda: km.ready() == POOL)
        await km.take()  # never connects
        loop = asyncio.get_running_loop()
        start = loop.time()
        await _until(lambda: km.refills_started == POOL + 1)
        assert 0.5 <= loop.time() - start < 2.0
        await _until(lambda: km.ready() == POOL)

    run_in_own_loop(scenario)


def test_rolkit_voila_builds_its_pool_with_the_serial_refill(monkeypatch):
    import voila.app

    built = []

    def factory(base, preheat, size, page_config_hook=None):
        cls = serial_refill_factory(base, preheat, size, page_config_hook=page_config_hook)
        built.append(cls)
        raise RuntimeError("stop here")

    monkeypatch.setattr("widgets.serve.app.serial_refill_factory", factory)
    app = RolkitVoila()
    from voila.configuration import VoilaConfiguration

    app.voila_configuration = VoilaConfiguration(
        parent=app,
        preheat_kernel=True,
        default_pool_size=3,
        multi_kernel_manager_class="widgets.serve.kernels.BoundedKernelManager",
    )
    upstream = voila.app.voila_kernel_manager_factory
    with pytest.raises(RuntimeError, match="stop here"):
        app.init_settings()
    assert voila.app.voila_kernel_manager_factory is upstream  # restored after the call
    assert built and issubclass(built[0], SerialPoolRefill)
    assert issubclass(built[0], BoundedKernelManager)
