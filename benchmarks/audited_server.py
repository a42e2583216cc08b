"""The audited site served as it ships, with a stand-in for its PHP form handler: an echo of what was sent; or, for a
site that is a PHP application, by PHP's own development server (`serve_php`).

The handler (`handler` in the site's data: its path, the form page it answers for, the labels of a radio group's
values) runs the PHP's checks and answers a page with `#echo`, every value sent as a `data-` attribute, so a task's
truth can read what the persona submitted. A GET of the handler's path is its form page."""

from __future__ import annotations

import html
import os
import re
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit


class Site(SimpleHTTPRequestHandler):
    """The site's files; the form handler (`handler.path`) as an echo of what was sent, with the PHP's checks."""

    handler: dict[str, Any] = {}
    charset: str = ""
    """The charset the site's host names for its text files (the data's `charset`: a page that declares none is
    read in it, as GitHub Pages serves UTF-8), or none: the type alone, as before."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        kind = super().guess_type(path)
        text = kind.startswith("text/") or kind in {"application/javascript", "application/json"}
        return f"{kind}; charset={self.charset}" if self.charset and text else kind

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass

    def do_GET(self) -> None:  # noqa: N802
        if self.handler and urlsplit(self.path).path.endswith("/" + self.handler["path"]):
            self.path = self.path.replace(self.handler["path"], self.handler["page"], 1)
        super().do_GET()

    def do_POST(self) -> None:  # noqa: N802
        path = urlsplit(self.path).path
        if not self.handler or not path.endswith("/" + self.handler["path"]):
            self.send_error(405)
            return
        length = min(int(self.headers.get("Content-Length") or 0), 100_000)
        sent = {key: values[-1] for key, values in parse_qs(self.rfile.read(length).decode("utf-8", "replace")).items()}
        form = Path(self.translate_path(path.replace(self.handler["path"], self.handler["page"])))
        options = dict(re.findall(r'<option value="(\d+)">([^<]*)', form.read_text("utf-8"))) if form.is_file() else {}
        body = echo(sent, self.handler["parks"], options).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def echo(sent: dict[str, str], parks: dict[str, str], options: dict[str, str]) -> str:
    """The stand-in's page: thanks or what is missing (survey.php's checks), and every value sent, as data too."""
    city = options.get(sent.get("cc", "0"), sent.get("cc", "0"))
    errors = []
    if sent.get("res") not in parks:
        errors.append("Nie wybrano ulubionego parku.")
    if sent.get("cc", "0") == "0":
        errors.append("Nie wybrano miasta.")
    n, em, ev = sent.get("n", ""), sent.get("em", ""), sent.get("ev", "")
    if n or em or ev:
        if not n:
            errors.append("Nie podano nazwiska.")
        if "t" not in sent:
            errors.append("Nie wybrano formy grzecznościowej.")
        if not re.fullmatch(r"[a-zA-Z0-9_.-]+@[a-zA-Z0-9-]+\.[a-zA-Z0-9-.]+", em):
            errors.append("Nieprawidłowy adres e-mail.")
        if em != ev:
            errors.append("Adresy e-mail się różnią.")
    data = {
        "res": sent.get("res", ""),
        "cc": city,
        "t": sent.get("t", ""),
        "n": n,
        "em": em,
        "ok": "no" if errors else "yes",
    }
    attributes = " ".join(f'data-{key}="{html.escape(value)}"' for key, value in data.items())
    rows = [("Ulubiony park", parks.get(data["res"], "")), ("Miasto", city), ("Nazwisko", n), ("E-mail", em)]
    items = "".join(f"<dt>{label}</dt><dd>{html.escape(value)}</dd>" for label, value in rows)
    said = "".join(f"<p>{error}</p>" for error in errors) or "<p>Dziękujemy za udział w ankiecie.</p>"
    heading = "Błąd" if errors else "Dziękujemy"
    return (
        f'<!DOCTYPE html><html lang="pl"><head><meta charset="utf-8"><title>{heading}</title></head><body><main>'
        f'<h1>{heading}</h1>{said}<dl id="echo" {attributes}>{items}</dl><a href="survey.html">Ankieta</a></main>'
        "</body></html>"
    )


@contextmanager
def serve(root: Path, handler: dict[str, Any], charset: str = "") -> Iterator[str]:
    Site.handler = handler
    Site.charset = charset
    server = ThreadingHTTPServer(("127.0.0.1", 0), lambda *a: Site(*a, directory=str(root)))  # type: ignore[misc]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


@contextmanager
def serve_php(root: Path, router: Path) -> Iterator[str]:
    """A PHP site served by `php -S` from `root`, each request through `router` (a file of ours beside the site's
    data, not the site's); the server ends with the benchmark."""
    php = shutil.which("php")
    if php is None:
        raise SystemExit("this site is a PHP application: install PHP (e.g. apt-get install php-cli php-mbstring)")
    router = router.resolve()  # the server runs in the site's folder
    if not router.is_file():
        raise SystemExit(f"{router}: no such router")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [php, "-S", f"127.0.0.1:{port}", "-t", str(root.resolve()), str(router)]
    server = subprocess.Popen(command, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"php -S did not start on port {port}") from None
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)
