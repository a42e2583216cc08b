"""Honest verdicts on pages where the flow needs a last action (a Book button, Enter in a todo field, a form's Send):
neither the offline engine nor a model that says done early passes, and a test's `success=` check decides."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pytest_useragent import Agent, OfflineProvider, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.testing import decision, ref_of, wrap_up

JANA = Persona(name="Jana", background="Jana, 45. Books things online now and then.")


def make_agent(page: Any, provider: Any, tmp_path: Path, **settings: Any) -> Agent:
    return Agent(page, JANA, provider, UserAgentConfig(settle_timeout=2, **settings), tmp_path)


def last_done(result: Any) -> Any:
    return [step for step in result.steps if step.action and step.action.kind == "done"][-1]


def test_the_offline_engine_presses_book_and_names_the_confirmation(page, site, tmp_path):
    result = make_agent(page, OfflineProvider(), tmp_path).run("Book a tour", url=f"{site}/tour.html")

    assert result.goal_achieved and result.outcome == "goal_achieved"
    assert page.get_by_role("status").inner_text().startswith("Booked: Saturday 10:00, for Jana")  # the page's state
    done = last_done(result)
    assert done.action.evidence.startswith("Booked: Saturday 10:00") and done.outcome.claim.found_in == "page"
    assert result.evidence == done.action.evidence  # what the persona found, for the test to assert on
    assert 'get_by_role("button", name="Book")' in [step.outcome.locator for step in result.steps]


@pytest.mark.parametrize("mode", ["full", "silent"])
def test_the_offline_engine_gives_up_when_booking_is_refused_or_nothing_answers(page, site, tmp_path, mode):
    result = make_agent(page, OfflineProvider(), tmp_path).run("Book a tour", url=f"{site}/booking.html?{mode}")

    assert result.outcome == "gave_up" and not result.goal_achieved
    assert not [step for step in result.steps if step.action and step.action.kind == "done"]
    assert not page.get_by_role("status").inner_text().startswith("Booked")


def test_the_offline_engine_presses_enter_and_proves_the_todo_is_in_the_list(page, site, tmp_path):
    result = make_agent(page, OfflineProvider(), tmp_path).run("Add a todo 'buy milk'", url=f"{site}/todo.html")

    assert result.goal_achieved
    assert page.locator("#list li span").all_inner_texts() == ["water the plants", "buy milk"]
    assert last_done(result).action.evidence == "buy milk"
    assert not page.locator("#list input:checked").count()  # it ticked no one's todo on the way


def test_the_offline_engine_sends_the_form_before_it_says_done(page, site, tmp_path):
    goal = "Send the message 'See you on Monday' to the team"
    result = make_agent(page, OfflineProvider(), tmp_path).run(goal, url=f"{site}/contact.html")

    assert result.goal_achieved
    assert page.locator("#sent").inner_text() == "Thank you, Jana: your message was sent to the team."
    assert last_done(result).action.evidence == "Thank you, Jana: your message was sent to the team."


def test_a_model_that_says_done_early_with_evidence_not_on_the_page_is_told_and_does_not_pass(
    page, site, tmp_path, fake_api, claude
):
    fake_api.push(
        decision("done", evidence="Your tour is booked"),
        decision("give_up", reason="I cannot find how to book"),
        wrap_up(),
    )
    result = make_agent(page, claude, tmp_path).run("Book a tour", url=f"{site}/booking.html")

    assert result.outcome == "gave_up" and not result.goal_achieved
    assert not result.steps[0].outcome.ok and result.steps[0].outcome.claim.found_in is None
    told = "\n".join(block.get("text", "") for block in fake_api.requests[1]["messages"][0]["content"])
    assert 'Your done was not taken: your evidence "Your tour is booked" is not on the page' in told
    assert [claim.step for claim in result.completion.false_dones] == [1]
    assert result.evidence is None  # a done that was not taken quoted nothing the test may trust


def test_the_success_check_overrides_a_persona_that_says_done_too_early(page, site, tmp_path, fake_api, claude):
    fake_api.push(decision("done", evidence="Book a tour"), decision("give_up", reason="no idea"), wrap_up())
    booked = page.get_by_role("status").filter(has_text="Booked")
    result = make_agent(page, claude, tmp_path).run("Book a tour", url=f"{site}/booking.html", success=booked)

    assert result.steps[0].outcome.claim.found_in == "page"  # its evidence is on the page, and proves nothing
    assert not result.goal_achieved and result.completion.success is False
    assert result.completion.check is not None and "Booked" in result.completion.check
    [finding] = [issue for issue in result.issues if issue.rule == "false-done"]
    assert finding.source == "check" and finding.step == 1 and finding.heuristic.startswith("Nielsen #1")
    assert len(result.completion.false_dones) == 1
    assert result.evidence is None  # its evidence is on the page, but the test's check says no


def test_the_success_check_overrides_a_persona_that_gives_up_on_a_goal_it_reached(
    page, site, tmp_path, fake_api, claude
):
    fake_api.push(
        lambda body: decision("click", ref_of(body, "Book")),
        decision("give_up", reason="I am not sure it worked"),
        wrap_up(),
    )
    result = make_agent(page, claude, tmp_path).run(
        "Book a tour", url=f"{site}/booking.html", success=lambda page: "Booked" in page.locator("#status").inner_text()
    )

    assert result.outcome == "gave_up" and result.goal_achieved and not result.completion.false_dones
