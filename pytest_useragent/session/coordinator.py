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
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pytest_useragent.browser import bounded
from pytest_useragent.browser.actions import act
from pytest_useragent.browser.checks import PageChecks
from pytest_useragent.browser.condense import find
from pytest_useragent.browser.events import PageEvents
from pytest_useragent.browser.hosts import AllowedHosts
from pytest_useragent.browser.observe import observe
from pytest_useragent.browser.scope import left_app, outside, require_start
from pytest_useragent.browser.settle import settle
from pytest_useragent.browser.watch import PageWatcher
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.billing import Meter
from pytest_useragent.cost.caching import cache_use
from pytest_useragent.cost.ledger import Spending
from pytest_useragent.errors import (
    BudgetExhausted,
    Divergence,
    PageUnresponsive,
    ProviderError,
    ProviderRejected,
    RunError,
    Unreachable,
    UserError,
)
from pytest_useragent.llm.base import ComposeRequest, Provider, StepRequest, WrapUpRequest
from pytest_useragent.records import (
    DOCUMENT_ACTIONS,
    PAGE_READS,
    TODO_ACTIONS,
    Action,
    ActionOutcome,
    Completion,
    ExpectationStats,
    Issue,
    IssueList,
    PageEvent,
    SessionOutcome,
    SessionResult,
    Step,
    Usage,
)
from pytest_useragent.records.grouping import deduplicated, grouped, stamped
from pytest_useragent.records.persona import Persona
from pytest_useragent.records.screenshots import Glance, ScreenshotPolicy, for_model
from pytest_useragent.replay.provider import Replay
from pytest_useragent.report.artifacts import SessionFiles
from pytest_useragent.secrets.credentials import Credentials
from pytest_useragent.secrets.redaction import Secrets
from pytest_useragent.session.afterwards import Afterwards, ask_afterwards
from pytest_useragent.session.compose import compose_write
from pytest_useragent.session.marks import marks_of
from pytest_useragent.session.memory import remember
from pytest_useragent.session.verdict import SuccessCheck, describe, judge_done, read_documents, succeeded
from pytest_useragent.workspace.documents import DocumentRefused, Documents
from pytest_useragent.workspace.pending import incomplete
from pytest_useragent.workspace.todo import Todo, TodoSettings

Progress = Callable[[str], None]
NOTHING_CHANGED = "nothing on the page changed"
REDIRECTED_OFF = "blocked: the page was redirected off the allowed hosts, and taken back"


