"""What of a step's findings its persona met (session/placed.py): each way of meeting one, with a twin that was not
met; and a persona's own finding given the element its ref names."""

from __future__ import annotations

from pytest_useragent.records import Action, ActionOutcome, Box, Issue, Signals, Step
from pytest_useragent.records.announcement import Announcement
from pytest_useragent.records.rules import rule
from pytest_useragent.session.placed import placed

VIEWPORT = {"width": 1280, "height": 720}
FULL = """- button "Order" [ref=e3] [box=10,100,80,30]
- link "Pricing" [ref=e4] [box=10,200,60,20]
- link "Imprint" [ref=e9] [box=10,3000,60,20]"""
SENT = """- button "Order" [ref=e3]
- link "Pricing" [ref=e4]"""
ORDER = 'get_by_role("button", name="Order")'


def step(issues: list[Issue], action: Action | None = None, outcome: ActionOutcome | None = None) -> Step:
    return Step(
        index=1, url="https://shop.test/", title="Shop", screenshot=None, signals=Signals(), observation="",
        evaluation=None, expectation="", action=action or Action(kind="scroll", direction="down"),
        outcome=outcome or ActionOutcome(ok=True, message="done"), issues=issues, seconds=1,
    )  # fmt: skip


def met(issue: Issue, **more) -> bool | None:
    [placed_issue] = placed(step([issue], **more), FULL, SENT, VIEWPORT)  # type: ignore[arg-type]
    return placed_issue.met


def small(element: str, box: Box | None = None) -> Issue:
    return rule("target-size").issue("12x12 px", element, box=box)


def test_a_finding_its_action_made_is_met():
    assert met(rule("dead-click").issue("clicked; nothing changed", "button Order"))
    assert not met(rule("horizontal-overflow").issue("the page scrolls sideways"))  # a page's, met nowhere


def test_a_finding_on_the_element_it_acted_on_is_met():
    acted = Action(kind="click", ref="e9")  # a line the page state sent does not have
    assert met(small('link "Imprint"'), action=acted)
    assert not met(small('link "Imprint"'))
    by_locator = small("<button>", None).model_copy(update={"locator": ORDER})
    assert met(by_locator, outcome=ActionOutcome(ok=True, message="clicked", locator=ORDER))


def test_a_finding_in_its_view_is_met_and_one_below_the_fold_is_not():
    assert met(small('link "Pricing"'))  # a line of the page state it was sent
    assert met(small("<a>", Box(x=10, y=200, width=12, height=12)))  # in the viewport
    assert not met(small("<a>", Box(x=10, y=3000, width=12, height=12)))
    assert met(rule("console-error").issue("TypeError: x is undefined")) is False  # no person sees a console


def test_a_finding_nothing_places_is_not_known_to_be_unmet():
    assert met(small("<button></button>")) is None  # an unnamed element, its box not kept


def test_what_its_screen_reader_announced_is_met():
    said = ActionOutcome(ok=True, message="Tab", announced=[Announcement(kind="focus", text='link "Imprint", visited')])
    assert met(small('link "Imprint"'), outcome=said)
    quiet = ActionOutcome(ok=True, message="Tab", announced=[Announcement(kind="polite", text='link "Imprint"')])
    assert not met(small('link "Imprint"'), outcome=quiet)


def test_a_personas_finding_gets_the_element_its_ref_names():
    mine = Issue(severity="major", heuristic="h", title="Order does nothing", evidence="e", quote="q", ref="e3")
    [placed_issue] = placed(step([mine]), FULL, SENT, VIEWPORT)  # type: ignore[arg-type]
    assert placed_issue.element == 'button "Order"' and placed_issue.box == Box(x=10, y=100, width=80, height=30)
    gone = mine.model_copy(update={"ref": "e77"})  # not in its look: no element
    assert placed(step([gone]), FULL, SENT, VIEWPORT)[0].element is None  # type: ignore[arg-type]
