"""Aggregation is pure: totals are the sums of the sessions, issues are merged across the run."""

from __future__ import annotations

from pytest_useragent.report.aggregate import Crash, SessionEntry, aggregate
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
