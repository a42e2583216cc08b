"""Honest verdicts: the offline engine on small goals, each judged by an independent check of the page's state.

    python benchmarks/verdict_benchmark.py

Serves the Corner Shop of example_project twice (repaired, and with its planted flaws) and tests/pages, and runs
the offline engine on each goal in a fresh page. After the session, a check written here for that goal (Playwright on
the page as the session left it, or the document it wrote) says whether the goal's state was really reached. It
prints, per goal and in all:

    reached       the engine said done and the check agrees
    false pass    the session counts the goal achieved, and the check says it was not (must be 0)
    gave up       the engine did not claim the goal (gave up, or ran out of steps), and the check agrees
    missed        the check says the state was reached, and the engine did not claim it

Needs Chromium (Playwright's, or the system's) and no network. It is not a timed test: a benchmark of honesty.
"""

from __future__ import annotations

import platform
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from pytest_useragent import Agent, OfflineProvider, Persona, SessionResult
from pytest_useragent.browser.launch import QUIET_ARGS, find_chromium
from pytest_useragent.config import UserAgentConfig

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "example_project"))
from shop.app import serve  # noqa: E402

CLOSED = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"
PERSONA = Persona(name="Jana", background="Jana, 45. Never used a shop like this.")
State = Callable[[Page, SessionResult], bool]
"""The independent check: is the goal's state really reached, on the page (or in the documents) it left?"""


def text_of(page: Page, selector: str) -> str:
    locator = page.locator(selector)
    return " ".join(locator.all_inner_texts()) if locator.count() else ""


def heading(page: Page) -> str:
    return text_of(page, "h1")


def booked(page: Page) -> bool:
    return text_of(page, "#status").startswith("Booked:")


def document(result: SessionResult, name: str) -> str:
    return Path(result.docs[name]).read_text() if name in result.docs else ""


@dataclass(frozen=True)
class Goal:
    site: str
    """"shop", "flawed" or "pages"."""
    path: str
    goal: str
    reached: State


GOALS = [
    Goal("shop", "/", "Find the pricing", lambda page, r: page.url.endswith("/pricing") and "Pricing" in heading(page)),
    Goal(
        "shop",
        "/",
        "Find the price of the Pro plan and note it in pricing.md",
        lambda page, r: "$12 per month" in document(r, "pricing.md"),
    ),
    Goal(
        "shop",
        "/",
        "Compare the pricing plans and record them in plans.md",
        lambda page, r: all(f"{plan} plan" in document(r, "plans.md") for plan in ("Basic", "Pro", "Team")),
    ),
    Goal("shop", "/", "Search for 'oat milk'", lambda page, r: "Oat milk" in text_of(page, "main li")),
    Goal("shop", "/", "Subscribe to the newsletter", lambda page, r: "subscribed" in text_of(page, "#subscribed")),
    Goal("shop", "/", "Sign up for the Pro plan", lambda page, r: "Pro plan is ready" in heading(page)),
    Goal("shop", "/", "Find a job opening in careers", lambda page, r: "Job openings" in text_of(page, "h2")),
    Goal("flawed", "/", "Subscribe to the newsletter", lambda page, r: "subscribed" in text_of(page, "#subscribed")),
    Goal("flawed", "/", "Sign up for the Pro plan", lambda page, r: "Pro plan is ready" in heading(page)),
    Goal("flawed", "/", "Find a job opening in careers", lambda page, r: "Job openings" in text_of(page, "h2")),
    Goal("pages", "/tour.html", "Book a tour", lambda page, r: booked(page)),
    Goal("pages", "/booking.html?full", "Book a tour", lambda page, r: booked(page)),
    Goal("pages", "/booking.html?silent", "Book a tour", lambda page, r: booked(page)),
    Goal("pages", "/todo.html", "Add a todo 'buy milk'", lambda page, r: "buy milk" in text_of(page, "#list span")),
    Goal(
        "pages",
        "/contact.html",
        "Send the message 'See you on Monday' to the team",
        lambda page, r: "was sent" in text_of(page, "#sent"),
    ),
    Goal("pages", "/index.html", "Find the pricing", lambda page, r: page.url.endswith("/pricing.html")),
    # a find goal that asks for an answer: the price, not the heading that names the plan
    Goal("shop", "/", "Find what the Pro plan costs", lambda page, r: "$12" in (r.evidence or "")),
    Goal("pages", "/index.html", "Find what the Pro plan costs", lambda page, r: "$12" in (r.evidence or "")),
    Goal("pages", "/index.html", "Find what the Enterprise plan costs", lambda page, r: False),  # no such price
    Goal("pages", "/todo.html", "Find how many items are left", lambda page, r: "items left" in (r.evidence or "")),
    # goals of two parts: each part's own evidence, the second after the first
    Goal(
        "pages",
        "/todo.html",
        "Add a todo 'buy milk' and then mark it as completed",
        lambda page, r: page.locator("#list li", has_text="buy milk").locator("input:checked").count() == 1,
    ),
    Goal(
        "pages",
        "/todo.html",
        "Add a todo 'buy milk' and then delete 'water the plants'",
        lambda page, r: "water the plants" not in text_of(page, "#list span"),
    ),
]


@contextmanager
def test_pages() -> Iterator[str]:
    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(ROOT / "tests" / "pages")))
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def verdict(claimed: bool, state: bool) -> str:
    if claimed:
        return "reached" if state else "false pass"
    return "missed" if state else "gave up"


def main() -> None:
    counts = {"reached": 0, "false pass": 0, "gave up": 0, "missed": 0}
    with (
        sync_playwright() as playwright,
        serve(fixed=True) as shop,
        serve(fixed=False) as flawed,
        test_pages() as pages,
        tempfile.TemporaryDirectory() as temporary,
    ):
        sites = {"shop": shop, "flawed": flawed, "pages": pages}
        executable = find_chromium(playwright.chromium.executable_path, headless=True)
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox", *QUIET_ARGS, CLOSED])
        print(f"{'site':<7} {'start':<21} {'goal':<50} {'outcome':<14} {'verdict':<10} evidence")
        for number, goal in enumerate(GOALS):
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            agent = Agent(page, PERSONA, OfflineProvider(), UserAgentConfig(), Path(temporary) / str(number))
            result = agent.run(goal.goal, url=sites[goal.site] + goal.path)
            said = verdict(result.goal_achieved, goal.reached(page, result))
            counts[said] += 1
            done = [s.action.evidence for s in result.steps if s.action and s.action.kind == "done"]
            evidence = f'"{done[-1]}"' if done and done[-1] else ""
            print(f"{goal.site:<7} {goal.path:<21} {goal.goal:<50} {result.outcome:<14} {said:<10} {evidence[:48]}")
            page.close()
        browser.close()
    print()
    print(f"{len(GOALS)} goals: {counts['reached']} reached, {counts['false pass']} false passes, ", end="")
    print(f"{counts['gave up']} gave up, {counts['missed']} missed")
    print(f"Python {platform.python_version()}, {platform.platform()}")
    if counts["false pass"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
