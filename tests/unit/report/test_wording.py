"""Words a newcomer reads in the reports and the terminal: plurals, nothing judged, one engine named once."""

from __future__ import annotations

from pathlib import Path

from pytest_useragent.plugin.collect import counted, export_line, replay_line, stop_lines
from pytest_useragent.records import ReplayReport
from pytest_useragent.report.aggregate import SessionEntry, Stops, aggregate
from pytest_useragent.report.render import render_run_html, render_run_markdown, render_session_markdown
from pytest_useragent.testing.synthetic import session_result


def test_counts_are_singular_for_one():
    assert [counted(n, "session") for n in (0, 1, 2)] == ["0 sessions", "1 session", "2 sessions"]


def test_the_offline_engine_is_named_once_and_no_judged_expectation_is_no_percentage():
    result = session_result(steps=1, met=0, issues=0)  # offline / offline, nothing judged
    told = render_session_markdown(result)
    assert "- **Driven by:** offline\n" in told and "offline / offline" not in told
    assert "0 surprised\n" in told and "0% met" not in told
    summary = aggregate([SessionEntry(nodeid="t", result=result)], [])
    for report in (render_run_markdown(summary), render_run_html(summary, {})):
        assert "offline / offline" not in report and "0/0" not in report and "none judged" in report
    assert "1 step<" in render_run_html(summary, {})


def test_a_model_is_named_beside_its_provider():
    result = session_result().model_copy(update={"provider": "anthropic", "model": "claude-sonnet-4-6"})
    assert "- **Driven by:** anthropic / claude-sonnet-4-6\n" in render_session_markdown(result)


def test_one_replayed_session_one_skipped_test_and_one_issue_are_singular():
    replay = ReplayReport(mode="once", cassette="cassettes/t.yaml", replayed=1, live=0)
    result = session_result(steps=1, met=0, issues=1).model_copy(update={"replay": replay})
    stops = Stops(budget_exhausted=True, halted="401", skipped_for_budget=1, skipped_for_halt=1)
    summary = aggregate([SessionEntry(nodeid="t", result=result)], [], stops=stops)
    assert replay_line(summary) == "replay: 1 step from cassettes, 0 live, in 1 session; saved $0.00"
    assert stop_lines(summary)[1:] == [
        "1 test skipped because the API refused the run's calls",
        "the budget stopped sessions; 1 test skipped",
    ]
    html = render_run_html(summary, {})
    for report in (render_run_markdown(summary), html):
        assert "1 step replayed from cassettes and 0 live in 1 session;" in report
        assert "(1 test skipped)" in report and ": 1 test skipped." in report
        assert "1 sessions" not in report and "1 tests" not in report and "1 steps" not in report
    assert "<span>1 issue</span>" in html


def test_an_export_that_wrote_nothing_says_so_and_where():
    summary = aggregate([SessionEntry(nodeid="t", result=session_result(steps=1))], [])  # no evidence on a page
    assert export_line(summary, Path("exported")) == (
        "export: no session reached its goal with the evidence on the page; nothing written to exported"
    )
