"""The provider seam: what a provider is asked, what it answers, and the Protocol every provider meets.

Providers know nothing of Playwright; they see an Observation's text, and an image (JPEG or PNG bytes) when one is sent.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from pytest_useragent.cost.billing import Meter
from pytest_useragent.errors import ConfigError
from pytest_useragent.llm.recap import Recap, recap
from pytest_useragent.records import (
    ActionOutcome,
    Decision,
    DocumentEntry,
    ExpectationStats,
    Interview,
    InterviewReply,
    Issue,
    Observation,
    PageEvent,
    SessionOutcome,
    Step,
    SusReply,
    WrapUp,
)
from pytest_useragent.records.focus import Focus
from pytest_useragent.records.persona import Persona
from pytest_useragent.records.screenshots import MAX_IMAGE_PIXELS, for_model

T = TypeVar("T")
MAX_REPAIRS = 2
"""How often a reply (or content) that does not validate is sent back to be fixed before it counts as failed."""
MAX_PARTS = 40
"""Most replies one large write may take (40 x 2,048 output tokens is well over 300 KB of text)."""
REFUSAL = "refusal"
"""The stop_reason recorded for a reply the model declined to give (Claude's own; OpenAI's refusals are booked so)."""
REJECTED = frozenset({400, 401, 403, 404})
"""Statuses that refuse the call as such (bad request, key, permission, unknown model): every call would fail alike."""


@dataclass(frozen=True)
class StepRequest:
    """Everything the model is told at one step; the rolling summary stands in for history."""

    model: str
    persona: Persona
    goal: str
    step: int
    max_steps: int
    summary: str
    observation: Observation
    expectation: str | None = None
    """What the persona expected its previous action to do; None on the first step."""
    last_action: str | None = None
    last_outcome: ActionOutcome | None = None
    """What the previous action (or opening the start page) did; for `done`, its claim as the harness judged it."""
    last_events: list[PageEvent] = field(default_factory=list)
    """What the browser did beside the page during the last step: dialogs, new tabs, downloads, blocked pages."""
    documents: list[DocumentEntry] = field(default_factory=list)
    """The index of the persona's documents."""
    todo: str = ""
    """The plan and progress of todo.md."""
    screenshot: bytes | None = None
    """The look's screenshot, when it adds information (see `screenshots`); what is sent is `image`."""
    screenshot_pixels: int = MAX_IMAGE_PIXELS
    """The most pixels the image sent may have (--useragent-screenshot-size)."""
    image_reason: str | None = None
    """Why the screenshot is sent; without one, why not."""
    credentials: list[str] = field(default_factory=list)
    """The placeholders of the credentials the persona has ({{password}}); never their values."""
    cache_minimum: int = 0
    """The least prefix, in tokens, the model's prompt cache takes: the system prompt is made at least this long."""
    focus: Focus | None = None
    """For a keyboard persona: the element that has focus and the way its focus came on this page."""
    explore: bool = False
    """No goal: `goal` is the persona's intent, and a done needs no evidence (`agent.explore`)."""

    @functools.cached_property
    def image(self) -> bytes | None:
        """The screenshot scaled for the model, made when a provider sends it: a replayed or offline step never
        does (~1 ms a step)."""
        return for_model(self.screenshot, self.screenshot_pixels) if self.screenshot else None


@dataclass(frozen=True)
class AfterSession:
    """What every question about a finished session carries: the session as its steps and the persona's notes."""

    model: str
    persona: Persona
    goal: str
    outcome: SessionOutcome
    summary: str
    steps: list[Step]
    """Every step, for providers that reason over them; what a prompt tells of them is `recap`."""

    @property
    def recap(self) -> Recap:
        """The session told within bounds: first and last steps, the worst issues, and what was left out."""
        return recap(self.steps, self.summary)


@dataclass(frozen=True)
class WrapUpRequest(AfterSession):
    """Ask for the persona's closing verdict on the session."""

    cache_minimum: int = 0
    """As StepRequest's: the wrap-up is asked after the steps' own system prompt, so it reads their cache."""


@dataclass(frozen=True)
class ComposeRequest:
    """Ask for a document's content as plain text ending with a line DONE (not inside JSON)."""

    model: str
    persona: Persona
    goal: str
    summary: str
    file: str
    operation: str
    target: str | None = None
    problem: str | None = None
    """Why the previous content was refused, when this is a repair."""
    cache_minimum: int = 0
    """As StepRequest's: the same system prompt, so the same cached prefix."""


