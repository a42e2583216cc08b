"""Marks over a step's screenshot come from the snapshot of the same look: the acted ref's box, the boxes of issues
named by role and name; bounded, and only what the viewport shows."""

from __future__ import annotations

from pytest_useragent.records import Action, ActionOutcome, Issue, Signals, Step
from pytest_useragent.session.marks import MAX_MARKS, marks_of

SNAPSHOT = """- generic [ref=e1] [box=0,0,1280,900]:
  - link "Pricing" [ref=e3] [box=8,8,46,17]
  - button "Add to cart" [ref=e4] [box=100,200,30,10]
  - button "Far below" [ref=e5] [box=100,2000,30,10]
  - button [ref=e6]
"""


def step(ref: str | None = "e3", issues: list[Issue] | None = None) -> Step:
    return Step(
        index=1,
        url="http://shop.test/",
        title="Shop",
        screenshot="screenshots/step-001.jpg",
        signals=Signals(),
        observation="",
        evaluation=None,
        expectation="",
        action=Action(kind="click", ref=ref),
        outcome=ActionOutcome(ok=True, message="clicked"),
        issues=issues or [],
        seconds=0.1,
    )


def check(locator: str) -> Issue:
    return Issue(
        severity="minor",
        heuristic="WCAG 2.5.8",
        title="Too small",
        evidence="",
        quote="",
        source="check",
        locator=locator,
    )


def test_the_acted_element_and_a_named_issue_element_are_marked():
    issues = [check('get_by_role("link", name="Nope")'), check('get_by_role("button", name="add to cart").nth(2)')]
    marks = marks_of(SNAPSHOT, step(issues=issues), {"width": 1280, "height": 720})
    assert marks is not None and (marks.width, marks.height) == (1280, 720)
    assert [(m.kind, m.label, m.box.x, m.box.y, m.box.width, m.box.height) for m in marks.marks] == [
        ("acted", "click", 8, 8, 46, 17),
        ("issue", "2", 100, 200, 30, 10),  # numbered as in the step's list; case and .nth() do not matter
    ]


def test_nothing_outside_the_viewport_nothing_unnamed_and_no_more_than_the_bound():
    below = marks_of(SNAPSHOT, step("e5", [check('locator("button")')]), {"width": 1280, "height": 720})
    assert below is None
    many = [check('get_by_role("button", name="Add to cart")')] * 20
    assert len(marks_of(SNAPSHOT, step(issues=many), {"width": 1280, "height": 720}).marks) == MAX_MARKS  # type: ignore[union-attr]
    assert marks_of(SNAPSHOT, step(), None) is None


def test_a_persona_finding_is_marked_at_the_ref_it_names_in_the_same_look():
    finding = Issue(severity="major", heuristic="Nielsen #1", title="No price", evidence="", quote="", ref="e4")
    unplaced = Issue(severity="minor", heuristic="Nielsen #8", title="Cluttered", evidence="", quote="")
    marks = marks_of(SNAPSHOT, step(issues=[unplaced, finding]), {"width": 1280, "height": 720})
    assert marks is not None
    assert [(m.kind, m.label, m.box.x, m.box.y) for m in marks.marks] == [
        ("acted", "click", 8, 8),
        ("issue", "2", 100, 200),
    ]
