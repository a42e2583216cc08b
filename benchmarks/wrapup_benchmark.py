"""What a session's wrap-up costs beside its steps: a 5-step session through the real Anthropic SDK against the fake
Messages API (its usage accounting: tools and system blocks are the cached prefix, read where a breakpoint's prefix was
written before), with no browser (`testing.FakePage`), so it runs in a second or two.

    python benchmarks/wrapup_benchmark.py                      # claude-sonnet-4-6
    python benchmarks/wrapup_benchmark.py --model claude-haiku-4-5 --debug ultra --keep /tmp/wrapup

Prints each call's input, cache write, cache read and output tokens, and what the wrap-up request lists as issues.
The page's checks find three things at every look: a dead click on the button the persona clicks, a small link in its
view, one below the fold that it never met; the persona files one issue of its own on the button it clicks (the dead
click's problem, in its words). The wrap-up is answered as a model answers what it is asked: every listed issue
written out again where the prompt asks for them "consolidated" (before), none where it asks only for what the list
lacks (after).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path

import anthropic

from pytest_useragent import AnthropicProvider, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.ledger import Spending
from pytest_useragent.records import Action, ActionOutcome, Box, IssueDraft, Observation, WrapUp
from pytest_useragent.records.rules import rule
from pytest_useragent.secrets.redaction import Secrets
from pytest_useragent.session.coordinator import Session
from pytest_useragent.session.state import Setup
from pytest_useragent.testing import FakeMessagesAPI, FakePage, decision, wrap_up

START = "https://shop.test/"
STEPS = 5
PAGE = "Corner Shop\nWelcome to Corner Shop\nOrder\nPricing\nFooter links"
BUTTON = 'get_by_role("button", name="Order")'

ACTED = rule("dead-click").issue("clicked button Order; nothing changed", "button Order", locator=BUTTON)
IN_VIEW = rule("target-size").issue(
    "link Pricing is 12x12 px", 'link "Pricing"', box=Box(x=10, y=80, width=12, height=12)
)
UNSEEN = rule("target-size").issue(
    "link Imprint is 10x10 px",
    'link "Imprint"',
    title="Target too small (footer)",
    box=Box(x=10, y=3000, width=10, height=10),
)
MINE = IssueDraft(
    severity="major",
    heuristic="Nielsen #1 visibility of system status",
    title="Order button does nothing",
    evidence="clicked button Order (e3); the page stayed the same",
    quote="As a user I expected my order to start.",
    ref="e3",
)


class Shop(FakePage):
    """The fake page, its Order line a button (as a browser's snapshot has it)."""

    def look(self, secrets: Secrets, shoot: bool) -> Observation:
        seen = super().look(secrets, shoot)
        snapshot = seen.snapshot.replace('text "Order"', 'button "Order"')
        return seen.model_copy(update={"snapshot": snapshot, "full_snapshot": snapshot})


def act(action: Action) -> ActionOutcome:
    return ActionOutcome(ok=True, message=f"{action.kind} done", locator=BUTTON if action.kind == "click" else None)


def answered(body: dict[str, object]) -> WrapUp:
    """The wrap-up a model gives to what it is asked: every listed issue again, written out as a step reports one,
    where the prompt asks for them "consolidated" (before); none where it asks only for what the list lacks."""
    told = json.dumps(body["messages"])
    if "consolidated" not in told:
        return wrap_up()
    listed = re.findall(r"- \[(\w+)\] ([^:\\]+): ([^\\]+)", json.loads(told)[0]["content"][0]["text"])
    issues = [
        IssueDraft(severity=severity, heuristic=MINE.heuristic, title=title, evidence=evidence, quote=MINE.quote)
        for severity, title, evidence in listed
    ]
    return wrap_up(issues=issues)


def session(model: str, debug: str, directory: Path) -> tuple[FakeMessagesAPI, object]:
    script = [decision("click", "e3", issues=[MINE])] + [decision("click", "e3", verdict="unmet")] * (STEPS - 1)
    fake = FakeMessagesAPI(script=[*script, answered])
    with fake:
        client = anthropic.Anthropic(base_url=fake.base_url, api_key="test", max_retries=0)
        provider = AnthropicProvider(client, keep_exchanges=debug == "ultra")
        config = UserAgentConfig(model=model, max_steps=STEPS, debug=debug)
        finished: list[object] = []
        setup = Setup(
            page=Shop({START: PAGE}, issues=[ACTED, IN_VIEW, UNSEEN], act=act),
            persona=Persona(name="Jana", background="Jana, 45. Orders online twice a year."),
            provider=provider,
            config=config,
            directory=directory,
            spending=Spending.start(config, directory.parent / "ledger.json"),
            finished=finished.append,
        )
        Session(setup).run("Order the Pro plan", START)
    return fake, finished[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="claude-sonnet-4-6")
    parser.add_argument("--debug", default="off", choices=("off", "debug", "ultra"))
    parser.add_argument("--keep", type=Path, help="write the session here (else a temporary folder)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        directory = (arguments.keep or Path(scratch)) / "session"
        fake, result = session(arguments.model, arguments.debug, directory)
    if fake.problems:
        print("\n".join(fake.problems), file=sys.stderr)
        return 1
    print(f"{arguments.model}: {STEPS} steps and the wrap-up, outcome {result.outcome}")  # type: ignore[attr-defined]
    print(f"{'call':<10}{'input':>8}{'write':>8}{'read':>8}{'output':>8}")
    names = [f"step {n}" for n in range(1, STEPS + 1)] + ["wrap-up"]
    for name, usage in zip(names, fake.billed, strict=False):
        row = [usage[key] for key in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")]
        print(f"{name:<10}{row[0]:>8}{row[1]:>8}{row[2]:>8}{usage['output_tokens']:>8}")
    told = fake.requests[-1]["messages"][0]["content"][0]["text"]
    listed = [line[2:] for line in told.splitlines() if line.startswith("- [")]
    steps = sum(call.cost_usd for step in result.steps for call in step.calls)  # type: ignore[attr-defined]
    print("the wrap-up lists:\n  " + "\n  ".join(listed))
    print(f"session ${result.cost_usd:.5f}, of it the wrap-up ${result.cost_usd - steps:.5f}")  # type: ignore[attr-defined]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
