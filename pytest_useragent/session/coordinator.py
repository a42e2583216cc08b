"""Session: one persona pursuing one goal on one page, step by step. A short coordinator over typed records.

Per step: observe -> provider.decide (ONE call, paid through the Meter) -> act -> settle -> record.
Whose fault decides what happens to an error: a failed action, an invalid or refused model reply is the model's and
goes back to it as the step's outcome; a provider, budget or page failure ends the session with that outcome
recorded, the step it cut short kept with what it paid. Only the test author's mistakes (UserError: nothing to open,
a success= check that raises) and Ctrl-C leave as exceptions, the latter after the session is written; every
finished step is on disk.
"""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from playwright.sync_api import Error as PlaywrightError

from pytest_useragent.browser import bounded
from pytest_useragent.browser.hosts import AllowedHosts
from pytest_useragent.browser.scope import require_start
from pytest_useragent.cost.billing import Meter
from pytest_useragent.errors import (
    BudgetExhausted,
    Divergence,
    PageUnresponsive,
    ProviderError,
    ProviderRejected,
    RunError,
    SessionTimedOut,
    Unreachable,
    UserError,
)
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.records import (
    PAGE_READS,
    TODO_ACTIONS,
    ActionOutcome,
    Issue,
    SessionOutcome,
    SessionResult,
    Step,
)
from pytest_useragent.records.grouping import grouped, stamped
from pytest_useragent.records.result import progress_line
from pytest_useragent.records.screenshots import Glance, ScreenshotPolicy
from pytest_useragent.report.artifacts import SessionFiles
from pytest_useragent.secrets.exposure import warn_exposed
from pytest_useragent.session.begin import take_over_writes, todo_for
from pytest_useragent.session.carry_out import carry_out
from pytest_useragent.session.clock import Clock
from pytest_useragent.session.finish import finish
from pytest_useragent.session.marks import marks_of
from pytest_useragent.session.memory import remember
from pytest_useragent.session.page import found_before
from pytest_useragent.session.placed import placed
from pytest_useragent.session.state import Context, Last, Setup, State
from pytest_useragent.session.verdict import checked
from pytest_useragent.workspace.documents import Documents


