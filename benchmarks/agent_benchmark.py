"""The harness against the raw Playwright floor, tokens per step, cost per session, and big-page state size.

    python benchmarks/agent_benchmark.py             # 5 rounds
    python benchmarks/agent_benchmark.py --rounds 9

Serves its own pages: the repaired Corner Shop of example_project (small pages) and a generated listing of 150
products (pytest_useragent.testing.listing). Needs Chromium (Playwright's, or the system's) and no network.

1. Speed: the same 10 clicks on the shop, done by raw Playwright (per step: ai snapshot, screenshot, click by
   aria-ref, wait for load: the floor) and by a full session with a zero-latency scripted model (observe, checks,
   decide, act, settle, record), alternating, each round in a fresh page. Reports medians and their ratio, for a
   cold session (its page states not audited yet, so axe-core runs on a copy of each new one) and a warm one, and
   the one-time cost of the run's first audit, which makes the audit page.
2. Tokens and cost: a 10-step session with its wrap-up through the real SDKs against the fake servers (text at 3
   characters a token, the system prompt at 4, images by pixels or tiles; each caches a prefix only from its model's
   minimum), scripted replies at the longest lengths the prompt allows, for claude-sonnet-4-6, claude-haiku-4-5,
   gpt-5.4-mini and claude-sonnet-5-5: per step input, cache writes, cache reads, output and cost.
3. Big page: the listing's full ai snapshot against the page state sent, scrolled to the top, middle and bottom.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import anthropic
import openai
from playwright.sync_api import Browser, Page, sync_playwright

from pytest_useragent import Agent, AnthropicProvider, Persona
from pytest_useragent.browser.audit import AUDITS, Audits
from pytest_useragent.browser.checks import PageChecks
from pytest_useragent.browser.condense import Viewport, condense
from pytest_useragent.browser.launch import QUIET_ARGS, find_chromium
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.llm.limits import LIMITS
from pytest_useragent.llm.openai import OpenAIProvider
from pytest_useragent.records import Decision, Evaluation, IssueDraft, SessionResult, Signals, Usage, WrapUp
from pytest_useragent.testing import FakeChatCompletionsAPI, FakeMessagesAPI, ScriptedProvider, decision, ref_of
from pytest_useragent.testing.listing import send_listing

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "example_project"))
from shop.app import serve  # noqa: E402

CLICKS = ("Pricing", "Home", "Sign up", "Pricing", "Careers", "Home", "Search", "Pricing", "Sign up", "Home")
MODEL = "claude-sonnet-4-6"
BROWSER_USE_TOKENS = 10_400 + 1_200
"""browser-use 0.13 per step on small pages: text plus one image (issue 6)."""
CLOSED = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"
PERSONA = Persona(name="Jana", background="Jana, 45. Never used a shop like this.")


def ref_in(snapshot: str, name: str) -> str:
    return ref_of({"messages": [{"content": snapshot}]}, name)


def clicks(request: StepRequest) -> Decision:
    """A zero-latency model: clicks CLICKS in order, then says done."""
    if request.step > len(CLICKS):
        return decision("done", evidence="Groceries from the corner, delivered")  # the home page's
    return decision("click", ref_of(request, CLICKS[request.step - 1]))


def floor(page: Page, url: str) -> float:
    """The raw Playwright floor of the same clicks."""
    page.goto(url)
    started = time.perf_counter()
    for name in CLICKS:
        snapshot = page.aria_snapshot(mode="ai")
        page.screenshot(type="png")
        page.locator(f"aria-ref={ref_in(snapshot, name)}").click()
        page.wait_for_load_state("load")
    page.aria_snapshot(mode="ai")  # the look that sees the last page, as the harness's last step does
    page.screenshot(type="png")
    return time.perf_counter() - started


def harness(page: Page, url: str, directory: Path) -> tuple[float, float]:
    """The same clicks as a session: (seconds for the 10 steps, seconds of the whole run incl. wrap-up)."""
    page.goto(url)
    agent = Agent(page, PERSONA, ScriptedProvider(clicks), UserAgentConfig(max_steps=len(CLICKS) + 1), directory)
    started = time.perf_counter()
    result = agent.run("Visit the shop's pages")
    total = time.perf_counter() - started
    assert result.outcome == "goal_achieved", (result.outcome, result.error)
    assert all(step.outcome.ok for step in result.steps), [step.outcome.message for step in result.steps]
    return sum(step.seconds for step in result.steps), total


def first_audit(browser: Browser, url: str) -> float:
    """Seconds of the run's first audit of a page state, which makes the browser's audit page."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(url)
    checks = PageChecks(page, Audits())
    started = time.perf_counter()
    checks.inspect(Signals(), "first")
    checks.audited()
    took = time.perf_counter() - started
    page.close()
    return took


