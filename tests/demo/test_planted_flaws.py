"""Measured: on the flawed shop the offline engine reaches the reachable goals and the checks find every planted
flaw that a rule can detect (each asserted by name); on the fixed shop those issues are gone."""

from __future__ import annotations

import pytest

from pytest_useragent import SessionResult


def rules(result: SessionResult) -> set[str]:
    return {issue.rule for issue in result.issues if issue.rule}


# goal, start path, the rule that must fire on the flawed shop, whether the goal is reachable there
RULE_FLAWS = [
    ("Find a job opening in careers", "/", "http-error", False),
    ("Find the pricing", "/", "button-name", True),
    ("Find the pricing", "/", "console-error", True),
    ("Find the pricing", "/", "target-size", True),
    ("Find the pricing", "/", "horizontal-overflow", True),
    ("Subscribe to the newsletter", "/", "dead-click", False),
    ("Search for 'oat milk'", "/", "slow-response", True),
    ("Sign up for the Pro plan", "/", "label", False),
]


@pytest.mark.parametrize(("goal", "path", "rule", "reachable"), RULE_FLAWS, ids=[flaw[2] for flaw in RULE_FLAWS])
def test_each_rule_detectable_flaw_is_found_and_gone_once_fixed(session, flawed, fixed, goal, path, rule, reachable):
    before = session(goal, flawed + path)
    assert rule in rules(before)
    assert before.goal_achieved is reachable
    evidence = next(issue for issue in before.issues if issue.rule == rule)
    assert evidence.source == "check" and evidence.step is not None and evidence.screenshot
    assert evidence.element or evidence.locator

    after = session(goal, fixed + path)
    assert rule not in rules(after)
    assert after.goal_achieved


def test_the_dead_button_and_the_icon_button_are_named(session, flawed):
    result = session("Subscribe to the newsletter", flawed + "/")
    dead = next(issue for issue in result.issues if issue.rule == "dead-click")
    assert dead.locator == 'get_by_role("button", name="Get the newsletter")' and dead.severity == "major"
    unnamed = next(issue for issue in result.issues if issue.rule == "button-name")
    assert unnamed.severity == "critical" and 'class="icon"' in (unnamed.element or "")
    assert unnamed.step == 1  # audited elsewhere while the step acted, and kept with the step that saw the page


def test_a_vague_form_error_is_reported_by_the_persona(session, flawed, fixed):
    result = session("Sign up for the Pro plan", flawed + "/")
    refused = [issue for issue in result.issues if issue.source == "persona" and "refused" in issue.title]
    assert refused and "Something went wrong" in refused[0].title
    assert session("Sign up for the Pro plan", fixed + "/").goal_achieved


def test_a_label_that_leads_elsewhere_is_reported_by_the_persona(session, flawed, fixed):
    result = session("Compare the plans in detail", flawed + "/pricing")
    assert '"Compare plans" did not lead where its label says' in [issue.title for issue in result.issues]
    repaired = session("Compare the plans in detail", fixed + "/pricing")
    assert repaired.goal_achieved and not [i for i in repaired.issues if i.source == "persona"]


def test_issues_are_deduplicated_within_a_session(session, flawed):
    result = session("Sign up for the Pro plan", flawed + "/")
    keys = [issue.key for issue in result.issues]
    assert len(keys) == len(set(keys))
    # the unnamed cart button is on every page the persona saw, yet reported once
    assert sum(1 for issue in result.issues if issue.rule == "button-name") == 1


def test_the_same_offline_session_twice_gives_the_same_steps_and_issues(session, flawed):
    first, second = (session("Sign up for the Pro plan", flawed + "/") for _ in range(2))

    def shape(result):
        return [(s.url, s.action and s.action.kind, s.outcome.locator, s.evaluation) for s in result.steps]

    assert shape(first) == shape(second)
    assert [(i.rule, i.title, i.step) for i in first.issues] == [(i.rule, i.title, i.step) for i in second.issues]


def test_the_persona_writes_its_note_when_the_goal_asks(session, flawed):
    result = session("Find the price of the Pro plan and note it in pricing.md", flawed + "/")
    assert result.goal_achieved and list(result.docs) == ["pricing.md"]
    assert [step.action.kind for step in result.steps if step.action][-2:] == ["write", "done"]
