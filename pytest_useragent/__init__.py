"""pytest-useragent: UX regression tests in pytest. A persona drives a real page and reports what it met and missed."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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
    from pytest_useragent.llm.anthropic import AnthropicProvider
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
    from pytest_useragent.llm.openai import OpenAIProvider
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


_WHERE = {
    "Action": "pytest_useragent.records",
    "Agent": "pytest_useragent.session.agent",
    "AnthropicProvider": "pytest_useragent.llm.anthropic",
    "BrowserNotFoundError": "pytest_useragent.errors",
    "BudgetExhausted": "pytest_useragent.errors",
    "ComposeRequest": "pytest_useragent.llm.base",
    "ConfigError": "pytest_useragent.errors",
    "Decision": "pytest_useragent.records",
    "Interview": "pytest_useragent.records",
    "InterviewReply": "pytest_useragent.records",
    "InterviewRequest": "pytest_useragent.llm.base",
    "Issue": "pytest_useragent.records",
    "Meter": "pytest_useragent.cost.billing",
    "ModelProvider": "pytest_useragent.llm.prompted",
    "OfflineProvider": "pytest_useragent.llm.offline.engine",
    "OpenAIProvider": "pytest_useragent.llm.openai",
    "Persona": "pytest_useragent.records.persona",
    "PersonaError": "pytest_useragent.errors",
    "Provider": "pytest_useragent.llm.base",
    "ProviderError": "pytest_useragent.errors",
    "ProviderRejected": "pytest_useragent.errors",
    "Question": "pytest_useragent.llm.prompted",
    "RepeatedResult": "pytest_useragent.regression.repeats",
    "Reply": "pytest_useragent.llm.base",
    "RunError": "pytest_useragent.errors",
    "RunSummary": "pytest_useragent.report.aggregate",
    "SessionResult": "pytest_useragent.records",
    "Step": "pytest_useragent.records",
    "StepRequest": "pytest_useragent.llm.base",
    "Survey": "pytest_useragent.records",
    "SurveyRequest": "pytest_useragent.llm.base",
    "SusReply": "pytest_useragent.records",
    "Usage": "pytest_useragent.records",
    "UserAgentConfig": "pytest_useragent.config",
    "UserAgentError": "pytest_useragent.errors",
    "UserError": "pytest_useragent.errors",
    "WrapUp": "pytest_useragent.records",
    "WrapUpRequest": "pytest_useragent.llm.base",
}
"""Each public name and the module it is imported from, when it is first asked for (`__getattr__`)."""


def __getattr__(name: str) -> object:
    """Each public name imported when first asked for, not when the package is: `useragent combine` needs neither a
    browser, a model nor a session (a fifth of the 0.7 s it took to start, of the 3 s it may take for 10,000
    sessions); `anthropic` takes 0.8 s to import, paid by every pytest run with the plugin installed, offline ones
    too; `OpenAIProvider` needs the optional `openai` SDK (`pytest-useragent[openai]`)."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


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
