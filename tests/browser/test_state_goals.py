"""A state goal's done, judged against the page read again: each kind of state reached with its evidence accepted,
and its twin (the box left unticked, the wrong option chosen, the panel closed) where the same evidence is refused;
a label alone is refused for a goal that names a state, and text evidence works as it did."""

from __future__ import annotations

import pytest

from pytest_useragent.session.verdict import judge_done

WIDGETS = """<main>
<label><input type=checkbox id=news {news}> Join Newsletter</label>
<label for=drink>Drink</label><select id=drink><option>Tea</option><option {coffee}>Coffee</option></select>
<div role=tablist><button role=tab aria-selected={tab1}>Tab 1</button><button role=tab aria-selected={tab2}>Tab 2</button></div>
<button aria-pressed={pressed}>Mute</button>
<ul role=tree aria-label=Files><li role=treeitem aria-expanded={expanded}>Projects</li></ul>
<label>Email <input id=email value="{email}"></label>
<p>Thanks, you are subscribed.</p>
</main>"""
REACHED = {
    "news": "checked",
    "coffee": "selected",
    "tab1": "false",
    "tab2": "true",
    "pressed": "true",
    "expanded": "true",
    "email": "jana@example.com",
}
TWIN = {
    "news": "",
    "coffee": "",
    "tab1": "true",
    "tab2": "false",
    "pressed": "false",
    "expanded": "false",
    "email": "jan@example.com",
}
CASES = [
    ("Tick the box to join the newsletter", 'checkbox "Join Newsletter" [checked]'),
    ("Choose Coffee as your drink", 'option "Coffee" [selected]'),
    ("Open Tab 2", 'tab "Tab 2" [selected]'),
    ("Mute the video", 'button "Mute" [pressed]'),
    ("Expand the Projects folder", 'treeitem "Projects" [expanded]'),
    ("Enter jana@example.com as your email", 'textbox "Email" = jana@example.com'),
]


def judged(page, goal, evidence):
    outcome, _ = judge_done(3, evidence, page, {}, None, 2.0, goal=goal)
    return outcome


@pytest.mark.parametrize(("goal", "evidence"), CASES)
def test_a_state_goal_is_done_only_when_the_page_is_in_that_state(page, goal, evidence):
    page.set_content(WIDGETS.format(**REACHED))
    reached = judged(page, goal, evidence)
    assert reached.ok and reached.message == "done, shown by the page state" and reached.claim.kind == "state"

    page.set_content(WIDGETS.format(**TWIN))
    refused = judged(page, goal, evidence)
    assert not refused.ok and refused.claim.kind == "state"
    assert refused.message.startswith(f"not done: no element on the page is {evidence} now")


def test_a_label_alone_proves_no_state_goal_but_text_evidence_still_proves_text(page):
    page.set_content(WIDGETS.format(**REACHED))
    label = judged(page, "Tick the box to join the newsletter", "Join Newsletter")
    assert not label.ok and label.claim.kind == "label"
    assert 'name the element and its state, e.g. checkbox "Join Newsletter" [checked]' in label.message
    # the same words for a goal that asks for no state, and a confirmation for one that does, are text as ever
    assert judged(page, "Find the newsletter", "Join Newsletter").ok
    assert judged(page, "Tick the box to join the newsletter", "Thanks, you are subscribed").ok


def test_a_value_typed_proves_a_goal_to_fill_a_field_never_one_to_send_it(page):
    page.set_content(WIDGETS.format(**REACHED))
    assert judged(page, "Enter jana@example.com as your email", 'textbox "Email" = jana@example.com').ok
    assert not judged(page, "Sign up with jana@example.com", 'textbox "Email" = jana@example.com').ok


def judged_from(page, goal, evidence, before):
    outcome, _ = judge_done(3, evidence, page, {}, None, 2.0, goal=goal, before=before)
    return outcome


def test_where_focus_is_proves_nothing_and_the_state_itself_does(page):
    page.set_content(WIDGETS.format(**REACHED))
    page.focus("#news")
    focus = judged(page, "Tick the box to join the newsletter", 'checkbox "Join Newsletter" [active]')
    assert not focus.ok and focus.claim.kind == "focus" and "focus shows where you are" in focus.message
    assert not judged(page, "Clear the notes", 'textbox "Email" [active]').ok  # a field focused is no field emptied
    assert judged(page, "Tick the box to join the newsletter", 'checkbox "Join Newsletter" [active] [checked]').ok


def test_text_on_the_page_from_the_start_proves_no_state_goal_and_new_text_does(page):
    page.set_content(WIDGETS.format(**REACHED))
    start = "Join Newsletter Thanks, you are subscribed."  # the page as the persona first found it
    goal, evidence = "Tick the box to join the newsletter", "Thanks, you are subscribed"
    before = judged_from(page, goal, evidence, start)
    assert (
        not before.ok and before.claim.kind == "before" and "was on the page before you did anything" in before.message
    )
    assert judged_from(page, goal, evidence, "Join Newsletter").ok  # the twin: the confirmation is new
    assert judged_from(page, "Find what the page says", evidence, start).ok  # a goal that asks for no state


def test_several_elements_each_in_its_state_prove_a_goal_only_when_every_one_holds(page):
    page.set_content(WIDGETS.format(**REACHED))
    both = 'checkbox "Join Newsletter" [checked]; button "Mute" [pressed]'
    assert judged(page, "Join the newsletter and mute the video", both).ok
    assert judged(page, "Join the newsletter and mute the video", both.replace("; ", "\n")).ok
    page.set_content(WIDGETS.format(**{**REACHED, "pressed": "false"}))
    assert not judged(page, "Join the newsletter and mute the video", both).ok  # the twin: one is not so


@pytest.mark.parametrize(
    ("goal", "value", "proves"),
    [
        ("Choose jana@example.com as your email", "jana@example.com", True),  # the value the goal names
        ("Choose jan@example.com as your email", "jana@example.com", False),  # the twin: not the one it names
        ("Set the amount to 20 degrees", "20.0°C", True),  # every number of the value is the goal's
        ("Set the amount to 20 degrees", "25.0°C", False),
        ("Book for 3 adults", "3", False),  # a goal to send: a value typed is not sent
    ],
)
def test_a_value_proves_a_goal_that_names_it(goal, value, proves):
    from pytest_useragent.records.evidence import StateClaim
    from pytest_useragent.records.evidence import proves as proved

    assert proved(StateClaim(role="textbox", name="Email", value=value), goal) is proves


TREEGRID = """<table role=treegrid aria-label=Messages><tr role=row aria-level=1 aria-expanded={open} tabindex=0>
<td role=gridcell>re: Treegrids are awesome</td><td role=gridcell>billy</td></tr></table>
<svg width=200 height=40><g role=slider tabindex=0 aria-valuemin=0 aria-valuemax=250 aria-valuenow={price}
aria-label="Minimum price"><text x=10 y=20>${price}</text></g></svg>"""


@pytest.mark.parametrize(
    ("goal", "evidence"),
    [
        ("Expand the message", 'row "re: Treegrids are awesome billy" [expanded]'),  # named in the reader's tree only
        ("Set the minimum price to 120 dollars", 'slider "Minimum price" = $120'),  # its value a child there
    ],
)
def test_a_state_the_screen_readers_tree_shows_proves_as_the_ai_snapshot_would(page, goal, evidence):
    page.set_content(TREEGRID.format(open="true", price=120))
    assert judged(page, goal, evidence).ok
    page.set_content(TREEGRID.format(open="false", price=100))  # the twin: neither tree shows it
    assert not judged(page, goal, evidence).ok
