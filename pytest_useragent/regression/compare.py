"""A run against a baseline: what got worse, what got better, which issues are new, resolved or persisting, and
whether that fails the run (`thresholds.FailRules`). Pure: two `Baseline`s in, a `Comparison` out.

Noise: with one session on either side there is nothing to tell chance from change, so the figures are compared as
they are (a deterministic engine has no noise, and a lost goal is a lost goal). With two sessions or more on both
sides (`--useragent-repeat`), a rate regresses only when the whole 95% interval of its change (Newcombe's hybrid
score interval, built from the two Wilson intervals: `stats.newcombe`) lies below minus the limit: a 4/5 after a
5/5 is within chance and does not fail; 0/5 after 5/5 does. Steps and cost compare medians, which one odd session
does not move much; with repeats on both sides a rise beyond the limit regresses only when the two medians'
distribution-free 95% intervals (`stats.median_interval`) do not overlap: it is not chance either.

An issue of the baseline that did not recur is resolved only when the journey went as far as the step that met it
(a session of the test, now, reached that step): a journey that ended earlier never got the chance to meet it, so
the issue is `unseen`, neither resolved nor better. So is a check's issue on a page whose states axe could not
audit this time (`SessionResult.unaudited`): not found is not gone.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from pytest_useragent.records import SEVERITY_ORDER, Severity, Source, Trust
from pytest_useragent.regression.baseline import Baseline, IssueFigures, RunMetadata, TestFigures
from pytest_useragent.regression.stats import Interval, Rate, median, median_interval, newcombe
from pytest_useragent.regression.thresholds import FailRules, Measure, Threshold

ChangeMeasure = Literal["goal", "met_rate", "steps", "cost"]
IssueStatus = Literal["new", "resolved", "unseen", "persisting"]
ISSUE_STATUSES: tuple[IssueStatus, ...] = ("new", "resolved", "unseen", "persisting")
"""In the order the reports list them."""
COUNTED_TRUST: tuple[Trust, ...] = ("objective", "reproduced")
"""The trust a new issue needs to count against `new_issues`: a single persona's opinion is shown, not counted."""


class Change(BaseModel):
    """One measure of one test that moved."""

    test: str
    measure: ChangeMeasure
    before: float
    now: float
    worse: bool
    regression: bool = False
    """Worse beyond the rule's limit (and, with repeats, beyond chance): it fails the run."""
    interval: Interval | None = None
    """For a rate with repeats on both sides: the 95% interval of `now - before`."""
    sessions: tuple[int, int] = (1, 1)
    """Sessions before and now."""


class IssueChange(BaseModel):
    """One issue of one test: new (not in the baseline's test), resolved (gone where the journey met it), unseen (the
    journey ended before the step that met it), persisting."""

    test: str
    status: IssueStatus
    key: str
    title: str
    severity: Severity
    source: Source
    trust: Trust
    step: int | None = None
    page: str | None = None
    sessions: int = 1
    counted: bool = False
    """A new issue trusted enough to count against `new_issues`, or one left for review, against `review_issues`."""
    regression: bool = False


class Comparison(BaseModel):
    """The run against one baseline."""

    baseline: str
    metadata: RunMetadata
    rules: str = ""
    """The compare-fail expression as understood, empty when none was given."""
    changes: list[Change] = []
    issues: list[IssueChange] = []
    only_before: list[str] = []
    """Tests in the baseline that did not run now (deselected, renamed or gone)."""
    only_now: list[str] = []
    """Tests that ran now and have no baseline yet."""
    accepted: bool = False
    """--useragent-baseline-update: the changes were taken as the new baseline; they fail nothing."""

    @property
    def worse(self) -> list[Change]:
        return [change for change in self.changes if change.worse]

    @property
    def better(self) -> list[Change]:
        return [change for change in self.changes if not change.worse]

    def with_status(self, status: IssueStatus) -> list[IssueChange]:
        return [issue for issue in self.issues if issue.status == status]

    @property
    def regressions(self) -> list[Change]:
        return [change for change in self.changes if change.regression]

    @property
    def new_to_review(self) -> list[IssueChange]:
        """New issues left for review (axe's "needs review", its experimental rules): counted apart from
        `new_issues`, against `review_issues` only."""
        return [issue for issue in self.issues if issue.status == "new" and issue.trust == "review"]

    @property
    def new_issue_regressions(self) -> list[IssueChange]:
        return [issue for issue in self.issues if issue.regression]

    @property
    def failed(self) -> bool:
        return not self.accepted and bool(self.regressions or self.new_issue_regressions)


