"""Session: one persona pursuing one goal on one page, step by step. A short coordinator over typed records.

Per step: observe -> provider.decide (ONE call, paid through the Meter) -> act -> settle -> record.
Whose fault decides what happens to an error: a failed action, an invalid or refused model reply is the model's and
goes back to it as the step's outcome; a provider, budget or page failure ends the session with that outcome
recorded, the step it cut short kept with what it paid. Only the test author's mistakes (UserError: nothing to open,
a success= check that raises) and Ctrl-C leave as exceptions, the latter after the session is written; every
finished step is on disk.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from playwright.sync_api import Error as PlaywrightError

from pytest_useragent.browser import bounded
from pytest_useragent.browser.events import PageEvents
from pytest_useragent.browser.hosts import AllowedHosts
from pytest_useragent.browser.scope import outside, require_start
from pytest_useragent.browser.settle import settle
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
from pytest_useragent.session.state import Last, Setup, State
from pytest_useragent.session.verdict import checked, visible_text
from pytest_useragent.workspace.documents import Documents


class Session(Setup):
    """One persona pursuing one goal on one page (`Setup`: what it is given)."""

    def run(self, goal: str, url: str | None) -> SessionResult:
        """The session, start to end; every request, file and the result it returns pass `Secrets`."""
        require_start(url, self.page.url)
        seconds = bounded.bound(self.config.settle_timeout)
        hosts = AllowedHosts.around(url or self.page.url, self.config.allowed_hosts)
        watcher, checks = self.watch(self.page)
        secrets = self.secrets(goal)
        state = State(
            goal=goal,
            files=SessionFiles(self.directory, secrets, debug=self.config.debug),
            secrets=secrets,
            meter=Meter(self.spending.budget(self.config.session_budget, str(self.directory), self.test)),
            model=self.provider.model_name(self.config.model),
            events=PageEvents(self.page, hosts, seconds),
            watcher=watcher,
            checks=checks,
            documents=Documents(self.directory / "docs", max_bytes=self.config.document_limit * 1000),
            todo=todo_for(self, goal, url),
            screenshots=ScreenshotPolicy(blind=watcher.reader is not None),  # a screen reader gives no screenshot
            clock=Clock.start(self.config.session_timeout),
        )
        state.documents.redact = state.todo.redact = secrets.redact
        take_over_writes(self, state)
        state.todo.save()
        outcome: SessionOutcome = "max_steps"
        error: str | None = None
        interrupted = False
        diverged: Divergence | None = None
        try:
            state.events.start()
            state.watcher.start()
            if url:
                state.last = Last(action=f"open {url}", outcome=self._open(url, state))
            state.start_text = visible_text(state.page, seconds)
            warn_exposed(state.secrets, goal, lambda: state.start_text)
            for index in range(1, self.config.max_steps + 1):
                step = self._step(state, index)
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
                self.spending.ledger.halt(failure.where, error)
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
            _release(state.watcher.close, state.events.close)
        result = finish(self, state, url, outcome, error)
        self.finished(result)
        if interrupted or state.interrupted:
            raise KeyboardInterrupt
        if state.mistake is not None:  # the test fails with its message, which may quote the page (an `expect`'s URL)
            raise UserError(state.secrets.redact(str(state.mistake))) from None
        if diverged is not None:
            raise diverged
        return result

    def _step(self, state: State, index: int) -> Step:
        """Observe, decide (one call), act, settle, record."""
        started = time.monotonic()
        state.clock.check()
        observation = self.look(state)
        # checks judge the app: not a blank page, the browser's error page or another site (see `scope`)
        on_app = outside(observation.url, state.events.hosts) is None
        found = state.checks.inspect(observation.signals, observation.fingerprint) if on_app else []
        reason = state.screenshots.reason(Glance.seen(observation), asked=state.look)
        shown = observation.image if reason else None
        state.look, state.full_snapshot = False, observation.full_snapshot
        request = StepRequest(
            model=state.model,
            persona=self.persona,
            goal=state.goal,
            step=index,
            max_steps=self.config.max_steps,
            summary=state.secrets.redact(state.summary),
            observation=observation,
            expectation=state.last.expectation and state.secrets.redact(state.last.expectation),
            last_action=state.last.action and state.secrets.redact(state.last.action),
            last_outcome=state.last.outcome,
            last_events=state.last.events,
            documents=state.documents.index(),
            todo=state.todo.for_prompt(),
            screenshot=shown,
            screenshot_pixels=self.config.screenshot_pixels,
            image_reason=reason if shown else "no screenshot was taken" if reason else state.screenshots.why_not,
            credentials=state.secrets.credentials.placeholders,
            cache_minimum=self.spending.prices.cache_minimum(state.model),
            focus=state.keys.look(self.persona.uses, observation.url, observation.full_snapshot),
            explore=self.explore,
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
            reply = self.provider.decide(request, state.meter)
            decision = reply.value
            done = None if decision is None else carry_out(self, state, decision.action, found, index)
        except (RunError, KeyboardInterrupt) as failure:
            # the session ends here; the step keeps what it paid for and says why it stopped
            stopped = ActionOutcome(ok=False, message=str(failure) or type(failure).__name__)
            found += state.checks.audited() if isinstance(failure, Divergence) else []  # a diverged step: all checks
            self._record(state, _unanswered(seen, stopped, grouped(found), state.meter, started))
            raise
        if decision is None or done is None:
            why = "the model refused to answer" if reply.refused else f"model reply invalid: {reply.problem}"
            invalid = ActionOutcome(ok=False, message=why)
            step = _unanswered(seen, invalid, grouped(found + state.checks.audited()), state.meter, started)
        else:
            if done.ok and decision.action.kind not in ("done", "give_up", *TODO_ACTIONS, *PAGE_READS):
                redact = state.secrets.redact
                state.todo.record(
                    datetime.now(UTC),
                    decision.action.kind,
                    done.locator and redact(done.locator),
                    redact(state.page.url),
                    redact(decision.summary)[:160],
                )
            step = Step(
                **seen,
                observation=decision.observation,
                evaluation=checked(decision.evaluation, state.last.outcome),
                expectation=decision.expectation,
                action=decision.action,
                outcome=done,
                issues=[Issue(**draft.model_dump()) for draft in decision.issues]
                + grouped(found + state.checks.audited()),
                calls=state.meter.take(),
                seconds=time.monotonic() - started,
                replayed=reply.replayed,
            )
            state.summary = remember(state.summary, decision.summary)
            state.last = Last(decision.expectation, decision.action.describe(), done)
        step.marks = marks_of(observation.full_snapshot, step, state.page.viewport_size)
        step = self._record(state, step)
        state.files.write_exchanges(
            f"step-{index:03d}", reply.exchanges, lambda: state.shot(self.config.settle_timeout, self.scale)
        )
        return step

    def _record(self, state: State, step: Step) -> Step:
        """Stamp the step's issues, redact it, keep it and write it (transcript, todo.md, progress)."""
        index = step.index
        step.events = state.events.drain()
        # only now, after acting, are the secrets typed at this step known: redact what is kept and written
        step = Step.model_validate(state.secrets.redact_json(step.model_dump()))
        # keyed from the redacted text: a key folds case and spacing, which would hide a secret from redaction
        step.issues = [stamped(issue, index, step.url, step.screenshot) for issue in step.issues]
        state.last = replace(state.last, events=step.events)
        state.steps.append(step)
        state.files.append_step(step)
        state.todo.after(step)
        spent = self.spending.show(sum(call.cost_usd for kept in state.steps for call in kept.calls))
        state.files.log(line := f"{progress_line(step, self.config.max_steps)} · {spent} so far")
        self.progress(line)
        return step

    def _open(self, url: str, state: State) -> ActionOutcome:
        try:
            response = state.page.goto(url, timeout=bounded.bound(self.config.settle_timeout) * 1000)
        except PlaywrightError as failure:
            if outside(state.page.url, state.events.hosts):  # nothing of the app to test: no model is asked
                raise Unreachable(f"{url} could not be opened: {bounded.first_line(failure)}") from None
            return ActionOutcome(ok=False, message=bounded.first_line(failure))
        state.events.opened()
        settle(state.page, state.watcher, minimum=self.config.wait, timeout=self.config.settle_timeout)
        status = f" ({response.status})" if response is not None else ""
        return ActionOutcome(ok=True, message=f"opened {state.page.url}{status}")


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


def _release(*closes: Callable[[], None]) -> None:
    """Cleanup that never stands between a session and its files: after a Ctrl-C that landed inside Playwright's own
    event loop, its calls may fail in ways of their own; what is written matters more than a listener left behind."""
    for close in closes:
        with contextlib.suppress(Exception):
            close()
