"""The Claude 5 models (Sonnet 5.5, Opus 5.5, Fable) through the real SDK and the fake Messages API, which refuses
what they refuse (a forced tool, a prefilled assistant turn, sampling parameters) and thinks before it answers, its
thinking billed as output and to be sent back with a repaired tool call."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pytest_useragent import Agent, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.records import Usage
from pytest_useragent.testing import Malformed, MaxTokens, TwoCalls, decision, ref_of, wrap_up

JANA = Persona(name="Jana", background="Jana, 45. Never used a shop like this.")


def make_agent(page: Any, provider: Any, tmp_path: Path, **settings: Any) -> Agent:
    return Agent(page, JANA, provider, UserAgentConfig(settle_timeout=2, **settings), tmp_path)


def click(name: str) -> Any:
    return lambda body: decision("click", ref_of(body, name), expectation=f"{name} opens")


THINKING = ("claude-sonnet-5-5", "claude-opus-5-5", "claude-fable-5-1")


@pytest.mark.parametrize("model", THINKING)
def test_a_session_on_a_model_that_thinks(page, site, tmp_path, fake_api, claude, model):
    fake_api.push(click("Pricing"), Malformed(), decision("done", verdict="met", evidence="$12 per month"), wrap_up())
    result = make_agent(page, claude, tmp_path, model=model).run("Find the pricing", url=f"{site}/index.html")

    assert not fake_api.problems and result.goal_achieved and result.wrap_up is not None
    assert [len(step.calls) for step in result.steps] == [1, 2]  # the malformed reply repaired
    assert all(body["output_config"]["effort"] == "low" for body in fake_api.requests)
    # never a forced tool (tool, any): the steps' choice is auto, the wrap-up's none (it answers in text, after the
    # steps' tools, read from their cache)
    assert all(body.get("tool_choice", {}).get("type") in (None, "auto", "none") for body in fake_api.requests)
    assert fake_api.requests[-1]["tool_choice"] == {"type": "none"}
    # the repair sends the model's whole turn back: its thinking block first, unmodified, then the tool call
    assistant = fake_api.requests[2]["messages"][1]["content"]
    assert [block["type"] for block in assistant] == ["thinking", "tool_use"]
    # what it thought is billed as output, and the session costs what the server billed, at the model's price
    book = PriceBook.load()
    assert book.is_known(model)
    billed = sum(book.cost_usd(model, Usage(**usage)) for usage in fake_api.billed)
    assert result.cost_usd == pytest.approx(billed) and result.usage.output_tokens == sum(
        usage["output_tokens"] for usage in fake_api.billed
    )


def test_a_large_write_on_a_model_that_refuses_a_prefill(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        decision("write", file="notes.md"),
        MaxTokens("Pro costs twelve"),
        "Pro costs twelve a month.\nDONE",  # the cut line written again, as asked
        decision("done", evidence="Welcome to Corner Shop"),
        wrap_up(),
    )
    agent = make_agent(page, claude, tmp_path, model="claude-opus-5-5")
    result = agent.run("Note what Pro costs", url=f"{site}/index.html")
    assert not fake_api.problems and result.goal_achieved
    assert (tmp_path / "useragent" / "docs" / "notes.md").read_text() == "Pro costs twelve a month."
    assert all(body["messages"][-1]["role"] == "user" for body in fake_api.requests)


def test_a_claude_4_model_is_asked_for_no_effort(page, site, tmp_path, fake_api, claude):
    fake_api.push(decision("done", evidence="Welcome to Corner Shop"), wrap_up())
    result = make_agent(page, claude, tmp_path, model="claude-haiku-4-5").run("Look", url=f"{site}/index.html")
    assert not fake_api.problems and result.goal_achieved
    assert all("effort" not in (body.get("output_config") or {}) for body in fake_api.requests)


def test_a_blank_text_reply_is_repaired_without_sending_the_blank_back(page, site, tmp_path, fake_api, claude):
    # a model may answer with only a blank line (or one before its tool call); the API refuses a turn that sends
    # such a block back (400, which would stop the whole run), so the repair leaves it out
    fake_api.push("\n\n", decision("done", verdict="met", evidence="Welcome to Corner Shop"), wrap_up())
    result = make_agent(page, claude, tmp_path, model="claude-opus-5-5").run("Look", url=f"{site}/index.html")
    assert not fake_api.problems and result.goal_achieved, fake_api.problems
    assistant = fake_api.requests[1]["messages"][1]["content"]
    assert [block["type"] for block in assistant] == ["thinking"]


def test_a_turn_that_calls_the_tool_twice_is_repaired_with_a_result_for_each_call(
    page, site, tmp_path, fake_api, claude
):
    # parallel tool use is on by default: the API refuses a repair that leaves one of the calls unanswered (a 400,
    # which would stop the whole run)
    invalid = {"observation": "I see a shop"}
    fake_api.push(TwoCalls(invalid), decision("done", verdict="met", evidence="Welcome to Corner Shop"), wrap_up())
    result = make_agent(page, claude, tmp_path, model="claude-opus-5-5").run("Look", url=f"{site}/index.html")
    assert not fake_api.problems and result.goal_achieved, fake_api.problems
    results = fake_api.requests[1]["messages"][2]["content"]
    assert [block["type"] for block in results] == ["tool_result", "tool_result"]
    assert all(block["is_error"] for block in results)