@dataclass(frozen=True)
class Session:
    page: Page
    persona: Persona
    provider: Provider
    config: UserAgentConfig
    directory: Path
    spending: Spending
    progress: Progress = lambda line: None  # noqa: E731
    test: str | None = None
    """The test's node id, for the run's ledger."""
    credentials: Credentials = field(default_factory=Credentials)
    success: SuccessCheck | None = None
    """The test's own check that the goal is reached; it decides over the persona's word."""
    finished: Callable[[SessionResult], None] = lambda result: None  # noqa: E731
    """Given the finished session before `run` returns it, or raises (a divergence, the test's own mistake, an
    interrupt): so the test's reports carry it either way."""

    def run(self, goal: str, url: str | None) -> SessionResult:
        """The session, start to end; every request, file and the result it returns pass `Secrets`."""
        require_start(url, self.page.url)
        seconds = bounded.bound(self.config.settle_timeout)
        hosts = AllowedHosts.around(url or self.page.url, self.config.allowed_hosts)
        watcher, checks = self._watch(self.page)
        state = _State(
            goal=goal,
            files=SessionFiles(
                self.directory, secrets := Secrets(self.credentials), keep_exchanges=self.config.debug == "ultra"
            ),
            secrets=secrets,
            meter=Meter(self.spending.budget(self.config.session_budget, str(self.directory), self.test)),
            model=self.provider.model_name(self.config.model),
            events=PageEvents(self.page, hosts, seconds),
            watcher=watcher,
            checks=checks,
            documents=Documents(self.directory / "docs", max_bytes=self.config.document_limit * 1000),
            todo=self._todo(goal, url),
        )
        state.documents.redact = state.todo.redact = secrets.redact
        state.todo.save()
        outcome: SessionOutcome = "max_steps"
        error: str | None = None
        interrupted = False
        diverged: Divergence | None = None
        try:
            state.events.start()
            state.watcher.start()
            if url:
                state.last = _Last(action=f"open {url}", outcome=self._open(url, state))
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
            outcome, error = "page_error", _first_line(failure)
        except PageUnresponsive as frozen:
            outcome, error = "page_error", str(frozen)
        except Unreachable as unreachable:
            outcome, error = "unreachable", str(unreachable)
        except Divergence as divergence:  # a finding: written, then the test fails with it
            outcome, error, diverged = "diverged", str(divergence), divergence
        except KeyboardInterrupt:  # written with what it spent, then pytest stops as the user asked
            outcome, error, interrupted = "interrupted", "interrupted (KeyboardInterrupt)", True
        except UserError as mistake:  # the test's success check failed: written as far as it got, then shown
            state.mistake, error = mistake, str(mistake)
        finally:
            _release(state.watcher.close, state.events.close)
        result = self._finish(state, url, outcome, error)
        self.finished(result)
        if interrupted or state.interrupted:
            raise KeyboardInterrupt
        if state.mistake is not None:  # the test fails with its message, which may quote the page (an `expect`'s URL)
            raise UserError(state.secrets.redact(str(state.mistake))) from None
        if diverged is not None:
            raise diverged
        return result

    def _watch(self, page: Page) -> tuple[PageWatcher, PageChecks]:
        """The watcher (not started yet) and the checks of the session's page."""
        seconds = bounded.bound(self.config.settle_timeout)
        return PageWatcher(page, self.config.slow_response * 1000, seconds), PageChecks(page, seconds=seconds)

    def _follow(self, state: _State) -> None:
        """A new tab or popup became the session's page: the watcher and the checks move to it."""
        state.watcher.close()
        state.watcher, state.checks = self._watch(state.page)
        state.watcher.start()

    def _todo(self, goal: str, url: str | None) -> Todo:
        started = datetime.now(UTC)
        settings = TodoSettings(
            enabled=self.config.todo,
            every=self.config.todo_every,
            max_lines=self.config.todo_max_lines,
            auto_check=self.config.todo_autocheck,
        )
        session = f"{self.directory.parent.name}/{self.directory.name} {started:%Y%m%d-%H%M%S}"
        return Todo(
            self.directory / "todo.md",
            session=session,
            goal=goal,
            started=started,
            url=url or "",
            settings=settings,
            max_steps=self.config.max_steps,
        )

    def _step(self, state: _State, index: int) -> Step:
        """Observe, decide (one call), act, settle, record."""
        started = time.monotonic()
        observation = observe(state.page, state.watcher, state.secrets, timeout=self.config.settle_timeout)
        # checks judge the app: not a blank page, the browser's error page or another site (see `scope`)
        on_app = outside(observation.url, state.events.hosts) is None
        found = state.checks.inspect(observation.signals, observation.fingerprint) if on_app else []
        glance = Glance.of(observation.url, observation.snapshot, observation.image)
        reason = state.screenshots.reason(glance, asked=state.look)
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
            image=for_model(observation.image, self.config.screenshot_pixels) if reason and observation.image else None,
            image_reason=reason,
            credentials=state.secrets.credentials.placeholders,
            cache_minimum=self.spending.prices.cache_minimum(state.model),
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
            reply = self.provider.decide(request, state.meter)
            decision = reply.value
            done = None if decision is None else self._carry_out(state, decision.action, found, index)
        except (RunError, KeyboardInterrupt) as failure:
            # the session ends here; the step keeps what it paid for and says why it stopped
            stopped = ActionOutcome(ok=False, message=str(failure) or type(failure).__name__)
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
                evaluation=decision.evaluation,
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
            state.last = _Last(decision.expectation, decision.action.describe(), done)
        step.marks = marks_of(observation.full_snapshot, step, state.page.viewport_size)
        step = self._record(state, step)
        state.files.write_exchanges(f"step-{index:03d}", reply.exchanges)
        return step

    def _record(self, state: _State, step: Step) -> Step:
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
        state.todo.save(index)
        self.progress(_progress_line(step, self.config.max_steps))
        return step

    def _carry_out(self, state: _State, action: Action, found: list[Issue], index: int) -> ActionOutcome:
        """Do the action where it belongs: the documents, todo.md, or the page (then settle, and look for a dead
        click, which is added to `found` and to the outcome)."""
        if action.kind in ("write", "append", "update") and not action.text:
            return self._large_write(state, action, index)
        if action.kind in DOCUMENT_ACTIONS:
            return _document(state.documents, action)
        if action.kind == "plan":
            return ActionOutcome(ok=True, message=state.todo.set_plan(action.text or ""))
        if action.kind == "check":
            checked, message = state.todo.check(action.target)
            return ActionOutcome(ok=checked, message=message)
        if action.kind == "done":
            documents = read_documents(state.documents.listing(), self.config.document_limit * 1000)
            judged, false_done = judge_done(
                index,
                action.evidence,
                state.page,
                documents,
                self.success,
                self.config.settle_timeout,
                state.secrets.redact,
            )
            found.extend([false_done] if false_done else [])
            return judged
        if action.kind == "give_up":
            return ActionOutcome(ok=True, message=action.kind)
        if action.kind == "find":
            matches, message = find(state.full_snapshot, action.target or action.text or "")
            return ActionOutcome(ok=bool(matches), message=message)
        if action.kind == "look":
            state.look = True
            return ActionOutcome(ok=True, message="a screenshot comes with your next step")
        page, url_before = state.page, state.page.url
        state.events.expect(action)
        if action.kind == "navigate" and (refused := state.events.refuse(urljoin(url_before, action.url or ""))):
            return ActionOutcome(ok=False, message=f"blocked: {refused}")
        done = act(page, action, state.secrets, self.config.settle_timeout, state.full_snapshot)
        settle(page, state.watcher, minimum=self.config.wait, timeout=self.config.settle_timeout)
        dead = None
        if done.ok and action.kind == "click":
            dead = state.checks.dead_click(done.locator, url_before, event=state.events.happened_within)
        if state.events.settle():  # redirected off the allowed hosts: the action's "went to <url>" must not be told
            done = ActionOutcome(ok=False, message=REDIRECTED_OFF, locator=done.locator)
        if state.page is not page:
            self._follow(state)
        failed = state.watcher.take_failed_navigation()
        if state.page.url != url_before and outside(state.page.url, state.events.hosts):
            left = left_app(state.page.url, state.events.hosts, f"{failed.error} at {failed.url}" if failed else None)
            done = done.model_copy(update={"message": f"{done.message}; {left}"})
        if dead is not None:
            found.append(dead)
            done = done.model_copy(update={"message": f"{done.message}; {NOTHING_CHANGED}", "dead_click": True})
        return done

    def _large_write(self, state: _State, action: Action, index: int) -> ActionOutcome:
        request = ComposeRequest(
            model=state.model,
            persona=self.persona,
            goal=state.goal,
            summary=state.secrets.redact(state.summary),
            file=action.file or "",
            operation=action.kind,
            target=action.target,
            cache_minimum=self.spending.prices.cache_minimum(state.model),
        )

        def keep(attempt: int, exchanges: list[dict[str, Any]]) -> None:  # debug/step-002-compose-1-3.json: part 3
            state.files.write_exchanges(f"step-{index:03d}-compose-{attempt}", exchanges)

        return compose_write(
            self.provider, request, action, state.documents, state.meter, state.secrets.redact_record, keep
        )

    def _finish(self, state: _State, url: str | None, outcome: SessionOutcome, error: str | None) -> SessionResult:
        """The wrap-up call (when the provider still answers), then todo.md, session.json and report.md."""
        state.todo.save()
        afterwards = Afterwards()
        if outcome not in ("provider_error", "interrupted", "unreachable"):
            request = WrapUpRequest(
                model=state.model,
                persona=self.persona,
                goal=state.goal,
                outcome=outcome,
                summary=state.summary,
                steps=state.steps,
            )
            afterwards = ask_afterwards(
                self.provider,
                state.secrets.redact_record(request),
                self.config.survey != "off",
                _expectations(state.steps),
                state.meter,
                state.files,
                state.secrets.redact_record,
            )
            error = error or afterwards.problem
            if afterwards.rejected is not None:  # every later call there would be refused alike: stop the run's
                self.spending.ledger.halt(afterwards.rejected.where, str(afterwards.rejected))
            state.interrupted = afterwards.interrupted
        calls = state.meter.calls  # every paid call: the steps' and the wrap-up's
        completion = Completion(
            check=describe(self.success),
            success=self._succeeded(state, outcome),
            claims=[step.outcome.claim for step in state.steps if step.outcome.claim is not None],
        )
        result = SessionResult(
            goal=state.goal,
            start_url=url,
            persona=self.persona,
            provider=self.provider.name,
            model=state.model,
            outcome=outcome,
            error=error,
            steps=state.steps,
            expectations=_expectations(state.steps),
            issues=IssueList(deduplicated(state.steps)),
            wrap_up=afterwards.wrap_up,
            usage=sum((call.usage for call in calls), Usage()),
            cost_usd=sum(call.cost_usd for call in calls),
            currency=self.config.currency,
            exchange_rate=self.spending.rate,
            price_known=self.spending.prices.is_known(state.model) or not calls,  # nothing was charged at all
            budget=self.config.session_budget,
            started_at=state.started_at,
            finished_at=datetime.now(UTC),
            directory=str(self.directory),
            files={
                **state.files.listing(),
                "session.json": str(self.directory / "session.json"),
                "report.md": str(self.directory / "report.md"),
            },
            docs=state.documents.listing(),
            documents=state.documents.index(),
            incomplete_docs=incomplete(state.documents.root),
            completion=completion,
            survey=afterwards.survey,
            replay=self.provider.report(outcome) if isinstance(self.provider, Replay) else None,
            cache=cache_use(state.steps, self.spending.prices.cache_minimum(state.model)),
        )
        result = state.secrets.redact_record(result)
        state.files.finish(result)
        if isinstance(self.provider, Replay):
            self.provider.record(result, state.secrets)
        return result

    def _succeeded(self, state: _State, outcome: SessionOutcome) -> bool | None:
        """The test's check, asked once more at the end: a persona may reach the goal without noticing it."""
        if self.success is None or state.mistake is not None or outcome in ("page_error", "interrupted"):
            return None
        try:
            return succeeded(state.page, self.success)
        except UserError as mistake:
            state.mistake = mistake
            return None

    def _open(self, url: str, state: _State) -> ActionOutcome:
        try:
            response = state.page.goto(url, timeout=bounded.bound(self.config.settle_timeout) * 1000)
        except PlaywrightError as failure:
            if outside(state.page.url, state.events.hosts):  # nothing of the app to test: no model is asked
                raise Unreachable(f"{url} could not be opened: {_first_line(failure)}") from None
            return ActionOutcome(ok=False, message=_first_line(failure))
        state.events.opened()
        settle(state.page, state.watcher, minimum=self.config.wait, timeout=self.config.settle_timeout)
        status = f" ({response.status})" if response is not None else ""
        return ActionOutcome(ok=True, message=f"opened {state.page.url}{status}")


