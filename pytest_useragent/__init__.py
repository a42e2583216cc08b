"""pytest-useragent: UX regression tests in pytest. A persona drives a real page and reports what it met and missed."""

from __future__ import annotations

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
from pytest_useragent.llm.base import InterviewRequest, Provider, Reply, StepRequest, SurveyRequest, WrapUpRequest
from pytest_useragent.llm.offline.engine import OfflineProvider
from pytest_useragent.records import Action, Decision, Interview, Issue, SessionResult, Step, Survey, WrapUp
from pytest_useragent.records.persona import Persona
from pytest_useragent.regression.repeats import RepeatedResult
from pytest_useragent.session.agent import Agent

__all__ = [
    "Action",
    "Agent",
    "AnthropicProvider",
    "BrowserNotFoundError",
    "BudgetExhausted",
    "ConfigError",
    "Decision",
    "Interview",
    "InterviewRequest",
    "Issue",
    "Meter",
    "OfflineProvider",
    "Persona",
    "PersonaError",
    "Provider",
    "ProviderError",
    "ProviderRejected",
    "RepeatedResult",
    "Reply",
    "RunError",
    "SessionResult",
    "Step",
    "StepRequest",
    "Survey",
    "SurveyRequest",
    "UserAgentConfig",
    "UserAgentError",
    "UserError",
    "WrapUp",
    "WrapUpRequest",
]