def speed(browser: Browser, url: str, rounds: int) -> None:
    """Floor, a cold harness (no page state audited yet: axe-core runs on each new one) and a warm one (the states
    audited by an earlier session of the run, as for every session after the first on a site), in rotating order each
    round. The ratios are paired: the median over rounds of each run against the floor of the same round, so that
    what slows the whole machine for a while slows both sides of a ratio."""
    once = first_audit(browser, url)
    runs: dict[str, list[float]] = {"floor": [], "cold": [], "warm": [], "cold session": [], "warm session": []}
    order = ["floor", "cold", "warm"]
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(rounds + 1):
            for which in order[index % 3 :] + order[: index % 3]:
                page = browser.new_page(viewport={"width": 1280, "height": 720})
                if which == "floor":
                    seconds = floor(page, url)
                else:
                    if which == "cold":
                        AUDITS.clear()
                    seconds, total = harness(page, url, Path(tmp) / f"{which}-{index}")
                    runs[f"{which} session"].append(total)
                page.close()
                runs[which].append(seconds)
    # round 0 warms up Chromium's caches and this process, for the floor as for the harness
    measured = {which: values[1:] for which, values in runs.items()}

    def ratio(which: str) -> float:
        return statistics.median(run / floor for run, floor in zip(measured[which], measured["floor"], strict=True))

    print(f"## Speed: {len(CLICKS)} clicks on Corner Shop, medians of {rounds} rounds\n")
    print("| run | seconds | per click | vs floor (paired) |\n|---|---|---|---|")
    floor_s = statistics.median(measured["floor"])
    print(f"| raw Playwright floor | {floor_s:.2f} | {floor_s / len(CLICKS) * 1000:.0f} ms | 1.00x |")
    for which, label in (
        ("warm", "harness, warm (page states audited earlier in the run)"),
        ("cold", "harness, cold (axe-core audits each new page state)"),
    ):
        steps, total = statistics.median(measured[which]), statistics.median(measured[f"{which} session"])
        print(f"| {label} | {steps:.2f} | {steps / len(CLICKS) * 1000:.0f} ms | {ratio(which):.2f}x |")
        print(f"| … the whole session, incl. files and wrap-up | {total:.2f} | | {ratio(f'{which} session'):.2f}x |")
    print(f"\nOnce per run (per xdist worker), the first audit makes the audit page: {once:.2f} s.\n")


