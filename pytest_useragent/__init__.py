"""pytest-useragent: UX regression tests in pytest. A persona drives a real page and reports what it met and missed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.billing import Meter
from pytest_useragent.errors import (
    BrowserNotFoundError,
    BudgetExhausted,
    ConfigError,
    PersonaError,
    ProviderError,
    ProviderRejected,
    RunError,
    UserAgentError,
    UserError,
)
from pytest_useragent.llm.base import (
    ComposeRequest,
    InterviewRequest,
    Provider,
    Reply,
    StepRequest,
    SurveyRequest,
    WrapUpRequest,
)
from pytest_useragent.llm.offline.engine import OfflineProvider
from pytest_useragent.llm.prompted import ModelProvider, Question
from pytest_useragent.records import (
    Action,
    Decision,
    Interview,
    InterviewReply,
    Issue,
    SessionResult,
    Step,
    Survey,
    SusReply,
    Usage,
    WrapUp,
)
from pytest_useragent.records.persona import Persona
from pytest_useragent.regression.repeats import RepeatedResult
from pytest_useragent.report.aggregate import RunSummary
from pytest_useragent.session.agent import Agent

if TYPE_CHECKING:
    from pytest_useragent.llm.anthropic import AnthropicProvider
    from pytest_useragent.llm.openai import OpenAIProvider


def __getattr__(name: str) -> object:
    """A provider over an SDK when asked for, not at import: `anthropic` takes 0.8 s to import, paid by every pytest
    run with the plugin installed, offline ones too; `OpenAIProvider` needs the optional `openai` SDK
    (`pytest-useragent[openai]`)."""
    if name == "AnthropicProvider":
        from pytest_useragent.llm.anthropic import AnthropicProvider

        return AnthropicProvider
    if name == "OpenAIProvider":
        from pytest_useragent.llm.openai import OpenAIProvider

        return OpenAIProvider
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Action",
    "Agent",
    "AnthropicProvider",
    "BrowserNotFoundError",
    "BudgetExhausted",
    "ComposeRequest",
    "ConfigError",
    "Decision",
    "Interview",
    "InterviewReply",
    "InterviewRequest",
    "Issue",
    "Meter",
    "ModelProvider",
    "OfflineProvider",
    "OpenAIProvider",
    "Persona",
    "PersonaError",
    "Provider",
    "ProviderError",
    "ProviderRejected",
    "Question",
    "RepeatedResult",
    "Reply",
    "RunError",
    "RunSummary",
    "SessionResult",
    "Step",
    "StepRequest",
    "Survey",
    "SurveyRequest",
    "SusReply",
    "Usage",
    "UserAgentConfig",
    "UserAgentError",
    "UserError",
    "WrapUp",
    "WrapUpRequest",
]
