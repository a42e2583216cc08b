"""SUS scoring against questionnaires scored by hand, reverse-scored (even) items included."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from pytest_useragent.records import SusItem, SusReply
from pytest_useragent.research import sus


@pytest.mark.parametrize(
    ("answers", "expected"),
    [
        # all "strongly agree": odd items 4 each (20), even items 0 each: 20 x 2.5
        ([5] * 10, 50.0),
        # all neutral: every item contributes 2: 20 x 2.5
        ([3] * 10, 50.0),
        # the best questionnaire: agree with the positive, disagree with the negative
        ([5, 1, 5, 1, 5, 1, 5, 1, 5, 1], 100.0),
        ([1, 5, 1, 5, 1, 5, 1, 5, 1, 5], 0.0),
        # by hand: odd 4-1, 5-1, 4-1, 3-1, 4-1 = 3+4+3+2+3 = 15; even 5-2, 5-1, 5-2, 5-3, 5-2 = 3+4+3+2+3 = 15; 30 x 2.5
        ([4, 2, 5, 1, 4, 2, 3, 3, 4, 2], 75.0),
        # by hand: odd 1, 2, 0, 3, 1 = 7; even 5-4, 5-5, 5-3, 5-2, 5-4 = 1+0+2+3+1 = 7; 14 x 2.5
        ([2, 4, 3, 5, 1, 3, 4, 2, 2, 4], 35.0),
    ],
)
def test_hand_scored_questionnaires(answers, expected):
    assert sus.score(answers) == expected


def test_an_even_item_counts_in_reverse():
    neutral = [3] * 10
    agree_with_complex = neutral.copy()
    agree_with_complex[1] = 5  # item 2: "unnecessarily complex"
    agree_with_easy = neutral.copy()
    agree_with_easy[2] = 5  # item 3: "easy to use"
    assert sus.score(agree_with_complex) == 45.0 and sus.score(agree_with_easy) == 55.0


@pytest.mark.parametrize("answers", [[3] * 9, [3] * 11, [0] + [3] * 9, [6] + [3] * 9])
def test_anything_but_ten_answers_from_1_to_5_is_refused(answers):
    with pytest.raises(ValueError, match="ten answers"):
        sus.score(answers)


def test_a_survey_keeps_each_statement_and_scores_in_item_order():
    answers = [SusItem(item=item, score=4 if item % 2 else 2, reason=f"because {item}") for item in range(10, 0, -1)]
    survey = sus.survey(answers, answered_by="the persona")
    assert [answer.item for answer in survey.answers] == list(range(1, 11))
    assert survey.answers[1].statement == "I found the system unnecessarily complex."
    assert survey.score == 75.0 and survey.answered_by == "the persona"


@pytest.mark.parametrize("items", [list(range(1, 10)), [1, 1, *range(3, 11)]])
def test_a_reply_must_answer_each_item_once(items):
    with pytest.raises(ValidationError, match="exactly once"):
        SusReply(answers=[SusItem(item=item, score=3, reason="-") for item in items])
