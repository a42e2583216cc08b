"""The openai provider end to end: the real `openai` SDK against the fake Chat Completions server. A goal reached, a
repair, every fault as an outcome, and the session's cost equal to what the server billed."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import openai
import pytest

from pytest_useragent import Agent, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.ledger import RunLedger, Spending
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.llm.openai import OpenAIProvider
from pytest_useragent.records import SessionResult, Usage
from pytest_useragent.testing import (
    FakeChatCompletionsAPI,
    Fault,
    Malformed,
    MaxTokens,
    NotAMessage,
    Refusal,
    Reset,
    Slow,
    Truncated,
    decision,
    ref_of,
    wrap_up,
)

MODEL = "gpt-5.4-mini"
EVIDENCE = "Welcome to Corner Shop"
DONE = [decision("done", reason="found it", evidence=EVIDENCE), wrap_up()]
RETRIES = 2


def thrice(item: Any) -> list[Any]:
    return [item] * (1 + RETRIES)


def usage_of(billed: dict[str, Any]) -> Usage:
    cached = billed["prompt_tokens_details"]["cached_tokens"]
    written = billed["prompt_tokens_details"].get("cache_write_tokens", 0)
    return Usage(
        input_tokens=billed["prompt_tokens"] - cached - written,
        output_tokens=billed["completion_tokens"],  # reasoning tokens included, billed as output
        cache_creation_input_tokens=written,
        cache_read_input_tokens=cached,
    )


def billed_usd(fake: FakeChatCompletionsAPI, model: str = MODEL, book: PriceBook | None = None) -> float:
    book = book or PriceBook.load()
    return sum(book.cost_usd(model, usage_of(usage)) for usage in fake.billed)


def provider(fake: FakeChatCompletionsAPI, **client: Any) -> OpenAIProvider:
    return OpenAIProvider(openai.OpenAI(base_url=fake.base_url, api_key="sk-test", **client))


def test_a_session_reaches_its_goal_through_the_real_sdk(page, site, tmp_path):
    script = [
        lambda body: decision("click", ref_of(body, "Pricing"), observation="The shop's home page."),
        decision("done", verdict="met", evidence="Pro"),
        wrap_up(),
    ]
    with FakeChatCompletionsAPI(script) as fake:
        agent = Agent(page, Persona(name="Jana"), provider(fake, max_retries=0), UserAgentConfig(), tmp_path)
        result = agent.run("Find what the Pro plan costs", url=f"{site}/index.html")
        billed = billed_usd(fake)
        assert not fake.problems
    assert result.goal_achieved and result.provider == "openai" and result.model == MODEL
    assert [step.action.kind for step in result.steps if step.action] == ["click", "done"]
    first = fake.requests[0]
    assert first["model"] == MODEL and first["messages"][0]["role"] == "system"
    assert first["response_format"]["json_schema"]["strict"] is True
    parts = first["messages"][1]["content"]
    assert parts[0]["type"] == "image_url" and parts[0]["image_url"]["url"].startswith("data:image/jpeg;base64,")
    assert "Goal: Find what the Pro plan costs" in parts[1]["text"]
    assert result.cost_usd == pytest.approx(billed, abs=1e-12) and result.cost_usd > 0


def test_a_reply_that_does_not_validate_is_repaired(page, site, tmp_path):
    with FakeChatCompletionsAPI([Malformed(), *DONE]) as fake:
        result = Agent(page, Persona(name="Jana"), provider(fake, max_retries=0), UserAgentConfig(), tmp_path).run(
            "Find the shop", url=f"{site}/index.html"
        )
        repair = fake.requests[1]["messages"]
    assert result.goal_achieved
    assert [call.purpose for call in result.steps[0].calls] == ["decide", "repair"]
    assert [message["role"] for message in repair] == ["system", "user", "assistant", "user"]
    assert "could not be used" in repair[-1]["content"]


CASES: dict[str, tuple[list[Any], str, str | None]] = {
    "401": ([Fault(401)], "provider_error", "OpenAI API answered 401 (invalid_api_key): fake fault 401"),
    "429 beyond retries": (thrice(Fault(429, 0.01)), "provider_error", "429 (rate_limit_exceeded)"),
    "503": (thrice(Fault(503, 0.01)), "provider_error", "503 (server_error)"),
    "500": (thrice(Fault(500, 0.01)), "provider_error", "500 (server_error)"),
    "connection reset": (thrice(Reset()), "provider_error", "unreachable"),
    "timeout": (thrice(Slow(1.5, DONE[0])), "provider_error", "did not answer within 1 s"),
    "cut at the length limit": ([Truncated(DONE[0])] * 3 + DONE, "goal_achieved", None),
    "bad JSON": ([Malformed()] * 3 + DONE, "goal_achieved", None),
    "refusal": ([Refusal(), *DONE], "goal_achieved", None),
    "API down mid large write": (
        [decision("write", file="notes.md"), MaxTokens("The first part of the no"), *thrice(Fault(503, 0.01))],
        "provider_error",
        "503",
    ),
    # a captive portal or a misrouted gateway answers 200 with a page: no completion, no usage, nothing billed
    "a 200 that is not a completion": ([NotAMessage()], "provider_error", "not a completion"),
    "refusal mid large write": (
        [decision("write", file="notes.md"), MaxTokens("The first part of the no"), Refusal(), *DONE],
        "goal_achieved",
        None,
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_every_fault_is_an_outcome_and_every_cent_is_counted(page, site, tmp_path, case):
    script, outcome, error = CASES[case]
    with FakeChatCompletionsAPI(script) as fake:
        config = UserAgentConfig(settle_timeout=2, model=MODEL)
        spending = Spending.start(config, tmp_path / "ledger.json")
        chat = provider(fake, max_retries=RETRIES, timeout=1.0)
        result = Agent(page, Persona(name="Jana"), chat, config, tmp_path / "s", spending=spending).run(
            "Find the pricing and note it", url=f"{site}/index.html"
        )
        assert fake.idle()  # a reply the client gave up on is billed when the model has made it
        billed = billed_usd(fake)
        assert not fake.problems
    assert result.outcome == outcome
    assert (error is None and result.error is None) or (error is not None and error in (result.error or ""))
    root = tmp_path / "s" / "useragent"
    saved = json.loads((root / "session.json").read_text())
    assert saved["outcome"] == outcome
    # a request sent with no reply (a timeout, a reset) is charged at its worst case: at least what was billed
    assert result.no_reply == (1 + RETRIES if case in ("timeout", "connection reset") else 0)
    if result.no_reply:
        assert result.cost_usd >= billed - 1e-12 and result.no_reply_usd > 0
    else:
        assert result.cost_usd == pytest.approx(billed, abs=1e-12)
    state = RunLedger(tmp_path / "ledger.json").state()
    assert state.reserved_usd == pytest.approx(0, abs=1e-12)
    assert state.spent_usd == pytest.approx(result.cost_usd, abs=1e-12)
    assert state.halted == ({chat.endpoint(MODEL): result.error} if case == "401" else {})  # a reset: not
    if case == "refusal":
        assert [call.stop_reason for call in result.steps[0].calls] == ["refusal"]  # never repaired
    if case == "refusal mid large write":
        assert "notes.md" not in result.docs and [doc.file for doc in result.incomplete_docs] == ["notes.md"]


def test_a_large_write_goes_on_after_a_length_cut(page, site, tmp_path):
    script = [
        decision("write", file="notes.md"),
        MaxTokens("# Notes\nPro costs"),
        "Pro costs 20 a month.\nDONE",  # the cut line written again, as asked
        *DONE,
    ]
    with FakeChatCompletionsAPI(script) as fake:
        Agent(page, Persona(name="Jana"), provider(fake, max_retries=0), UserAgentConfig(), tmp_path).run(
            "Find the pricing and note it", url=f"{site}/index.html"
        )
        go_on = fake.requests[2]["messages"]
    assert (tmp_path / "useragent" / "docs" / "notes.md").read_text() == "# Notes\nPro costs 20 a month."
    assert go_on[-2] == {"role": "assistant", "content": "# Notes\nPro costs"}
    assert "middle of its last line: write that line again" in go_on[-1]["content"]


def test_an_unknown_model_is_one_line_and_halts_the_run(page, site, tmp_path):
    with FakeChatCompletionsAPI(DONE, models=frozenset({MODEL})) as fake:
        config = UserAgentConfig(model="gpt-nonexistent")
        spending = Spending.start(config, tmp_path / "ledger.json")
        chat, where = provider(fake, max_retries=0), f"{fake.base_url}/ gpt-nonexistent"
        result = Agent(page, Persona(name="Jana"), chat, config, tmp_path / "s", spending=spending).run(
            "Find the shop", url=f"{site}/index.html"
        )
    assert result.outcome == "provider_error"
    assert result.error == (
        "OpenAI API answered 404 (model_not_found): "
        "The model `gpt-nonexistent` does not exist or you do not have access to it."
    )
    halted = RunLedger(tmp_path / "ledger.json").state().halted
    assert halted == {where: result.error}  # that model at that API, no other


def test_the_cache_forms_once_the_prefix_is_long_enough(page, site, tmp_path):
    script = [lambda body: decision("click", ref_of(body, "Pricing")), *DONE]
    with FakeChatCompletionsAPI(script) as fake:
        result = Agent(page, Persona(name="Jana"), provider(fake, max_retries=0), UserAgentConfig(), tmp_path).run(
            "Find the pricing", url=f"{site}/index.html"
        )
    first, second = (step.calls[0].usage for step in result.steps[:2])
    assert first.cache_read_input_tokens == 0
    assert second.cache_read_input_tokens >= 1024


def priced_session(
    page: Any, site: str, tmp_path: Path, model: str, price: str, script: list[Any], goal: str = "Find the shop"
) -> tuple[SessionResult, FakeChatCompletionsAPI, float]:
    """A session on `model`, priced by a prices file with the one line `price`: its result, the fake that served it,
    and what the fake billed at those prices."""
    prices = tmp_path / "prices.yaml"
    prices.write_text(f"models:\n  {price}\n")
    config = UserAgentConfig(model=model, prices=prices)
    with FakeChatCompletionsAPI(script) as fake:
        result = Agent(page, Persona(name="Jana"), provider(fake, max_retries=0), config, tmp_path / "s").run(
            goal, url=f"{site}/index.html"
        )
        billed = billed_usd(fake, model, PriceBook.load(prices))
        assert not fake.problems
    return result, fake, billed


def test_a_model_that_reasons_only_when_asked_is_not_asked_and_its_cache_writes_are_billed(page, site, tmp_path):
    """From GPT-5.1 on the default effort is none (no reasoning): asking for low would buy reasoning it does without."""
    script = [
        lambda body: decision("click", ref_of(body, "Pricing")),
        decision("done", verdict="met", evidence="Pro"),
        wrap_up(),
    ]
    # distinct rates, so a token booked in the wrong class changes the cost
    price = "gpt-6.1-sol: {input: 5, output: 30, cache_write: 6.25, cache_read: 0.5}"
    result, fake, billed = priced_session(page, site, tmp_path, "gpt-6.1-sol", price, script, "Find the pricing")
    assert result.goal_achieved and result.model == "gpt-6.1-sol"
    assert not any("reasoning_effort" in request for request in fake.requests)
    assert all(usage["completion_tokens_details"]["reasoning_tokens"] == 0 for usage in fake.billed)
    first, second = (step.calls[0].usage for step in result.steps[:2])
    written = fake.billed[0]["prompt_tokens_details"]["cache_write_tokens"]
    assert written >= 1024 and first.cache_creation_input_tokens == written
    assert second.cache_read_input_tokens == written and second.cache_creation_input_tokens == 0
    assert result.cost_usd == pytest.approx(billed, abs=1e-12) and result.cost_usd > 0


@pytest.mark.parametrize("model", [MODEL, "gpt-5.6-terra"])
def test_the_current_models_are_not_asked_to_reason(page, site, tmp_path, model):
    with FakeChatCompletionsAPI(DONE) as fake:
        result = Agent(
            page, Persona(name="Jana"), provider(fake, max_retries=0), UserAgentConfig(model=model), tmp_path / "s"
        ).run("Find the shop", url=f"{site}/index.html")
        assert not fake.problems
    assert result.goal_achieved
    assert not any("reasoning_effort" in request for request in fake.requests)
    assert all(usage["completion_tokens_details"]["reasoning_tokens"] == 0 for usage in fake.billed)


@pytest.mark.parametrize("model", ["gpt-5-mini", "openai/gpt-5-mini"])
def test_a_model_that_reasons_unasked_is_asked_for_low_effort(page, site, tmp_path, model):
    """GPT-5.0 and the o-series reason at medium by default; OpenRouter and LiteLLM name it `openai/gpt-5-mini` and
    pass the effort on."""
    price = f"{model}: {{input: 0.25, output: 2, cache_write: 0.25, cache_read: 0.025}}"
    result, fake, billed = priced_session(page, site, tmp_path, model, price, DONE)
    assert result.goal_achieved
    assert [request.get("reasoning_effort") for request in fake.requests] == ["low"] * 2
    assert all(usage["completion_tokens_details"]["reasoning_tokens"] == 24 for usage in fake.billed)
    assert result.cost_usd == pytest.approx(billed, abs=1e-12)


@pytest.mark.parametrize("model", ["gpt-4o", "llama3.1"])
def test_a_model_that_does_not_reason_is_sent_no_effort(page, site, tmp_path, model):
    price = "llama3.1: {input: 0, output: 0, cache_write: 0, cache_read: 0}"
    result, fake, billed = priced_session(page, site, tmp_path, model, price, DONE)
    assert result.goal_achieved
    assert len(fake.requests) == 2 and not any("reasoning_effort" in request for request in fake.requests)
    assert result.cost_usd == pytest.approx(billed, abs=1e-12)


def test_a_base_url_nothing_answers_at_is_one_line_and_halts_that_api(page, site, tmp_path):
    """A local server that is not running (or a wrong OPENAI_BASE_URL) refuses the connection: every later call
    would too, so the run stops calling it, as after a 401; a connection that breaks once made does not (CASES)."""
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        base_url = f"http://127.0.0.1:{closed.getsockname()[1]}/v1"
    chat = OpenAIProvider(openai.OpenAI(base_url=base_url, api_key="sk-test", max_retries=1))
    config = UserAgentConfig(model="llama3.1")
    spending = Spending.start(config, tmp_path / "ledger.json")
    result = Agent(page, Persona(name="Jana"), chat, config, tmp_path / "s", spending=spending).run(
        "Find the shop", url=f"{site}/index.html"
    )
    assert (result.outcome, result.error) == (
        "provider_error",
        f"OpenAI API unreachable at {base_url}/: Connection error.",
    )
    assert RunLedger(tmp_path / "ledger.json").state().halted == {f"{base_url}/ llama3.1": result.error}
    assert json.loads((tmp_path / "s" / "useragent" / "session.json").read_text())["outcome"] == "provider_error"
