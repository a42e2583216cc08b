"""report.md and the GitHub step summary as a dashboard (issue 41, point 2): the verdict and the gate first, issues
grouped by key, the comparison's issues grouped the same way, one count vocabulary (distinct issues, occurrences in
tests), and every list rendering as a list, parsed as GitHub would (markdown-it-py)."""

from __future__ import annotations

from dashboard_run import dashboard_run, nodeid
from markdown_check import tokens

from pytest_useragent.regression.compare import IssueChange
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.headline import headline
from pytest_useragent.report.regressions import comparison_lines
from pytest_useragent.report.render import (
    append_github_summary,
    render_run_html,
    render_run_markdown,
    render_session_markdown,
)
from pytest_useragent.testing.synthetic import session_result


def test_report_md_opens_with_the_verdict_and_groups_issues_and_every_list_renders_as_one(tmp_path):
    # issue 41, point 2: the same order as report.html, each issue once across its tests, one count vocabulary, and
    # every line written as a list item parsed as one (GitHub's rendering: markdown-it-py)
    summary = dashboard_run()
    markdown = render_run_markdown(summary)
    order = ["**Failed: the baseline gate (goal:0%, new_issues:0)**", "## Issues across the run", "## Against baseline"]
    order += ["## Tests", "## Sessions"]
    assert [markdown.index(part) for part in order] == sorted(markdown.index(part) for part in order)
    assert "cost:25%" not in markdown.split("## Tests")[0]  # the gate names only the limits it exceeded
    issues = markdown.split("## Issues across the run")[1].split("##")[0]
    assert issues.count("\n- **") == 4
    assert "- **critical** Buttons must have discernible text: 18 tests (objective, `button-name`, new since" in issues
    assert "### New issues: 4 distinct issues (55 occurrences in 18 tests)" in markdown
    assert markdown.count("4 distinct issues (55 occurrences in 18 tests)") == 3  # the headline, issues, new
    target = tmp_path / "summary.md"
    append_github_summary(summary, target)
    sessions = [render_session_markdown(entry.result) for entry in summary.sessions[7:8]]
    for text in [markdown, target.read_text(), *sessions]:
        written = [line for line in text.splitlines() if line.startswith("- ")]
        items = [token for token in tokens(text) if token.type == "list_item_open" and token.level <= 1]
        assert len(items) == len(written) > 3


def test_the_terminal_says_the_limits_exceeded_and_what_went_beyond_them():
    lines = comparison_lines(dashboard_run().comparison)
    assert lines[0].endswith(
        "FAILED by goal:0% (5 tests beyond it), new_issues:0 (4 distinct new issues (55 occurrences in 18 tests); "
        "the limit is 0 occurrences)"
    )
    assert "cost" not in lines[0]  # named, not exceeded
    assert sum(line.startswith("  goal:0%: tests/ux/") for line in lines) == 5
    assert sum(line.startswith('  new_issues:0: "') for line in lines) == 4
    assert "issues: 4 distinct new (55 occurrences in 18 tests)" in lines


def test_a_failed_assertion_on_the_run_s_issues_names_each_issue_and_its_tests():
    shown = repr(dashboard_run().at_least("critical"))
    assert shown.count("critical (objective)") == 2 and "(in 18 tests: tests/ux/" in shown and "evidence=" not in shown


def test_a_run_whose_audit_failed_says_so_where_it_counts_its_issues():
    # issue 41, point 8: a page axe could not audit is unknown, not "no issues", in every report's headline and the
    # terminal's; the twin, every page audited, says nothing of it
    audited = aggregate([SessionEntry(nodeid="test_a.py::test_a", result=session_result(issues=0))], [])
    blind = session_result(issues=0).model_copy(update={"unaudited": ["shop.test/", "shop.test/big"]})
    unaudited = aggregate([SessionEntry(nodeid="test_a.py::test_a", result=blind)], [])
    said = "2 pages not audited (shop.test/, shop.test/big): their accessibility issues are unknown, not none"
    assert "not audited" not in render_run_markdown(audited) + render_run_html(audited, {}) + headline(audited)[0]
    assert f"- **Issues:** no issues; {said}" in render_run_markdown(unaudited)
    assert said in render_run_html(unaudited, {}).split('id="card-issues"')[1].split("</div>")[0]
    assert headline(unaudited)[0].endswith(f"issues: none; {said}")


def test_the_new_issues_line_says_which_of_them_the_gate_does_not_count():
    # issue 41: "new_issues:0 (10 distinct new issues ...)" and, on the next line, "issues: 12 distinct new": the two
    # a persona's opinion (listed, never counted) made the difference, unsaid
    comparison = dashboard_run().comparison
    assert comparison is not None
    opinion = IssueChange(
        test=nodeid(3), status="new", key="opinion:the-form", title="The form was refused", severity="major",
        source="persona", trust="opinion",
    )  # fmt: skip
    said = [line for line in comparison_lines(comparison) if line.startswith("issues: ")]
    assert said == ["issues: 4 distinct new (55 occurrences in 18 tests)"]  # the twin: no opinion among them
    with_opinion = comparison.model_copy(update={"issues": [*comparison.issues, opinion]})
    said = [line for line in comparison_lines(with_opinion) if line.startswith("issues: ")]
    assert said == ["issues: 5 distinct new (56 occurrences in 18 tests), 1 of them an opinion (listed, not counted)"]
