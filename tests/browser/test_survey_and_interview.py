"""The SUS after a session and debrief interviews, through the real SDK and the fake Messages API, and offline."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pytest_useragent import Agent, OfflineProvider, Persona, SessionResult, UserError
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.records import SusItem, SusReply
from pytest_useragent.research.sus import ITEMS
from pytest_useragent.testing import Fault, decision, wrap_up

JANA = Persona(name="Jana", background="Jana, 45. Never used a shop like this.", language="cs")
# by hand: odd items 4, 4, 5, 4, 3 -> 3+3+4+3+2 = 15; even items 2, 1, 2, 2, 3 -> 3+4+3+3+2 = 15; 30 x 2.5 = 75
SCORES = [4, 2, 4, 1, 5, 2, 4, 2, 3, 3]


def sus_reply(scores: list[int] = SCORES) -> SusReply:
    return SusReply(answers=[SusItem(item=i, score=s, reason=f"důvod {i}") for i, s in enumerate(scores, start=1)])


def make_agent(page: Any, provider: Any, tmp_path: Path, **kwargs: Any) -> Agent:
    settings = {key: kwargs.pop(key) for key in ("survey",) if key in kwargs}
    return Agent(page, JANA, provider, UserAgentConfig(settle_timeout=2, **settings), tmp_path, **kwargs)


def text_of(body: dict[str, Any]) -> str:
    content = body["messages"][0]["content"]
    return content if isinstance(content, str) else "\n".join(block.get("text", "") for block in content)


def test_the_persona_answers_the_sus_after_the_wrap_up(page, site, tmp_path, fake_api, claude):
    fake_api.push(decision("done", reason="ok", evidence="Welcome to Corner Shop"), wrap_up(7), sus_reply())

    result = make_agent(page, claude, tmp_path, survey="sus").run("Find the shop", url=f"{site}/index.html")

    assert result.survey is not None and result.survey.score == 75.0
    assert [answer.score for answer in result.survey.answers] == SCORES
    assert result.survey.answers[0].reason == "důvod 1" and result.survey.answers[1].statement == ITEMS[1]
    assert "through" in result.survey.answered_by and not fake_api.problems
    asked = text_of(fake_api.requests[2])
    assert all(statement in asked for statement in ITEMS) and "(cs)" in asked
    assert "intuitiveness 7/10" in asked  # the wrap-up's verdict goes with it
    assert "Jana" in fake_api.requests[2]["system"][0]["text"]
    assert result.cost_usd == pytest.approx(
        sum(c.cost_usd for s in result.steps for c in s.calls) + _paid_after(result)
    )
    saved = SessionResult.model_validate_json((tmp_path / "useragent" / "session.json").read_text())
    assert saved.survey == result.survey
    report = (tmp_path / "useragent" / "report.md").read_text()
    assert "## System Usability Scale: 75.0 / 100" in report and "důvod 10" in report


def _paid_after(result: SessionResult) -> float:
    """What the wrap-up and the survey cost: the session's total less its steps'."""
    return result.cost_usd - sum(call.cost_usd for step in result.steps for call in step.calls)


def test_a_survey_missing_an_item_is_repaired(page, site, tmp_path, fake_api, claude):
    short = {"answers": [{"item": i, "score": 3, "reason": "-"} for i in range(1, 10)]}
    fake_api.push(decision("done", reason="ok", evidence="Welcome to Corner Shop"), wrap_up(), short, sus_reply())

    result = make_agent(page, claude, tmp_path, survey="sus").run("Find the shop", url=f"{site}/index.html")

    assert result.survey is not None and result.survey.score == 75.0
    assert len(fake_api.requests) == 4 and "exactly once" in str(fake_api.requests[3]["messages"][-1]["content"])


def test_no_survey_unless_asked(page, site, tmp_path, fake_api, claude):
    fake_api.push(decision("done", reason="ok", evidence="Welcome to Corner Shop"), wrap_up())
    result = make_agent(page, claude, tmp_path).run("Find the shop", url=f"{site}/index.html")
    assert result.survey is None and len(fake_api.requests) == 2


def test_the_offline_engine_answers_from_its_counts_and_says_so(page, site, tmp_path):
    result = make_agent(page, OfflineProvider(), tmp_path, survey="sus").run(
        "Find the pricing", url=f"{site}/index.html"
    )

    survey = result.survey
    assert survey is not None and "offline engine" in survey.answered_by
    assert all("offline engine, from its counts" in answer.reason for answer in survey.answers)
    odd, even = survey.answers[0].score, survey.answers[1].score
    assert odd + even == 6 and survey.score == 25.0 * (odd - 1)  # the same ease agreed with and disagreed with
    if result.goal_achieved and result.expectations.met_rate == 1.0:
        assert survey.score == 100.0


def test_an_interview_answers_from_the_session_record(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        decision("done", reason="ok", evidence="Welcome to Corner Shop"),
        wrap_up(),
        {"answer": "Odešla jsem, protože jsem nevěděla, co dál."},
        {"answer": "Ano."},
    )
    agent = make_agent(page, claude, tmp_path)
    result = agent.run("Find the shop", url=f"{site}/index.html")
    cost = result.cost_usd

    answer = agent.interview("Why did you leave the sign-up page?")

    assert answer.answer == "Odešla jsem, protože jsem nevěděla, co dál." and answer.cost_usd > 0
    assert result.interviews == [answer] and result.cost_usd == pytest.approx(cost + answer.cost_usd)
    asked = text_of(fake_api.requests[2])
    assert "Question: Why did you leave the sign-up page?" in asked
    assert "Your goal was: Find the shop" in asked  # the goal and the steps as recorded
    assert f'1. {result.steps[0].title}: expected "it works"; did done: ok' in asked
    assert "(cs)" in asked and "Jana" in fake_api.requests[2]["system"][0]["text"]

    agent.interview("Would you come back?", result)
    assert "You were already asked" in text_of(fake_api.requests[3]) and len(result.interviews) == 2
    saved = SessionResult.model_validate_json((tmp_path / "useragent" / "session.json").read_text())
    assert [i.question for i in saved.interviews] == ["Why did you leave the sign-up page?", "Would you come back?"]
    report = (tmp_path / "useragent" / "report.md").read_text()
    assert "## Interview" in report and "> Odešla jsem" in report


def test_an_interview_is_redacted_like_everything_else(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        decision("done", reason="ok", evidence="Welcome to Corner Shop"),
        wrap_up(),
        {"answer": "I typed hunter2-secret"},
    )
    agent = make_agent(page, claude, tmp_path, credentials={"password": "hunter2-secret"})
    agent.run("Find the shop", url=f"{site}/index.html")

    answer = agent.interview("Did you type hunter2-secret anywhere?")

    assert "hunter2-secret" not in str(fake_api.requests[2]) and "{{password}}" in text_of(fake_api.requests[2])
    assert answer.answer == "I typed {{password}}" and "hunter2-secret" not in answer.question
    for path in (tmp_path / "useragent").rglob("*.*"):
        if path.suffix in (".json", ".md", ".jsonl"):
            assert "hunter2-secret" not in path.read_text(), path


def test_the_offline_engine_tells_the_step_the_question_is_about(page, site, tmp_path):
    agent = make_agent(page, OfflineProvider(), tmp_path)
    result = agent.run("Find the pricing", url=f"{site}/index.html")

    answer = agent.interview("What did you expect when you clicked Pricing?")

    assert answer.answer is not None and answer.answer.startswith("(offline engine: I answer from my record only.)")
    assert "Pricing" in answer.answer and answer.cost_usd == 0 and result.interviews == [answer]


def test_an_interview_before_any_session_is_one_line(page, tmp_path):
    agent = make_agent(page, OfflineProvider(), tmp_path)
    with pytest.raises(UserError, match="call agent.run"):
        agent.interview("Why?")
    agent.results.append(None)  # type: ignore[arg-type]  # never looked at: the question is checked first
    with pytest.raises(UserError, match="needs a question"):
        agent.interview("  ", result=None)


def test_an_interview_the_api_refuses_is_recorded_not_raised(page, site, tmp_path, fake_api, claude):
    fake_api.push(decision("done", reason="ok", evidence="Welcome to Corner Shop"), wrap_up(), Fault(401))
    agent = make_agent(page, claude, tmp_path)
    result = agent.run("Find the shop", url=f"{site}/index.html")

    answer = agent.interview("Why?")

    assert answer.answer is None and "not answered: Anthropic API answered 401" in (answer.problem or "")
    assert result.interviews == [answer] and agent.spending.ledger.state().halted
    assert "(no answer: not answered: Anthropic API answered 401" in (tmp_path / "useragent" / "report.md").read_text()
