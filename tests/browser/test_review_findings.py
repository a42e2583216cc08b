"""What axe cannot decide ("needs review") and what its experimental rules find: kept as `review` issues, apart from
the objective ones, each with its twin that yields none."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_useragent import Agent, Persona
from pytest_useragent.browser.audit import AXE_OPTIONS, EXPERIMENTAL, STRUCTURE, Audits, audit_in_place
from pytest_useragent.browser.checks import PageChecks
from pytest_useragent.browser.observe import LOOK
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.records import IssueList, Signals
from pytest_useragent.testing import ScriptedProvider, decision


def audited(page, url):
    page.goto(url)
    checks = PageChecks(page, Audits())
    issues = checks.inspect(Signals(), page.evaluate(LOOK)["fingerprint"]) + checks.audited()
    return [issue for issue in issues if issue.source == "check"], checks


def test_a_page_with_no_way_past_its_repeated_links_needs_review_and_fails_nothing(page, site):
    issues, checks = audited(page, f"{site}/review/bypass-none.html")
    # nothing but links and paragraphs: its structure is for review too (`test_structure_...`)
    assert {(issue.rule, issue.trust) for issue in issues} == {
        ("bypass", "review"),
        *((rule, "review") for rule in ("region", "landmark-one-main", "page-has-heading-one")),
    }
    bypass = next(issue for issue in issues if issue.rule == "bypass")
    assert bypass.severity == "major"  # axe's impact "serious"
    assert bypass.criteria == ["2.4.1"] and bypass.heuristic == "WCAG 2.4.1 Bypass Blocks"
    assert "skip link" in bypass.evidence and "landmark" in bypass.evidence  # axe's own words, why it could not tell
    assert not bypass.experimental and bypass.count == 1
    assert "2.4.1" in checks.criteria and "1.1.1" in checks.criteria  # every rule that ran, whatever its result
    gate = IssueList([bypass])
    assert not gate.at_least("cosmetic")  # a gate that names no trust level leaves review alone
    assert gate.at_least("major", trust="review") == [bypass]  # ... and takes it when named


def test_a_skip_link_to_the_main_landmark_needs_no_review_of_bypass(page, site):
    issues, _ = audited(page, f"{site}/review/bypass-skip-link.html")
    assert [issue.rule for issue in issues if issue.rule not in STRUCTURE] == []  # no h1: for review, as a structure


def test_a_data_table_without_header_cells_is_an_experimental_finding(page, site):
    issues, _ = audited(page, f"{site}/review/table-no-headers.html")
    assert [(issue.rule, issue.trust, issue.experimental) for issue in issues] == [("td-has-header", "review", True)]
    table = issues[0]
    assert table.criteria == ["1.3.1"] and table.evidence.startswith("experimental rule: ")
    assert table.key.startswith("td-has-header?|")  # another finding than a failure of the rule on that element


def test_header_cells_with_scope_leave_nothing_to_review(page, site):
    issues, _ = audited(page, f"{site}/review/table-headers.html")
    assert issues == []


@pytest.mark.parametrize("name", ["bypass-none", "table-no-headers"])
def test_in_place_the_same_is_found(page, site, name):
    found, _ = audited(page, f"{site}/review/{name}.html")
    in_place = audit_in_place(page)
    assert in_place is not None
    assert [(i.rule, i.trust, i.evidence) for i in in_place.issues] == [(i.rule, i.trust, i.evidence) for i in found]


def test_only_experimental_rules_that_name_a_criterion_and_best_practices_on_structure_run():
    assert set(EXPERIMENTAL) == {"td-has-header", "p-as-heading", "table-fake-caption"}
    assert set(STRUCTURE) == {"region", "landmark-one-main", "page-has-heading-one", "heading-order"}
    assert set(AXE_OPTIONS["rules"]) == {*EXPERIMENTAL, *STRUCTURE}


def test_a_page_of_divs_is_for_review_on_each_block_outside_the_landmarks_and_fails_nothing(page, site):
    issues, checks = audited(page, f"{site}/review/structure-none.html")
    found = {issue.rule: issue for issue in issues}
    assert set(found) == {"region", "landmark-one-main", "page-has-heading-one", "heading-order"}
    assert all(issue.trust == "review" and not issue.experimental for issue in issues)
    assert all(issue.evidence.startswith("axe best practice: ") for issue in issues)
    assert found["region"].criteria == ["1.3.1", "2.4.1"] and found["heading-order"].criteria == ["1.3.1"]
    # on the blocks themselves: the title, the content and the footer a landmark should have held
    assert found["region"].examples == ['locator(".title")', 'locator(".content")', 'locator(".footer")']
    assert "h4" in (found["heading-order"].element or "")
    assert "1.3.1" not in checks.criteria or "region" not in str(checks.criteria)  # a best practice covers nothing
    assert not IssueList(issues).at_least("cosmetic")


def test_the_same_page_with_landmarks_and_headings_in_order_leaves_nothing_to_review(page, site):
    issues, _ = audited(page, f"{site}/review/structure.html")
    assert issues == []


def test_text_over_a_gradient_is_left_for_review_with_axe_s_reason(page):
    page.set_content(
        '<html lang="en"><title>t</title><main><h1>Offer</h1>'
        '<p style="background: linear-gradient(#fff, #000); color: #777">Half price today</p></main></html>'
    )
    checks = PageChecks(page, Audits())
    issues = checks.inspect(Signals(), page.evaluate(LOOK)["fingerprint"]) + checks.audited()
    contrast = [issue for issue in issues if issue.rule == "color-contrast"]
    assert [issue.trust for issue in contrast] == ["review"] and "gradient" in contrast[0].evidence
    assert contrast[0].criteria == ["1.4.3"] and contrast[0].severity == "major"


def test_a_session_keeps_review_apart_and_says_which_criteria_its_checks_covered(page, site, tmp_path):
    steps = iter([decision("give_up", reason="seen enough")])
    persona = Persona(name="Jana", background="Jana, 45.")
    agent = Agent(page, persona, ScriptedProvider(lambda request: next(steps)), UserAgentConfig(max_steps=2), tmp_path)
    result = agent.run("Find the opening hours", url=f"{site}/review/bypass-none.html")
    found = [(i.rule, i.trust) for i in result.issues if i.source == "check" and i.rule not in STRUCTURE]
    assert found == [("bypass", "review")]
    assert not result.issues.at_least("cosmetic", source="check")
    assert {"1.1.1", "2.4.1", "1.3.1", "2.5.8", "1.4.10"} <= set(result.checked)  # axe's, ours: page-state
    assert "2.4.7" not in result.checked and "4.1.3" not in result.checked  # no keyboard or screen-reader persona
    report = Path(result.files["report.md"]).read_text()
    assert "### Needs review" in report and "`bypass`" in report.split("### Needs review")[1]
