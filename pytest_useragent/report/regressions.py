"""The comparison with a baseline as the terminal shows it: one table of what regressed, then a line each for what
got worse within its limit, what got better, issues new, resolved and persisting, and tests on one side only.
Pure; the markdown and HTML reports render the same `Comparison` from their templates."""

from __future__ import annotations

from collections.abc import Sequence

from pytest_useragent.regression.compare import ISSUE_STATUSES, MEASURES, Change, Comparison, IssueChange, IssueStatus
from pytest_useragent.regression.stats import Rate

MAX_ROWS = 50
"""Rows of the regression table the terminal shows; the reports have them all."""
ISSUE_HEADINGS: dict[IssueStatus, str] = {
    "new": "New issues",
    "resolved": "Resolved issues",
    "unseen": "Not seen: the journey ended before the step that met them, or axe could not audit their page",
    "persisting": "Persisting issues",
}
"""What the reports head each status's list with, in `ISSUE_STATUSES`' order."""
UNSEEN = "not seen (the journey ended earlier, or their page was not audited)"


def value(measure: str, number: float) -> str:
    """A measure's value as the reports write it."""
    if measure in ("goal", "met_rate"):
        return f"{number:.0%}"
    if measure == "cost":
        return f"${number:.4f}"
    return f"{number:g}"


def noise(change: Change) -> str:
    """The 95% interval of a rate's change, in points, when there were repeats on both sides."""
    if change.interval is None:
        return ""
    return f"change 95% CI {change.interval.low * 100:+.0f}..{change.interval.high * 100:+.0f} pts"


def comparison_lines(comparison: Comparison) -> list[str]:
    meta = comparison.metadata
    made = meta.date.strftime("%Y-%m-%d %H:%M")
    where = " ".join(part for part in ((meta.commit or "")[:8], meta.branch or "") if part)
    regressions = len(comparison.regressions) + len(comparison.new_issue_regressions)
    verdict = (
        "accepted as the new baseline"
        if comparison.accepted
        else f"FAILED by {comparison.rules}"
        if comparison.failed
        else f"within {comparison.rules}"
        if comparison.rules
        else "no --useragent-compare-fail: reported, not failed"
    )
    lines = [
        f"compared with baseline {comparison.baseline} ({made}{', ' + where if where else ''}): "
        f"{regressions} regression{'s' if regressions != 1 else ''}, {verdict}"
    ]
    rows = [("test", "what", "before", "now", "")]
    rows += [
        (
            change.test,
            MEASURES[change.measure],
            value(change.measure, change.before),
            value(change.measure, change.now),
            noise(change),
        )
        for change in comparison.regressions
    ]
    rows += [
        (
            issue.test,
            f"new {issue.severity} issue{' to review' if issue.trust == 'review' else ''}",
            "-",
            _issue(issue),
            "",
        )
        for issue in comparison.new_issue_regressions
    ]
    if len(rows) > 1:
        lines += ["  " + line for line in table(rows[: MAX_ROWS + 1])]
        if len(rows) > MAX_ROWS + 1:
            lines.append(f"  ... and {len(rows) - MAX_ROWS - 1} more in report.md")
    within = [change for change in comparison.worse if not change.regression]
    if within:
        lines.append("worse within the limits: " + "; ".join(_change(change) for change in within[:10]))
    if comparison.better:
        lines.append("better: " + "; ".join(_change(change) for change in comparison.better[:10]))
    counts = {status: len(comparison.with_status(status)) for status in ("new", "resolved", "persisting")}
    unseen = len(comparison.with_status("unseen"))
    if any(counts.values()) or unseen:
        review = len(comparison.new_to_review)  # counted apart: `review_issues`, never `new_issues`
        apart = {"new": f" ({review} of them to review)"} if review else {}
        said = ", ".join(f"{count} {status}{apart.get(status, '')}" for status, count in counts.items())
        lines.append(f"issues: {said}" + (f", {unseen} {UNSEEN}" if unseen else ""))
    if comparison.only_before:
        lines.append(f"in the baseline, not run now: {_names(comparison.only_before)}")
    if comparison.only_now:
        lines.append(f"no baseline yet (new tests): {_names(comparison.only_now)}")
    return lines


def table(rows: Sequence[tuple[str, ...]]) -> list[str]:
    """Rows as columns padded to their widest cell."""
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows]


def _issue(issue: IssueChange) -> str:
    step = f" (step {issue.step})" if issue.step is not None else ""
    return f'"{issue.title}"{step}, {issue.trust}'


def _change(change: Change) -> str:
    before, now = value(change.measure, change.before), value(change.measure, change.now)
    return f"{change.test} {MEASURES[change.measure]} {before} -> {now}"


def _names(tests: list[str]) -> str:
    shown = ", ".join(tests[:5])
    return shown + (f" and {len(tests) - 5} more" if len(tests) > 5 else "")


def rate_text(rate: Rate) -> str:
    """`4/5 (38-96%)`: hits of total, with the Wilson interval once there are two or more; `-` for none judged."""
    if rate.total == 0:
        return "-"
    if rate.total < 2:
        return f"{rate.hits}/{rate.total}"
    return f"{rate.hits}/{rate.total} ({rate.interval.low * 100:.0f}-{rate.interval.high * 100:.0f}%)"


def test_anchor(test: str) -> str:
    """The id of a test's row in report.html."""
    return "test-" + "".join(ch if ch.isalnum() else "-" for ch in test)


FORMATS = {
    "measures": MEASURES,
    "value": value,
    "noise": noise,
    "rate": rate_text,
    "test_anchor": test_anchor,
    "issue_headings": {status: ISSUE_HEADINGS[status] for status in ISSUE_STATUSES},
}
"""What the report templates format comparisons and rates with."""