class Session:
    """One persona pursuing one goal on one page (`Setup`: what it is given, its `page` the seam to the browser)."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup

    def run(self, goal: str, url: str | None) -> SessionResult:
        """The session, start to end; every request, file and the result it returns pass `Secrets`."""
        setup, page = self.setup, self.setup.page
        require_start(url, page.url)
        hosts = AllowedHosts.around(url or page.url, setup.config.allowed_hosts)
        secrets = setup.secrets(goal)
        state = State(
            goal=goal,
            files=SessionFiles(setup.directory, secrets, debug=setup.config.debug),
            secrets=secrets,
            meter=Meter(setup.spending.budget(setup.config.session_budget, str(setup.directory), setup.test)),
            model=setup.provider.model_name(setup.config.model),
            documents=Documents(setup.directory / "docs", max_bytes=setup.config.document_limit * 1000),
            todo=todo_for(setup, goal, url),
            # a screen reader gives no screenshot
            screenshots=ScreenshotPolicy(blind=setup.persona.uses == "screen-reader"),
            clock=Clock.start(setup.config.session_timeout),
        )
        ctx = Context(setup, state)
        state.documents.redact = state.todo.redact = secrets.redact
        take_over_writes(ctx)
        state.todo.save()
        outcome: SessionOutcome = "max_steps"
        error: str | None = None
        interrupted = False
        diverged: Divergence | None = None
        try:
            page.start(hosts)
            if url:
                state.last = Last(action=f"open {url}", outcome=page.open(url))
            state.start_text = page.text()
            warn_exposed(state.secrets, goal, lambda: state.start_text)
            for index in range(1, setup.config.max_steps + 1):
                step = self._step(ctx, index)
                kind = step.action.kind if step.action is not None else None
                if kind == "give_up" or (kind == "done" and step.outcome.ok):
                    outcome = "goal_achieved" if kind == "done" else "gave_up"
                    break
                # a done not borne out goes on while steps remain; at the last step it is the session's outcome
                outcome = "unverified" if kind == "done" else "max_steps"
        except BudgetExhausted as exhausted:
            outcome, error = "budget_exhausted", str(exhausted)
        except ProviderError as failure:
            outcome, error = "provider_error", str(failure)
            if isinstance(failure, ProviderRejected):  # every later call there would fail alike: stop the run's
                setup.spending.ledger.halt(failure.where, error)
        except PlaywrightError as failure:
            outcome, error = "page_error", bounded.first_line(failure)
        except PageUnresponsive as frozen:
            outcome, error = "page_error", str(frozen)
        except Unreachable as unreachable:
            outcome, error = "unreachable", str(unreachable)
        except SessionTimedOut as late:  # the steps taken are on disk; the session is written as far as it got
            outcome, error = "timed_out", str(late)
        except Divergence as divergence:  # a finding: written, then the test fails with it
            outcome, error, diverged = "diverged", str(divergence), divergence
        except KeyboardInterrupt:  # written with what it spent, then pytest stops as the user asked
            outcome, error, interrupted = "interrupted", "interrupted (KeyboardInterrupt)", True
        except UserError as mistake:  # the test's success check failed: written as far as it got, then shown
            state.mistake, error = mistake, str(mistake)
        finally:
            page.close()
        result = finish(ctx, url, outcome, error)
        setup.finished(result)
        if interrupted or state.interrupted:
            raise KeyboardInterrupt
        if state.mistake is not None:  # the test fails with its message, which may quote the page (an `expect`'s URL)
            raise UserError(state.secrets.redact(str(state.mistake))) from None
        if diverged is not None:
            raise diverged
        return result

    def _step(self, ctx: Context, index: int) -> Step:
        """Observe, decide (one call), act, settle, record."""
        setup, state, page = ctx.setup, ctx.state, ctx.page
        started = time.monotonic()
        state.clock.check()
        observation = page.look(state.secrets, state.screenshots.take(page.url))
        found = page.inspect(observation)  # the app's pages only (see `scope`)
        reason = state.screenshots.reason(Glance.seen(observation), asked=state.look)
        shown = observation.image if reason else None
        state.look, state.full_snapshot = False, observation.full_snapshot
        request = StepRequest(
            model=state.model,
            persona=setup.persona,
            goal=state.goal,
            step=index,
            max_steps=setup.config.max_steps,
            summary=state.secrets.redact(state.summary),
            observation=observation,
            expectation=state.last.expectation and state.secrets.redact(state.last.expectation),
            last_action=state.last.action and state.secrets.redact(state.last.action),
            last_outcome=state.last.outcome,
            last_events=state.last.events,
            documents=state.documents.index(),
            todo=state.todo.for_prompt(),
            screenshot=shown,
            screenshot_pixels=setup.config.screenshot_pixels,
            image_reason=reason if shown else "no screenshot was taken" if reason else state.screenshots.why_not,
            credentials=state.secrets.credentials.placeholders,
            cache_minimum=setup.spending.prices.cache_minimum(state.model),
            focus=state.keys.look(setup.persona.uses, observation.url, observation.full_snapshot),
            explore=setup.explore,
        )
        request = state.secrets.redact_record(request)
        seen = {
            "index": index,
            "url": observation.url,
            "title": observation.title,
            "screenshot": state.files.save_screenshot(index, observation.image),
            "signals": observation.signals,
        }
        try:
            state.clock.check()  # a look that waited out the clock is not paid a call for
            reply = setup.provider.decide(request, state.meter)
            decision = reply.value
            handled = None if decision is None else carry_out(ctx, decision.action, index)
        except (RunError, KeyboardInterrupt) as failure:
            # the session ends here; the step keeps what it paid for and says why it stopped
            stopped = ActionOutcome(ok=False, message=str(failure) or type(failure).__name__)
            found += found_before(failure)  # what its action had found when the failure came
            found += page.audited() if isinstance(failure, Divergence) else []  # a diverged step: all checks
            self._record(ctx, _unanswered(seen, stopped, grouped(found), state.meter, started))
            raise
        if decision is None or handled is None:
            why = "the model refused to answer" if reply.refused else f"model reply invalid: {reply.problem}"
            invalid = ActionOutcome(ok=False, message=why)
            step = _unanswered(seen, invalid, grouped(found + page.audited()), state.meter, started)
        else:
            done, found = handled.outcome, found + handled.found
            if done.ok and decision.action.kind not in ("done", "give_up", *TODO_ACTIONS, *PAGE_READS):
                redact = state.secrets.redact
                state.todo.record(
                    datetime.now(UTC),
                    decision.action.kind,
                    done.locator and redact(done.locator),
                    redact(page.url),
                    redact(decision.summary)[:160],
                )
            step = Step(
                **seen,
                observation=decision.observation,
                evaluation=checked(decision.evaluation, state.last.outcome),
                expectation=decision.expectation,
                action=decision.action,
                outcome=done,
                issues=[Issue(**draft.model_dump()) for draft in decision.issues] + grouped(found + page.audited()),
                calls=state.meter.take(),
                seconds=time.monotonic() - started,
                replayed=reply.replayed,
            )
            state.summary = remember(state.summary, decision.summary)
            state.last = Last(decision.expectation, decision.action.describe(), done)
        step.issues = placed(step, observation.full_snapshot, observation.snapshot, page.viewport)
        step.marks = marks_of(observation.full_snapshot, step, page.viewport)
        step = self._record(ctx, step)
        state.files.write_exchanges(f"step-{index:03d}", reply.exchanges, lambda: page.shot(state.secrets))
        return step

    def _record(self, ctx: Context, step: Step) -> Step:
        """Stamp the step's issues, redact it, keep it and write it (transcript, todo.md, progress)."""
        setup, state, index = ctx.setup, ctx.state, step.index
        step.events = ctx.page.drain()
        # only now, after acting, are the secrets typed at this step known: redact what is kept and written
        step = Step.model_validate(state.secrets.redact_json(step.model_dump()))
        # keyed from the redacted text: a key folds case and spacing, which would hide a secret from redaction
        step.issues = [stamped(issue, index, step.url, step.screenshot) for issue in step.issues]
        state.last = replace(state.last, events=step.events)
        state.steps.append(step)
        state.files.append_step(step)
        state.todo.after(step)
        spent = setup.spending.show(sum(call.cost_usd for kept in state.steps for call in kept.calls))
        state.files.log(line := f"{progress_line(step, setup.config.max_steps)} · {spent} so far")
        setup.progress(line)
        return step


def _unanswered(
    seen: dict[str, Any], outcome: ActionOutcome, issues: list[Issue], meter: Meter, started: float
) -> Step:
    """A step with no valid decision: invalid, refused, or cut short by the API or the budget; its paid calls kept."""
    return Step(
        **seen,
        observation="",
        evaluation=None,
        expectation="",
        action=None,
        outcome=outcome,
        issues=issues,
        calls=meter.take(),
        seconds=time.monotonic() - started,
    )
