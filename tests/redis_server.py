"""A real Redis for the shared ledger's tests: Debian's redis-server on a free loopback port, its files in the test's
tmp dir, stopped after. Skipped, with one reason, where redis-server is not installed (CI installs it: .ci/run)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

READY_SECONDS = 30.0
"""The most a redis-server may take to answer PING on a loaded machine."""


@dataclass
class RedisServer:
    port: int
    process: subprocess.Popen[bytes]

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        """Stop it now (and wait for it to be gone): what a Redis that went down mid-run looks like to its clients."""
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=READY_SECONDS)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def redis_server(directory: Path) -> Iterator[RedisServer]:
    executable = shutil.which("redis-server")
    if executable is None:
        pytest.skip("redis-server is not installed (apt-get install -y redis-server)")
    import redis

    directory.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    command = [executable, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(directory)]
    command += ["--save", "", "--appendonly", "no"]
    with (directory / "redis.log").open("wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    server = RedisServer(port, process)
    try:
        client = redis.Redis(port=port, socket_timeout=1, socket_connect_timeout=1)
        deadline = time.monotonic() + READY_SECONDS
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"redis-server did not start: {(directory / 'redis.log').read_text()}") from None
                time.sleep(0.05)
        client.close()
        yield server
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=READY_SECONDS)
