from __future__ import annotations

from pytest_useragent.records import Action, ExpectationStats, Issue, IssueList


def issue(severity: str) -> Issue:
    return Issue(severity=severity, heuristic="h", title=severity, evidence="e", quote="q")  # type: ignore[arg-type]


def test_at_least_filters_by_severity():
    issues = IssueList([issue("critical"), issue("major"), issue("minor"), issue("cosmetic")])
    assert [i.title for i in issues.at_least("major")] == ["critical", "major"]
    assert len(issues.at_least("cosmetic")) == 4 and not IssueList([issue("minor")]).at_least("major")


def test_met_rate():
    assert ExpectationStats().met_rate == 0.0
    stats = ExpectationStats(met=3, partial=1, unmet=0, surprised=0)
    assert stats.total == 4 and stats.met_rate == 0.75


def test_action_describes_itself():
    assert Action(kind="type", ref="e3", text="milk").describe() == 'type e3 "milk"'
    assert Action(kind="done", reason="found it").describe() == "done: found it"
