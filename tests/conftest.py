"""Shared test fixtures: local pages on 127.0.0.1, the fake Messages API, and a closed-network Chromium."""

from __future__ import annotations

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

from pytest_useragent import AnthropicProvider
from pytest_useragent.testing import FakeMessagesAPI
from pytest_useragent.testing.listing import send_listing

PAGES = Path(__file__).parent / "pages"
CLOSED_NETWORK = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"


class PageHandler(SimpleHTTPRequestHandler):
    """Static test pages, /listing (a generated shop listing of 150 products), /slow?ms=N that answers after N
    milliseconds, and /redirect?to=URL."""

    def do_GET(self) -> None:  # noqa: N802
        parsed = urlparse(self.path)
        if parsed.path == "/listing":
            send_listing(self)
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


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """The base URL of tests/pages served on 127.0.0.1."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(PageHandler, directory=str(PAGES)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Keep Chromium from looking up hosts on this closed machine (tests only; users' sites live on real hosts)."""
    return {**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), CLOSED_NETWORK]}


@pytest.fixture
def fake_api() -> Iterator[FakeMessagesAPI]:
    with FakeMessagesAPI() as server:
        yield server


@pytest.fixture
def claude(fake_api: FakeMessagesAPI) -> AnthropicProvider:
    """The real AnthropicProvider and SDK, talking to the fake Messages API."""
    client = anthropic.Anthropic(base_url=fake_api.base_url, api_key="sk-ant-test-key", max_retries=2)
    return AnthropicProvider(client, keep_exchanges=True)
