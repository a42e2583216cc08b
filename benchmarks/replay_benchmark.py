"""A replayed session against the raw Playwright floor, its cost, its repeatability and its cassette's size.

    python benchmarks/replay_benchmark.py             # 5 rounds
    python benchmarks/replay_benchmark.py --rounds 9

Records agent_benchmark's 10 clicks on the repaired Corner Shop through the real AnthropicProvider and SDK against
the fake Messages API (so the recording has a cost), into a cassette (record mode once). Then, alternating each
round in a fresh page: the raw Playwright floor of the same clicks (ai snapshot, screenshot, click, wait for load)
and the cassette replayed (record mode none) with a provider that fails if it is ever asked. Reports the paired
median ratio, what the replays called and cost, whether two replays gave the same steps, verdicts and issues, and
the cassette's size.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anthropic
from playwright.sync_api import Browser, Page, sync_playwright

from pytest_useragent import Agent, AnthropicProvider, SessionResult
from pytest_useragent.browser.launch import QUIET_ARGS, find_chromium
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.billing import Meter
from pytest_useragent.llm.base import ComposeRequest, InterviewRequest, Reply, StepRequest, SurveyRequest, WrapUpRequest
from pytest_useragent.records import Decision, InterviewReply, SusReply, WrapUp
from pytest_useragent.testing import FakeMessagesAPI, decision, ref_of, wrap_up

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "example_project"))
from agent_benchmark import CLICKS, CLOSED, MODEL, PERSONA, floor  # noqa: E402
from shop.app import serve  # noqa: E402

GOAL = "Visit the shop's pages"


class NoModel:
    """Fails if asked: a replay that reaches it was not free."""

    name = "anthropic"

    def model_name(self, requested: str) -> str:
        return requested

    def endpoint(self, requested: str) -> None:
        return None

    def decide(self, request: StepRequest, meter: Meter) -> Reply[Decision]:
        raise AssertionError(f"step {request.step} asked the model")

    def wrap_up(self, request: WrapUpRequest, meter: Meter) -> Reply[WrapUp]:
        raise AssertionError("the wrap-up asked the model")

    def compose(self, request: ComposeRequest, meter: Meter, receive: Callable[[str], bool]) -> Reply[str]:
        raise AssertionError("a write asked the model")

    def survey(self, request: SurveyRequest, meter: Meter) -> Reply[SusReply]:
        raise AssertionError("the survey asked the model")

    def interview(self, request: InterviewRequest, meter: Meter) -> Reply[InterviewReply]:
        raise AssertionError("an interview asked the model")


def record(browser: Browser, url: str, cassette: Path, directory: Path) -> SessionResult:
    def next_click(body: dict[str, Any]) -> Any:
        # the step's own number, from its prompt: however the provider shapes a request (a tool or an output format)
        step = int(re.findall(r"Step (\d+) of at most", str(body["messages"]))[-1])
        if step > len(CLICKS):
            return decision("done", verdict="met", evidence="Groceries from the corner, delivered")
        return decision("click", ref_of(body, CLICKS[step - 1]), verdict="met" if step > 1 else None)

    with FakeMessagesAPI() as fake:
        fake.push(*([next_click] * (len(CLICKS) + 1)), wrap_up())
        client = anthropic.Anthropic(base_url=fake.base_url, api_key="sk-ant-benchmark", max_retries=0)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(url)
        config = UserAgentConfig(model=MODEL, max_steps=len(CLICKS) + 1, record_mode="once")
        result = Agent(page, PERSONA, AnthropicProvider(client), config, directory, cassette=cassette).run(GOAL)
        page.close()
    assert result.outcome == "goal_achieved", (result.outcome, result.error)
    return result


def replay(page: Page, url: str, cassette: Path, directory: Path) -> tuple[SessionResult, float]:
    """The replayed session and its seconds, from the page opened (as the floor starts) to the session written."""
    page.goto(url)
    config = UserAgentConfig(model=MODEL, max_steps=len(CLICKS) + 1, record_mode="none")
    agent = Agent(page, PERSONA, NoModel(), config, directory, cassette=cassette)
    started = time.perf_counter()
    result = agent.run(GOAL)
    return result, time.perf_counter() - started


def same(one: SessionResult, other: SessionResult) -> bool:
    """The same steps, verdicts and issues (times and screenshot files aside)."""
    apart = {"seconds", "screenshot"}
    steps = [step.model_dump(exclude=apart) for step in one.steps] == [
        step.model_dump(exclude=apart) for step in other.steps
    ]
    return steps and one.issues == other.issues and one.expectations == other.expectations


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    with sync_playwright() as playwright, serve(fixed=True) as shop, tempfile.TemporaryDirectory() as tmp:
        executable = find_chromium(playwright.chromium.executable_path, headless=True)
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox", *QUIET_ARGS, CLOSED])
        cassette = Path(tmp) / "cassettes" / "replay.useragent.yaml"
        recorded = record(browser, shop, cassette, Path(tmp) / "record")
        runs: dict[str, list[float]] = {"floor": [], "replay": [], "replay session": []}
        results: list[SessionResult] = []
        for index in range(rounds + 1):
            for which in ("floor", "replay") if index % 2 else ("replay", "floor"):
                page = browser.new_page(viewport={"width": 1280, "height": 720})
                if which == "floor":
                    runs["floor"].append(floor(page, shop))
                else:
                    result, seconds = replay(page, shop, cassette, Path(tmp) / f"replay-{index}")
                    runs["replay session"].append(seconds)
                    runs["replay"].append(sum(step.seconds for step in result.steps))
                    results.append(result)
                page.close()
        browser.close()
        text = cassette.read_text()
    measured = {which: values[1:] for which, values in runs.items()}  # round 0 warms Chromium and this process

    def ratio(which: str) -> float:
        return statistics.median(run / low for run, low in zip(measured[which], measured["floor"], strict=True))

    floor_s = statistics.median(measured["floor"])
    steps = statistics.median(measured["replay"])
    total = statistics.median(measured["replay session"])
    calls = sum(len(step.calls) for result in results for step in result.steps)
    saved = results[0].replay.saved_usd if results[0].replay else 0.0
    every = all(step.replayed for result in results for step in result.steps)
    rows = [
        ("raw Playwright floor", floor_s, f"{floor_s / len(CLICKS) * 1000:.0f} ms", "1.00x"),
        ("replayed session, its steps", steps, f"{steps / len(CLICKS) * 1000:.0f} ms", f"{ratio('replay'):.2f}x"),
        ("… the whole session, incl. loading the cassette and files", total, "", f"{ratio('replay session'):.2f}x"),
    ]
    print(f"## Replay: {len(CLICKS)} clicks on Corner Shop from a cassette, medians of {rounds} rounds\n")
    print("| run | seconds | per click | vs floor (paired) |\n|---|---|---|---|")
    for label, seconds, per_click, versus in rows:
        print(f"| {label} | {seconds:.2f} | {per_click} | {versus} |")
    print("\n| measure | value |\n|---|---|")
    print(f"| replays | {len(results)}, every step replayed: {every} |")
    print(f"| model calls of all replays | {calls} |")
    print(f"| cost of all replays | ${sum(result.cost_usd for result in results):.4f} |")
    print(f"| recorded cost, saved by each replay | ${recorded.cost_usd:.4f} (replay says ${saved:.4f}) |")
    print(f"| every replay gave the same steps, verdicts and issues | {all(same(results[0], r) for r in results)} |")
    size = f"{len(text.encode()):,} bytes, {text.count(chr(10)):,} lines"
    print(f"| cassette of the {len(recorded.steps)}-step session | {size} |")


if __name__ == "__main__":
    main()
