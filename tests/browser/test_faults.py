"""The fault matrix: whatever the API does mid-session, the outcome says so, every artifact is written, and the
session's cost is exactly what the fake server billed (no paid call lost, no reservation left held), or, when a
request was sent and no reply came (a timeout, a reset), at least that: such a request is charged at its worst
case."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anthropic
import pytest

from pytest_useragent import Agent, AnthropicProvider, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.ledger import RunLedger, Spending
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.records import SessionResult, Usage
from pytest_useragent.testing import (
    FakeMessagesAPI,
    Fault,
    Malformed,
    MaxTokens,
    NotAMessage,
    Refusal,
    Reset,
    Slow,
    Truncated,
    decision,
    wrap_up,
)

MODEL = "claude-sonnet-4-6"
DONE = [decision("done", reason="found it", evidence="Welcome to Corner Shop"), wrap_up()]
RETRIES = 2
"""The client's retries: each fault below is repeated so that it outlasts them."""


def thrice(item: Any) -> list[Any]:
    return [item] * (1 + RETRIES)


CASES: dict[str, tuple[list[Any], str, str | None]] = {
    # name: (script, outcome, what the error says)
    "401": ([Fault(401)], "provider_error", "401 (authentication_error): fake fault 401"),
    "429 beyond retries": (thrice(Fault(429, 0.01)), "provider_error", "429 (rate_limit_error)"),
    "529": (thrice(Fault(529, 0.01)), "provider_error", "529 (overloaded_error)"),
    "500": (thrice(Fault(500, 0.01)), "provider_error", "500 (api_error)"),
    "connection reset": (thrice(Reset()), "provider_error", "unreachable"),
    "timeout": (
        thrice(Slow(1.5, decision("done", evidence="Welcome to Corner Shop"))),
        "provider_error",
        "did not answer within 1 s",
    ),
    "cut at max_tokens": (
        [Truncated(decision("done", evidence="Welcome to Corner Shop"))] * 3 + DONE,
        "goal_achieved",
        None,
    ),
    "bad JSON": ([Malformed()] * 3 + DONE, "goal_achieved", None),
    "refusal": ([Refusal(), *DONE], "goal_achieved", None),
    "API down mid large write": (
        [decision("write", file="notes.md"), MaxTokens("The first part of the no"), *thrice(Fault(529, 0.01))],
        "provider_error",
        "529",
    ),
    # a captive portal or a misrouted gateway answers 200 with a page: no message, no usage, nothing billed
    "a 200 that is not a message": ([NotAMessage()], "provider_error", "not a message"),
    "refusal mid large write": (
        [decision("write", file="notes.md"), MaxTokens("The first part of the no"), Refusal("I won"), *DONE],
        "goal_achieved",
        None,
    ),
}


NO_REPLY = {"connection reset": 1 + RETRIES, "timeout": 1 + RETRIES}
"""The attempts, retries included, each sent with no reply: charged at their worst case."""


def billed_usd(fake: FakeMessagesAPI) -> float:
    book = PriceBook.load()
    return sum(book.cost_usd(MODEL, Usage(**usage)) for usage in fake.billed)


@pytest.mark.parametrize("case", list(CASES))
def test_every_fault_is_an_outcome_with_every_artifact_and_every_cent(page, site, tmp_path, case):
    script, outcome, error = CASES[case]
    with FakeMessagesAPI(script) as fake:
        client = anthropic.Anthropic(base_url=fake.base_url, api_key="sk-ant-x", max_retries=RETRIES, timeout=1.0)
        config = UserAgentConfig(settle_timeout=2, model=MODEL)
        spending = Spending.start(config, tmp_path / "ledger.json")
        agent = Agent(page, Persona(name="Jana"), AnthropicProvider(client), config, tmp_path / "s", spending=spending)
        result = agent.run("Find the pricing and note it", url=f"{site}/index.html")
        assert fake.idle()  # a reply the client gave up on is billed when the model has made it
        billed = billed_usd(fake)
        assert not fake.problems

    assert result.outcome == outcome
    assert (error is None and result.error is None) or (error is not None and error in (result.error or ""))
    root = tmp_path / "s" / "useragent"
    for name in ("session.json", "report.md", "transcript.jsonl", "todo.md"):
        assert (root / name).is_file(), name
    saved = json.loads((root / "session.json").read_text())
    assert saved["outcome"] == outcome and len(saved["steps"]) == len(result.steps) >= 1
    # every cent: what the session says it cost, what its steps hold, what the ledger booked, what the API billed
    steps_cost = sum(call.cost_usd for step in result.steps for call in step.calls)
    wrap_cost = result.cost_usd - steps_cost
    guessed = [call for step in result.steps for call in step.calls if call.estimated == "no reply"]
    assert len(guessed) == NO_REPLY.get(case, 0)
    assert all(call.usage.output_tokens == 2048 and call.cost_usd > 0 for call in guessed)  # the worst case
    if guessed:  # what the API billed for them is at most what they were charged
        assert result.cost_usd >= billed - 1e-9
    else:
        assert result.cost_usd == pytest.approx(billed, abs=1e-9)
    assert saved["cost_usd"] == pytest.approx(result.cost_usd, abs=1e-9)
    assert wrap_cost >= -1e-12
    state = RunLedger(tmp_path / "ledger.json").state()
    assert state.reserved_usd == pytest.approx(0, abs=1e-12)  # no reservation left held by a call that raised
    assert state.spent_usd == pytest.approx(result.cost_usd, abs=1e-9)
    assert state.sessions[str(root)].spent_usd == pytest.approx(result.cost_usd, abs=1e-9)
    assert state.halted == ({agent.provider.endpoint(MODEL): result.error} if case == "401" else {})  # a reset: not