def full(text: str, field: str) -> str:
    """`text` cut or repeated to exactly the most characters the prompt allows `field` (`limits.LIMITS`)."""
    most = LIMITS[field]
    return (text + " " + text * (most // max(1, len(text)) + 1))[:most]


OBSERVATION = "The {page} page has a clear heading, but the prices sit in small grey text under three similar cards."
NOTE = "Went to {page}: the menu link works; the period is only in the small print."
EXPECTATION = "The {page} page opens with its heading at the top and the menu showing where I am."
VERDICT = Evaluation(
    verdict="met", note=full("The page opened with its heading, as I expected it would.", "evaluation.note")
)
ISSUE = IssueDraft(
    severity="minor",
    heuristic=full("Nielsen #8 aesthetic and minimalist design", "issues.heuristic"),
    title=full("Prices hard to read on the cards", "issues.title"),
    evidence=full("each card shows its price in small grey text below a long description", "issues.evidence"),
    quote=full("As a user I expected the price to be the first thing I see on each card.", "issues.quote"),
)


def long_decision(step: int, ref: str | None, page: str, done: bool = False) -> Decision:
    """A decision at the longest lengths the prompt allows (`limits.LIMITS`, which every reply is held to): every
    field at its limit, a verdict from step 2, and one issue every step, naming its element."""
    made = decision(
        "done" if done else "click",
        None if done else ref,
        observation=full(OBSERVATION.format(page=page), "observation"),
        summary=full(NOTE.format(page=page), "summary"),
        expectation=full(EXPECTATION.format(page=page), "expectation"),
        issues=[ISSUE.model_copy(update={"ref": ref})],  # about the element it acts on, named by its ref
        **(
            {"reason": full("I visited every page of the shop I meant to", "action.reason"), "evidence": DONE}
            if done
            else {}
        ),
    )
    made.evaluation = None if step == 1 else VERDICT
    return made


DONE = "Groceries from the corner, delivered"
LONG_WRAP_UP = WrapUp(
    intuitiveness=6,
    rationale="The pages are easy to reach from the menu, but prices and periods take a second read on every card.",
    issues=[ISSUE, ISSUE.model_copy(update={"title": "No feedback after sign-up", "severity": "major"})],
    suggestions=[
        "Show each price with its currency and period in large type at the top of its card.",
        "Confirm a sign-up on the page with what happens next.",
        "Mark the current page in the menu.",
    ],
    quotes=["I found every page, but I had to read the prices twice.", "I was never sure the sign-up had worked."],
)
SESSIONS = (
    ("anthropic", "claude-sonnet-4-6"),
    ("anthropic", "claude-haiku-4-5"),
    ("openai", "gpt-5.4-mini"),
    ("anthropic", "claude-sonnet-5-5"),
)


def tokens(browser: Browser, url: str) -> None:
    """A 10-step session with its wrap-up through the real SDKs and the fake servers, replies at the longest lengths
    the prompt allows, per step: input, cache writes, cache reads, output and cost."""
    totals = []
    for kind, model in SESSIONS:
        result, images = _session(browser, url, kind, model)
        print(f"## Tokens and cost: a {len(result.steps)}-step session, {model} ({kind} provider, fake server)\n")
        print("| step | input | cache write | cache read | output | cost |\n|---|---|---|---|---|---|")
        for step in result.steps:
            for call in step.calls:
                u = call.usage
                print(
                    f"| {step.index} | {u.input_tokens:,} | {u.cache_creation_input_tokens:,} | "
                    f"{u.cache_read_input_tokens:,} | {u.output_tokens:,} | ${call.cost_usd:.4f} |"
                )
        steps_cost = sum(call.cost_usd for step in result.steps for call in step.calls)
        wrap = result.cost_usd - steps_cost
        calls = [call for step in result.steps for call in step.calls]
        per_step = [
            c.usage.input_tokens + c.usage.cache_read_input_tokens + c.usage.cache_creation_input_tokens for c in calls
        ]
        cache = result.cache
        w = {
            name: getattr(result.usage, name) - sum(getattr(c.usage, name) for c in calls)
            for name in Usage.model_fields
        }
        print(
            f"| wrap-up | {w['input_tokens']:,} | {w['cache_creation_input_tokens']:,} | "
            f"{w['cache_read_input_tokens']:,} | {w['output_tokens']:,} | ${wrap:.4f} |\n"
        )
        print(
            f"Input per step, median {statistics.median(per_step):,.0f} tokens (incl. cached; "
            f"{statistics.median(per_step) / BROWSER_USE_TOKENS:.0%} of browser-use's ~{BROWSER_USE_TOKENS:,}); "
            f"output per step, median {statistics.median(c.usage.output_tokens for c in calls):,.0f}; "
            f"screenshots sent on {images} of {len(result.steps)} steps; cache reads "
            f"{cache.read_share if cache else 0:.0%} of the steps' input, formed: {cache.formed if cache else None} "
            f"(minimum {cache.minimum if cache else 0:,}). "
            f"**Session incl. wrap-up: ${result.cost_usd:.4f}** (steps ${steps_cost:.4f}).\n"
        )
        totals.append((model, result.cost_usd))
    print("| model | 10 steps + wrap-up |\n|---|---|")
    for model, cost in totals:
        print(f"| {model} | ${cost:.4f} |")
    print()


def _session(browser: Browser, url: str, kind: str, model: str) -> tuple[SessionResult, int]:
    fake: Any = FakeMessagesAPI() if kind == "anthropic" else FakeChatCompletionsAPI()

    def next_click(body: dict[str, Any]) -> Any:
        step = len(fake.requests)
        if step > len(CLICKS):
            return long_decision(step, None, "home", done=True)
        return long_decision(step, ref_of(body, CLICKS[step - 1]), CLICKS[step - 1])

    with fake, tempfile.TemporaryDirectory() as tmp:
        fake.push(*([next_click] * len(CLICKS)), LONG_WRAP_UP)
        if kind == "anthropic":
            provider: Any = AnthropicProvider(
                anthropic.Anthropic(base_url=fake.base_url, api_key="sk-ant-benchmark", max_retries=0)
            )
        else:
            provider = OpenAIProvider(openai.OpenAI(base_url=fake.base_url, api_key="sk-benchmark", max_retries=0))
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        agent = Agent(page, PERSONA, provider, UserAgentConfig(model=model), Path(tmp))
        result = agent.run("Visit the shop's pages", url=url, max_steps=len(CLICKS))
        page.close()
        assert not fake.problems, fake.problems
        images = sum(1 for body in fake.requests[: len(CLICKS)] if _has_image(body))
    return result, images


def _has_image(body: dict[str, Any]) -> bool:
    return any(
        isinstance(block, dict) and block.get("type") in ("image", "image_url")
        for message in body["messages"]
        for block in (message["content"] if isinstance(message["content"], list) else [])
    )


def big_page(browser: Browser, url: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(url)
    print("## Big page: a listing of 150 products\n")
    print("| scrolled to | full snapshot | elements | sent | tokens (3 chars) | shown | condense |")
    print("|---|---|---|---|---|---|---|")
    height = page.evaluate("document.documentElement.scrollHeight")
    for where, y in (("top", 0), ("middle", height // 2), ("bottom", height)):
        page.evaluate(f"scrollTo(0, {y})")
        snapshot = page.aria_snapshot(mode="ai", boxes=True)
        view = Viewport(*page.evaluate("[scrollY, innerHeight, document.documentElement.scrollHeight]"))
        started = time.perf_counter()
        state = condense(snapshot, view)
        took = time.perf_counter() - started
        print(
            f"| {where} | {len(snapshot):,} chars | {state.elements:,} | {len(state.text):,} chars | "
            f"{len(state.text) // 3:,} | {state.shown} | {took * 1000:.0f} ms |"
        )
    page.close()
    print()


@contextmanager
def listing_server() -> Iterator[str]:
    class Listing(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            send_listing(self)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Listing))
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/listing"
    finally:
        server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    with sync_playwright() as playwright, serve(fixed=True) as shop, listing_server() as listing:
        executable = find_chromium(playwright.chromium.executable_path, headless=True)
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox", *QUIET_ARGS, CLOSED])
        speed(browser, shop, rounds)
        tokens(browser, shop)
        big_page(browser, listing)
        browser.close()


if __name__ == "__main__":
    main()
