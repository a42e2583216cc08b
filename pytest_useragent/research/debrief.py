"""Debrief interviews: a question about a finished session, answered in its persona's voice from the session's own
record (steps, expectations, issues, documents, the wrap-up), in one priced call.

It lives on the Agent (`agent.interview(question)`), not on `SessionResult`: a result is a plain record that crosses
processes (xdist) and is read back from session.json, and one that could call a model would have to carry a provider,
a budget and the secrets with it. The answer is kept on the result (`result.interviews`, the same object the test
holds and the run report gets) and session.json and report.md are written again, redacted like everything else.
"""

from __future__ import annotations

from pathlib import Path

from pytest_useragent.cost.billing import Meter
from pytest_useragent.cost.ledger import Spending
from pytest_useragent.errors import BudgetExhausted, ProviderError, ProviderRejected, UserError
from pytest_useragent.llm.base import InterviewRequest, Provider
from pytest_useragent.records import Interview, SessionResult, Usage
from pytest_useragent.report.artifacts import write_result
from pytest_useragent.secrets.credentials import Credentials
from pytest_useragent.secrets.redaction import Secrets

MAX_QUESTION_CHARS = 2_000
"""A question is a sentence or two; like a goal, a pasted document would only be paid for."""


def interview(
    provider: Provider,
    result: SessionResult,
    question: object,
    *,
    spending: Spending,
    credentials: Credentials,
    test: str | None = None,
    session_limit: float | None = None,
) -> Interview:
    """Ask `question` about the session `result`; the answer is added to it and its files are written again.
    The call is booked on the session (its test's own budget, when it has one, counts what the session spent). The
    API failing or the budget running out is the record's `problem`, not an exception; Ctrl-C leaves as one."""
    asked = _checked(question)
    secrets = Secrets(credentials, result.owned(test))
    budget = spending.budget(session_limit, result.directory, test)
    budget.spent_usd = result.cost_usd
    meter = Meter(budget)
    request = InterviewRequest(
        model=result.model,
        persona=result.persona,
        goal=result.goal,
        outcome=result.outcome,
        summary="",
        steps=result.steps,
        expectations=result.expectations,
        issues=list(result.issues),
        documents=result.documents,
        question=asked,
        earlier=list(result.interviews),
        wrap_up=result.wrap_up,
    )
    answer, problem = None, None
    try:
        reply = provider.interview(secrets.redact_record(request), meter)
        answer = reply.value.answer if reply.value is not None else None
        problem = None if answer else ("the model refused to answer" if reply.refused else reply.problem or "no answer")
    except (BudgetExhausted, ProviderError) as failure:  # from outside: recorded as the answer's problem, as a
        problem = f"not answered: {failure}"  # session records its outcome
        if isinstance(failure, ProviderRejected):  # every later call there would fail alike: stop the run's
            spending.ledger.halt(failure.where, str(failure))
    finally:  # what was paid is the session's, even when the call after it failed
        result.cost_usd += sum(call.cost_usd for call in meter.calls)
        result.usage = sum((call.usage for call in meter.calls), result.usage or Usage())
    record = Interview(
        question=asked, answer=answer, problem=problem, cost_usd=sum(call.cost_usd for call in meter.calls)
    )
    result.interviews.append(secrets.redact_record(record))
    write_result(Path(result.directory), result, secrets)
    return result.interviews[-1]


def _checked(question: object) -> str:
    if not isinstance(question, str) or not question.strip():
        raise UserError(f"agent.interview needs a question, a sentence to ask the persona; got {question!r:.60}")
    if len(question) > MAX_QUESTION_CHARS:
        raise UserError(f"the question is {len(question):,} characters; at most {MAX_QUESTION_CHARS:,}")
    return question.strip()
