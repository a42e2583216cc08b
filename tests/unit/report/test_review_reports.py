"""What a check left for review is shown apart from the findings in every report: the terminal's headline, the run's
report.md (and so the GitHub step summary), report.html, a session's report.md; and it fails no gate unless named."""

from __future__ import annotations

import re

import pytest

from pytest_useragent.errors import UserError
from pytest_useragent.records import Issue, IssueList
from pytest_useragent.records.grouping import grouped
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.headline import headline
from pytest_useragent.report.render import (
    append_github_summary,
    render_run_html,
    render_run_markdown,
    render_session_markdown,
)
from pytest_useragent.testing.synthetic import session_result

BYPASS = "Page must have means to bypass repeated blocks"
ALT = "Images must have alternative text"


def check(rule: str, title: str, *, trust: str = "objective", experimental: bool = False) -> Issue:
    return Issue(
        source="check",
        rule=rule,
        severity="major",
        heuristic="WCAG",
        title=title,
        evidence=f"{rule} evidence",
        quote="",
        element=f"<{rule}>",
        step=1,
        trust=trust,  # type: ignore[arg-type]
        experimental=experimental,
    )


def reviewed_run():
    found = [
        check("image-alt", ALT),
        check("bypass", BYPASS, trust="review"),
        check("td-has-header", "Cells need headers", experimental=True),
    ]
    result = session_result(issues=0)
    result.steps[0].issues = found
    result = result.model_copy(update={"issues": IssueList(found)})
    return aggregate([SessionEntry(nodeid="t::a", result=result)], []), result


def test_a_check_that_could_not_decide_is_review_and_an_experimental_rule_s_finding_too():
    assert check("bypass", BYPASS, trust="review").trust == "review"
    assert check("td-has-header", "x", experimental=True).trust == "review"
    assert check("image-alt", ALT).trust == "objective"
    persona = Issue(severity="major", heuristic="h", title="t", evidence="e", quote="q", trust="review")
    assert persona.trust == "opinion"  # only a check leaves something for review
    same = check("color-contrast", "Contrast", trust="review"), check("color-contrast", "Contrast")
    assert len(grouped(same)) == 2 and same[0].key != same[1].key  # a doubt and a failure stay two findings


def test_the_gates_leave_review_alone_unless_named():
    summary, result = reviewed_run()
    assert [issue.rule for issue in result.issues.at_least("major")] == ["image-alt"]
    assert {issue.rule for issue in result.issues.at_least("major", trust="review")} == {"bypass", "td-has-header"}
    assert [entry.issue.rule for entry in summary.at_least("major")] == ["image-alt"]
    assert len(summary.at_least("major", trust=("objective", "review"))) == 3
    with pytest.raises(UserError, match="unknown trust 'reviewed'"):
        result.issues.at_least("major", trust="reviewed")  # type: ignore[arg-type]


def test_the_headline_counts_review_apart():
    summary, _ = reviewed_run()
    first = headline(summary)[0]
    assert first.endswith(
        "issues: 1 distinct issue (in 1 test): 1 major (1 objective, 0 reproduced, 0 opinions: advisory); "
        "2 distinct findings (in 1 test) to review (not gated)"
    )
    assert summary.issues_by_severity["major"] == 1 and summary.issues_by_trust["review"] == 2


def test_report_md_and_the_github_summary_list_review_in_their_own_section(tmp_path):
    summary, _ = reviewed_run()
    text = render_run_markdown(summary)
    found, review = text.split("## Issues across the run")[1].split("## Needs review")
    assert ALT in found and BYPASS not in found
    assert BYPASS in review and ALT not in review and "(review, experimental, `td-has-header`" in review
    assert "- **Needs review:** 2 distinct findings (in 1 test) to review" in text  # the headline counts them apart
    path = tmp_path / "summary.md"
    append_github_summary(summary, path)
    assert "## Needs review" in path.read_text()


def test_report_html_lists_review_in_its_own_table():
    summary, _ = reviewed_run()
    html = render_run_html(summary, {})
    issues = re.search(r'<div id="issues">(.*?)</section>', html, re.S)
    review = re.search(r'<div id="review">(.*?)</section>', html, re.S)
    assert issues and review and '<h2 id="needs-review">Needs review</h2>' in html
    assert ALT in issues[1] and BYPASS not in issues[1]
    assert BYPASS in review[1] and "experimental" in review[1] and ALT not in review[1]


def test_a_session_report_lists_review_apart():
    _, result = reviewed_run()
    text = render_session_markdown(result)
    found, review = text.split("### UX issues")[1].split("### Needs review")
    assert ALT in found and BYPASS not in found and BYPASS in review and ", experimental" in review


def test_a_run_with_nothing_to_review_has_no_such_section():
    summary = aggregate([SessionEntry(nodeid="t::a", result=session_result(issues=1))], [])
    assert "Needs review" not in render_run_markdown(summary) and "needs-review" not in render_run_html(summary, {})
    assert "to review" not in headline(summary)[0]
