"""Exploring (`agent.explore`): the persona looks around with its jobs as its only intent, offline and through the
fake Messages API; and a session's wall clock (`session_timeout`) on a page that never settles."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pytest_useragent import Agent, OfflineProvider, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.testing import decision, ref_of, wrap_up

SAM = Persona(name="Sam", background="Sam, 29. New here.", jobs_to_be_done=["find out what the shop sells"])


def make_agent(page: Any, provider: Any, tmp_path: Path, **settings: Any) -> Agent:
    return Agent(page, SAM, provider, UserAgentConfig(**{"settle_timeout": 2, **settings}), tmp_path)


def test_offline_the_persona_looks_around_a_few_pages_then_says_it_has_seen_enough(page, site, tmp_path):
    result = make_agent(page, OfflineProvider(), tmp_path).explore(f"{site}/index.html")

    assert result.outcome == "explored" and result.goal_achieved is None and result.explore
    assert result.goal == "Explore the site as myself, with no task given: find out what the shop sells"
    kinds = [step.action.kind for step in result.steps if step.action]
    assert kinds[:-1] and set(kinds[:-1]) == {"click"} and kinds[-1] == "done"
    assert result.steps[-1].action.evidence is None and result.steps[-1].outcome.ok  # no evidence needed
    assert result.expectations.total >= 1 and result.wrap_up is not None
    assert "**Explored:**" in Path(result.files["report.md"]).read_text()


def test_the_twin_a_goal_session_on_the_same_page_is_held_to_its_goal(page, site, tmp_path):
    result = make_agent(page, OfflineProvider(), tmp_path).run("Find the pricing", url=f"{site}/index.html")

    assert result.outcome == "goal_achieved" and result.goal_achieved is True and not result.explore


def test_through_the_messages_api_the_request_says_what_exploring_means(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        lambda body: decision("click", ref_of(body, "Pricing"), expectation="Pricing shows the plans"),
        decision("done", verdict="met", reason="I have seen enough of the shop"),  # no evidence
        wrap_up(8),
    )

    result = make_agent(page, claude, tmp_path, debug="ultra").explore(f"{site}/index.html", max_steps=4)

    assert result.outcome == "explored" and result.goal_achieved is None and len(result.steps) == 2
    # what the model was sent, as --useragent-debug=ultra keeps it
    sent = json.loads((Path(result.directory) / "debug" / "step-001-1.json").read_text())["request"]
    text = "\n".join(block.get("text", "") for block in sent["messages"][0]["content"])
    system = "\n".join(block["text"] for block in sent["system"])
    assert "You are exploring: nobody gave you a task." in text and "find out what the shop sells" in text
    assert "answer done with a\nreason; no evidence is needed" in text and "Goal:" not in text
    said = " ".join(system.casefold().split())
    assert "exploring (no task given), done means you have seen enough: a reason, no evidence" in said
    assert "How it ended: explored" in "\n".join(
        block.get("text", "") for block in fake_api.requests[-1]["messages"][0]["content"]
    )


def test_the_twin_a_goal_request_names_the_goal_and_a_done_without_evidence_is_not_taken(
    page, site, tmp_path, fake_api, claude
):
    fake_api.push(decision("done", reason="I have seen enough"), decision("give_up", reason="no"), wrap_up(3))

    result = make_agent(page, claude, tmp_path).run("Find the pricing", url=f"{site}/index.html", max_steps=4)

    text = "\n".join(block.get("text", "") for block in fake_api.requests[0]["messages"][0]["content"])
    assert "Goal: Find the pricing" in text and "You are exploring" not in text
    assert not result.steps[0].outcome.ok and result.outcome == "gave_up" and result.goal_achieved is False


def test_a_session_on_a_page_that_never_settles_times_out_with_its_steps_on_disk(page, site, tmp_path):
    # each look waits out the settle timeout for a quiet DOM that never comes: the first step alone takes the clock
    agent = make_agent(page, OfflineProvider(), tmp_path, session_timeout=1, settle_timeout=1, max_steps=20)

    result = agent.explore(f"{site}/restless.html")

    assert result.outcome == "timed_out" and "ran out of its time (1 s of wall clock)" in (result.error or "")
    written = json.loads((Path(result.directory) / "session.json").read_text())
    assert written["outcome"] == "timed_out" and written["steps"]
    on_disk = (Path(result.directory) / "transcript.jsonl").read_text().splitlines()
    assert len(on_disk) == len(result.steps) >= 1 and len(result.steps) < 20


def test_the_twin_without_a_timeout_the_same_page_is_explored_to_its_end(page, site, tmp_path):
    result = make_agent(page, OfflineProvider(), tmp_path, settle_timeout=1, max_steps=3).explore(
        f"{site}/restless.html"
    )

    assert result.outcome == "explored" and result.error is None
