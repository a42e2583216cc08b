"""Corner Shop served on 127.0.0.1. `serve(fixed=False)` plants the flaws; `serve(fixed=True)` repairs them."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from jinja2 import Environment, FileSystemLoader, select_autoescape

TEMPLATES = Environment(loader=FileSystemLoader(Path(__file__).parent / "templates"), autoescape=select_autoescape())

PRODUCTS = [
    {"slug": "oat-milk", "name": "Oat milk", "price": "$2.40"},
    {"slug": "rye-bread", "name": "Rye bread", "price": "$3.10"},
    {"slug": "apples", "name": "Apples, 1 kg", "price": "$2.90"},
    {"slug": "coffee", "name": "Coffee beans", "price": "$9.50"},
]
PLANS = [
    ("Basic", "Free", "delivery in 3 days"),
    ("Pro", "$12 per month", "same-day delivery"),
    ("Team", "$30 per month", "five accounts"),
]
SLOW_SEARCH_SECONDS = 1.5


def handler_for(fixed: bool) -> type[BaseHTTPRequestHandler]:
    class Shop(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            url = urlparse(self.path)
            query = {key: values[0] for key, values in parse_qs(url.query).items()}
            route = url.path.rstrip("/") or "/"
            if route == "/":
                self.page("home.html")
            elif route == "/search":
                if not fixed:
                    time.sleep(SLOW_SEARCH_SECONDS)  # flaw: search answers slowly
                term = query.get("q", "").strip()
                found = [p for p in PRODUCTS if term and term.lower() in p["name"].lower()]
                self.page("search.html", term=term, found=found)
            elif route.startswith("/product/"):
                product = next((p for p in PRODUCTS if route == f"/product/{p['slug']}"), None)
                self.page("product.html", product=product) if product else self.missing()
            elif route == "/pricing":
                self.page("pricing.html", plans=PLANS)
            elif route == "/about":
                self.page("about.html")
            elif route == "/careers" and fixed:  # flaw: the Careers link of the flawed shop leads nowhere
                self.page("careers.html")
            elif route == "/signup":
                self.page("signup.html", error=None, values={}, plans=PLANS, plan=query.get("plan", "Basic"))
            else:
                self.missing()

        def do_POST(self) -> None:  # noqa: N802
            if urlparse(self.path).path != "/signup":
                self.missing()
                return
            length = int(self.headers.get("content-length") or 0)
            form = {key: values[0] for key, values in parse_qs(self.rfile.read(length).decode()).items()}
            error = signup_error(form, fixed)
            if error:
                self.page(
                    "signup.html", status=400, error=error, values=form, plans=PLANS, plan=form.get("plan", "Basic")
                )
            else:
                self.page("welcome.html", name=form.get("name", ""), plan=form.get("plan", "Basic"))

        def page(self, template: str, status: int = 200, **context: Any) -> None:
            body = TEMPLATES.get_template(template).render(fixed=fixed, **context).encode()
            self.send_response(status)
            self.send_header("content-type", "text/html; charset=utf-8")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def missing(self) -> None:
            self.page("missing.html", status=404)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Shop


def signup_error(form: dict[str, str], fixed: bool) -> str | None:
    """What is wrong with a sign-up, in the words each variant of the shop uses."""
    minimum = 8 if fixed else 12  # flaw: the flawed shop wants 12 characters and never says so
    problems = []
    if not form.get("name", "").strip():
        problems.append("Please enter your name.")
    if "@" not in form.get("email", ""):
        problems.append("Your email address needs an @, like jana@example.com.")
    if len(form.get("password", "")) < minimum:
        problems.append(f"Your password needs at least {minimum} characters.")
    if form.get("terms") != "yes":
        problems.append("Please accept the terms to continue.")
    if not problems:
        return None
    return " ".join(problems) if fixed else "Something went wrong. Please try again."  # flaw: a vague error


@contextmanager
def serve(fixed: bool = False) -> Iterator[str]:
    """Serve the shop on a free port of 127.0.0.1; yields its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler_for(fixed))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