@dataclass(frozen=True)
class _Last:
    """What the persona expected and did at the previous step, for the next prompt."""

    expectation: str | None = None
    action: str | None = None
    outcome: ActionOutcome | None = None
    """What it did; for a done, the claim as judged, so the persona learns when its word was not taken."""
    events: list[PageEvent] = field(default_factory=list)
    """What the browser did beside the page during the previous step, redacted."""


@dataclass
class _State:
    """What one run of a session accumulates."""

    goal: str
    files: SessionFiles
    secrets: Secrets
    meter: Meter
    model: str
    events: PageEvents
    """The browser's events, and the session's page: the start page or the last tab it opened."""
    watcher: PageWatcher
    checks: PageChecks
    documents: Documents
    todo: Todo
    screenshots: ScreenshotPolicy = field(default_factory=ScreenshotPolicy)
    look: bool = False
    """The model asked to see the next screenshot."""
    full_snapshot: str = ""
    """The whole ai snapshot of the last look, for `find`."""
    steps: list[Step] = field(default_factory=list)
    summary: str = ""
    last: _Last = field(default_factory=lambda: _Last())
    mistake: UserError | None = None
    """The test's success check raised or answered neither True nor False: raised once the session is written."""
    started_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    interrupted: bool = False
    """Ctrl-C came during the wrap-up or the survey: raised once the session is written."""

    @property
    def page(self) -> Page:
        return self.events.page


