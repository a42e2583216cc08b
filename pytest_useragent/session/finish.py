"""A session's end: the wrap-up and survey (when the provider still answers), the test's check asked once more, and
the `SessionResult` written (session.json, report.md) and, under a record mode, recorded in the cassette."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from pytest_useragent.cost.caching import cache_use
from pytest_useragent.errors import UserError
from pytest_useragent.llm.base import WrapUpRequest
from pytest_useragent.records import Completion, ExpectationStats, IssueList, SessionOutcome, SessionResult, Step, Usage
from pytest_useragent.records.covered import checked
from pytest_useragent.records.grouping import deduplicated
from pytest_useragent.records.keys import page_of
from pytest_useragent.session.afterwards import Afterwards, ask_afterwards
from pytest_useragent.session.keyboard import KEYBOARD_USES
from pytest_useragent.session.state import Context, Setup
from pytest_useragent.session.verdict import describe
from pytest_useragent.workspace.pending import incomplete

ENDINGS = {"goal_achieved": "goal reached", "gave_up": "gave up", "max_steps": "out of steps"}
"""How todo.md's last line says a session ended."""
EXPLORED_ENDINGS = ("goal_achieved", "max_steps", "unverified")
"""How a session with no goal ends as `explored`: the persona said it had seen enough, or its steps ran out."""
NO_AFTERWARDS = ("provider_error", "interrupted", "unreachable", "timed_out")
"""Endings after which no wrap-up is asked: the API is down, the user stopped, nothing was seen, or the session's
time is up (a wrap-up would be a call past it)."""


def finish(ctx: Context, url: str | None, outcome: SessionOutcome, error: str | None) -> SessionResult:
    """The wrap-up call (when the provider still answers), then todo.md, session.json and report.md."""
    setup, state = ctx.setup, ctx.state
    if setup.explore and outcome in EXPLORED_ENDINGS:
        outcome = "explored"
    taken = [step.outcome.claim for step in state.steps if step.outcome.claim and step.outcome.claim.accepted]
    state.todo.close(
        datetime.now(UTC), ENDINGS.get(outcome, outcome.replace("_", " ")), taken[-1].evidence if taken else None
    )
    state.todo.save()
    afterwards = Afterwards()
    if outcome not in NO_AFTERWARDS:
        afterwards = _afterwards(ctx, outcome)
        error = error or afterwards.problem
        if afterwards.rejected is not None:  # every later call there would be refused alike: stop the run's
            setup.spending.ledger.halt(afterwards.rejected.where, str(afterwards.rejected))
        state.interrupted = afterwards.interrupted
    calls = state.meter.calls  # every paid call: the steps' and the wrap-up's
    prices, directory = setup.spending.prices, setup.directory
    completion = Completion(
        check=describe(setup.success),
        success=_succeeded(ctx, outcome),
        claims=[step.outcome.claim for step in state.steps if step.outcome.claim is not None],
    )
    result = SessionResult(
        goal=state.goal,
        start_url=url,
        persona=setup.persona,
        provider=setup.provider.name,
        model=state.model,
        outcome=outcome,
        error=error,
        steps=state.steps,
        expectations=expectations(state.steps),
        issues=IssueList(deduplicated(state.steps)),
        wrap_up=afterwards.wrap_up,
        usage=sum((call.usage for call in calls), Usage()),
        cost_usd=sum(call.cost_usd for call in calls),
        no_reply=sum(1 for call in calls if call.estimated),
        no_reply_usd=sum(call.cost_usd for call in calls if call.estimated),
        currency=setup.config.currency,
        exchange_rate=setup.spending.rate,
        price_known=prices.is_known(state.model) or not calls,  # nothing was charged at all
        budget=setup.config.session_budget,
        started_at=state.started_at,
        finished_at=datetime.now(UTC),
        directory=str(directory),
        files={
            **state.files.listing(),
            "session.json": str(directory / "session.json"),
            "report.md": str(directory / "report.md"),
        },
        docs=state.documents.listing(),
        documents=state.documents.index(),
        incomplete_docs=incomplete(state.documents),
        orphaned_writes=state.orphaned,
        completion=completion,
        survey=afterwards.survey,
        replay=setup.replay.report(outcome) if setup.replay is not None else None,
        report_copy=setup.report_copy,
        cache=cache_use(state.steps, prices.cache_minimum(state.model)),
        setting=setup.setting,
        explore=setup.explore,
        unaudited=sorted({page_of(url) for url in ctx.page.unaudited}),
        checked=checked(
            ctx.page.criteria,
            state.steps,
            keyboard=setup.persona.uses in KEYBOARD_USES,
            screen_reader=setup.persona.uses == "screen-reader",
            success_check=setup.success is not None,
        ),
    )
    result = result.model_copy(update={"video": _video(setup, result)})
    result = state.secrets.redact_record(result)
    state.files.finish(result)
    if setup.replay is not None:
        setup.replay.record(result, state.secrets)
    return result


def _video(setup: Setup, result: SessionResult) -> str | None:
    """The video the result links: relative to the session's folder when it is in it (so the report's copy plays it
    too); under retain-on-failure only for a session that did not reach its goal or explore to its end."""
    if setup.video is None:
        return None
    if setup.config.video == "retain-on-failure" and (result.goal_achieved or result.outcome == "explored"):
        return None
    video = Path(setup.video)
    return video.relative_to(setup.directory).as_posix() if video.is_relative_to(setup.directory) else str(video)


def _afterwards(ctx: Context, outcome: SessionOutcome) -> Afterwards:
    setup, state = ctx.setup, ctx.state
    request = WrapUpRequest(
        model=state.model,
        persona=setup.persona,
        goal=state.goal,
        outcome=outcome,
        summary=state.summary,
        steps=state.steps,
        cache_minimum=setup.spending.prices.cache_minimum(state.model),
    )
    return ask_afterwards(
        setup.provider,
        state.secrets.redact_record(request),
        setup.config.survey != "off",
        expectations(state.steps),
        state.meter,
        state.files,
        state.secrets.redact_record,
    )


def _succeeded(ctx: Context, outcome: SessionOutcome) -> bool | None:
    """The test's check, asked once more at the end: a persona may reach the goal without noticing it."""
    setup, state = ctx.setup, ctx.state
    if setup.success is None or state.mistake is not None or outcome in ("page_error", "interrupted"):
        return None
    try:
        return ctx.page.succeeded(setup.success)
    except UserError as mistake:
        state.mistake = mistake
        return None


def expectations(steps: list[Step]) -> ExpectationStats:
    """How the session's expectations were judged."""
    stats = {"met": 0, "partial": 0, "unmet": 0, "surprised": 0}
    for step in steps:
        if step.evaluation is not None:
            stats[step.evaluation.verdict] += 1
    return ExpectationStats(**stats)
