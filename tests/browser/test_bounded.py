"""Nothing hangs: a page whose script never returns ends the session as page_error, with every artifact written."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from pytest_useragent import Agent, OfflineProvider, Persona, SessionResult
from pytest_useragent.browser import audit, bounded
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.errors import PageUnresponsive
from pytest_useragent.testing import decision, ref_of, wrap_up

JANA = Persona(name="Jana", background="Jana, 45.")
FROZEN = "the page stopped responding"


def run(page: Page, provider: Any, tmp_path: Path, goal: str, url: str, **settings: Any) -> SessionResult:
    config = UserAgentConfig(settle_timeout=1, max_steps=3, **settings)
    return Agent(page, JANA, provider, config, tmp_path).run(goal, url=url)


def frozen(page: Page, site: str) -> Page:
    page.goto(f"{site}/freezes-on-click.html")
    page.evaluate("() => { setTimeout(() => { while (true) {} }, 0) }")
    return page


def assert_every_artifact(result: SessionResult, tmp_path: Path) -> None:
    root = tmp_path / "useragent"
    assert SessionResult.model_validate_json((root / "session.json").read_text()).outcome == "page_error"
    assert (root / "report.md").read_text() and (root / "transcript.jsonl").exists()


def test_a_call_on_a_frozen_page_gives_up_and_leaves_the_connection_usable(page, site):
    frozen(page, site)
    with pytest.raises(PageUnresponsive, match=FROZEN):
        bounded.evaluate(page, 0.5, "() => 1")
    other = page.context.new_page()  # the abandoned call was aborted: the driver still answers
    other.goto(f"{site}/about.html")
    assert bounded.evaluate(other, 5, "() => document.title") == "About - Corner Shop"
    page.close()


def test_a_slow_script_of_ours_on_a_page_that_still_answers_is_never_blamed_on_the_page(page, site):
    page.goto(f"{site}/about.html")
    with pytest.raises(PageUnresponsive) as slow:
        bounded.evaluate(page, 0.5, "() => new Promise(done => setTimeout(done, 3000))")  # waits; the page is live
    assert str(slow.value).startswith("page.evaluate took longer than 0.5 s on this page, which still answers: a bound")
    assert "stopped responding" not in str(slow.value)  # the twin, a frozen page, is the test above


def test_a_bounded_call_returns_what_the_public_method_returns(page, site):
    page.goto(f"{site}/about.html")
    script = bounded.call(page, 5, "add_init_script", "window.seen = 1")
    assert type(script).__module__.startswith("playwright.sync_api") and bounded.evaluate(page, 5, "1 + 1") == 2
    bounded.call(script, 5, "close")


def test_the_installed_playwright_drops_a_reply_to_an_abandoned_call(page, site):
    """What `bounded.call` relies on: a cancelled call's late reply is dropped, not raised on the next call."""
    page.goto(f"{site}/about.html")
    sync = page._sync  # type: ignore[attr-defined]
    slow = page._impl_obj.evaluate("() => new Promise(done => setTimeout(() => done(1), 300))", None)
    with pytest.raises(TimeoutError):
        sync(asyncio.wait_for(slow, 0.05))
    page.wait_for_timeout(500)  # the reply arrives for a future that was cancelled
    assert page.evaluate("() => 2") == 2


@pytest.mark.parametrize("name", ["frozen.html", "freezes-later.html"])
def test_a_page_that_freezes_by_itself_ends_the_session(page, site, tmp_path, fake_api, claude, name):
    fake_api.push(decision("wait"), decision("wait"), decision("wait"), wrap_up())
    result = run(page, claude, tmp_path, "Read the page", f"{site}/{name}")
    assert result.outcome == "page_error" and FROZEN in (result.error or "")
    assert_every_artifact(result, tmp_path)


def test_a_page_that_freezes_on_a_click_ends_the_session(page, site, tmp_path, fake_api, claude):
    fake_api.push(lambda body: decision("click", ref_of(body, "Freeze")), decision("wait"), wrap_up())
    result = run(page, claude, tmp_path, "Press the button", f"{site}/freezes-on-click.html")
    assert result.outcome == "page_error" and FROZEN in (result.error or "")
    assert [step.action.kind for step in result.steps if step.action] == ["click"]
    assert_every_artifact(result, tmp_path)


def test_a_page_frozen_before_the_session_ends_it_too(page, site, tmp_path):
    frozen(page, site)
    started = time.monotonic()
    result = Agent(page, JANA, OfflineProvider(), UserAgentConfig(settle_timeout=1), tmp_path).run("Look around")
    assert result.outcome == "page_error" and FROZEN in (result.error or "")
    assert_every_artifact(result, tmp_path)
    assert time.monotonic() - started < 60  # a guard against a hang, not a benchmark


def test_a_reload_loop_is_looked_at_within_the_settle_timeout(page, site, tmp_path):
    """Each look waits the settle timeout (here 1 s), not Playwright's default 30 s: the error names the bound, or
    the document the screenshot was taken of went away twice in a row, which ends it at once (a masked shot's
    locators lose their context; a bare shot's capture fails)."""
    result = run(page, OfflineProvider(), tmp_path, "Read the page", f"{site}/reloads.html")
    error = result.error or ""
    assert result.outcome == "page_error"
    # 1 s, and 6 s for the one longer look a page that still answers gets; never Playwright's default 30 s
    assert re.search(
        r"Timeout (1000|6000)ms exceeded|Execution context was destroyed|Unable to capture screenshot", error
    ), error
    assert_every_artifact(result, tmp_path)


def test_an_audit_page_that_stops_answering_is_given_up_and_replaced(page, site, monkeypatch):
    """Only the frozen audit runs under a short bound: a live audit page's first audit (a new context, axe loaded)
    takes about a second on an idle machine, and longer on a busy CI runner."""
    auditor = audit.Auditor(page.context.browser)
    page.goto(f"{site}/about.html")
    copy = page.evaluate(audit.COPY)
    assert auditor.start(copy, page.request)() is not None
    stuck = auditor._page
    assert stuck is not None
    stuck.evaluate("() => { setTimeout(() => { while (true) {} }, 0) }")

    with monkeypatch.context() as short:
        short.setattr(audit, "AUDIT_SECONDS", 1.0)
        assert auditor.start(copy, page.request)() is None  # given up after its bound, not waited on forever
    assert auditor._page is None and stuck.is_closed()
    assert auditor.start(copy, page.request)() is not None  # a new audit page


def test_a_begun_call_is_sent_before_anyone_waits_for_its_answer(page, site, monkeypatch):
    """What `bounded.begin` relies on: one turn of Playwright's loop sends the call, so it goes out now and not with
    the next call, which may come a model's reply later."""
    from playwright._impl.connection import Connection

    page.goto(f"{site}/about.html")
    sent: list[str] = []
    send = Connection.send_message_to_server

    def recorded(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        sent.append(args[1])
        return send(self, *args, **kwargs)

    monkeypatch.setattr(Connection, "send_message_to_server", recorded)
    answer = bounded.begin(page, 5, "evaluate", "x => { window.begun = x; return x * 2 }", 21)
    assert sent == ["evaluateExpression"]
    assert answer() == 42 and page.evaluate("window.begun") == 21


def test_a_begun_call_on_a_frozen_page_gives_up_when_its_answer_is_asked_for(page, site):
    frozen(page, site)
    answer = bounded.begin(page, 0.5, "evaluate", "() => 1")
    with pytest.raises(PageUnresponsive, match=FROZEN):
        answer()
    page.close()
