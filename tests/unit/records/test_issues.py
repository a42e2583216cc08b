"""Check issues of one rule grouped into one with a count and a few examples; a session's issues deduplicated."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pytest_useragent.records import ActionOutcome, Issue, Signals, Step
from pytest_useragent.records.grouping import (
    MAX_EVIDENCE_CHARS,
    MAX_EXAMPLE_CHARS,
    MAX_EXAMPLES,
    deduplicated,
    grouped,
)


def check(rule: str, element: str, *, severity: str = "minor", title: str = "t", count: int = 1) -> Issue:
    return Issue(
        source="check",
        rule=rule,
        severity=severity,  # type: ignore[arg-type]
        heuristic="h",
        title=title,
        evidence=f"{element} is small",
        quote="q",
        element=element,
        count=count,
    )


def persona(title: str) -> Issue:
    return Issue(severity="major", heuristic="h", title=title, evidence="e", quote="q")


checks = st.builds(
    check,
    rule=st.sampled_from(["target-size", "button-name", "console-error"]),
    element=st.text(max_size=300),
    severity=st.sampled_from(["minor", "major"]),
    title=st.sampled_from(["a", "b"]),
    count=st.integers(1, 1000),
)
issues = st.lists(st.one_of(checks, st.builds(persona, st.text(min_size=1, max_size=20))), max_size=300)


@given(issues)
def test_counts_add_up_and_the_output_is_bounded(found: list[Issue]) -> None:
    result = grouped(found)
    assert sum(issue.count for issue in result) == sum(issue.count for issue in found)  # nothing lost, nothing made up
    persona_issues = [issue for issue in found if issue.source == "persona"]
    assert [issue for issue in result if issue.source == "persona"] == persona_issues
    groups = {(issue.rule, issue.severity, issue.title) for issue in found if issue.source == "check"}
    assert len(result) == len(persona_issues) + len(groups)  # at most 3 rules x 2 severities x 2 titles here
    for issue in (issue for issue in result if issue.source == "check"):
        assert 1 <= len(issue.examples) <= MAX_EXAMPLES and len(set(issue.examples)) == len(issue.examples)
        # however long the page made its text; counted in characters (JSON escapes a control character as six)
        kept = [issue.evidence, issue.element or "", *issue.examples]
        assert sum(map(len, kept)) <= MAX_EVIDENCE_CHARS + MAX_EXAMPLE_CHARS * (1 + MAX_EXAMPLES)
    assert grouped(result) == result  # grouping what is grouped changes nothing


def test_ten_thousand_small_controls_are_one_issue():
    found = [check("target-size", f"<button>{index}</button>") for index in range(10_000)]
    (issue,) = grouped(found)
    assert issue.count == 10_000 and issue.examples == [f"<button>{index}</button>" for index in range(MAX_EXAMPLES)]
    assert issue.evidence == "<button>0</button> is small" and issue.element == "<button>0</button>"


def test_page_text_is_cut():
    (issue,) = grouped([check("console-error", "x" * 100_000)])
    assert len(issue.evidence) == MAX_EVIDENCE_CHARS and issue.evidence.endswith("…")


def test_the_session_keeps_the_first_of_each_key():
    def step(index: int, issues: list[Issue]) -> Step:
        nothing = ActionOutcome(ok=True, message="")
        return Step(
            index=index, url="u", title="t", screenshot=None, signals=Signals(), observation="", evaluation=None,
            expectation="", action=None, outcome=nothing, issues=issues, seconds=0,
        )  # fmt: skip

    first = grouped([check("target-size", f"<b>{index}</b>") for index in range(50)])
    again = grouped([check("target-size", f"<b>{index}</b>") for index in range(20)])
    kept = deduplicated([step(1, [persona("Slow"), *first]), step(2, [persona("slow"), *again])])
    assert [(issue.title, issue.count) for issue in kept] == [("Slow", 1), ("t", 50)]
