"""After the session: the questionnaire the persona answers and the debrief questions it is asked."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, model_validator

SurveyKind = Literal["sus"]


class SusItem(BaseModel):
    """The persona's answer to one System Usability Scale statement."""

    item: int = Field(ge=1, le=10)
    score: int = Field(ge=1, le=5, description="1 strongly disagree ... 5 strongly agree")
    reason: str = Field(description="one line, in the persona's language")


class SusReply(BaseModel):
    """What the model returns for the SUS: all ten statements, each once."""

    answers: list[SusItem]

    @model_validator(mode="after")
    def _all_ten(self) -> SusReply:
        items = sorted(answer.item for answer in self.answers)
        if items != list(range(1, 11)):
            raise ValueError(f"answer each of the items 1-10 exactly once; got {items}")
        self.answers.sort(key=lambda answer: answer.item)
        return self


class SurveyAnswer(SusItem):
    statement: str
    """The statement as the standard questionnaire words it."""


class Survey(BaseModel):
    """A questionnaire the persona answered after its session, scored the standard way (`sus.py`)."""

    kind: SurveyKind = "sus"
    answers: list[SurveyAnswer]
    score: float
    """0-100."""
    answered_by: str
    """Who answered: the persona through the model, or the offline engine from its counts."""


class InterviewReply(BaseModel):
    """What the model returns for a debrief question."""

    answer: str = Field(description="in the persona's voice and language")


class Interview(BaseModel):
    """One debrief question asked after a session, and the persona's answer (None when no valid one came)."""

    question: str
    answer: str | None
    problem: str | None = None
    """Why there is no answer: an invalid reply, a refusal."""
    cost_usd: float = 0.0
