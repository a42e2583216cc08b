"""What the offline engine answers after a session: the questionnaire and debrief questions, from its own counts.

It has no opinions, only its record: how many expectations were met, how many moves led nowhere (a failed action or
a click that changed nothing: dead ends), and whether the goal was reached. Every answer says that this is where it
comes from, so a report never passes a count off as a person's judgement. Pure.
"""

from __future__ import annotations

import re

from pytest_useragent.llm.base import InterviewRequest, SurveyRequest
from pytest_useragent.records import InterviewReply, Step, SusItem, SusReply

ANSWERED_BY = "the offline engine, from its counts (expectations met, dead ends), not a person's judgement"
_WORD = re.compile(r"\w{3,}")


def dead_ends(steps: list[Step]) -> int:
    """Moves that led nowhere: an action that failed, or a click after which nothing changed."""
    return sum(1 for step in steps if step.action is not None and (not step.outcome.ok or step.outcome.dead_click))


def agreement(request: SurveyRequest) -> int:
    """How far the session went well, as an answer from 1 to 5 to a positive statement: the share of expectations
    met (or 1 / 0 by the goal, with none judged), halved when the goal was not reached (an exploration to its end
    is no failure), less a tenth per dead end."""
    stats, achieved = request.expectations, request.outcome in ("goal_achieved", "explored")
    ease = stats.met_rate if stats.total else float(achieved)
    ease = ease if achieved else ease / 2
    ease = min(max(ease - 0.1 * dead_ends(request.steps), 0.0), 1.0)
    return 1 + round(4 * ease)


def survey(request: SurveyRequest) -> SusReply:
    """Odd statements are worded positively, even ones negatively: the same ease, agreed with or disagreed with."""
    agree = agreement(request)
    stats = request.expectations
    counts = (
        f"offline engine, from its counts: {stats.met} of {stats.total} expectations met, "
        f"{dead_ends(request.steps)} dead ends, ended as {request.outcome.replace('_', ' ')}"
    )
    return SusReply(
        answers=[
            SusItem(item=item, score=agree if item % 2 else 6 - agree, reason=counts)
            for item in range(1, len(request.statements) + 1)
        ]
    )


def interview(request: InterviewRequest) -> InterviewReply:
    """The step the question is most about (most words shared with its page, expectation, action and outcome),
    told as it was recorded; with none, how the session ended."""
    words = set(_WORD.findall(request.question.lower()))
    intro = "(offline engine: I answer from my record only.) "
    best = max(request.steps, key=lambda step: len(words & _words(step)), default=None)
    if best is None or not words & _words(best):
        stats = request.expectations
        return InterviewReply(
            answer=f"{intro}I took {len(request.steps)} steps and met {stats.met} of {stats.total} expectations; "
            f"the session ended as {request.outcome.replace('_', ' ')}. {request.summary}".strip()
        )
    action = best.action.describe() if best.action else "nothing"
    verdict = f" I judged my expectation {best.evaluation.verdict}: {best.evaluation.note}" if best.evaluation else ""
    return InterviewReply(
        answer=f"{intro}At step {best.index}, on {best.title or best.url}, I expected that {best.expectation or '-'}, "
        f"so I did {action}, and {best.outcome.message}.{verdict}"
    )


def _words(step: Step) -> set[str]:
    text = " ".join(
        [step.title, step.url, step.expectation, step.observation, step.outcome.message]
        + ([step.action.describe()] if step.action else [])
    )
    return set(_WORD.findall(text.lower()))
