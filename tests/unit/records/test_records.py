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


def test_a_failed_gate_shows_one_line_an_issue_not_the_records(pytester):
    pytester.makepyfile(
        """
        from pytest_useragent.testing.synthetic import session_result

        def test_gate():
            result = session_result(issues=3)
            result.issues[0].element = "<button><svg><path d='M0 0 L10 10'/></svg></button>"
            assert not result.issues.at_least("minor")
        """
    )
    run = pytester.runpytest_subprocess("-p", "no:randomly", "-p", "no:cacheprovider")
    out = run.stdout.str()
    run.assert_outcomes(failed=1)
    failed = [line for line in out.splitlines() if line.startswith("E ")]
    assert not [line for line in failed if "<svg" in line or "heuristic=" in line]  # no record's every field
    assert "assert not [critical (opinion) issue 0: step 1 evidence 0; major (opinion) issue 1: step 1" in failed[0]


def test_the_twin_a_gate_that_passes_is_an_empty_list():
    from pytest_useragent.testing.synthetic import session_result

    found = session_result(issues=0).issues.at_least("minor")
    assert found == [] and repr(found) == "[]" and not found


def test_a_failing_session_counts_what_is_left_for_review_apart_and_lists_it_last():
    from pytest_useragent.records.result import lines, one_line
    from pytest_useragent.testing.synthetic import session_result

    made = session_result(issues=2)  # a critical and a major
    check = {**made.issues[1].model_dump(), "source": "check", "rule": "region", "severity": "critical"}
    review = Issue.model_validate({**check, "trust": "review", "title": "No main"})
    result = made.model_copy(update={"issues": IssueList([made.issues[0], review])})
    said = lines(result)
    assert "issues: 1 critical; 1 to review" in said
    assert said.index("  critical issue 0") < said.index("  critical [region] No main")
    assert "issues=1 critical; 1 to review" in one_line(result)
    both = IssueList([made.issues[0], Issue.model_validate({**check, "trust": "objective", "title": "No main"})])
    assert "issues: 2 critical" in lines(made.model_copy(update={"issues": both}))  # the twin: counted by severity
