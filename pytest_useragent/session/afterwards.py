"""The questions after a session: the wrap-up (the persona's verdict on the whole), then, when asked for, the
survey (`survey.py`). Each is one priced call; one the API or the budget cuts short is skipped, and one the model
refuses or never answers validly is left unanswered: either is said in the session's `error`, and never ends a
session that already ended. One the API rejects as such (ProviderRejected) also stops the run's calls, as a step's
does: every later call would be refused alike."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pytest_useragent.cost.billing import Meter
from pytest_useragent.errors import BudgetExhausted, ProviderError, ProviderRejected
from pytest_useragent.llm.base import Provider, SurveyRequest, WrapUpRequest
from pytest_useragent.records import ExpectationStats, Survey, WrapUp
from pytest_useragent.report.artifacts import SessionFiles
from pytest_useragent.research.survey import conduct


@dataclass(frozen=True)
class Afterwards:
    wrap_up: WrapUp | None = None
    survey: Survey | None = None
    problem: str | None = None
    """Why a question went unanswered (the first), for the session's `error`."""
    rejected: ProviderRejected | None = None
    """The API refused a question as such: every later call there would be refused alike, so the run stops calling
    it, as after a step's."""
    interrupted: bool = False
    """Ctrl-C came during a question: the session is written with what it paid for, then the interrupt goes on."""


def ask_afterwards(
    provider: Provider,
    request: WrapUpRequest,
    survey: bool,
    expectations: ExpectationStats,
    meter: Meter,
    files: SessionFiles,
    redacted: Callable[[SurveyRequest], SurveyRequest],
) -> Afterwards:
    """The wrap-up for `request` (already redacted), then the survey when `survey` (its request through `redacted`).
    Ctrl-C during either (it waits on the API) is `interrupted`: the session is written with what it paid for before
    the interrupt goes on."""
    wrap_up, problem = None, None
    try:
        reply = provider.wrap_up(request, meter)
        wrap_up = reply.value
        files.write_exchanges("wrap-up", reply.exchanges)
        if wrap_up is None:  # refused, or never valid: said, as the survey's is
            problem = f"wrap-up not answered: {'the model refused' if reply.refused else reply.problem}"
    except (BudgetExhausted, ProviderError) as failure:
        problem = f"wrap-up skipped: {failure}"
        if isinstance(failure, ProviderRejected):  # the survey would be refused alike
            return Afterwards(None, None, problem, rejected=failure)
    except KeyboardInterrupt:
        return Afterwards(None, None, "wrap-up interrupted (KeyboardInterrupt)", interrupted=True)
    if not survey:
        return Afterwards(wrap_up, None, problem)
    try:
        scored, unanswered = conduct(provider, request, wrap_up, expectations, meter, files, redacted)
    except ProviderRejected as rejected:
        return Afterwards(wrap_up, None, problem or f"survey skipped: {rejected}", rejected=rejected)
    except KeyboardInterrupt:
        return Afterwards(wrap_up, None, problem or "survey interrupted (KeyboardInterrupt)", interrupted=True)
    return Afterwards(wrap_up, scored, problem or unanswered)
