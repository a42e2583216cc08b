"""Sessions that explored (no goal) in baselines, comparisons, repeats and the run report: compared by their issues
and rates only, never counted as goals missed; each twin is a goal session, held to its goal, steps and cost."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pytest_useragent.regression.baseline import Baseline, RunMetadata, SessionFigures, TestFigures, figures_of
from pytest_useragent.regression.compare import compare
from pytest_useragent.regression.repeats import repeat_stats
from pytest_useragent.regression.thresholds import parse_fail_rules
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.render import render_run_markdown, render_session_markdown
from pytest_useragent.session.clock import Clock
from pytest_useragent.testing.synthetic import session_result

META = RunMetadata(date=datetime(2026, 11, 25, tzinfo=UTC))
STRICT = parse_fail_rules("goal:0,met_rate:0,steps:0,cost:0")


def explored(steps: int = 4, met: int = 3, cost: float = 0.02) -> SessionFigures:
    result = session_result(outcome="explored", steps=steps, met=met, cost_usd=cost)
    return figures_of(result.model_copy(update={"explore": True})).model_copy(update={"evaluated": 3})


def reached(steps: int = 4, met: int = 3, cost: float = 0.02) -> SessionFigures:
    return figures_of(session_result(steps=steps, met=met, cost_usd=cost)).model_copy(update={"evaluated": 3})


def run(*sessions: SessionFigures) -> Baseline:
    return Baseline(name="run", metadata=META, tests={"t::a": TestFigures(sessions=list(sessions))})


def test_an_explored_session_has_no_goal_to_reach_and_its_test_no_goal_rate():
    figures = explored()
    assert figures.goal_achieved is None and figures.explored
    assert run(figures).tests["t::a"].goal.total == 0 and run(figures).goal.total == 0
    twin = reached()
    assert twin.goal_achieved is True and not twin.explored and run(twin).goal.total == 1


def test_an_explored_test_is_compared_by_its_rates_not_its_steps_or_cost():
    before, now = run(explored(steps=3, met=3, cost=0.01)), run(explored(steps=9, met=1, cost=0.05))
    comparison = compare(before, now, STRICT)
    assert [(change.measure, change.regression) for change in comparison.changes] == [("met_rate", True)]

    twin = compare(run(reached(steps=3, met=3, cost=0.01)), run(reached(steps=9, met=1, cost=0.05)), STRICT)
    assert {change.measure for change in twin.changes} == {"met_rate", "steps", "cost"}


def test_an_old_baseline_without_the_explored_field_still_loads():
    old = {"goal_achieved": True, "claimed": True, "outcome": "goal_achieved", "met": 1, "evaluated": 1}
    figures = SessionFigures.model_validate({**old, "steps": 1, "cost_usd": 0.0})
    assert figures.explored is False and figures.goal_achieved is True


def test_repeats_count_goals_of_the_sessions_that_had_one():
    sessions = [session_result().model_copy(update={"explore": True}) for _ in range(2)] + [session_result()]
    assert repeat_stats(sessions).goal.total == 1 and repeat_stats(sessions).goal.hits == 1


def test_the_reports_say_explored_where_a_goal_would_be():
    result = session_result(outcome="explored").model_copy(update={"explore": True})
    summary = aggregate([SessionEntry(nodeid="t::a", result=result)], [])
    assert summary.explored == 1 and summary.goals_achieved == 0
    told = render_run_markdown(summary)
    assert "**Goals reached:** none given (1 explored)" in told and "| explored |" in told
    told = render_session_markdown(result)
    assert "**Explored:**" in told and "**Goal achieved:** explored" in told and "**Goal:**" not in told
    twin = render_session_markdown(session_result())
    assert "**Goal:**" in twin and "**Goal achieved:** yes" in twin and "Explored" not in twin


def test_the_session_clock_stops_a_session_once_its_time_is_up():
    clock = Clock(seconds=2.0, started=100.0)
    clock.check(now=101.9)  # within its time: nothing
    with pytest.raises(Exception, match=r"ran out of its time \(2 s of wall clock\)") as raised:
        clock.check(now=102.0)
    assert type(raised.value).__name__ == "SessionTimedOut"
    Clock(seconds=None, started=0.0).check(now=1e9)  # no timeout: never
