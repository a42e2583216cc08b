"""Evidence that names an element and its state, read and matched against a snapshot (records/evidence.py)."""

from __future__ import annotations

import pytest

from pytest_useragent.records.evidence import STATE_GOAL, StateClaim, bare_label, holds, state_claim
from pytest_useragent.records.page import Claim

SNAPSHOT = """- main [ref=e1]:
  - checkbox "Join Newsletter" [checked] [ref=e2]
  - checkbox "Accept terms" [ref=e3]
  - listbox "Drinks" [ref=e4]:
    - option "Coffee" [selected] [ref=e5]
    - option "Tea" [ref=e6]
  - button "Mute" [pressed] [ref=e7]
  - treeitem "Projects" [expanded] [ref=e8]
  - 'textbox "Email" [ref=e9]': jana@example.com
  - 'textbox "Password" [ref=e11]': hunter2222
  - textbox "Code" [ref=e12]
  - textbox "PIN" [ref=e13]: (hidden, 11 characters)
  - paragraph [ref=e10]: Join Newsletter
"""


@pytest.mark.parametrize(
    ("evidence", "claim"),
    [
        ('checkbox "Join Newsletter" [checked]', StateClaim("checkbox", "Join Newsletter", ("checked",))),
        ('option "Coffee" [selected] [ref=e5]', StateClaim("option", "Coffee", ("selected",))),
        ('textbox "Email" = jana@example.com', StateClaim("textbox", "Email", (), "jana@example.com")),
        ('textbox "Email": jana@example.com', StateClaim("textbox", "Email", (), "jana@example.com")),
        ('treeitem "Projects" [expanded=true]', StateClaim("treeitem", "Projects", ("expanded",))),
    ],
)
def test_evidence_that_names_an_element_and_its_state_is_read_as_such(evidence, claim):
    assert state_claim(evidence) == claim


@pytest.mark.parametrize("evidence", ["Join Newsletter", "Thanks, you are subscribed", 'the "Pro" plan costs $20', ""])
def test_text_evidence_is_no_state_claim(evidence):
    assert state_claim(evidence) is None


@pytest.mark.parametrize(
    ("evidence", "held"),
    [
        ('checkbox "Join Newsletter" [checked]', True),
        ('checkbox "join  newsletter" [checked]', True),
        ('checkbox "Accept terms" [checked]', False),  # the box left unticked
        ('option "Tea" [selected]', False),  # the wrong option
        ('option "Coffee" [selected]', True),
        ('button "Mute" [pressed]', True),
        ('treeitem "Projects" [expanded]', True),
        ('treeitem "Projects" [selected]', False),
        ('radio "Join Newsletter" [checked]', False),  # another role
        ('textbox "Email" = jana@example.com', True),
        ('textbox "Email" = jan@example.com', False),
        ('textbox "Password" = ••••••', True),  # masked as the persona saw it: a value is there, never revealed
        ('textbox "Code" = ••••••', False),  # an empty field holds nothing masked
        ('textbox "PIN" = (hidden, 11 characters)', True),  # as the persona is told it now: its length
        ('textbox "PIN" = hidden, 11 characters', True),
        ('textbox "PIN" = (hidden, 6 characters)', False),  # a field cut short is not the one typed
    ],
)
def test_a_state_claim_holds_only_when_the_page_is_in_that_state(evidence, held):
    claim = state_claim(evidence)
    assert claim is not None and holds(claim, SNAPSHOT) is held


def test_a_bare_label_is_a_stateful_controls_name_and_a_state_goal_is_told():
    assert bare_label("Join Newsletter", SNAPSHOT) is not None
    assert bare_label("Thanks", SNAPSHOT) is None
    assert STATE_GOAL.search("Tick the newsletter box") and STATE_GOAL.search("Choose Coffee")
    assert not STATE_GOAL.search("Find the price of the Pro plan")


def test_a_claim_written_is_read_back_whole_quotes_in_its_name_included():
    claim = StateClaim("checkbox", 'I accept the "Terms"', ("checked",))
    assert state_claim(str(claim)) == claim
    assert holds(claim, '- checkbox "I accept the \\"Terms\\"" [checked] [ref=e4]')


