"""A persona's finding and a check's about one problem are one issue: the same element on the same page, and a
heuristic that can name the check's problem; never by their titles. Each merge has its twin that stays apart."""

from __future__ import annotations

from pytest_useragent.records import Action, ActionOutcome, Box, Issue, Signals, Step
from pytest_useragent.records.grouping import deduplicated
from pytest_useragent.records.rules import rule
from pytest_useragent.records.same_problem import compatible, one_per_problem, same

PAGE = "shop.test/"
BUTTON = Box(x=900, y=10, width=40, height=40)


def persona(title: str = "Pricing link skipped by Tab", heuristic: str = "Nielsen #7 flexibility", **more) -> Issue:
    fields = {"severity": "critical", "element": 'link "Pricing"', "page": PAGE, "step": 2, **more}
    return Issue(
        heuristic=heuristic, title=title, evidence="Tab went from Home to Contact", quote="I could not.", **fields
    )


def unreachable(**more) -> Issue:
    found = rule("keyboard-unreachable").issue("link Pricing responds to a pointer", 'link "Pricing"', box=BUTTON)
    return found.model_copy(update={"page": PAGE, "step": 1, **more})


def axe_button_name(**more) -> Issue:
    fields = {"rule": "button-name", "element": '<button class="icon"></button>', "locator": 'locator(".icon")'}
    return Issue(
        source="check", severity="critical", heuristic="WCAG 4.1.2", title="Buttons must have discernible text",
        evidence="no text", quote="", criteria=["4.1.2"], box=BUTTON, page=PAGE, step=3, **{**fields, **more},
    )  # fmt: skip


def test_a_persona_finding_on_a_checks_element_is_one_issue_with_the_checks_trust_and_the_personas_words():
    check = unreachable()
    [issue] = one_per_problem([persona(), check])
    assert (issue.source, issue.rule, issue.trust, issue.criteria) == (
        "check",
        "keyboard-unreachable",
        "objective",
        ["2.1.1"],
    )
    assert issue.key == check.key  # a gate and a baseline read the measured finding
    assert (issue.title, issue.quote) == ("Pricing link skipped by Tab", "I could not.")
    assert issue.check_title == check.title and "Tab went from Home to Contact" in issue.evidence
    assert issue.severity == "critical"  # the persona met it as a blocker: the higher of the two


def test_a_persona_rating_lower_never_weakens_the_measured_finding():
    [issue] = one_per_problem([persona(severity="minor"), unreachable()])
    assert issue.severity == "major"


def test_an_unnamed_button_is_matched_by_its_box_at_the_same_step():
    mine = persona("Header button has no name", "Nielsen #6 recognition", element="button", box=BUTTON, step=3)
    [issue] = one_per_problem([mine, axe_button_name()])
    assert issue.rule == "button-name" and issue.title == "Header button has no name"
    card = mine.model_copy(update={"box": Box(x=0, y=0, width=1280, height=200)})  # the header around it
    assert len(one_per_problem([card, axe_button_name()])) == 2
    # the same boxes at another step: the page may have scrolled, so they say nothing
    assert len(one_per_problem([mine.model_copy(update={"step": 4}), axe_button_name()])) == 2


def test_another_element_or_none_or_another_page_stays_apart():
    check = unreachable()
    assert not same(persona(element='link "Contact"'), check)
    assert not same(persona(element=None), check)  # no ref, or one its look did not show
    assert not same(persona(page="shop.test/pricing"), check)
    assert len(one_per_problem([persona(element=None), check])) == 2


def test_titles_alike_on_two_elements_are_two_problems():
    mine = persona(title="A control is not reachable by keyboard", element='link "Contact"')
    assert len(one_per_problem([mine, unreachable()])) == 2


def test_a_heuristic_that_names_another_problem_stays_apart():
    check = unreachable()
    assert compatible("WCAG 2.1.1 Keyboard", check) and not compatible("WCAG 1.4.3 Contrast", check)
    assert compatible("Nielsen #7 flexibility and efficiency of use", check)
    assert not compatible("Nielsen #8 aesthetic and minimalist design", check)  # looks, not keys
    assert compatible("accessibility", check)  # names nothing: no contradiction
    dead = rule("dead-click").issue("clicked; nothing changed")  # a rule that stands for a Nielsen heuristic
    assert compatible("Nielsen #1 visibility of system status", dead) and not compatible("Nielsen #2 words", dead)


def test_a_session_lists_the_problem_once():
    def at(index: int, issues: list[Issue]) -> Step:
        return Step(
            index=index, url="https://shop.test/", title="Shop", screenshot=None, signals=Signals(), observation="",
            evaluation=None, expectation="", action=Action(kind="press", key="Tab"),
            outcome=ActionOutcome(ok=True, message="pressed"), issues=issues, seconds=1,
        )  # fmt: skip

    issues = deduplicated([at(1, [unreachable()]), at(2, [persona()])])
    assert [(issue.rule, issue.title) for issue in issues] == [("keyboard-unreachable", "Pricing link skipped by Tab")]
