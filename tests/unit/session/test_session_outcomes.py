"""The coordinator's outcome table, with no browser: a `Session` over `testing.FakePage` and a `ScriptedProvider`.
Whose fault decides what an error becomes (session/coordinator.py): each exception a session can meet is one case
below, mapped to its outcome, the step it cut short kept, every file written, and what leaves `run` as an exception
(a divergence, Ctrl-C, the test's own mistake) leaving after the result is written."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.billing import Meter
from pytest_useragent.cost.ledger import RunLedger, Spending
from pytest_useragent.errors import (
    Divergence,
    PageUnresponsive,
    ProviderError,
    ProviderRejected,
    UserError,
)
from pytest_useragent.llm.base import Reply, StepRequest
from pytest_useragent.records import Action, ActionOutcome, Decision, SessionResult, Usage
from pytest_useragent.records.persona import Persona
from pytest_useragent.records.rules import rule
from pytest_useragent.session.coordinator import Session
from pytest_useragent.session.page import Handled, keeping
from pytest_useragent.session.state import Setup
from pytest_useragent.testing import FakePage, ScriptedProvider, decision

START = "https://shop.test/"
PAGES = {START: "Corner Shop\nWelcome to Corner Shop", "https://shop.test/pricing": "Pricing\nPro plan 9 EUR"}
FOUND = "Welcome to Corner Shop"


def raising(error: BaseException, after: list[Decision] | None = None) -> Callable[[StepRequest], Decision]:
    """The model's side: the decisions in `after` first, then `error` raised where the model is asked."""
    queue = list(after or [])

    def decide(request: StepRequest) -> Decision:
        if queue:
            return queue.pop(0)
        raise error

    return decide


class Replies(ScriptedProvider):
    """A provider whose step replies are given as they come back: a refusal, an invalid reply, or a decision."""

    def __init__(self, replies: list[Reply[Decision]]) -> None:
        super().__init__([])
        self._replies = replies

    def decide(self, request: StepRequest, meter: Meter) -> Reply[Decision]:
        self.requests.append(request)
        return self._replies.pop(0) if self._replies else Reply(decision("give_up"))


def run(
    tmp_path: Path,
    page: FakePage,
    provider: Any,
    *,
    url: str | None = START,
    success: Callable[[Any], bool] | None = None,
    explore: bool = False,
    **settings: Any,
) -> tuple[SessionResult | None, BaseException | None, Setup]:
    """One session to its end: the result as `finished` got it, and what `run` raised."""
    config = UserAgentConfig(**{"max_steps": 3, **settings})
    finished: list[SessionResult] = []
    setup = Setup(
        page=page,
        persona=Persona(name="Jana"),
        provider=provider,
        config=config,
        directory=tmp_path / "s",
        spending=Spending.start(config, tmp_path / "ledger.json"),
        success=success,
        explore=explore,
        finished=finished.append,
    )
    raised = None
    try:
        Session(setup).run("Find the shop's welcome", url)
    except (Exception, KeyboardInterrupt) as error:  # noqa: BLE001 -- what leaves run is part of the table
        raised = error
    return (finished[0] if finished else None), raised, setup


def slow(action: Action) -> ActionOutcome:
    time.sleep(0.2)
    return ActionOutcome(ok=True, message="scrolled")