@pytest.mark.parametrize(
    ("value", "goal", "proved"),
    [
        ("2:00", "Seek to 2 minutes", True),  # a clock at a whole minute is that many minutes
        ("2:30", "Seek to 2 minutes", False),  # the twin: half past is not what was asked
        ("20.0°C", "Set the temperature to 20 degrees", True),
        ("21.0°C", "Set the temperature to 20 degrees", False),
    ],
)
def test_a_value_proves_the_goal_that_names_its_number(value, goal, proved):
    from pytest_useragent.records.evidence import proves

    assert proves(StateClaim(role="slider", name="Seek", value=value), goal) is proved


def test_a_goal_to_set_a_value_asks_for_a_state_so_text_on_the_start_page_proves_nothing():
    for goal in ("Seek to 2 minutes", "Set the volume to 5", "Increase the quantity to 3"):
        assert STATE_GOAL.search(goal), goal
    for goal in ("Find what the Pro plan costs", "Read what the test set up", "Find the lower price"):
        assert not STATE_GOAL.search(goal), goal  # the twins: nothing set, a state asked of nothing


def test_an_element_named_beside_a_state_is_a_claim_that_it_is_there_but_never_alone():
    from pytest_useragent.records.evidence import state_claims

    both = state_claims('row "Treegrids are awesome" [expanded]\nrow "re: Treegrids are awesome" [level=3]')
    assert both is not None and [claim.states for claim in both] == [("expanded",), ()]
    assert holds(both[1], '- row "re: Treegrids are awesome" [level=3] [ref=e9]')
    assert state_claims('row "re: Treegrids are awesome" [level=3]') is None  # the twin: alone it claims no state


def test_a_control_whose_name_tells_its_state_may_be_named_alone():
    """A toggle renamed (Pause: Play, 一時停止: 再生) is its own evidence: `link "再生"` holds when the page has that
    link; a checkbox's or a row's name tells no state, so named alone they claim nothing."""
    from pytest_useragent.records.evidence import state_claims

    claimed = state_claims('link "再生"')
    assert claimed is not None and (claimed[0].role, claimed[0].name, claimed[0].states) == ("link", "再生", ())
    assert holds(claimed[0], '- link "再生" [ref=e116]') and not holds(claimed[0], '- link "一時停止" [ref=e100]')
    assert state_claims('button "Play"') is not None
    assert state_claims('checkbox "Join"') is None and state_claims('row "Total"') is None


TODOS = """- list [ref=e1]:
  - listitem [ref=e2]:
    - checkbox [checked] [ref=e17]
    - text: Buy milk
  - listitem [ref=e3]:
    - checkbox [ref=e18]
    - text: Call Jana
  - checkbox "Mark all" [ref=e19]
"""


@pytest.mark.parametrize(
    ("evidence", "held"),
    [
        ("checkbox [checked] [ref=e17]", True),  # TodoMVC's tick box has no name: its ref names it
        ("checkbox [checked] [ref=e18]", False),  # the twin: the other box, not ticked
        ("checkbox [checked] [ref=e19]", False),  # a named box is claimed by its name, never by a ref alone
        ("checkbox [checked] [ref=e99]", False),  # no such element
    ],
)
def test_an_unnamed_control_is_claimed_by_its_ref(evidence, held):
    claim = state_claim(evidence)
    assert claim is not None and holds(claim, TODOS) is held and str(claim) == evidence


@pytest.mark.parametrize("evidence", ["checkbox [checked]", "generic [checked] [ref=e2]", "checkbox [ref=e17]"])
def test_no_name_and_no_ref_or_no_state_or_no_control_is_no_claim(evidence):
    assert state_claim(evidence) is None


@pytest.mark.parametrize(
    ("evidence", "said"),
    [
        # a control with no name claimed without its ref (TodoMVC's tick box): told how an unnamed one is claimed
        (
            "checkbox [checked]\nCall the plumber\n0 items left",
            '"checkbox [checked]" names no element: a control with no name is claimed by its ref as your snapshot '
            "shows it, e.g. checkbox [checked] [ref=e12], one a line and no page text beside it",
        ),
        # the twins: text evidence that is not there, and a claim by ref, are told as before
        ("0 items left", 'your evidence "0 items left" is not on the page, in your documents or in what an alert said'),
        (
            "checkbox [checked] [ref=e17]",
            'your evidence "checkbox [checked] [ref=e17]" is not on the page, in your documents or in what an alert said',
        ),
    ],
)
def test_a_refused_done_says_why_for_a_control_claimed_without_name_or_ref(evidence, said):
    assert Claim(step=3, evidence=evidence).why_not == said
