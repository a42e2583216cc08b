"""Every finding names its WCAG criterion, and a run's report says which WCAG 2.2 A/AA criteria its checks tested,
which failed, which are to review and which no check covers (report.md, report.html, report.json's counts)."""

from __future__ import annotations

import json
import re

from pytest_useragent.browser.audit import audited_from_axe
from pytest_useragent.records import Action, IssueList
from pytest_useragent.records.covered import checked
from pytest_useragent.records.rules import RULES, rule
from pytest_useragent.records.wcag import CRITERIA, from_tags, named, number_of
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.render import render_run_html, render_run_markdown, write_run_report
from pytest_useragent.testing.synthetic import session_result

AXE = {
    "found": [
        {
            "id": "image-alt",
            "impact": "critical",
            "tags": ["cat.text-alternatives", "wcag2a", "wcag111", "section508"],
            "help": "Images must have alternative text",
            "helpUrl": "https://dequeuniversity.com/rules/axe/4.12/image-alt",
            "description": "Ensure <img> elements have alternative text",
            "review": False,
            "count": 1,
            "nodes": [{"html": "<img src=a.png>", "target": ["img"], "box": None, "name": "img", "messages": []}],
        },
        {
            "id": "bypass",
            "impact": "serious",
            "tags": ["cat.keyboard", "wcag2a", "wcag241"],
            "help": "Page must have means to bypass repeated blocks",
            "helpUrl": None,
            "description": "Ensure each page has at least one mechanism to bypass navigation",
            "review": True,
            "count": 1,
            "nodes": [{"html": "<html>", "target": ["html"], "box": None, "name": None, "messages": ["No skip link"]}],
        },
    ],
    "ran": [["image-alt", ["wcag111"]], ["bypass", ["wcag241"]], ["document-title", ["wcag242"]]],
}


def test_the_table_holds_the_55_criteria_of_wcag_2_2_a_and_aa_without_parsing():
    assert len(CRITERIA) == 55 and "4.1.1" not in CRITERIA
    assert sum(level == "A" for _, level in CRITERIA.values()) == 31  # 32 in WCAG 2.2, less 4.1.1
    assert named("2.4.11") == "2.4.11 Focus Not Obscured (Minimum)" and named("2.4.12") == "2.4.12"


def test_axe_tags_and_our_rows_name_criteria_by_number():
    assert from_tags(["wcag2aa", "wcag1410", "wcag111", "wcag21a", "best-practice", "wcag2a-obsolete"]) == [
        "1.1.1",
        "1.4.10",
    ]
    assert number_of("2.1.1 Keyboard") == "2.1.1" and number_of("Nielsen #1 visibility of system status") is None
    assert rule("keyboard-trap").issue("Tab stayed").criteria == ["2.1.2"]
    assert rule("dead-click").issue("nothing changed").criteria == []
    for row in RULES.values():  # every row's criterion, when WCAG's, is one of the table's
        assert number_of(row.criterion) in (*CRITERIA, None), row.id


def test_an_axe_finding_carries_its_criteria_and_an_audit_what_its_rules_covered():
    audited = audited_from_axe(AXE)
    alt, bypass = audited.issues
    assert alt.criteria == ["1.1.1"] and alt.heuristic == "WCAG 1.1.1 Non-text Content" and alt.trust == "objective"
    assert bypass.trust == "review" and "No skip link" in bypass.evidence
    assert audited.criteria == {"1.1.1", "2.4.1", "2.4.2"}  # a rule that passed covered its criterion too


def step(kind: str):
    result = session_result(issues=0, steps=1)
    result.steps[0].action = Action(kind=kind)  # type: ignore[arg-type]
    return result.steps


def test_our_rules_cover_their_criteria_only_where_they_ran():
    mouse = checked([], step("scroll"), keyboard=False, screen_reader=False, success_check=False)
    assert "2.5.8" in mouse and "1.4.10" in mouse  # page-state checks, every persona
    assert "2.1.1" not in mouse and "4.1.3" not in mouse
    keyboard = checked(["1.1.1"], step("press"), keyboard=True, screen_reader=False, success_check=False)
    assert {"1.1.1", "2.1.1", "2.1.2", "2.4.7", "2.4.3"} <= set(keyboard) and "4.1.3" not in keyboard
    reader = checked([], step("press"), keyboard=False, screen_reader=True, success_check=False)
    assert "4.1.3" in reader and "2.1.1" not in reader
    assert checked([], [], keyboard=True, screen_reader=True, success_check=True) == []  # nothing looked at


def covered_run():
    audited = audited_from_axe(AXE)
    result = session_result(issues=0)
    result.steps[0].issues = audited.issues
    result = result.model_copy(update={"issues": IssueList(audited.issues), "checked": sorted(audited.criteria)})
    return aggregate([SessionEntry(nodeid="t::a", result=result)], [])


def test_the_run_says_what_was_tested_failed_to_review_and_left_to_a_person():
    wcag = covered_run().wcag
    assert (wcag.tested, wcag.failed, wcag.to_review, wcag.clean) == (
        ["1.1.1", "2.4.1", "2.4.2"],
        ["1.1.1"],
        ["2.4.1"],
        ["2.4.2"],
    )
    assert len(wcag.untested) == 52 and "1.4.3" in wcag.untested
    assert wcag.counts == {
        "criteria": 55,
        "tested": 3,
        "failed": 1,
        "to_review": 1,
        "passed_checks": 1,
        "untested": 52,
    }


def test_report_md_has_a_compact_wcag_section():
    text = render_run_markdown(covered_run()).split("## WCAG 2.2 A and AA")[1]
    assert "Checks ran for 3 of the 55 success criteria: 1 failed, 1 to review, 1 with nothing found." in text
    assert "- **Failed:** 1.1.1 Non-text Content\n" in text
    assert "- **To review:** 2.4.1 Bypass Blocks\n" in text
    assert "- **Checked, nothing found:** 2.4.2 Page Titled\n" in text
    assert "- **No check covers:** 1.2.1 Audio-only and Video-only (Prerecorded), " in text


def test_report_html_has_the_same_section():
    html = render_run_html(covered_run(), {})
    section = re.search(r'<h2 id="wcag">(.*?)</dl>', html, re.S)
    assert section and '<dd class="wcag-failed">1.1.1 Non-text Content</dd>' in section[1]
    assert '<dd class="wcag-review">2.4.1 Bypass Blocks</dd>' in section[1]
    assert "1.4.3 Contrast (Minimum)" in section[1].split('class="wcag-untested">')[1]


def test_report_json_carries_the_counts(tmp_path):
    write_run_report(covered_run(), tmp_path)
    wcag = json.loads((tmp_path / "report.json").read_text())["wcag"]
    assert wcag["counts"]["failed"] == 1 and wcag["counts"]["untested"] == 52 and wcag["to_review"] == ["2.4.1"]


def test_a_run_whose_sessions_ran_no_check_has_no_wcag_section():
    summary = aggregate([SessionEntry(nodeid="t::a", result=session_result(issues=1))], [])
    assert summary.wcag.tested == [] and len(summary.wcag.untested) == 55
    assert "WCAG 2.2" not in render_run_markdown(summary) and 'id="wcag"' not in render_run_html(summary, {})
