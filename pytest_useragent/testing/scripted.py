"""ScriptedProvider: a provider in the test's own process, no HTTP: each decision is a function of the request (as
pydantic-ai's FunctionModel), for fast tests and benchmarks of everything but the model."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from pytest_useragent.cost.billing import Meter
from pytest_useragent.llm.base import (
    ComposeRequest,
    InterviewRequest,
    Reply,
    StepRequest,
    SurveyRequest,
    WrapUpRequest,
)
from pytest_useragent.llm.offline import debrief as offline
from pytest_useragent.records import CallPurpose, Decision, InterviewReply, SusReply, Usage, WrapUp
from pytest_useragent.testing.replies import wrap_up as default_wrap_up

T = TypeVar("T")
Decide = Callable[[StepRequest], Decision]


class ScriptedProvider:
    """`decide` is a function from the step's request to a Decision, or a sequence of Decisions taken in order.
    `wrap_up`, `survey`, `interview` and `compose` likewise (the answer, or a function of the request; the content as
    a string); the survey and interviews are answered as the offline engine answers them unless given. With `usage`,
    every call is paid for through the session's Meter at that usage, priced as `model`; without, calls are free.

        ScriptedProvider(lambda request: decision("click", ref_of_snapshot(request, "Pricing")))
    """

    name = "scripted"

    def __init__(
        self,
        decide: Decide | Iterable[Decision],
        *,
        wrap_up: Callable[[WrapUpRequest], WrapUp] | WrapUp | None = None,
        compose: Callable[[ComposeRequest], str] | str = "",
        survey: Callable[[SurveyRequest], SusReply] | SusReply | None = None,
        interview: Callable[[InterviewRequest], InterviewReply] | InterviewReply | None = None,
        model: str = "scripted",
        usage: Usage | None = None,
    ) -> None:
        self._decide = decide if callable(decide) else _one_by_one(iter(decide))
        self._wrap_up = wrap_up if wrap_up is not None else default_wrap_up()
        self._compose = compose
        self._survey = survey if survey is not None else offline.survey
        self._interview = interview if interview is not None else offline.interview
        self._model = model
        self._usage = usage
        self.requests: list[StepRequest] = []
        """Every step request, in order (what the model would have been told)."""

    def model_name(self, requested: str) -> str:
        return self._model

    def endpoint(self, requested: str) -> None:
        return None

    def decide(self, request: StepRequest, meter: Meter) -> Reply[Decision]:
        self.requests.append(request)
        try:
            return self._paid("decide", meter, lambda: self._decide(request))
        except _ScriptEnded as ended:  # the step's failed outcome, seen in the result, as a model's bad reply is
            return Reply(None, problem=str(ended))

    def wrap_up(self, request: WrapUpRequest, meter: Meter) -> Reply[WrapUp]:
        made = self._wrap_up
        return self._paid("wrap_up", meter, lambda: made(request) if callable(made) else made)

    def survey(self, request: SurveyRequest, meter: Meter) -> Reply[SusReply]:
        made = self._survey
        return self._paid("survey", meter, lambda: made(request) if callable(made) else made)

    def interview(self, request: InterviewRequest, meter: Meter) -> Reply[InterviewReply]:
        made = self._interview
        return self._paid("interview", meter, lambda: made(request) if callable(made) else made)

    def compose(self, request: ComposeRequest, meter: Meter, receive: Callable[[str], bool]) -> Reply[str]:
        made = self._compose
        reply = self._paid("compose", meter, lambda: made(request) if callable(made) else made)
        if reply.value is not None and not receive(reply.value):
            return Reply(None, problem="the content was refused")
        return reply

    def _paid(self, purpose: CallPurpose, meter: Meter, make: Callable[[], T]) -> Reply[T]:
        if self._usage is None:
            return Reply(make())
        with meter.call(purpose, self._model, self._usage) as bill:
            value = make()
            bill.paid(self._usage, "end_turn")
        return Reply(value)


def _one_by_one(decisions: Iterator[Decision]) -> Decide:
    def decide(request: StepRequest) -> Decision:
        try:
            return next(decisions)
        except StopIteration:
            raise _ScriptEnded(f"ScriptedProvider: no decision left for step {request.step}") from None

    return decide


class _ScriptEnded(LookupError):
    pass
