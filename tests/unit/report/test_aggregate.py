"""Aggregation is pure: totals are the sums of the sessions, issues are merged across the run."""

from __future__ import annotations

import json

import pytest

from pytest_useragent.errors import UserError
from pytest_useragent.records import Evaluation, Issue, IssueList, SessionResult
from pytest_useragent.records.grouping import deduplicated, stamped
from pytest_useragent.report.aggregate import REPORT_SCHEMA_VERSION, Crash, RunSummary, SessionEntry, aggregate
from pytest_useragent.report.render import render_run_html, render_run_markdown, render_session_markdown
from pytest_useragent.testing.synthetic import session_result


def session(
    nodeid: str,
    *,
    persona: str = "Jana",
    outcome: str = "goal_achieved",
    steps: int = 3,
    met: int = 2,
    cost: float = 0.01,
    issues: int = 1,
) -> SessionEntry:
    result = session_result(
        persona=persona,
        outcome=outcome,
        steps=steps,
        met=met,
        cost_usd=cost,  # type: ignore[arg-type]
        issues=issues,
    )
    return SessionEntry(nodeid=nodeid, result=result)


def test_totals_are_the_sums_of_the_sessions():
    sessions = [session("a", steps=3, met=2, cost=0.01), session("b", steps=5, met=1, cost=0.02, outcome="gave_up")]
    summary = aggregate(sessions, [], budget_usd=1.0)
    assert (summary.tests, summary.steps, summary.met, summary.evaluated) == (2, 8, 3, 3)
    assert summary.goals_achieved == 1 and summary.cost_usd == 0.03 and summary.spent_usd == 0.03
    assert summary.outcomes == ["gave_up", "goal_achieved"]


def test_issues_are_merged_across_the_run_most_severe_first():
    summary = aggregate([session("a", issues=2), session("b", issues=3)], [])
    assert [(entry.issue.title, len(entry.tests)) for entry in summary.issues] == [
        ("issue 0", 2),
        ("issue 1", 2),
        ("issue 2", 1),
    ]
    assert summary.issues_by_severity == {"critical": 1, "major": 1, "minor": 1, "cosmetic": 0}


def test_crashes_count_as_tests_and_outcomes():
    summary = aggregate([session("a")], [Crash(nodeid="b", reason="worker 'gw1' crashed")])
    assert summary.tests == 2 and "crashed" in summary.outcomes


def test_reports_render_every_session_and_the_money_in_its_currency():
    summary = aggregate(
        [session("t::a", persona="Jana"), session("t::b", persona="Petr")],
        [],
        currency="CZK",
        exchange_rate=23.5,
        budget_usd=2.0,
    )
    markdown, html = render_run_markdown(summary), render_run_html(summary, {})
    for text in (markdown, html):
        assert "t::a" in text and "t::b" in text and "47.00 CZK" in text
    assert "<option>Petr</option>" in html and 'data-outcome="goal_achieved"' in html


def test_the_session_report_follows_the_seed_format():
    text = render_session_markdown(session("a").result)
    for part in (
        "- **URL:**",
        "- **Persona:**",
        "- **Goal:**",
        "## Timeline",
        "- **Saw:**",
        "- **Expected:**",
        "- **Did:**",
        "- **Happened:**",
        "## Summary",
        "### UX issues",
        "## Session Cost",
        "- Total cost:",
    ):
        assert part in text


def _met(result: SessionResult, issue: Issue, steps: list[int]) -> SessionResult:
    """The result with `issue` reported at these steps (each stamped with its page, as the session does)."""
    for index in steps:
        step = result.steps[index - 1]
        step.issues = [*step.issues, stamped(issue, index, step.url, None)]
    kept = deduplicated(result.steps)
    return result.model_copy(update={"issues": IssueList(kept)})


def test_one_flaw_met_by_two_tests_is_one_issue_with_both_and_their_steps():
    icon = '<button class="icon"><svg></svg></button>'

    def axe(selector: str) -> Issue:
        return Issue(
            source="check", rule="button-name", severity="critical", heuristic="WCAG 4.1.2", title="Buttons need text",
            evidence="e", quote="q", element=icon, locator=f"locator({selector!r})",
        )  # fmt: skip

    first = _met(session_result(issues=0), axe(".icon"), [1, 3])
    second = _met(session_result(issues=0, persona="Petr"), axe("button"), [2])
    summary = aggregate([SessionEntry(nodeid="t::a", result=first), SessionEntry(nodeid="t::b", result=second)], [])
    (entry,) = summary.issues
    assert entry.tests == ["t::a", "t::b"] and entry.trust == "objective"
    assert [(seen.test, seen.persona, seen.steps) for seen in entry.seen] == [
        ("t::a", "Jana", [1, 3]),
        ("t::b", "Petr", [2]),
    ]


