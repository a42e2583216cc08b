"""The questionnaire after a session (--useragent-survey, marker `survey=`): one call after the wrap-up, scored by
`sus.py`. A survey the API or the budget cuts short is skipped, and said in the session's `error`; it never ends a
session that already ended."""

from __future__ import annotations

from collections.abc import Callable

from pytest_useragent.cost.billing import Meter
from pytest_useragent.errors import BudgetExhausted, ProviderError, ProviderRejected
from pytest_useragent.llm.base import Provider, SurveyRequest, WrapUpRequest
from pytest_useragent.llm.offline.debrief import ANSWERED_BY
from pytest_useragent.records import ExpectationStats, Survey, WrapUp
from pytest_useragent.report.artifacts import SessionFiles
from pytest_useragent.research import sus


def conduct(
    provider: Provider,
    session: WrapUpRequest,
    wrap_up: WrapUp | None,
    expectations: ExpectationStats,
    meter: Meter,
    files: SessionFiles,
    redacted: Callable[[SurveyRequest], SurveyRequest],
) -> tuple[Survey | None, str | None]:
    """The scored SUS, or None and why not. `session` is the wrap-up's request, already redacted; the request passes
    `redacted` whole before it is sent, for the wrap-up is the model's reply and may quote a password it typed. A
    ProviderRejected is raised: the caller stops the run's calls for it."""
    request = SurveyRequest(
        model=session.model,
        persona=session.persona,
        goal=session.goal,
        outcome=session.outcome,
        summary=session.summary,
        steps=session.steps,
        expectations=expectations,
        statements=sus.ITEMS,
        wrap_up=wrap_up,
    )
    try:
        reply = provider.survey(redacted(request), meter)
    except ProviderRejected:
        raise
    except (BudgetExhausted, ProviderError) as failure:
        return None, f"survey skipped: {failure}"
    files.write_exchanges("survey", reply.exchanges)
    if reply.value is None:
        return None, f"survey not answered: {'the model refused' if reply.refused else reply.problem}"
    by = ANSWERED_BY if provider.name == "offline" else f"{session.persona.name}, through {session.model}"
    return sus.survey(reply.value.answers, answered_by=by), None
