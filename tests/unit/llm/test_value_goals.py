"""The offline engine's value goals, pure: which slider or spin button a goal sets and to what number, the value read
off either tree, the keys planned from what each key did before, the evidence only at the number asked for; the
verdict's rule that a quantity proves a goal to book it only where nothing is left to send; and a goal that names a
control by its words rather than its exact name."""

from __future__ import annotations

import pytest

from pytest_useragent.llm.offline.page import parse_snapshot
from pytest_useragent.llm.offline.value import ValueGoal, evidence, learned, plan, shown, value_goal
from pytest_useragent.llm.offline.widget import widget_goal
from pytest_useragent.records.evidence import StateClaim, proves

SLIDER_AI = """- main [ref=e2]:
  - generic [ref=e40]:
    - generic [ref=e41]: Temperature
    - slider "Temperature" [ref=e42]:
      - generic [ref=e43]: 25.0°C
      - generic [ref=e45]: 25.0°C
  - link "Rating Slider Example" [ref=e29]"""
SLIDER_READER = """- main:
  - slider "Temperature" [ref=e42]: 25.0°C 25.0°C"""
SPIN = """- group "Guests" [ref=e28]:
  - button "Remove adult" [disabled] [ref=e34]: −
  - spinbutton "Adults" [ref=e35]: "1"
  - button "Add adult" [ref=e36]: +"""


def test_a_goal_that_names_a_number_and_a_value_widgets_word_sets_it():
    elements = parse_snapshot(SLIDER_AI)
    assert value_goal("Set the temperature to 20 degrees", elements) == ValueGoal("slider", "Temperature", 20.0)
    assert value_goal("Book for three adults", parse_snapshot(SPIN)) == ValueGoal("spinbutton", "Adults", 3.0)
    assert value_goal("Set the temperature", elements) is None  # no number
    assert value_goal("Set the humidity to 40 percent", elements) is None  # no such widget
    assert value_goal("Set the temperature to 20 or 21 degrees", elements) is None  # which number?


@pytest.mark.parametrize("snapshot", [SLIDER_AI, SLIDER_READER])
def test_the_value_is_the_widgets_own_or_the_texts_it_holds_as_the_readers_tree_writes_it(snapshot):
    elements = parse_snapshot(snapshot)
    slider = next(e for e in elements if e.role == "slider")
    assert shown(elements, slider) == "25.0°C 25.0°C"
    spin = parse_snapshot(SPIN)
    assert shown(spin, next(e for e in spin if e.role == "spinbutton")) == "1"


def test_evidence_is_the_widgets_line_only_at_the_number_asked_for():
    elements = parse_snapshot(SLIDER_AI)
    assert evidence(elements, ValueGoal("slider", "Temperature", 25.0)) == 'slider "Temperature" = 25.0°C 25.0°C'
    assert evidence(elements, ValueGoal("slider", "Temperature", 20.0)) is None


def test_how_far_each_key_went_is_read_from_the_keys_pressed_and_the_values_they_started_from():
    goal = ValueGoal("slider", "Temperature", 20.0)
    tried = ('valued PageDown slider "Temperature" at 25.0', 'valued ArrowDown slider "Temperature" at 23.0')
    assert learned(tried, goal, 22.9) == pytest.approx({"PageDown": -2.0, "ArrowDown": -0.1})
    other = ('valued PageDown slider "Volume" at 25.0',)
    assert learned(other, goal, 20.0) == {}


@pytest.mark.parametrize(
    ("learnt", "now", "wanted", "key"),
    [
        ({}, 1, 3, "ArrowUp"),  # a short way: an arrow
        ({}, 25, 20, "PageDown"),  # a long way: a big step, to learn how big
        ({"PageDown": -2.0}, 23, 20, "ArrowDown"),  # big steps would pass it, the way is short
        ({"PageDown": -2.0, "ArrowDown": -0.1}, 22.9, 20, "Home"),  # nor do they land on it: from the end they may
        ({"PageDown": -2.0, "ArrowDown": -0.1, "Home": -12.9}, 10, 20, "PageUp"),  # whole big steps from there
        ({"ArrowUp": 1.0}, 2, 3, "ArrowUp"),
    ],
)
def test_the_next_key_is_planned_from_what_the_keys_did(learnt, now, wanted, key):
    assert plan(learnt, now, wanted) == key


def test_a_quantity_proves_a_goal_to_book_it_only_where_no_button_sends_it():
    claim = StateClaim(role="spinbutton", name="Adults", value="3")
    assert proves(claim, "Book for 3 adults", SPIN)
    assert not proves(claim, "Book for 3 adults", SPIN + '\n- button "Book now" [ref=e90]')
    assert not proves(claim, "Book for 4 adults", SPIN)
    assert not proves(StateClaim(role="textbox", name="Adults", value="3"), "Book for 3 adults", SPIN)


def test_a_goal_names_a_control_by_all_of_its_words():
    snapshot = """- group "Sandwich Condiments" [ref=e2]:
  - checkbox "All condiments" [ref=e3]
  - checkbox "Lettuce" [ref=e4]"""
    goal = widget_goal("Select all the sandwich condiments", parse_snapshot(snapshot))
    assert goal is not None and (goal.target, goal.role) == ("All condiments", "checkbox")
    assert widget_goal("Select the sandwich", parse_snapshot(snapshot)) is None
