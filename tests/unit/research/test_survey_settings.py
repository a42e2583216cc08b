"""--useragent-survey and the marker's survey=; the marker's arguments are the overridable settings and two more."""

from __future__ import annotations

import pytest

from pytest_useragent.config import MARKER_ARGUMENTS, OPTIONS, OVERRIDABLE, UserAgentConfig
from pytest_useragent.errors import ConfigError
from pytest_useragent.llm.base import SurveyRequest
from pytest_useragent.llm.offline.debrief import agreement, dead_ends, survey
from pytest_useragent.records import ActionOutcome, ExpectationStats
from pytest_useragent.research.sus import ITEMS
from pytest_useragent.testing.synthetic import session_result


def test_no_survey_by_default_and_sus_when_asked():
    assert UserAgentConfig.from_raw({}).survey == "off"
    assert UserAgentConfig.from_raw({"survey": "sus"}).survey == "sus"
    assert UserAgentConfig().with_overrides(survey="sus").survey == "sus"
    assert "survey" in {option.name for option in OPTIONS}


def test_an_unknown_survey_is_one_line():
    with pytest.raises(ConfigError, match=r"--useragent-survey='umux': must be one of off, sus"):
        UserAgentConfig.from_raw({"survey": "umux"})
    with pytest.raises(ConfigError, match=r"useragent survey='nps': must be one of off, sus"):
        UserAgentConfig().with_overrides(survey="nps")


def test_the_marker_takes_the_persona_the_credentials_and_every_overridable_setting():
    assert set(MARKER_ARGUMENTS) == OVERRIDABLE | {"persona", "credentials"}
    assert len(MARKER_ARGUMENTS) == len(set(MARKER_ARGUMENTS))


def request(met: int, total: int, outcome: str, failed_steps: int = 0) -> SurveyRequest:
    result = session_result(steps=max(total, failed_steps, 1), met=met)
    steps = result.steps
    for step in steps[:failed_steps]:
        step.outcome = ActionOutcome(ok=False, message="element not found")
    stats = ExpectationStats(met=met, unmet=total - met)
    return SurveyRequest(
        model="offline",
        persona=result.persona,
        goal="g",
        outcome=outcome,  # type: ignore[arg-type]
        summary="",
        steps=steps,
        expectations=stats,
        statements=ITEMS,
    )


@pytest.mark.parametrize(
    ("met", "total", "outcome", "failed", "agree"),
    [
        (4, 4, "goal_achieved", 0, 5),  # all went well: strongly agree with the positive statements
        (2, 4, "goal_achieved", 0, 3),  # half met: 1 + round(4 x 0.5)
        (2, 4, "gave_up", 0, 2),  # half met, goal missed: halved, 1 + round(4 x 0.25)
        (4, 4, "goal_achieved", 2, 4),  # two dead ends: 1 + round(4 x 0.8)
        (0, 0, "goal_achieved", 0, 5),  # nothing judged: the goal decides
        (0, 0, "max_steps", 0, 1),
    ],
)
def test_the_offline_answers_follow_its_counts(met, total, outcome, failed, agree):
    asked = request(met, total, outcome, failed)
    assert dead_ends(asked.steps) == failed and agreement(asked) == agree
    answers = survey(asked).answers
    assert [answer.score for answer in answers] == [agree if item % 2 else 6 - agree for item in range(1, 11)]
    assert f"{met} of {total} expectations met, {failed} dead ends" in answers[0].reason
