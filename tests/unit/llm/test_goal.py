"""A goal that is missing, empty or too long is one clear line before anything runs or is paid."""

from __future__ import annotations

import pytest

from pytest_useragent.errors import GoalError, UserError
from pytest_useragent.session.agent import MAX_GOAL_CHARS, checked_goal


def test_a_goal_is_kept_stripped():
    assert checked_goal("  Buy milk\n") == "Buy milk"
    assert checked_goal("Compare the plans. " * 100)  # a long, real goal


@pytest.mark.parametrize(
    ("goal", "message"),
    [
        (None, "agent.run needs a goal, a sentence saying what the persona should do; got None"),
        ("", "agent.run needs a goal, a sentence saying what the persona should do; it is empty"),
        (" \n\t", "agent.run needs a goal, a sentence saying what the persona should do; it is empty"),
        (42, "agent.run needs a goal, a sentence saying what the persona should do; got 42"),
        ("x" * 100_000, f"the goal is 100,000 characters; at most {MAX_GOAL_CHARS:,} (it goes with every call)"),
    ],
)
def test_no_goal_or_a_huge_one_is_a_user_error(goal, message):
    with pytest.raises(GoalError) as caught:
        checked_goal(goal)
    assert isinstance(caught.value, UserError) and str(caught.value) == message
