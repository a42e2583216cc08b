"""A persona's finding and a check's made one issue (`records/same_problem.py`) is said as such in every report:
the persona's words as its title, and that the check, which keeps its own title, found it too. Its twin, a check's
finding the persona did not meet, says nothing of a persona."""

from __future__ import annotations

import pytest

from pytest_useragent.records import Issue, IssueList
from pytest_useragent.records.rules import rule
from pytest_useragent.records.same_problem import one_per_problem
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.render import render_run_html, render_run_markdown, render_session_markdown
from pytest_useragent.testing.synthetic import session_result

CHECK_TITLE = rule("keyboard-unreachable").title


def run(met: bool):
    check = rule("keyboard-unreachable").issue("link Pricing responds to a pointer", 'link "Pricing"')
    check = check.model_copy(update={"page": "shop.test/", "step": 1})
    persona = Issue(
        severity="critical", heuristic="Nielsen #7 flexibility", title="Pricing link skipped by Tab",
        evidence="Tab went from Home to Contact", quote="I could not.", element='link "Pricing"',
        page="shop.test/", step=2,
    )  # fmt: skip
    found = one_per_problem([persona, check] if met else [check])
    result = session_result(issues=0)
    result.steps[0].issues = found
    result = result.model_copy(update={"issues": IssueList(found)})
    return aggregate([SessionEntry(nodeid="t::a", result=result)], []), result


@pytest.mark.parametrize("met", [True, False])
def test_a_merged_issue_says_the_persona_and_the_check_each_report(met):
    summary, result = run(met)
    session = render_session_markdown(result)
    run_md = render_run_markdown(summary)
    html = render_run_html(summary, {})
    said = f'met by the persona too: the check says "{CHECK_TITLE}"'
    if met:
        assert "Pricing link skipped by Tab" in session and said in session
        assert "Pricing link skipped by Tab" in run_md and said in run_md
        assert f"check and the persona (the check says “{CHECK_TITLE}”)" in html
    else:  # the twin: the check alone, under its own title, no persona named
        for text in (session, run_md, html):
            assert CHECK_TITLE in text and "met by the persona" not in text and "and the persona" not in text
