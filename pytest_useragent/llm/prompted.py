"""The requests a model is asked, built once for every API: a step's decision, the wrap-up, the survey, an interview
and a large write's content. A model provider is the transport beneath (`ask`: one structured answer, repaired in
`repair.answer`'s loop; `part`: one reply of a large write); what is asked, with which prompt and system prompt, is
decided here, so both APIs are told the same."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from pydantic import BaseModel

from pytest_useragent.cost.billing import Meter
from pytest_useragent.llm.base import (
    AfterSession,
    ComposeRequest,
    InterviewRequest,
    Reply,
    StepRequest,
    SurveyRequest,
    WrapUpRequest,
)
from pytest_useragent.llm.parts import Part, compose
from pytest_useragent.llm.prefix import SystemPrompt, only, system_prompt
from pytest_useragent.llm.prompts import render
from pytest_useragent.llm.repair import Messages
from pytest_useragent.records import CallPurpose, Decision, InterviewReply, SusReply, WrapUp
from pytest_useragent.records.persona import Persona

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class Question(Generic[M]):
    """One structured call: the answer's schema, what the call is for, the model, the system prompt, and the user's
    text with the screenshot, when one goes."""

    schema: type[M]
    purpose: CallPurpose
    model: str
    system: SystemPrompt
    text: str
    image: bytes | None = None
    cached: bool = False
    """Its system prompt is the prefix every step shares, marked for the cache where the API asks for that: a step's
    question, and the wrap-up where the provider `rides` the steps' cache. A question asked once on a prefix of its
    own (the survey, an interview) is not: writing it would cost more for nothing."""


class ModelProvider(ABC):
    """A provider that asks a model over an API: the requests above, the transport (`ask`, `part`, `endpoint`) in
    the subclass."""

    name: str
    rides = False
    """Whether the wrap-up is asked after the steps' own prefix (their tools and system prompt, unchanged), so it is
    read from their cache: where the API caches those apart from how the answer is asked for (Anthropic). Not where
    the answer's schema is the start of the cached prefix (OpenAI: another schema is another prefix from its first
    token): there the wrap-up keeps a short prompt of its own."""

    def model_name(self, requested: str) -> str:
        return requested

    @abstractmethod
    def endpoint(self, requested: str) -> str:
        """Where its calls for `requested` go: the API's base URL and the model."""

    @abstractmethod
    def ask(self, question: Question[M], meter: Meter) -> Reply[M]:
        """One answer of `question.schema`, paid through `meter`, repaired when it does not validate."""

    @abstractmethod
    def part(self, model: str, system: SystemPrompt, meter: Meter, reply: Reply[str]) -> Callable[[Messages], Part]:
        """The call that gets one reply of a large write's content, given the turns so far; its exchanges are kept
        on `reply`."""

    def step_system(self, persona: Persona, minimum: int) -> SystemPrompt:
        """The steps' system prompt, its shared part filled up to the model's cache minimum (`prefix.system_prompt`)."""
        return system_prompt(persona, minimum)

    def decide(self, request: StepRequest, meter: Meter) -> Reply[Decision]:
        system = self.step_system(request.persona, request.cache_minimum)
        text = render("step.j2", request=request)
        model = self.model_name(request.model)
        return self.ask(Question(Decision, "decide", model, system, text, request.image, cached=True), meter)

    def wrap_up(self, request: WrapUpRequest, meter: Meter) -> Reply[WrapUp]:
        """The closing question; after the steps' system prompt where the provider `rides` their cache."""
        if not self.rides:
            return self.ask(self._once(WrapUp, "wrap_up", "wrap_up.j2", request), meter)
        system = self.step_system(request.persona, request.cache_minimum)
        text = render("wrap_up.j2", request=request)
        return self.ask(Question(WrapUp, "wrap_up", self.model_name(request.model), system, text, cached=True), meter)

    def survey(self, request: SurveyRequest, meter: Meter) -> Reply[SusReply]:
        return self.ask(self._once(SusReply, "survey", "survey.j2", request), meter)

    def interview(self, request: InterviewRequest, meter: Meter) -> Reply[InterviewReply]:
        return self.ask(self._once(InterviewReply, "interview", "interview.j2", request), meter)

    def compose(self, request: ComposeRequest, meter: Meter, receive: Callable[[str], bool]) -> Reply[str]:
        """Plain-text content over as many replies as it takes (`parts.compose`), until a line DONE; after the steps'
        system prompt, so that its calls read the steps' cache."""
        reply: Reply[str] = Reply(None)
        system = self.step_system(request.persona, request.cache_minimum)
        call = self.part(self.model_name(request.model), system, meter, reply)
        return compose(reply, render("compose.j2", request=request), call, receive)

    def _once(
        self,
        schema: type[M],
        purpose: CallPurpose,
        template: str,
        request: AfterSession,
    ) -> Question[M]:
        """A question asked once: it needs only the persona as its system prompt."""
        system = only(request.persona)
        return Question(schema, purpose, self.model_name(request.model), system, render(template, request=request))
