"""Helpers for plugin tests: each runs a real pytest in a subprocess against a small suite of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

PAGES = Path(__file__).parent.parent / "pages"

SUITE_CONFTEST = f"""
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def site():
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory={str(PAGES)!r}))
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    yield f"http://127.0.0.1:{{server.server_address[1]}}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    rules = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"
    return {{**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), rules]}}
"""


@pytest.fixture
def suite(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A pytester directory with local pages, a closed-network browser, and no API key in the environment."""
    for key in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(key, raising=False)
    pytester.makeconftest(SUITE_CONFTEST)
    return pytester
