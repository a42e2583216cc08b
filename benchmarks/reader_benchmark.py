"""A screen-reader persona against a mouse persona on the same 10 steps: time per step and tokens per step.

    python benchmarks/reader_benchmark.py             # 5 rounds
    python benchmarks/reader_benchmark.py --rounds 9

The 10 clicks of agent_benchmark.py on the example project's Corner Shop, as two sessions with a zero-latency
scripted model, alternating each round in a fresh page: a mouse persona (ai snapshot, screenshots to the model) and
a screen-reader persona (the tree besides the ai snapshot, the announcement script, no screenshot to the model).
Then the same 10 steps through the real SDK against the fake Messages API (claude-sonnet-4-6): input tokens per
step, images included, as the fake counts them. Needs Chromium (Playwright's, or the system's) and no network.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import anthropic
from playwright.sync_api import Browser, sync_playwright

from pytest_useragent import Agent, AnthropicProvider, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.testing import FakeMessagesAPI, ScriptedProvider, decision, ref_of, wrap_up

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agent_benchmark import CLICKS, CLOSED, MODEL, clicks, serve  # noqa: E402

from pytest_useragent.browser.launch import QUIET_ARGS, find_chromium  # noqa: E402

MOUSE = Persona("Jana, 45. Never used a shop like this.")
READER = Persona("Jana, 45. Never used a shop like this; blind, she reads with a screen reader.", uses="screen-reader")
GOAL = "Visit the shop's pages"


def steps_seconds(browser: Browser, url: str, persona: Persona, directory: Path) -> float:
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(url)
    config = UserAgentConfig(max_steps=len(CLICKS) + 1)
    result = Agent(page, persona, ScriptedProvider(clicks), config, directory).run(GOAL)
    page.close()
    assert result.outcome == "goal_achieved", (result.outcome, result.error)
    assert all(step.outcome.ok for step in result.steps), [step.outcome.message for step in result.steps]
    return sum(step.seconds for step in result.steps[: len(CLICKS)])


def speed(browser: Browser, url: str, rounds: int) -> None:
    runs: dict[str, list[float]] = {"mouse": [], "screen reader": []}
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(rounds + 1):  # round 0 warms up Chromium and this process (and audits the states)
            order = [("mouse", MOUSE), ("screen reader", READER)]
            for which, persona in order if index % 2 else order[::-1]:
                runs[which].append(steps_seconds(browser, url, persona, Path(tmp) / f"{which}-{index}"))
    measured = {which: values[1:] for which, values in runs.items()}
    ratio = statistics.median(r / m for r, m in zip(measured["screen reader"], measured["mouse"], strict=True))
    print(f"## Speed: {len(CLICKS)} clicks on Corner Shop, medians of {rounds} rounds\n")
    print("| persona | seconds, 10 steps | per step | vs mouse (paired) |\n|---|---|---|---|")
    for which in ("mouse", "screen reader"):
        seconds = statistics.median(measured[which])
        paired = "1.00x" if which == "mouse" else f"{ratio:.2f}x"
        print(f"| {which} | {seconds:.2f} | {seconds / len(CLICKS) * 1000:.0f} ms | {paired} |")


def tokens(browser: Browser, url: str, persona: Persona) -> list[dict[str, Any]]:
    """Per step: input tokens (all of them: uncached, cache writes and reads) and images sent."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(url)
    with FakeMessagesAPI() as api, tempfile.TemporaryDirectory() as tmp:
        api.push(*(lambda body, name=name: decision("click", ref_of(body, name)) for name in CLICKS))
        api.push(decision("done", evidence="Groceries from the corner, delivered"), wrap_up())
        client = anthropic.Anthropic(base_url=api.base_url, api_key="sk-ant-benchmark", max_retries=0)
        config = UserAgentConfig(max_steps=len(CLICKS) + 1, model=MODEL)
        result = Agent(page, persona, AnthropicProvider(client), config, Path(tmp)).run(GOAL)
        assert result.outcome == "goal_achieved", (result.outcome, result.error)
        steps = [body for body in api.requests if "tools" in body][: len(CLICKS)]
        billed = api.billed[: len(CLICKS)]
    page.close()
    return [
        {
            "input": sum(usage.get(key, 0) for key in ("input_tokens", "cache_creation_input_tokens")),
            "cached": usage.get("cache_read_input_tokens", 0),
            "images": sum(block.get("type") == "image" for block in body["messages"][0]["content"]),
        }
        for body, usage in zip(steps, billed, strict=True)
    ]


def token_table(browser: Browser, url: str) -> None:
    print(f"\n## Tokens: the same {len(CLICKS)} steps through the fake Messages API ({MODEL})\n")
    print(
        "| persona | input tokens, 10 steps (uncached + cache writes) | cache reads | images sent |\n|---|---|---|---|"
    )
    for which, persona in (("mouse", MOUSE), ("screen reader", READER)):
        counted = tokens(browser, url, persona)
        fresh, cached = sum(step["input"] for step in counted), sum(step["cached"] for step in counted)
        print(f"| {which} | {fresh:,} | {cached:,} | {sum(step['images'] for step in counted)} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    with sync_playwright() as playwright, serve(fixed=True) as url:
        executable = find_chromium(playwright.chromium.executable_path, headless=True)
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox", *QUIET_ARGS, CLOSED])
        speed(browser, url, rounds)
        token_table(browser, url)
        browser.close()


if __name__ == "__main__":
    main()