def test_a_persona_finding_is_reproduced_by_a_second_session_and_an_opinion_alone():
    def said(title: str) -> Issue:
        return Issue(severity="major", heuristic="h", title=title, evidence="e", quote="q")

    def on_cart(persona: str) -> SessionResult:
        result = session_result(issues=0, persona=persona)
        for step in result.steps:
            step.url = f"http://shop.test/cart?step={step.index}"
        return result

    one = _met(on_cart("Jana"), said("The total is hidden"), [1, 2])
    other = _met(on_cart("Petr"), said("the total is  hidden."), [3])
    alone = _met(on_cart("Jana"), said("I dislike the font"), [1])
    sessions = [SessionEntry(nodeid=f"t::{n}", result=r) for n, r in enumerate([one, other, alone])]
    summary = aggregate(sessions, [])
    assert [(entry.issue.title, entry.trust, entry.advisory) for entry in summary.issues] == [
        ("The total is hidden", "reproduced", False),
        ("I dislike the font", "opinion", True),
    ]
    assert summary.issues_by_trust == {"objective": 0, "reproduced": 1, "review": 0, "opinion": 1}
    assert [entry.issue.title for entry in summary.at_least("major")] == ["The total is hidden"]
    assert len(summary.at_least("major", trust=("reproduced", "opinion"))) == 2
    with pytest.raises(UserError, match="unknown trust 'reproducd'"):
        summary.at_least("major", trust="reproducd")  # type: ignore[arg-type]
    # one session repeating itself over steps is remembering, not reproducing
    (entry,) = aggregate(sessions[:1], []).issues
    assert entry.trust == "opinion" and entry.seen[0].steps == [1, 2]
    markdown = render_run_markdown(summary)
    assert ": 2 tests (reproduced" in markdown and ": 1 test (opinion, advisory" in markdown
    assert "trust-opinion" in render_run_html(summary, {}) and "opinion, advisory</span>" in render_run_html(
        summary, {}
    )
    again = RunSummary.model_validate_json(summary.model_dump_json())
    assert [entry.trust for entry in again.issues] == ["reproduced", "opinion"]
    assert again.schema_version == REPORT_SCHEMA_VERSION >= 2


def test_report_json_carries_each_tests_aggregate_with_its_intervals():
    sessions = [
        session("t::repeated", outcome="goal_achieved", steps=3, met=2, cost=0.01),
        session("t::repeated", outcome="gave_up", steps=5, met=1, cost=0.02),
        session("t::once", outcome="goal_achieved", steps=4, met=3, cost=0.03),
    ]
    written = json.loads(aggregate(sessions, [], budget_usd=1.0).model_dump_json())
    by_test = {entry["nodeid"]: entry for entry in written["per_test"]}
    repeated = by_test["t::repeated"]["stats"]
    assert repeated["sessions"] == 2 and repeated["goal"]["hits"] == 1 and repeated["goal"]["total"] == 2
    low, high = repeated["goal"]["interval"]["low"], repeated["goal"]["interval"]["high"]
    assert 0 < low < 0.5 < high < 1  # Wilson's, not the point estimate
    assert repeated["steps_median"] == 4 and abs(repeated["cost_usd"] - 0.03) < 1e-9
    once = by_test["t::once"]
    assert (once["stats"]["goal"]["hits"], once["stats"]["goal"]["total"]) == (1, 1) and once["reproduced"] == 0
    assert once["stats"]["goal"]["interval"]["low"] < 1  # one session proves little
    assert RunSummary.model_validate(written).tests == 2  # read back as it was


def test_the_timeline_shows_each_verdict_with_the_expectation_it_judged():
    """Step 2's evaluation judges step 1's expectation: the report says so on step 1, not as a "previous
    expectation" under step 2; the last expectation, never judged, says that."""
    result = session_result(steps=3, met=3)
    result.steps[1].evaluation = Evaluation(verdict="met", note="the cart shows 1")
    result.steps[2].evaluation = Evaluation(verdict="unmet", note="no price")
    for n, step in enumerate(result.steps, start=1):
        step.expectation = f"expectation {n}"
    text = render_session_markdown(result)
    assert "- **Expected:** expectation 1 → **met** (judged at step 2: the cart shows 1)" in text
    assert "- **Expected:** expectation 2 → **unmet** (judged at step 3: no price)" in text
    assert "- **Expected:** expectation 3 → not judged: the session ended" in text
    assert "Previous expectation" not in text
    html = render_run_html(aggregate([SessionEntry(nodeid="t", result=result)], [], budget_usd=1.0), {})
    assert (
        'expectation 1 <span class="verdict met">met</span> <small>judged at step 2: the cart shows 1</small>' in html
    )


def test_each_tests_aggregate_is_computed_once_for_the_sessions_and_its_outcome_read_as_it_is_now():
    summary = aggregate([session("t::a"), session("t::a", issues=2), session("t::b")], [])
    first = summary.by_test
    assert [view.stats.sessions for view in first] == [2, 1] and first[0].outcome is None
    assert summary.by_test[0].stats is first[0].stats  # not computed again for report.md after report.json
    summary.test_outcomes = {"t::a": "failed"}
    assert summary.by_test[0].outcome == "failed"
    summary.sessions.append(session("t::c"))  # the twin: other sessions, computed again
    assert [view.nodeid for view in summary.by_test] == ["t::a", "t::b", "t::c"]
