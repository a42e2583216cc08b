"""Words a newcomer reads in the reports and the terminal: plurals, nothing judged, one engine named once."""

from __future__ import annotations

from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.collect import counted
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
