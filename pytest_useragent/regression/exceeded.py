"""What a failed gate exceeded: each limit of `--useragent-compare-fail` the run went beyond (never one it kept), its
value against the limit, and the tests and issues that went beyond it. Pure: a `Comparison` in, records and lines out.

The terminal, report.md, report.html, the GitHub summary and the failure pytest reports for the gate
(`plugin/gate.py`) all say it with these lines, so what failed reads the same everywhere.
"""

from __future__ import annotations

from pydantic import BaseModel

from pytest_useragent.regression.compare import MEASURES, Change, Comparison, IssueChange
from pytest_useragent.regression.thresholds import COUNTS, RATES, Threshold, parse_fail_rules


class Exceeded(BaseModel):
    """One limit the run went beyond: the limit as written, the run's value against it, and what went beyond it,
    a line each (a test that lost its goal, a distinct new issue with the tests it is new in)."""

    limit: str
    """`goal:0%`, `new_issues:0`: as `--useragent-compare-fail` understood it."""
    value: str
    """The run against the limit: `1 test beyond it`, `12 distinct new issues (71 occurrences in 18 tests); the
    limit is 0 occurrences`."""
    lines: list[str]


class IssueGroup(BaseModel):
    """One issue (one key) of a comparison across the tests it has this status in."""

    key: str
    title: str
    severity: str
    trust: str
    status: str
    changes: list[IssueChange]
    regression: bool = False
    """One of its occurrences counts against a limit it exceeded."""

    @property
    def tests(self) -> list[str]:
        return list(dict.fromkeys(change.test for change in self.changes))


def grouped(changes: list[IssueChange]) -> list[IssueGroup]:
    """Issue changes by key (and status), in the order first met: the comparison's order, most severe first."""
    groups: dict[tuple[str, str], IssueGroup] = {}
    for change in changes:
        group = groups.get((change.key, change.status))
        if group is None:
            group = groups[(change.key, change.status)] = IssueGroup(
                key=change.key,
                title=change.title,
                severity=change.severity,
                trust=change.trust,
                status=change.status,
                changes=[],
            )
        group.changes.append(change)
        group.regression = group.regression or change.regression
    return list(groups.values())


def exceeded(comparison: Comparison) -> list[Exceeded]:
    """The limits the run exceeded, in the order the expression names them; none when it passed or was accepted."""
    if not comparison.failed or not comparison.rules:
        return []
    found = []
    for threshold in parse_fail_rules(comparison.rules).thresholds:
        if threshold.measure in COUNTS:
            review = threshold.measure == "review_issues"
            counted = [
                issue
                for issue in comparison.new_issue_regressions
                if issue.counted and (issue.trust == "review") is review
            ]
            if counted:
                found.append(_counted(threshold, counted))
            continue
        changes = [change for change in comparison.regressions if change.measure == threshold.measure]
        if changes:
            tests = len({change.test for change in changes})
            found.append(
                Exceeded(
                    limit=str(threshold),
                    value=f"{tests} test{'s' if tests != 1 else ''} beyond it",
                    lines=[_change(change, threshold) for change in changes],
                )
            )
    return found


def failed_by(comparison: Comparison) -> str:
    """`goal:0% (1 test beyond it), new_issues:0 (1 distinct new issue (3 occurrences in 3 tests); the limit is 0
    occurrences)`: only the limits the run exceeded."""
    return ", ".join(f"{item.limit} ({item.value})" for item in exceeded(comparison))


def _counted(threshold: Threshold, counted: list[IssueChange]) -> Exceeded:
    groups = grouped(counted)
    what = "new issues to review" if threshold.measure == "review_issues" else "new issues"
    distinct = f"{len(groups)} distinct {what if len(groups) != 1 else what.replace('issues', 'issue')}"
    tests = len({issue.test for issue in counted})
    value = (
        f"{distinct} ({len(counted)} occurrence{'s' if len(counted) != 1 else ''} in {tests} "
        f"test{'s' if tests != 1 else ''}); the limit is {threshold.limit:g} occurrences"
    )
    return Exceeded(limit=str(threshold), value=value, lines=[_group(group) for group in groups])


def _group(group: IssueGroup) -> str:
    tests = group.tests
    first = group.changes[0]
    step = f" step {first.step}" if first.step is not None else ""
    more = f" and {len(tests) - 1} more" if len(tests) > 1 else ""
    return (
        f'"{group.title}" ({group.severity}, {group.trust}): new in {len(tests)} test{"s" if len(tests) != 1 else ""}'
        f", e.g. {first.test}{step}{more}"
    )


def _change(change: Change, threshold: Threshold) -> str:
    name = MEASURES[change.measure]
    if change.measure in RATES:
        fell = (change.before - change.now) * 100
        interval = ""
        if change.interval is not None:
            interval = f", 95% CI of the change {change.interval.low * 100:+.0f}..{change.interval.high * 100:+.0f}"
        return (
            f"{change.test}: {name} {change.before:.0%} -> {change.now:.0%} (fell {fell:.0f} points{interval}; "
            f"the limit is {threshold.limit * 100:g})"
        )
    before, now = _amount(change.measure, change.before), _amount(change.measure, change.now)
    if threshold.relative:
        rise = f"+{(change.now - change.before) / change.before:.0%}" if change.before else "from none"
        limit = f"+{threshold.limit:.0%}"
    else:
        rise = f"+{_amount(change.measure, change.now - change.before)}"
        limit = f"+{_amount(change.measure, threshold.limit)}"
    return f"{change.test}: {name} {before} -> {now} ({rise}; the limit is {limit})"


def _amount(measure: str, number: float) -> str:
    return f"${number:.4f}" if measure == "cost" else f"{number:g}"