def _document(documents: Documents, action: Action) -> ActionOutcome:
    """A document operation in the persona's docs/; a refusal is the step's outcome, for the model to see."""
    try:
        if action.kind == "read":
            return ActionOutcome(ok=True, message=documents.read(action.file or "", action.target))
        return ActionOutcome(
            ok=True, message=documents.apply(action.kind, action.file or "", action.text or "", action.target)
        )
    except DocumentRefused as refused:
        return ActionOutcome(ok=False, message=str(refused))


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


def _first_line(error: PlaywrightError) -> str:
    return (error.message or str(error)).strip().splitlines()[0]


def _expectations(steps: list[Step]) -> ExpectationStats:
    stats = {"met": 0, "partial": 0, "unmet": 0, "surprised": 0}
    for step in steps:
        if step.evaluation is not None:
            stats[step.evaluation.verdict] += 1
    return ExpectationStats(**stats)


def _progress_line(step: Step, max_steps: int) -> str:
    verdict = f" [{step.evaluation.verdict}]" if step.evaluation else ""
    verdict += " (replayed)" if step.replayed else ""
    action = step.action.describe() if step.action else "(no valid decision)"
    if step.action and step.action.ref and step.outcome.locator:  # what was clicked, not the snapshot's `e16`
        action = step.action.model_copy(update={"ref": step.outcome.locator}).describe()
    first_line = step.outcome.message.splitlines()[0] if step.outcome.message else ""
    return f"step {step.index}/{max_steps}{verdict} {action} -> {first_line}"
