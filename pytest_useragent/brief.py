"""Pure: a session told in a line (`repr(result)`, what a failing `assert result.goal_achieved` shows) and in a few
lines (the `useragent` section pytest prints under a failing test). Both are built from the `SessionResult` alone,
which is redacted before it is returned, so neither can hold a secret.

The whole record is 3 KB and more of steps, usage and documents: a reader of a failure wants how it ended, the last
thing the persona expected and whether it happened, the worst issues, and where the full account is.
"""

from __future__ import annotations

from pytest_useragent.records import SEVERITY_ORDER, Issue, SessionResult

TOP_ISSUES = 3
"""How many issues a failure shows; the rest are counted, and all are in report.md."""


def one_line(result: SessionResult) -> str:
    """The session as a repr: outcome first, report.md last, so that pytest's cut of a long repr (the middle goes)
    keeps both."""
    verdict = last_verdict(result)
    parts = [
        f"outcome={result.outcome!r}",
        f"goal_achieved={result.goal_achieved}",
        f"steps={len(result.steps)}",
        f"last expectation={verdict[0]!r} {verdict[1]}" if verdict else "",
        f"issues={_counts(result) or 'none'}",
        f"report={report_of(result)!r}",
    ]
    return f"{type(result).__name__}({', '.join(part for part in parts if part)})"  # a RepeatedResult says so


def lines(result: SessionResult) -> list[str]:
    """The session in a few lines, for a failing test."""
    ending = "goal achieved" if result.goal_achieved else "goal not achieved"
    steps = f"{len(result.steps)} step" + ("" if len(result.steps) == 1 else "s")
    told = [f"{result.outcome} after {steps}, {ending} ({_engine(result)}): {result.goal}"]
    if result.error:
        told.append(f"stopped: {result.error}")
    last = result.steps[-1].action if result.steps else None
    if last is not None and last.kind in ("give_up", "done") and last.reason:
        told.append(f"{'gave up' if last.kind == 'give_up' else 'said done'}: {last.reason}")
    if verdict := last_verdict(result):
        expectation, judged, note = verdict
        told.append(f"last expectation: {expectation} -> {judged}" + (f" ({note})" if note else ""))
    worst = sorted(result.issues, key=_severity_rank)
    if worst:
        told.append(f"issues: {_counts(result)}")
        told.extend(f"  {_issue(issue)}" for issue in worst[:TOP_ISSUES])
        if len(worst) > TOP_ISSUES:
            told.append(f"  ... and {len(worst) - TOP_ISSUES} more")
    told.append(f"report: {report_of(result)}")
    return told


def last_verdict(result: SessionResult) -> tuple[str, str, str] | None:
    """The last expectation that was judged, its verdict and why: a step's evaluation judges the step before's."""
    for before, step in reversed(list(zip(result.steps, result.steps[1:], strict=False))):
        if step.evaluation is not None and before.expectation:
            return before.expectation, step.evaluation.verdict, step.evaluation.note
    return None


def report_of(result: SessionResult) -> str:
    """The session's report.md: its copy under the run report's folder when there is one (what CI uploads, and what
    outlives pytest's pruning of tmp_path), else the one in the session's own folder."""
    if result.report_copy is not None:
        return f"{result.report_copy}/report.md"
    return result.files.get("report.md", f"{result.directory}/report.md")


def _engine(result: SessionResult) -> str:
    return result.provider if result.model == result.provider else f"{result.provider}, {result.model}"


def _counts(result: SessionResult) -> str:
    counts: dict[str, int] = {}
    for issue in sorted(result.issues, key=_severity_rank):
        counts[issue.severity] = counts.get(issue.severity, 0) + 1
    return ", ".join(f"{count} {severity}" for severity, count in counts.items())


def _severity_rank(issue: Issue) -> int:
    return -SEVERITY_ORDER[issue.severity]


def _issue(issue: Issue) -> str:
    where = f" [{issue.rule}]" if issue.rule else ""
    return f"{issue.severity}{where} {issue.title}"
