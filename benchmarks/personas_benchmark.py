"""What a persona's `uses` costs: the same 10 steps taken by a mouse persona and by one that uses something else
(the keyboard by default), per step in time and tokens, and what the checks of that use cost once per page state.

    python benchmarks/personas_benchmark.py                       # keyboard against mouse, 5 rounds
    python benchmarks/personas_benchmark.py --uses keyboard screen-reader --rounds 9

Serves the repaired Corner Shop of example_project. Needs Chromium (Playwright's, or the system's) and no network.

1. Per step: the same 10 actions (Tab, Enter on the focused link, Tab again ...: keys any persona may press) in a
   session through the real Anthropic SDK against the fake Messages API (zero latency), one session per persona and
   round, alternating, each in a fresh page. Reports the median seconds a step and each persona's input and output
   tokens a step, and the ratio to the mouse persona's session of the same round (paired; target: <= 1.10x the
   time, no more tokens).
2. Once per page state: the checks a use adds (the keyboard's scan for what no Tab reaches, through CDP), on each of
   the shop's pages, median milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import anthropic
from playwright.sync_api import Browser, sync_playwright

from pytest_useragent import Agent, AnthropicProvider, Persona
from pytest_useragent.browser.audit import Audits
from pytest_useragent.browser.checks import PageChecks
from pytest_useragent.browser.launch import QUIET_ARGS, find_chromium
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.records import SessionResult, Signals
from pytest_useragent.testing import FakeMessagesAPI, decision, wrap_up

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "example_project"))
from shop.app import serve  # noqa: E402

KEYS = ("Tab", "Tab", "Tab", "Enter", "Tab", "Tab", "Enter", "Tab", "Tab", "Tab")
"""The 10 steps: every persona may press keys, so each takes the same path whatever it uses."""
PAGES = ("/", "/pricing", "/search", "/signup", "/about")
CLOSED = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"


def session(browser: Browser, url: str, uses: str) -> tuple[SessionResult, float]:
    """One session of the 10 presses; its result and the median seconds of its steps."""
    persona = Persona("Kai, 29, tries the shop.", uses=uses)  # type: ignore[arg-type]
    with FakeMessagesAPI() as fake, tempfile.TemporaryDirectory() as tmp:
        fake.push(*[decision("press", key=key, verdict="met", expectation="focus moves") for key in KEYS], wrap_up())
        provider = AnthropicProvider(anthropic.Anthropic(base_url=fake.base_url, api_key="sk-ant-bench", max_retries=0))
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        config = UserAgentConfig(max_steps=len(KEYS))
        result = Agent(page, persona, provider, config, Path(tmp)).run("Visit the shop's pages", url=url)
        page.close()
        assert not fake.problems, fake.problems
    return result, statistics.median(step.seconds for step in result.steps)


def per_step(browser: Browser, url: str, uses: list[str], rounds: int) -> None:
    seconds: dict[str, list[float]] = {use: [] for use in ["mouse", *uses]}
    tokens: dict[str, tuple[float, float]] = {}
    order = list(seconds)
    for index in range(rounds + 1):
        # round 0 warms Chromium's caches and the audits of each page state, for every persona alike; then each round
        # starts with another persona, so none is always first after the machine did something else
        for use in order[index % len(order) :] + order[: index % len(order)]:
            result, median = session(browser, url, use)
            if index:
                seconds[use].append(median)
            calls = [call for step in result.steps for call in step.calls]
            read = [call.usage.cache_read_input_tokens + call.usage.cache_creation_input_tokens for call in calls]
            tokens[use] = (
                (sum(call.usage.input_tokens for call in calls) + sum(read)) / len(result.steps),
                sum(call.usage.output_tokens for call in calls) / len(result.steps),
            )  # fmt: skip
    print("| uses | per step | vs mouse (paired) | input tokens a step | output tokens a step |\n|---|---|---|---|---|")
    for use, taken in seconds.items():
        # paired: each round's ratio to the mouse session of the same round, so what slows the machine for a while
        # slows both sides of a ratio
        ratio = statistics.median(one / mouse for one, mouse in zip(taken, seconds["mouse"], strict=True))
        median = statistics.median(taken)
        print(f"| {use} | {median * 1000:.0f} ms | {ratio:.2f}x | {tokens[use][0]:,.0f} | {tokens[use][1]:,.0f} |")
    print()


def once_per_state(browser: Browser, url: str, rounds: int) -> None:
    """The keyboard's scan on each page, against the checks every persona gets, in milliseconds."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    print("| page | checks (any persona) | + keyboard scan |\n|---|---|---|")
    for path in PAGES:
        page.goto(url + path)
        plain, keyboard = [], []
        for round_ in range(rounds):
            for kind, kept in ((False, plain), (True, keyboard)):
                started = time.perf_counter()
                PageChecks(page, Audits(), keyboard=kind).inspect(Signals(), f"{path} {round_} {kind}")
                kept.append(time.perf_counter() - started)
        extra = statistics.median(keyboard) - statistics.median(plain)
        print(f"| {path} | {statistics.median(plain) * 1000:.1f} ms | {extra * 1000:+.1f} ms |")
    page.close()
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--uses", nargs="+", default=["keyboard"], help="the uses compared with mouse")
    options = parser.parse_args()
    with sync_playwright() as playwright, serve(fixed=True) as shop:
        executable = find_chromium(playwright.chromium.executable_path, headless=True)
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox", *QUIET_ARGS, CLOSED])
        per_step(browser, shop, options.uses, options.rounds)
        once_per_state(browser, shop, options.rounds)
        browser.close()


if __name__ == "__main__":
    main()
