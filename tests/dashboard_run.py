"""A run as issue 41 met it: 18 tests on one site, each meeting the same three site-wide check issues (and one
test a fourth), compared with a baseline of the same tests without them, where five tests reached their goal and
now do not; with a trend of four runs. Built from records, no browser."""

from __future__ import annotations

from datetime import UTC, datetime

from pytest_useragent.records import Issue, IssueList
from pytest_useragent.regression.baseline import RunMetadata, TrendPoint
from pytest_useragent.regression.compare import compare
from pytest_useragent.regression.thresholds import parse_fail_rules
from pytest_useragent.report.aggregate import RunSummary, SessionEntry, aggregate
from pytest_useragent.report.recorded import record
from pytest_useragent.testing.synthetic import session_result

TESTS = 18
LOST = 5
"""Tests that reached their goal in the baseline and do not now."""
SITE_WIDE = [
    ("button-name", "critical", "Buttons must have discernible text"),
    ("color-contrast", "major", "Elements must meet minimum color contrast ratio thresholds"),
    ("region", "minor", "All page content should be contained by landmarks"),
]
ONE_TEST = ("image-alt", "critical", "Images must have alternative text")
META = RunMetadata(
    date=datetime(2026, 11, 23, 2, 0, tzinfo=UTC),
    duration_seconds=812,
    commit="0123456789abcdef",
    branch="main",
    provider="anthropic",
    model="claude-sonnet-4-6",
    plugin_version="0.1.0",
)
LONG = "test_a_shopper_with_a_very_long_descriptive_test_name_that_goes_on_and_on_about_checkout"


def nodeid(index: int) -> str:
    return f"tests/ux/test_shop_journeys.py::{LONG}_{index:02d}[chromium-Jana]"


def check(rule: str, severity: str, title: str) -> Issue:
    return Issue(
        source="check",
        rule=rule,
        severity=severity,  # type: ignore[arg-type]
        heuristic="WCAG",
        title=title,
        # as axe's are: the element, and the rule's address, one long word
        evidence=f"{rule}: <button class='icon-only-button-without-any-text-at-all'></button> " * 3
        + f"; the rule: https://dequeuniversity.com/rules/axe/4.12/{rule}?application=axeAPI",
        quote="",
        element=f"<{rule}>",
        step=2,
    )


def entries(*, flawed: bool) -> list[SessionEntry]:
    made = []
    for index in range(TESTS):
        lost = flawed and index < LOST
        result = session_result(outcome="gave_up" if lost else "goal_achieved", issues=0, seed=index)
        found = [check(*row) for row in SITE_WIDE] if flawed else []
        if flawed and index == 7:
            found.append(check(*ONE_TEST))
        result.steps[1].issues = found
        result = result.model_copy(update={"issues": IssueList(found)})
        result.directory = f"/runs/{'now' if flawed else 'before'}/{index}/useragent"
        made.append(SessionEntry(nodeid=nodeid(index), result=result))
    return made


def dashboard_run() -> RunSummary:
    before = aggregate(entries(flawed=False), [])
    outcomes = {nodeid(index): "passed" for index in range(TESTS)}
    baseline = record(before, META, outcomes, name="fixed")
    summary = aggregate(entries(flawed=True), [], budget_usd=5.0)
    summary.metadata = META
    summary.test_outcomes = {nodeid(index): "xfailed" if index < LOST else "passed" for index in range(TESTS)}
    now = record(summary, META, summary.test_outcomes)
    summary.comparison = compare(baseline, now, parse_fail_rules("goal:0,new_issues:0,cost:25%"), label="0002_fixed")
    summary.trend = [
        TrendPoint(label=f"000{n}_run", date=META.date, goal_rate=1 - n / 8, met_rate=0.6, cost_usd=0.05 * n)
        for n in range(1, 5)
    ]
    return summary