def compare(before: Baseline, now: Baseline, rules: FailRules | None = None, *, label: str = "") -> Comparison:
    """Every test in both runs compared measure by measure, and their issues by key; `rules` say what fails."""
    rules = rules or FailRules()
    changes: list[Change] = []
    issues: list[IssueChange] = []
    for test in sorted(now.tests.keys() & before.tests.keys()):
        old, new = before.tests[test], now.tests[test]
        changes += _changes(test, old, new, rules)
        issues += _issues(test, old, new)
    counts: tuple[tuple[Measure, bool], ...] = (("new_issues", False), ("review_issues", True))
    for measure, review in counts:  # each its own count
        limit = rules.get(measure)
        counted = [issue for issue in issues if issue.counted and (issue.trust == "review") is review]
        if limit is not None and len(counted) > limit.limit:
            for issue in counted:
                issue.regression = True
    return Comparison(
        baseline=label or before.name,
        metadata=before.metadata,
        rules=str(rules),
        changes=changes,
        issues=sorted(issues, key=lambda issue: (_ORDER[issue.status], -SEVERITY_ORDER[issue.severity])),
        only_before=sorted(before.tests.keys() - now.tests.keys()),
        only_now=sorted(now.tests.keys() - before.tests.keys()),
    )


def _changes(test: str, old: TestFigures, new: TestFigures, rules: FailRules) -> list[Change]:
    sessions = (len(old.sessions), len(new.sessions))
    found = []
    rates: tuple[tuple[ChangeMeasure, Rate, Rate], ...] = (
        ("goal", old.goal, new.goal),
        ("met_rate", old.met_rate, new.met_rate),
    )
    for measure, before, after in rates:
        if not before.total or not after.total or before.value == after.value:
            continue
        change = Change(
            test=test,
            measure=measure,
            before=before.value,
            now=after.value,
            worse=after.value < before.value,
            sessions=sessions,
        )
        repeated = min(sessions) >= 2
        if repeated:
            change.interval = newcombe(before, after)
        change.regression = change.worse and _rate_regressed(before, after, change.interval, rules.get(measure))
        found.append(change)
    if old.explored or new.explored:  # a look around ends when the persona has seen enough: no effort to hold it to
        return found
    rises: tuple[tuple[ChangeMeasure, list[float], list[float]], ...] = (
        ("steps", [s.steps for s in old.sessions], [s.steps for s in new.sessions]),
        ("cost", [s.cost_usd for s in old.sessions], [s.cost_usd for s in new.sessions]),
    )
    for measure, values_before, values_now in rises:
        value_before, value_now = median(values_before), median(values_now)
        if value_before == value_now:
            continue
        change = Change(
            test=test,
            measure=measure,
            before=value_before,
            now=value_now,
            worse=value_now > value_before,
            sessions=sessions,
        )
        change.regression = change.worse and _rise_regressed(value_before, value_now, rules.get(measure))
        if change.regression and min(sessions) >= 2:  # beyond chance too: the medians' intervals do not overlap
            change.regression = median_interval(values_now).low > median_interval(values_before).high
        found.append(change)
    return found


def _rate_regressed(before: Rate, now: Rate, interval: Interval | None, rule: Threshold | None) -> bool:
    if rule is None:
        return False
    if interval is not None:
        return interval.high < -rule.limit
    return before.value - now.value > rule.limit + 1e-12


def _rise_regressed(before: float, now: float, rule: Threshold | None) -> bool:
    if rule is None:
        return False
    allowed = before * rule.limit if rule.relative else rule.limit
    return now - before > allowed + 1e-12


def _issues(test: str, old: TestFigures, new: TestFigures) -> list[IssueChange]:
    before = {issue.key: issue for issue in old.issues}
    now = {issue.key: issue for issue in new.issues}
    found = []
    for key, issue in now.items():
        status: IssueStatus = "persisting" if key in before else "new"
        counted = status == "new" and issue.trust in (*COUNTED_TRUST, "review")
        found.append(_issue_change(test, status, issue, counted=counted))
    reached = max((session.steps for session in new.sessions), default=0)
    unaudited = {page for session in new.sessions for page in session.unaudited}
    for key, issue in before.items():
        if key not in now:
            met_at = issue.step if issue.step is not None else max((s.steps for s in old.sessions), default=0)
            # a check's issue on a page axe could not audit this time is not known to be gone
            blind = issue.source == "check" and bool(unaudited) and (issue.page is None or issue.page in unaudited)
            found.append(_issue_change(test, "resolved" if reached >= met_at and not blind else "unseen", issue))
    return found


def _issue_change(test: str, status: IssueStatus, issue: IssueFigures, *, counted: bool = False) -> IssueChange:
    # built from fields the baseline already validated: a run of 1,000 tests x 5 sessions has thousands of them
    return IssueChange.model_construct(
        test=test,
        status=status,
        key=issue.key,
        title=issue.title,
        severity=issue.severity,
        source=issue.source,
        trust=issue.trust,
        step=issue.step,
        page=issue.page,
        sessions=issue.sessions,
        counted=counted,
        regression=False,
    )


_ORDER = {status: order for order, status in enumerate(ISSUE_STATUSES)}

MEASURES: dict[Measure, str] = {
    "goal": "goal success",
    "met_rate": "expectations met",
    "new_issues": "new issues",
    "review_issues": "new issues to review",
    "steps": "steps (median)",
    "cost": "cost (median, USD)",
}
"""How the reports name each measure."""
