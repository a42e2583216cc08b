"""Whole sessions on local pages, driven through the real anthropic SDK by the fake Messages API server."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path
from typing import Any

import anthropic
import pytest
from playwright.sync_api import Error as PlaywrightError

from pytest_useragent import Agent, AnthropicProvider, OfflineProvider, Persona, SessionResult
from pytest_useragent.browser import bounded
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.errors import PageUnresponsive
from pytest_useragent.llm.limits import LIMITS
from pytest_useragent.records import IssueDraft, Step
from pytest_useragent.testing import Fault, Malformed, Slow, Truncated, decision, ref_of, wrap_up

JANA = Persona(name="Jana", background="Jana, 45. Never used a shop like this.", language="cs")


def make_agent(page: Any, provider: Any, tmp_path: Path, **settings: Any) -> Agent:
    return Agent(page, JANA, provider, UserAgentConfig(settle_timeout=2, **settings), tmp_path)


def click(name: str, verdict: str | None = None) -> Any:
    return lambda body: decision("click", ref_of(body, name), verdict=verdict, expectation=f"{name} opens")


def user_text(body: dict[str, Any]) -> str:
    content = body["messages"][0]["content"]
    return "\n".join(block.get("text", "") for block in content)


def test_a_goal_reached_leaves_every_artifact(page, site, tmp_path, fake_api, claude):
    issue = IssueDraft(
        severity="minor",
        heuristic="Nielsen #4",
        title="Tiny nav",
        evidence="the nav",
        quote="As a user I expected bigger links",
    )
    fake_api.push(
        click("Pricing"),
        decision("done", verdict="met", reason="found the price", issues=[issue], evidence="$12 per month"),
        wrap_up(8, [issue]),
    )

    result = make_agent(page, claude, tmp_path).run("Find what the Pro plan costs", url=f"{site}/index.html")

    assert result.outcome == "goal_achieved" and result.goal_achieved
    assert [step.action.kind for step in result.steps if step.action] == ["click", "done"]
    assert result.steps[0].outcome.locator == 'get_by_role("link", name="Pricing")'
    assert result.steps[1].url.endswith("/pricing.html")
    assert result.expectations.met == 1 and result.expectations.met_rate == 1.0
    found = [i for i in result.issues if i.trust != "review"]  # the page's structure is for review (no main)
    assert [i.title for i in found] == ["Tiny nav"] and found[0].step == 2
    assert result.wrap_up is not None and result.wrap_up.intuitiveness == 8
    assert len(fake_api.requests) == 3 and not fake_api.problems
    assert result.usage.output_tokens > 0 and result.cost_usd > 0

    root = tmp_path / "useragent"
    saved = SessionResult.model_validate_json((root / "session.json").read_text())
    assert saved.outcome == "goal_achieved" and len(saved.steps) == 2
    lines = (root / "transcript.jsonl").read_text().splitlines()
    assert [Step.model_validate_json(line).index for line in lines] == [1, 2]
    for step in result.steps:
        assert step.screenshot and (root / step.screenshot).read_bytes().startswith(b"\xff\xd8\xff")
    assert set(result.files) >= {"session.json", "transcript.jsonl", "screenshots/step-001.jpg"}
    assert all(Path(path).exists() for path in result.files.values())


def test_the_request_carries_persona_language_snapshot_image_and_cache_marker(page, site, tmp_path, fake_api, claude):
    fake_api.push(decision("done", reason="ok", evidence="Welcome to Corner Shop"), wrap_up())
    make_agent(page, claude, tmp_path).run("Find the pricing", url=f"{site}/index.html")

    body = fake_api.requests[0]
    shared, own = body["system"]  # the part every persona shares, then its own: each a cache breakpoint
    assert "Jana" in own["text"] and "cs" in own["text"] and "Jana" not in shared["text"]
    assert shared["cache_control"] == own["cache_control"] == {"type": "ephemeral"}
    kinds = [block["type"] for block in body["messages"][0]["content"]]
    assert kinds == ["image", "text"]
    assert 'link "Pricing"' in user_text(body) and "Goal: Find the pricing" in user_text(body)
    # the decision is the input of one strict tool the model answers with: its schema sits in the cached prefix; the
    # choice is auto (the newest models refuse a forced tool)
    (tool,) = body["tools"]
    assert tool["strict"] is True and "action" in tool["input_schema"]["properties"] and "output_config" not in body
    assert body["tool_choice"] == {"type": "auto"}
    # the wrap-up rides the steps' cached prefix (the same tools and system blocks), answering in text: no tool
    last = fake_api.requests[-1]
    assert last["system"] == body["system"] and last["tools"] == body["tools"] and "output_config" not in last
    assert last["tool_choice"] == {"type": "none"}
    assert fake_api.headers[0]["authorization"] == "Bearer sk-ant-test-key"


def test_cache_tokens_are_recorded_per_call(page, site, tmp_path, fake_api, claude):
    fake_api.push(click("Pricing"), decision("done", verdict="met", evidence="$12 per month"), wrap_up())
    result = make_agent(page, claude, tmp_path).run("Find the pricing", url=f"{site}/index.html")
    first, second = (step.calls[0].usage for step in result.steps)
    assert first.cache_creation_input_tokens > 0 and first.cache_read_input_tokens == 0
    assert second.cache_read_input_tokens > 0 and second.cache_creation_input_tokens == 0


def test_a_failed_action_goes_back_to_the_model(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        decision("click", "e999"), decision("done", verdict="unmet", evidence="Welcome to Corner Shop"), wrap_up()
    )
    result = make_agent(page, claude, tmp_path).run("Find pricing", url=f"{site}/index.html")
    assert result.outcome == "goal_achieved"
    assert not result.steps[0].outcome.ok and "no element e999" in result.steps[0].outcome.message
    assert "failed: no element e999" in user_text(fake_api.requests[1])


def test_an_invalid_reply_is_repaired(page, site, tmp_path, fake_api, claude):
    fake_api.push(Malformed(), decision("done", reason="ok", evidence="Welcome to Corner Shop"), wrap_up())
    result = make_agent(page, claude, tmp_path).run("Find pricing", url=f"{site}/index.html")
    assert result.goal_achieved
    assert [call.purpose for call in result.steps[0].calls] == ["decide", "repair"]
    repair = fake_api.requests[1]["messages"]
    assert [m["role"] for m in repair] == ["user", "assistant", "user"]
    (called,), (result,) = repair[1]["content"], repair[2]["content"]
    assert called["type"] == "tool_use" and result["tool_use_id"] == called["id"] and result["is_error"] is True
    assert "could not be used" in result["content"]


def test_a_field_over_its_limit_is_cut_not_paid_for_twice(page, site, tmp_path, fake_api, claude):
    wordy = decision("done", evidence="Welcome to Corner Shop", observation="I see " + "a lovely page " * 30)
    fake_api.push(wordy, wrap_up())
    result = make_agent(page, claude, tmp_path).run("Find pricing", url=f"{site}/index.html")
    assert result.goal_achieved and [call.purpose for call in result.steps[0].calls] == ["decide"]
    assert len(result.steps[0].observation) <= LIMITS["observation"] and result.steps[0].observation.endswith("…")


def test_a_reply_cut_at_max_tokens_is_repaired(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        Truncated(decision("done", evidence="Welcome to Corner Shop")),
        decision("done", evidence="Welcome to Corner Shop"),
        wrap_up(),
    )
    result = make_agent(page, claude, tmp_path).run("Find pricing", url=f"{site}/index.html")
    assert result.goal_achieved
    # an incomplete tool call never goes back: the question is asked again, the cut said after it
    (again,) = fake_api.requests[1]["messages"]
    assert "Goal: Find pricing" in again["content"][-2]["text"] and "max_tokens" in again["content"][-1]["text"]


def test_a_reply_that_never_validates_is_a_failed_step(page, site, tmp_path, fake_api, claude):
    fake_api.push(Malformed(), Malformed(), Malformed(), decision("done", evidence="Welcome to Corner Shop"), wrap_up())
    result = make_agent(page, claude, tmp_path).run("Find pricing", url=f"{site}/index.html")
    failed = result.steps[0]
    assert failed.action is None and not failed.outcome.ok and "model reply invalid" in failed.outcome.message
    assert len(failed.calls) == 3
    assert result.goal_achieved and len(result.steps) == 2


def test_429_with_retry_after_and_500_are_retried_by_the_sdk(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        Fault(429, retry_after=0.05), Fault(500), decision("done", evidence="Welcome to Corner Shop"), wrap_up()
    )
    result = make_agent(page, claude, tmp_path).run("Find pricing", url=f"{site}/index.html")
    assert result.goal_achieved
    assert len(fake_api.requests) == 4


def test_529_beyond_the_retries_is_a_recorded_outcome(page, site, tmp_path, fake_api, claude):
    fake_api.push(click("Pricing"), Fault(529, 0.01), Fault(529, 0.01), Fault(529, 0.01))
    result = make_agent(page, claude, tmp_path).run("Find pricing", url=f"{site}/index.html")
    assert result.outcome == "provider_error" and "529" in (result.error or "")
    assert len(result.steps) == 2 and result.wrap_up is None
    stopped = result.steps[1]  # the step the API failed in is kept, saying why
    assert not stopped.outcome.ok and "529 (overloaded_error)" in stopped.outcome.message and not stopped.calls
    saved = json.loads((tmp_path / "useragent" / "session.json").read_text())
    assert saved["outcome"] == "provider_error"


def test_a_slow_reply_is_waited_for(page, site, tmp_path, fake_api, claude):
    fake_api.push(Slow(0.3, decision("done", evidence="Welcome to Corner Shop")), wrap_up())
    assert make_agent(page, claude, tmp_path).run("Find pricing", url=f"{site}/index.html").goal_achieved


def test_a_reply_slower_than_the_client_timeout_ends_the_session(page, site, tmp_path, fake_api):
    client = anthropic.Anthropic(base_url=fake_api.base_url, api_key="k", timeout=0.2, max_retries=0)
    fake_api.push(Slow(1.0, decision("done", evidence="Welcome to Corner Shop")))
    result = make_agent(page, AnthropicProvider(client), tmp_path).run("Find pricing", url=f"{site}/index.html")
    assert result.outcome == "provider_error" and "did not answer within 0.2 s" in (result.error or "")
    assert not fake_api.billed  # the reply that came too late was never delivered


def test_the_budget_stops_a_session_before_it_overspends(page, site, tmp_path, fake_api, claude):
    fake_api.push(click("Pricing"), wrap_up())
    # step 2's call fits and its repair does not between ~0.071 and ~0.075 (the system prompt's length moves both)
    result = make_agent(page, claude, tmp_path, budget=0.073).run("Wander", url=f"{site}/index.html")
    assert result.outcome == "budget_exhausted" and "budget" in (result.error or "")
    assert len(result.steps) == 2 and result.cost_usd <= 0.073
    # step 2's answer did not validate and its repair could overspend: the step keeps the call it paid for
    assert "budget is left" in result.steps[1].outcome.message and len(result.steps[1].calls) == 1
    assert sum(call.usage.output_tokens for step in result.steps for call in step.calls) == sum(
        usage["output_tokens"] for usage in fake_api.billed
    )
    assert not fake_api.problems and fake_api.remaining == 0  # the smaller wrap-up call still fitted


def test_a_start_page_that_fails_to_load_is_told_to_the_model(page, site, tmp_path, fake_api, claude):
    """A start page that answers (here 404) is the app's, and the model is told how opening it went; one that
    never loads ends the session as `unreachable` (test_scope.py)."""
    fake_api.push(decision("give_up", reason="the page is missing"), wrap_up())
    result = make_agent(page, claude, tmp_path).run("Find pricing", url=f"{site}/missing.html")
    assert result.outcome == "gave_up"
    assert "Opening the start page: opened " in user_text(fake_api.requests[0])
    assert "(404)" in user_text(fake_api.requests[0])


def test_passwords_never_reach_the_model_or_the_disk(page, site, tmp_path, fake_api, claude):
    secret = "hunter2-very-secret"
    fake_api.push(
        lambda body: decision("type", ref_of(body, "Password"), text=secret, summary=f"I typed {secret}"),
        lambda body: decision("click", ref_of(body, "Sign in"), verdict="met"),
        decision("done", verdict="met", evidence="You are signed in"),
        wrap_up(),
    )
    result = make_agent(page, claude, tmp_path, debug="ultra").run("Sign in", url=f"{site}/index.html")
    assert result.goal_achieved
    sent_after_typing = json.dumps(fake_api.requests[1:])
    assert secret not in sent_after_typing
    written = [p for p in (tmp_path / "useragent").rglob("*") if p.is_file() and p.suffix != ".jpg"]
    assert any(p.parent.name == "debug" for p in written)
    for path in written:
        assert secret not in path.read_text(), path
        assert "sk-ant-test-key" not in path.read_text(), path


class CrashesThePage:
    """The provider, but the page's renderer crashes while the model decides (chrome://crash is no longer reachable
    by the agent: only http(s) pages of allowed hosts are)."""

    def __init__(self, provider: AnthropicProvider, page: Any) -> None:
        self._provider, self._page = provider, page

    def __getattr__(self, name: str) -> Any:
        return getattr(self._provider, name)

    def decide(self, request: Any, budget: Any) -> Any:
        reply = self._provider.decide(request, budget)
        with contextlib.suppress(PlaywrightError, PageUnresponsive):  # the target dies before it answers
            bounded.call(self._page.context.new_cdp_session(self._page), 2, "send", "Page.crash")
        return reply


def test_a_crashed_page_is_a_recorded_outcome(page, site, tmp_path, fake_api, claude):
    fake_api.push(decision("wait"), wrap_up())
    result = make_agent(page, CrashesThePage(claude, page), tmp_path).run("Find pricing", url=f"{site}/index.html")
    assert result.outcome == "page_error" and "crashed" in (result.error or "")
    assert len(result.steps) == 1
    assert (tmp_path / "useragent" / "session.json").exists()


def test_two_runs_in_one_test_write_two_directories(page, site, tmp_path):
    agent = make_agent(page, OfflineProvider(), tmp_path, max_steps=3)
    agent.run("Find the pricing", url=f"{site}/index.html")
    agent.run("Find about us", url=f"{site}/index.html")
    assert (tmp_path / "useragent" / "session.json").exists()
    assert (tmp_path / "useragent-2" / "session.json").exists()


def test_the_same_offline_session_twice_gives_the_same_steps_and_issues(page, site, tmp_path):
    def run(directory: Path) -> SessionResult:
        return make_agent(page, OfflineProvider(), directory, max_steps=6).run(
            "Find the careers page", url=f"{site}/index.html"
        )

    first, second = run(tmp_path / "a"), run(tmp_path / "b")

    def shape(result: SessionResult) -> list[Any]:
        # refs differ between two looks at the same page (e5, f2e5); the stable locator does not
        return [(s.url, s.action and s.action.kind, s.outcome.locator, s.evaluation) for s in result.steps]

    assert shape(first) == shape(second)
    assert [i.title for i in first.issues] == [i.title for i in second.issues]
    assert first.issues, "the careers link 404s: the offline engine must notice"


@pytest.mark.parametrize("mode", ["off", "debug", "ultra"])
def test_debug_modes_keep_a_log_and_with_ultra_every_step_by_eye(page, site, tmp_path, fake_api, claude, mode):
    """debug: debug.log, one line a step with the money spent so far; ultra: also each step's raw exchange and the
    screenshot after its action, linked step by step from debug/index.md; off: neither (the twin)."""
    fake_api.push(click("Pricing"), decision("done", verdict="met", evidence="Pro plan"), wrap_up())
    lines: list[str] = []
    agent = Agent(page, JANA, claude, UserAgentConfig(settle_timeout=2, debug=mode), tmp_path, progress=lines.append)
    result = agent.run("Find the Pro plan", url=f"{site}/index.html")
    folder = tmp_path / "useragent"
    assert result.goal_achieved
    log = folder / "debug.log"
    assert log.exists() == (mode != "off") and (folder / "debug").exists() == (mode == "ultra")
    if mode == "off":
        return
    logged = log.read_text().splitlines()
    assert logged == lines and len(logged) == 2
    assert logged[0].startswith("step 1/") and logged[0].endswith(" so far") and "$0.0" in logged[0]
    if mode == "ultra":
        index = (folder / "debug" / "index.md").read_text()
        for link in re.findall(r"\]\(([^)]+)\)", index):
            assert (folder / "debug" / link).resolve().is_file(), link  # every link opens a file
        assert "[step-001-after.jpg](step-001-after.jpg)" in index and "[step-001-1.json](step-001-1.json)" in index
        assert "(../screenshots/step-001.jpg)" in index and "## wrap-up" in index
