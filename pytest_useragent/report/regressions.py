"""The comparison with a baseline as the terminal shows it: one table of what regressed, then a line each for what
got worse within its limit, what got better, issues new, resolved and persisting, and tests on one side only.
Pure; the markdown and HTML reports render the same `Comparison` from their templates."""

from __future__ import annotations

from pytest_useragent.regression.compare import ISSUE_STATUSES, MEASURES, Change, Comparison, IssueStatus
from pytest_useragent.regression.exceeded import exceeded, failed_by, grouped
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
    """The comparison as the terminal tells it: the verdict naming only the limits exceeded, then a line for each
    test and distinct issue beyond each limit (`exceeded.py`), then what changed within them."""
    meta = comparison.metadata
    made = meta.date.strftime("%Y-%m-%d %H:%M")
    where = " ".join(part for part in ((meta.commit or "")[:8], meta.branch or "") if part)
    beyond = exceeded(comparison)
    verdict = (
        "accepted as the new baseline"
        if comparison.accepted
        else f"FAILED by {failed_by(comparison)}"
        if beyond
        else f"within {comparison.rules}"
        if comparison.rules
        else "no --useragent-compare-fail: reported, not failed"
    )
    lines = [f"compared with baseline {comparison.baseline} ({made}{', ' + where if where else ''}): {verdict}"]
    told = [f"  {item.limit}: {line}" for item in beyond for line in item.lines]
    lines += told[:MAX_ROWS]
    if len(told) > MAX_ROWS:
        lines.append(f"  ... and {len(told) - MAX_ROWS} more in report.md")
    within = [change for change in comparison.worse if not change.regression]
    if within:
        lines.append("worse within the limits: " + "; ".join(_change(change) for change in within[:10]))
    if comparison.better:
        lines.append("better: " + "; ".join(_change(change) for change in comparison.better[:10]))
    said = [_status(comparison, status) for status in ISSUE_STATUSES]
    if any(said):
        lines.append("issues: " + ", ".join(part for part in said if part))
    if comparison.only_before:
        lines.append(f"in the baseline, not run now: {_names(comparison.only_before)}")
    if comparison.only_now:
        lines.append(f"no baseline yet (new tests): {_names(comparison.only_now)}")
    return lines


def _status(comparison: Comparison, status: IssueStatus) -> str:
    """`12 distinct new (71 occurrences in 18 tests), 2 of them to review, 2 of them opinions (listed, not counted)`
    (what `new_issues` leaves out, said, so its count and this one agree); empty for none."""
    found = comparison.with_status(status)
    if not found:
        return ""
    groups = grouped(found)
    name = UNSEEN if status == "unseen" else status
    text = f"{len(groups)} distinct {name}"
    tests = len({issue.test for issue in found})
    if len(found) != len(groups) or tests > 1:
        text += f" ({len(found)} occurrences in {tests} tests)"
    if status == "new" and (review := len(grouped(comparison.new_to_review))):  # apart: `review_issues`
        text += f", {review} of them to review"
    if status == "new" and (opinions := len(grouped([issue for issue in found if issue.trust == "opinion"]))):
        text += f", {opinions} of them {'an opinion' if opinions == 1 else 'opinions'} (listed, not counted)"
    return text


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
