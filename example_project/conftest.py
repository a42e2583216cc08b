"""Point the suite at your app.

By default the tiny shop in ./site is served on 127.0.0.1 for the whole session. Set SHOP_URL to run the
same persona tests against your own deployment instead:

    SHOP_URL=https://staging.example.com pytest example_project
"""

import os
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def shop_url():
    if os.environ.get("SHOP_URL"):
        yield os.environ["SHOP_URL"].rstrip("/")
        return
    site = Path(__file__).parent / "site"
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