def test_a_refusal_is_recorded_on_its_step_and_never_repaired(page, site, tmp_path):
    with FakeMessagesAPI([Refusal(), *DONE]) as fake:
        client = anthropic.Anthropic(base_url=fake.base_url, api_key="sk-ant-x", max_retries=0)
        result = Agent(page, Persona(name="Jana"), AnthropicProvider(client), UserAgentConfig(), tmp_path).run(
            "Find the pricing", url=f"{site}/index.html"
        )
    refused = result.steps[0]
    assert [call.stop_reason for call in refused.calls] == ["refusal"]  # one paid call, no "repair"
    assert refused.outcome.message == "the model refused to answer" and refused.action is None


def test_a_large_write_cut_by_a_refusal_stays_incomplete(page, site, tmp_path):
    script = CASES["refusal mid large write"][0]
    with FakeMessagesAPI(script) as fake:
        client = anthropic.Anthropic(base_url=fake.base_url, api_key="sk-ant-x", max_retries=0)
        result = Agent(page, Persona(name="Jana"), AnthropicProvider(client), UserAgentConfig(), tmp_path).run(
            "Find the pricing and note it", url=f"{site}/index.html"
        )
    assert "notes.md" not in result.docs  # never saved as complete
    assert [doc.file for doc in result.incomplete_docs] == ["notes.md"]
    assert "refused" in (result.incomplete_docs[0].problem or "")
    assert [call.purpose for call in result.steps[0].calls] == ["decide", "compose", "compose"]
    assert not Path(tmp_path, "useragent", "docs", "notes.md").exists()


def run_against(fake: FakeMessagesAPI, page, site, tmp_path, *, retries: int, budget: float) -> SessionResult:
    client = anthropic.Anthropic(base_url=fake.base_url, api_key="sk-ant-x", max_retries=retries, timeout=1.0)
    config = UserAgentConfig(settle_timeout=2, model=MODEL, budget=budget)
    spending = Spending.start(config, tmp_path / "ledger.json")
    agent = Agent(page, Persona(name="Jana"), AnthropicProvider(client), config, tmp_path / "s", spending=spending)
    return agent.run("Find the pricing", url=f"{site}/index.html")


def test_requests_that_timed_out_are_charged_each_retry_reserved_and_the_budget_holds(page, site, tmp_path):
    # every attempt answers after the client gave up: the API bills each, and the client never sees a usage
    with FakeMessagesAPI([Slow(1.5, decision("done", evidence="Welcome to Corner Shop"))] * 6) as fake:
        result = run_against(fake, page, site, tmp_path, retries=5, budget=0.10)
        assert fake.idle()
        billed, sent = billed_usd(fake), len(fake.requests)
    state = RunLedger(tmp_path / "ledger.json").state()
    assert billed > 0  # the fake billed replies that no client received
    assert state.spent_usd >= billed  # ... and the budget counts every cent of them
    assert state.spent_usd <= state.limit_usd and state.reserved_usd == pytest.approx(0, abs=1e-12)
    assert result.outcome == "budget_exhausted" and 1 <= sent < 6  # the retry that could overspend was not sent
    assert result.no_reply == sent and result.cost_usd == pytest.approx(state.spent_usd)
    assert result.no_reply_usd == pytest.approx(result.cost_usd) and result.cost_usd > 0
    report = (tmp_path / "s" / "useragent" / "report.md").read_text()
    assert f"Total cost: ${result.cost_usd:.4f}" in report and "Total cost: $0.0000" not in report
    assert f"for {sent} request{'s' if sent > 1 else ''} sent with no reply" in report


def test_the_twin_a_reply_in_time_is_charged_its_real_usage(page, site, tmp_path):
    with FakeMessagesAPI([Slow(0.2, DONE[0]), DONE[1]]) as fake:
        result = run_against(fake, page, site, tmp_path, retries=5, budget=0.10)
        assert fake.idle()
        billed = billed_usd(fake)
    assert result.outcome == "goal_achieved" and billed > 0
    assert result.cost_usd == pytest.approx(billed, abs=1e-9) and result.no_reply == 0
    assert not any(call.estimated for step in result.steps for call in step.calls)
    assert "sent with no reply" not in (tmp_path / "s" / "useragent" / "report.md").read_text()
