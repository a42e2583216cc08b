"""The System Usability Scale (Brooke, 1996): its ten statements and its standard score. Pure.

Odd statements are worded positively, even ones negatively, so an answer's contribution is `score - 1` for an odd
item and `5 - score` for an even one (each 0-4); their sum times 2.5 gives 0-100. A 68 is about average.
"""

from __future__ import annotations

from collections.abc import Sequence

from pytest_useragent.records import Survey, SurveyAnswer, SusItem

ITEMS: tuple[str, ...] = (
    "I think that I would like to use this system frequently.",
    "I found the system unnecessarily complex.",
    "I thought the system was easy to use.",
    "I think that I would need the support of a technical person to be able to use this system.",
    "I found the various functions in this system were well integrated.",
    "I thought there was too much inconsistency in this system.",
    "I would imagine that most people would learn to use this system very quickly.",
    "I found the system very cumbersome to use.",
    "I felt very confident using the system.",
    "I needed to learn a lot of things before I could get going with this system.",
)
"""The ten statements, in order, as the standard English questionnaire words them."""


def score(answers: Sequence[int]) -> float:
    """The SUS score (0-100) of ten answers (1 strongly disagree ... 5 strongly agree), item 1 first."""
    if len(answers) != len(ITEMS) or any(not 1 <= answer <= 5 for answer in answers):
        raise ValueError(f"SUS needs ten answers from 1 to 5; got {list(answers)}")
    contributions = (answer - 1 if item % 2 else 5 - answer for item, answer in enumerate(answers, start=1))
    return sum(contributions) * 2.5


def survey(answers: Sequence[SusItem], answered_by: str) -> Survey:
    """The scored questionnaire of ten answers, items in order, each with its statement."""
    ordered = sorted(answers, key=lambda answer: answer.item)
    return Survey(
        kind="sus",
        answers=[SurveyAnswer(**answer.model_dump(), statement=ITEMS[answer.item - 1]) for answer in ordered],
        score=score([answer.score for answer in ordered]),
        answered_by=answered_by,
    )
