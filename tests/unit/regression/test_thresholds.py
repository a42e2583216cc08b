"""--useragent-compare-fail: every measure, both kinds of limit, and each way an expression can be wrong."""

from __future__ import annotations

import pytest

from pytest_useragent.config import UserAgentConfig
from pytest_useragent.errors import ConfigError
from pytest_useragent.regression.thresholds import Threshold, parse_fail_rules


def test_the_documented_example():
    rules = parse_fail_rules("goal:0,met_rate:10%,new_issues:0,steps:25%,cost:25%")
    assert rules.get("goal") == Threshold(measure="goal", limit=0.0)
    assert rules.get("met_rate") == Threshold(measure="met_rate", limit=0.10)
    assert rules.get("new_issues") == Threshold(measure="new_issues", limit=0)
    assert rules.get("steps") == Threshold(measure="steps", limit=0.25, relative=True)
    assert rules.get("cost") == Threshold(measure="cost", limit=0.25, relative=True)
    assert str(rules) == "goal:0%,met_rate:10%,new_issues:0,steps:25%,cost:25%"


def test_rates_are_points_with_or_without_percent_and_the_rest_absolute_without():
    rules = parse_fail_rules(" met_rate : 5 , steps:3, cost:0.02 ")
    assert rules.get("met_rate") == Threshold(measure="met_rate", limit=0.05)
    assert rules.get("steps") == Threshold(measure="steps", limit=3, relative=False)
    assert rules.get("cost") == Threshold(measure="cost", limit=0.02, relative=False)
    assert rules.get("goal") is None


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        ("", "is empty"),
        ("speed:10%", "'speed' is not a measure; one of goal, met_rate, new_issues, review_issues, steps, cost"),
        ("goal", "goal needs a limit, e.g. goal:10%"),
        ("goal:", "goal needs a limit"),
        ("goal:lots", "goal: 'lots' is not a number"),
        ("goal:-5", "the limit must be a number, 0 or more"),
        ("goal:nan", "the limit must be a number, 0 or more"),
        ("met_rate:150%", "a rate falls by at most 100 percentage points"),
        ("new_issues:10%", "new_issues counts issues, a whole number"),
        ("new_issues:1.5", "new_issues counts issues, a whole number"),
        ("goal:0,goal:5", "names goal twice"),
        ("goal:0,,steps:1", "has an empty item"),
    ],
)
def test_a_bad_expression_is_one_line(expression, message):
    with pytest.raises(ValueError, match="^.*$") as error:
        parse_fail_rules(expression)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_a_bad_expression_on_the_command_line_names_the_option():
    with pytest.raises(ConfigError, match=r"^--useragent-compare-fail='goal:x': goal: 'x' is not a number$"):
        UserAgentConfig.from_raw({"compare-fail": "goal:x"})


def test_a_compare_followed_by_a_path_says_what_happened():
    with pytest.raises(ConfigError, match=r"^--useragent-compare='tests/': .*put test paths before it\)$"):
        UserAgentConfig.from_raw({"compare": "tests/"})
    assert UserAgentConfig.from_raw({"compare": "0003_main"}).compare == "0003_main"
