"""A click on a radio button or box a person cannot click itself (transparent, covered by the label that draws it):
the harness clicks its label, as a person clicks what they see; a plain one is clicked itself
(tests/pages/forms/styled-choices.html)."""

from __future__ import annotations

from pytest_useragent import Agent, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.testing import ScriptedProvider, decision, ref_of

SAM = Persona("Sam, 31, uses a mouse.")


def test_a_choice_hidden_under_its_label_is_chosen_by_its_label_at_once(page, site, tmp_path):
    steps = iter(
        [
            lambda request: decision("click", ref_of(request, "The design"), expectation="chosen"),
            lambda request: decision("click", ref_of(request, "Send me news"), expectation="ticked"),
            lambda request: decision("give_up", reason="done"),
        ]
    )
    agent = Agent(page, SAM, ScriptedProvider(lambda request: next(steps)(request)), UserAgentConfig(), tmp_path)
    result = agent.run("Answer the survey", url=f"{site}/forms/styled-choices.html", max_steps=3)
    outcomes = [step.outcome for step in result.steps[:2]]
    assert all(o.ok and o.message.startswith("clicked (its label") for o in outcomes), outcomes
    assert page.locator("#chosen").text_content() == "design, news"
    assert "dead-click" not in {issue.rule for issue in result.issues}


def test_a_choice_a_person_can_click_is_clicked_itself(page, site, tmp_path):
    page.goto(f"{site}/forms/styled-choices.html")
    page.add_style_tag(
        content="label input { position: static; width: auto; height: auto; opacity: 1 } .cover { display: none }"
    )
    steps = iter(
        [
            lambda request: decision("click", ref_of(request, "The price"), expectation="chosen"),
            lambda request: decision("give_up", reason="done"),
        ]
    )
    agent = Agent(page, SAM, ScriptedProvider(lambda request: next(steps)(request)), UserAgentConfig(), tmp_path)
    result = agent.run("Answer the survey", max_steps=2)
    assert result.steps[0].outcome.message == "clicked" and page.locator("#chosen").text_content() == "price"