@dataclass(frozen=True)
class SurveyRequest(AfterSession):
    """Ask the persona, after the wrap-up, to answer a questionnaire's statements (1-5, a one-line reason each)."""

    expectations: ExpectationStats
    statements: tuple[str, ...]
    """The statements in order, numbered from 1 in the prompt (`sus.ITEMS`)."""
    wrap_up: WrapUp | None = None
    """The persona's own verdict, when the wrap-up answered."""


@dataclass(frozen=True)
class InterviewRequest(AfterSession):
    """A debrief question about a finished session, answered in the persona's voice from the session's record."""

    expectations: ExpectationStats
    issues: list[Issue]
    documents: list[DocumentEntry]
    question: str
    earlier: list[Interview] = field(default_factory=list)
    """The questions already asked about this session, with their answers, so answers stay consistent."""
    wrap_up: WrapUp | None = None


@dataclass
class Reply(Generic[T]):
    """A provider's answer: the value, or why there is none. The calls it took are on the session's Meter."""

    value: T | None
    problem: str | None = None
    refused: bool = False
    """The model declined to answer (stop_reason refusal): not repaired, not retried."""
    exchanges: list[dict[str, Any]] = field(default_factory=list)
    """Raw requests and responses, kept only for --useragent-debug=ultra."""
    replayed: bool = False
    """Answered from a cassette (replay/provider.py), with no model call."""


class Provider(Protocol):
    """Makes each model request inside `meter.call(...)`, which reserves, settles and records it: a provider never
    prices or books a call itself."""

    name: str

    def model_name(self, requested: str) -> str:
        """The model this provider will actually use when `requested` is configured."""
        ...

    def endpoint(self, requested: str) -> str | None:
        """Where its calls for `requested` go (the API's base URL and the model), or None when it calls nothing: once
        that API refuses the run's calls (`ProviderRejected.where`), later tests that would call it are skipped."""
        ...

    def decide(self, request: StepRequest, meter: Meter) -> Reply[Decision]:
        """ONE call: the persona's verdict on its last expectation, new issues, next expectation and action."""
        ...

    def wrap_up(self, request: WrapUpRequest, meter: Meter) -> Reply[WrapUp]:
        """The closing call: intuitiveness score, consolidated issues, suggestions, quotes."""
        ...

    def compose(self, request: ComposeRequest, meter: Meter, receive: Callable[[str], bool]) -> Reply[str]:
        """A document's content as plain text, continued across replies cut at max_tokens until a line DONE;
        `receive` gets the whole content so far after each reply, and answers False to stop."""
        ...

    def survey(self, request: SurveyRequest, meter: Meter) -> Reply[SusReply]:
        """ONE call after the wrap-up: the persona's answers to the questionnaire's statements."""
        ...

    def interview(self, request: InterviewRequest, meter: Meter) -> Reply[InterviewReply]:
        """ONE call after the session: the persona's answer to a debrief question, from the session's record."""
        ...


PROVIDER_METHODS = ("model_name", "endpoint", "decide", "wrap_up", "compose", "survey", "interview")
"""What a session, its end and `agent.interview` ask of a provider, beside its `name`: the `Provider` protocol."""


def conforming(provider: object) -> Provider:
    """`provider`, once it has all a session may ask of it; a ConfigError in one line, before anything runs or is
    paid, naming what it lacks (a test double without `survey` would otherwise crash a session asked for one)."""
    lacking = [] if isinstance(getattr(provider, "name", None), str) else ["name"]
    lacking += [method for method in PROVIDER_METHODS if not callable(getattr(provider, method, None))]
    if lacking:
        raise ConfigError(
            f"{type(provider).__name__} is not a provider: it lacks {', '.join(lacking)} "
            "(pytest_useragent.Provider names what a provider answers)"
        )
    return provider  # type: ignore[return-value]


def shown_address(base_url: Any) -> str:
    """An SDK client's base URL as messages and halts show it: a gateway's address may carry credentials
    (user:token@host), never shown."""
    return str(base_url.copy_with(userinfo=b""))


def shown_body(body: object) -> str:
    """The start of a 200's body that is not the API's answer (a captive portal's page), on one line."""
    return repr(" ".join(str(body).split())[:80])