CASES: dict[str, tuple[dict[str, Any], Callable[[], Any], dict[str, Any], str, str | None, type | None, int]] = {
    # name: (FakePage's arguments, the provider, settings, outcome, what the error says, what run raises, steps)
    "done, evidence on the page": (
        {},
        lambda: ScriptedProvider([decision("done", evidence=FOUND)]),
        {},
        "goal_achieved",
        None,
        None,
        1,
    ),
    "done refused, then borne out": (
        {},
        lambda: ScriptedProvider([decision("done", evidence="Order confirmed"), decision("done", evidence=FOUND)]),
        {},
        "goal_achieved",
        None,
        None,
        2,
    ),
    "done not borne out at the last step": (
        {},
        lambda: ScriptedProvider([decision("scroll"), decision("done", evidence="Order confirmed")]),
        {"max_steps": 2},
        "unverified",
        None,
        None,
        2,
    ),
    "give up": ({}, lambda: ScriptedProvider([decision("give_up", reason="lost")]), {}, "gave_up", None, None, 1),
    "max steps": ({}, lambda: ScriptedProvider([decision("scroll")] * 2), {"max_steps": 2}, "max_steps", None, None, 2),
    "an invalid reply, then steps out": (
        {},
        lambda: Replies([Reply(None, problem="not JSON"), Reply(decision("scroll"))]),
        {"max_steps": 2},
        "max_steps",
        None,
        None,
        2,
    ),
    "a refusal goes back to the model": (
        {},
        lambda: Replies([Reply(None, refused=True), Reply(decision("done", evidence=FOUND))]),
        {},
        "goal_achieved",
        None,
        None,
        2,
    ),
    "provider error": (
        {},
        lambda: ScriptedProvider(raising(ProviderError("529 (overloaded_error)"))),
        {},
        "provider_error",
        "529 (overloaded_error)",
        None,
        1,
    ),
    "provider rejected": (
        {},
        lambda: ScriptedProvider(
            raising(ProviderRejected("401 (authentication_error)", where="https://api.test claude"))
        ),
        {},
        "provider_error",
        "401",
        None,
        1,
    ),
    "budget exhausted": (
        {},
        lambda: ScriptedProvider(
            [decision("scroll")] * 3, model="claude-sonnet-4-6", usage=Usage(input_tokens=20_000, output_tokens=1_000)
        ),
        {"budget": 0.2},
        "budget_exhausted",
        "budget",
        None,
        None,
    ),
    "page unresponsive at a look": (
        {"raises": {"look": [None, PageUnresponsive("the page did not answer title within 2 s")]}},
        lambda: ScriptedProvider([decision("scroll")] * 3),
        {},
        "page_error",
        "did not answer title",
        None,
        1,
    ),
    # Playwright's own error is no RunError: the step it cut short is not kept (as it is today)
    "a crashed page while acting": (
        {"raises": {"act": PlaywrightError("Target crashed\n  more lines")}},
        lambda: ScriptedProvider([decision("scroll")]),
        {},
        "page_error",
        "Target crashed",
        None,
        0,
    ),
    "a start page that never opens": (
        {},
        lambda: ScriptedProvider([decision("give_up")]),
        {"url": "https://gone.test/"},
        "unreachable",
        "could not be opened",
        None,
        0,
    ),
    "the session's clock runs out": (
        {"act": slow},
        lambda: ScriptedProvider([decision("scroll")] * 3),
        {"session_timeout": 0.1},
        "timed_out",
        "ran out of its time",
        None,
        1,
    ),
    "a cassette diverges": (
        {},
        lambda: ScriptedProvider(raising(Divergence("step 1: the page changed"))),
        {},
        "diverged",
        "the page changed",
        Divergence,
        1,
    ),
    "Ctrl-C": (
        {},
        lambda: ScriptedProvider(raising(KeyboardInterrupt())),
        {},
        "interrupted",
        "KeyboardInterrupt",
        KeyboardInterrupt,
        1,
    ),
    # the test author's mistake: written as far as it got (the step it was asked in is not), then raised
    "a success check that raises": (
        {},
        lambda: ScriptedProvider([decision("done", evidence=FOUND)]),
        {"success": lambda page: 1 / 0},
        "max_steps",
        "ZeroDivisionError",
        UserError,
        0,
    ),
    "a success check that answers neither True nor False": (
        {},
        lambda: ScriptedProvider([decision("done", evidence=FOUND)]),
        {"success": lambda page: None},
        "max_steps",
        "must return True or False, and returned None",
        UserError,
        0,
    ),
    "exploring: done is taken": (
        {},
        lambda: ScriptedProvider([decision("done")]),
        {"explore": True},
        "explored",
        None,
        None,
        1,
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_every_ending_is_its_outcome_with_every_file(tmp_path, case):
    page_args, provider, settings, outcome, error, raised_type, steps = CASES[case]
    page = FakePage(PAGES, **page_args)
    result, raised, setup = run(tmp_path, page, provider(), **settings)
    assert result is not None and result.outcome == outcome, (result and result.outcome, result and result.error)
    assert (error is None) == (result.error is None) and (error or "") in (result.error or "")
    assert type(raised) is (raised_type or type(None)), raised
    assert steps is None or len(result.steps) == steps
    saved = json.loads((tmp_path / "s" / "session.json").read_text())
    assert saved["outcome"] == outcome and len(saved["steps"]) == len(result.steps)
    assert (tmp_path / "s" / "report.md").is_file() and (tmp_path / "s" / "todo.md").is_file()
    assert page.closed  # whatever ended it, the page was let go before the end was written
    halted = RunLedger(tmp_path / "ledger.json").state().halted
    assert halted == ({"https://api.test claude": result.error} if case == "provider rejected" else {})


def test_a_step_cut_short_is_kept_saying_why_and_what_the_checks_found(tmp_path):
    console = rule("console-error").issue("TypeError: x is undefined")
    page = FakePage(PAGES, issues=[console])
    result, _, _ = run(tmp_path, page, ScriptedProvider(raising(ProviderError("503"), after=[decision("scroll")])))
    assert result is not None and result.outcome == "provider_error" and len(result.steps) == 2
    done, stopped = result.steps
    assert done.outcome.ok and done.action is not None
    assert stopped.action is None and not stopped.outcome.ok and stopped.outcome.message == "503"
    assert [issue.rule for issue in stopped.issues] == ["console-error"]


def test_what_the_checks_and_the_action_found_are_the_steps_issues(tmp_path):
    console = rule("console-error").issue("TypeError: x is undefined")
    dead = rule("dead-click").issue("the click changed nothing", 'button "Book"')

    def acted(action: Action) -> Any:
        return Handled(ActionOutcome(ok=True, message="clicked; nothing on the page changed", dead_click=True), [dead])

    page = FakePage(PAGES, issues=[console], act=acted)
    provider = ScriptedProvider([decision("click", "e1", expectation="it books"), decision("done", evidence=FOUND)])
    result, _, _ = run(tmp_path, page, provider)
    assert result is not None and result.goal_achieved
    assert {issue.rule for issue in result.steps[0].issues} == {"console-error", "dead-click"}
    assert result.steps[0].outcome.dead_click and [a.kind for a in page.acted] == ["click"]


def test_a_success_check_that_raises_is_the_test_authors_mistake_in_one_line(tmp_path):
    def booked(page: Any) -> bool:
        raise KeyError("status")

    result, raised, _ = run(
        tmp_path, FakePage(PAGES), ScriptedProvider([decision("done", evidence=FOUND)]), success=booked
    )
    assert isinstance(raised, UserError) and re.fullmatch(r"success=.*booked raised KeyError: 'status'", str(raised))
    saved = (tmp_path / "s" / "session.json").read_text()  # the session is written before it is raised
    assert "booked raised KeyError" in saved


def test_a_step_with_no_valid_reply_keeps_what_the_checks_found(tmp_path):
    console = rule("console-error").issue("TypeError: x is undefined")
    provider = Replies([Reply(None, problem="not JSON"), Reply(decision("done", evidence=FOUND))])
    result, _, _ = run(tmp_path, FakePage(PAGES, issues=[console]), provider)
    assert result is not None and result.goal_achieved and len(result.steps) == 2
    failed = result.steps[0]
    assert failed.action is None and failed.outcome.message == "model reply invalid: not JSON"
    assert [issue.rule for issue in failed.issues] == ["console-error"]


@pytest.mark.parametrize("kept", [True, False])
def test_what_an_action_found_before_the_page_froze_is_on_the_step_it_cut_short(tmp_path, kept):
    dead = rule("dead-click").issue("the click changed nothing", 'button "Book"')

    def freezes(action: Action) -> ActionOutcome:
        with keeping([dead] if kept else []):  # as a keyboard walk's earlier presses, or a screen reader's miss
            raise PageUnresponsive("the page did not answer within 2 s")

    page = FakePage(PAGES, act=freezes)
    result, _, _ = run(tmp_path, page, ScriptedProvider([decision("click", "e1")]))
    assert result is not None and result.outcome == "page_error"
    assert [issue.rule for issue in result.steps[-1].issues] == (["dead-click"] if kept else [])
