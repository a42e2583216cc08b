"""Shared test fixtures: local pages on 127.0.0.1, the fake Messages API, and a closed-network Chromium."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import anthropic
import pytest
from forkserver import ForkServer
from hypothesis import settings

from pytest_useragent import AnthropicProvider
from pytest_useragent.testing import FakeMessagesAPI
from pytest_useragent.testing.listing import send_listing
from pytest_useragent.testing.messages_api import POLL_SECONDS

# hypothesis's 200 ms deadline is a timing assertion: on a loaded 2-core machine (browsers in the other worker) an
# example that is fine now and then takes longer, and the test fails as "flaky". What a property test checks is the
# property; speed is the benchmarks' business.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

PAGES = Path(__file__).parent / "pages"
CLOSED_NETWORK = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"


class PageHandler(SimpleHTTPRequestHandler):
    """Static test pages, /listing (a generated shop listing of 150 products), /crowded?buttons=N (N tiny controls on
    a noisy page), /slow?ms=N that answers after N milliseconds, and /redirect?to=URL."""

    def do_GET(self) -> None:  # noqa: N802
        parsed = urlparse(self.path)
        if parsed.path == "/listing":
            send_listing(self)
            return
        if parsed.path == "/crowded":
            send_crowded(self, int(parse_qs(parsed.query).get("buttons", ["10000"])[0]))
            return
        if parsed.path == "/redirect":
            self.send_response(302)
            self.send_header("location", parse_qs(parsed.query)["to"][0])
            self.send_header("content-length", "0")
            self.end_headers()
            return
        if parsed.path == "/slow":
            time.sleep(int(parse_qs(parsed.query).get("ms", ["100"])[0]) / 1000)
            data = b"slow answer"
            self.send_response(200)
            self.send_header("content-type", "text/plain")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        pass


def send_crowded(handler: SimpleHTTPRequestHandler, buttons: int) -> None:
    """A page no test author would write, but a site can be: `buttons` tiny unnamed buttons (each a target-size and
    an axe button-name finding), 150 images that fail to load, and 1,000 long console errors."""
    controls = "".join(f"<button id=b{index}></button>" for index in range(buttons))
    images = "".join(f'<img src="/missing-{index}.png" alt="">' for index in range(150))
    data = (
        "<!doctype html><html lang=en><title>Crowded</title>"
        "<style>button{width:8px;height:8px;padding:0;margin:0;border:0}</style>"
        f'<main><h1>Crowded</h1><a href="/index.html">Home</a><div>{controls}</div>{images}</main>'
        "<script>for (let i = 0; i < 1000; i++) console.error('noise ' + i + ' ' + 'x'.repeat(400))</script>"
    ).encode()
    handler.send_response(200)
    handler.send_header("content-type", "text/html; charset=utf-8")
    handler.send_header("content-length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Work stealing for `-n 2`: xdist's default (load) hands out tests in chunks and never takes them back, so the
    worker that drew the whole-run tests (tests/plugin, ~45% of the suite's time) ran for 16 minutes while the other
    sat idle after 6. A worker that runs out takes half of what the other has not started."""
    if config.option.dist != "load":
        return None
    from xdist.scheduler import WorkStealingScheduling

    return WorkStealingScheduling(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests that read the example project's shared runs (tests/plugin/test_example_project.py) go first: the
    first of them makes the runs, the longest minute of the suite, on the worker that starts with them, and work
    stealing takes tests from the back of a worker's queue, so no other worker draws one and waits for them."""
    items.sort(key=lambda item: "example_runs" not in getattr(item, "fixturenames", ()))


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """The base URL of tests/pages served on 127.0.0.1."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(PageHandler, directory=str(PAGES)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, args=(POLL_SECONDS,), daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Keep Chromium from looking up hosts on this closed machine (tests only; users' sites live on real hosts)."""
    return {**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), CLOSED_NETWORK]}


@pytest.fixture(scope="session")
def fork_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ForkServer]:
    server = ForkServer(tmp_path_factory.getbasetemp() / "compiled")
    yield server
    server.close()


@pytest.fixture
def pytester(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, fork_server: ForkServer) -> pytest.Pytester:
    """pytester, whose runs of pytest do not load hypothesis's plugin (this suite's dependency, not theirs: its import
    is half a second of each run) and are forked from a warm interpreter (tests/forkserver.py)."""
    monkeypatch.setenv("PYTEST_ADDOPTS", "-p no:hypothesispytest")
    plain = pytester.popen

    def popen(cmdargs: Any, stdout: Any = subprocess.PIPE, stderr: Any = subprocess.PIPE, **kwargs: Any) -> Any:
        command = [os.fspath(arg) for arg in cmdargs]
        if (
            command[:2] == [sys.executable, "-mpytest"]
            and kwargs.get("stdin", pytester.CLOSE_STDIN) is pytester.CLOSE_STDIN
        ):
            env = dict(
                os.environ, PYTHONPATH=os.pathsep.join(filter(None, [os.getcwd(), os.environ.get("PYTHONPATH")]))
            )
            if hasattr(stdout, "name") and hasattr(stderr, "name"):
                forked = fork_server.start(command[2:], env, stdout, stderr)
                if forked is not None:
                    return forked
        return plain(cmdargs, stdout=stdout, stderr=stderr, **kwargs)

    monkeypatch.setattr(pytester, "popen", popen)
    return pytester


@pytest.fixture
def fake_api() -> Iterator[FakeMessagesAPI]:
    with FakeMessagesAPI() as server:
        yield server


@pytest.fixture
def claude(fake_api: FakeMessagesAPI) -> AnthropicProvider:
    """The real AnthropicProvider and SDK, talking to the fake Messages API."""
    client = anthropic.Anthropic(base_url=fake_api.base_url, api_key="sk-ant-test-key", max_retries=2)
    return AnthropicProvider(client, keep_exchanges=True)
