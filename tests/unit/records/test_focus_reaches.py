"""Where a keyboard persona's press with a target stops (`records/focus.reaches`): on the role its target names, not on
a link whose text holds the role's word. Pure."""

from __future__ import annotations

import pytest

from pytest_useragent.records.focus import reaches


@pytest.mark.parametrize(
    ("element", "target", "reached"),
    [
        ('radio "Deep dish"', "radio", True),
        ('link "Radio Group Example Using Roving tabindex"', "radio", False),  # a word of a link is no radio
        ('listbox "Choose your animal sidekick"', "listbox", True),
        ('link "Scrollable Listbox Example"', "listbox", False),
        ('link "Pricing"', "link Pricing", True),
        ('button "Pricing"', "link Pricing", False),
        ('button "Sign up"', "Sign up", True),  # no role first: every word anywhere, as find matches
    ],
)
def test_a_press_walk_stops_on_the_role_its_target_names(element, target, reached):
    assert reaches(element, target) is reached
