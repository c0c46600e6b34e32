"""A ``python -m widgets.serve`` process on a free loopback port, and a raw v1 websocket client.

Used by tests/security only. The server runs in its own session and is stopped with
SIGTERM by its PID (SIGKILL of its own process group after 15 s).
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import psutil
from jupyter_client.session import Session
from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = Path(__file__).with_name("sec_sample.ipynb")
V1 = "v1.kernel.websocket.jupyter.org"


def run_in_own_loop(scenario: Callable[[], Coroutine[Any, Any, Any]], timeout: float = 120) -> None:
    """``asyncio.run(scenario())`` in a thread of its own: inside the whole suite, the
    browser tests' Playwright leaves an event loop running in the main thread, where
    ``asyncio.run`` refuses to start."""
    failure: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(scenario())
        except BaseException as err:  # noqa: BLE001 - re-raised below, in the test
            failure.append(err)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise TimeoutError(f"the scenario did not finish in {timeout} s")
    if failure:
        raise failure[0]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServeProcess:
    """``python -m widgets.serve notebook`` on 127.0.0.1 with extra ``args``."""

    def __init__(
        self,
        log_path: Path,
        *args: str,
        token: str = "",
        notebook: Path = SAMPLE,
        preexec_fn: Callable[[], None] | None = None,
    ):
        self.port = free_port()
        self.token = token
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log_path = log_path  # the process's stdout and stderr
        self.file_log = log_path.with_name(log_path.stem + "-file.log")  # its rotating log
        for stale in self.file_log.parent.glob(self.file_log.name + "*"):
            stale.unlink()  # wait_ready() reads it
        self._log = open(log_path, "wb")  # noqa: SIM115 - closed in stop()
        cmd = [
            sys.executable,
            "-m",
            "widgets.serve",
            str(notebook),
            "--no-browser",
            "--Voila.ip=127.0.0.1",
            f"--port={self.port}",
            "--preheat_kernel=True",
            f"--ServeLog.log_file={self.file_log}",
            *args,
        ]
        if token:
            cmd.append(f"--token={token}")
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            cmd,
            cwd=notebook.parent,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
            preexec_fn=preexec_fn,
        )
        jar = http.cookiejar.CookieJar()
        self.jar = jar
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def log_text(self) -> str:
        """stdout and stderr, then the rotating log file (the whole log)."""
        text = self.log_path.read_text(errors="replace")
        if self.file_log.exists():
            text += self.file_log.read_text(errors="replace")
        return text

    def log_bytes(self) -> int:
        """Bytes the server logged: its stdout/stderr and every rotating log file."""
        files = [self.log_path, *self.file_log.parent.glob(self.file_log.name + "*")]
        return sum(f.stat().st_size for f in files if f.exists())

    def wait_ready(self, timeout: float = 90) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"serve exited: {self.log_text()[-2000:]}")
            if "is filled with" in self.log_text():
                return
            time.sleep(0.2)
        raise TimeoutError(self.log_text()[-2000:])

    def q(self, path: str) -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.url}{path}{sep}token={self.token}" if self.token else self.url + path

    def get(self, path: str, timeout: float = 60, **kw: Any) -> tuple[int, str, float]:
        """(status, body, seconds) of GET ``path`` (with the token, if any)."""
        start = time.monotonic()
        req = urllib.request.Request(
            self.q(path) if kw.get("auth", True) else self.url + path,
            headers=kw.get("headers") or {},
        )
        try:
            with self.opener.open(req, timeout=timeout) as r:
                return r.status, r.read().decode("utf-8", "replace"), time.monotonic() - start
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode("utf-8", "replace"), time.monotonic() - start

    def request(
        self,
        path: str,
        method: str,
        data: bytes | None = None,
        headers: dict[str, str] | None = None,
        auth: bool = True,
    ) -> tuple[int, str]:
        req = urllib.request.Request(
            self.q(path) if auth else self.url + path,
            data=data,
            method=method,
            headers=headers or {},
        )
        try:
            with self.opener.open(req, timeout=30) as r:
                return r.status, r.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode("utf-8", "replace")

    def open_page(self, headers: dict[str, str] | None = None) -> str:
        """GET the dashboard; the id of the kernel it was given."""
        status, body, _ = self.get("", headers=headers)
        assert status == 200, (status, body[:300])
        return re.search(r'"kernelId": "([0-9a-f-]{36})"', body).group(1)

    def kernel_alive(self, kernel_id: str) -> bool:
        return self.get(f"api/kernels/{kernel_id}")[0] == 200

    def rss(self) -> int:
        return psutil.Process(self.proc.pid).memory_info().rss

    def ws(
        self,
        kernel_id: str,
        subprotocols: list[str] | None = (V1,),
        token: bool = True,
        headers: dict[str, str] | None = None,
    ):
        url = (
            f"ws://127.0.0.1:{self.port}/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}"
        )
        if token and self.token:
            url += f"&token={self.token}"
        return connect(
            url,
            subprotocols=list(subprotocols) if subprotocols else None,
            open_timeout=30,
            close_timeout=5,
            max_size=2**24,
            origin=f"http://127.0.0.1:{self.port}",
            additional_headers=headers,
        )

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        self._log.close()


_session = Session(key=b"")


def v1_frame(msg_type: str, content: dict, channel: str = "shell", buffers=()) -> bytes:
    """A well-formed v1 frame, as the browser's @jupyterlab/services sends it."""
    msg = _session.msg(msg_type, content=content)
    parts = [
        _session.pack(msg["header"]),
        _session.pack(msg["parent_header"]),
        _session.pack(msg["metadata"]),
        _session.pack(msg["content"]),
        *buffers,
    ]
    return serialize_msg_to_ws_v1(parts, channel)


def decode_v1(frame: bytes) -> tuple[str, dict, dict]:
    """(channel, header, content) of a frame the server sent."""
    n = int.from_bytes(frame[:8], "little")
    offs = [int.from_bytes(frame[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(n)]
    parts = [frame[offs[i] : offs[i + 1]] for i in range(n - 1)]
    return parts[0].decode(), json.loads(parts[1]), json.loads(parts[4])
