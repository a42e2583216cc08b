"""The questions after a session: the wrap-up (the persona's verdict on the whole), then, when asked for, the
survey (`survey.py`). Each is one priced call; one the API or the budget cuts short is skipped, and one the model
refuses or never answers validly is left unanswered: either is said in the session's `error`, and never ends a
session that already ended."""

from __future__ import annotations

from dataclasses import dataclass

from pytest_useragent.artifacts import SessionFiles
from pytest_useragent.billing import Meter
from pytest_useragent.errors import BudgetExhausted, ProviderError
from pytest_useragent.llm.base import Provider, WrapUpRequest
from pytest_useragent.records import ExpectationStats, Survey, WrapUp
from pytest_useragent.survey import conduct


@dataclass(frozen=True)
class Afterwards:
    wrap_up: WrapUp | None = None
    survey: Survey | None = None
    problem: str | None = None
    """Why a question went unanswered (the first), for the session's `error`."""


def ask_afterwards(
    provider: Provider,
    request: WrapUpRequest,
    survey: bool,
    expectations: ExpectationStats,
    meter: Meter,
    files: SessionFiles,
) -> Afterwards:
    """The wrap-up for `request` (already redacted), then the survey when `survey`."""
    wrap_up, problem = None, None
    try:
        reply = provider.wrap_up(request, meter)
        wrap_up = reply.value
        files.write_exchanges("wrap-up", reply.exchanges)
        if wrap_up is None:  # refused, or never valid: said, as the survey's is
            problem = f"wrap-up not answered: {'the model refused' if reply.refused else reply.problem}"
    except (BudgetExhausted, ProviderError) as failure:
        problem = f"wrap-up skipped: {failure}"
    if not survey:
        return Afterwards(wrap_up, None, problem)
    scored, unanswered = conduct(provider, request, wrap_up, expectations, meter, files)
    return Afterwards(wrap_up, scored, problem or unanswered)
