"""`BrowserPage`: the session's page in Chromium, through Playwright (`session/page.py` says what a session asks of
its page). It owns the page's events (dialogs, new tabs, blocked navigations), its watcher and its checks, and moves
them to a new tab or popup that becomes the session's page."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from urllib.parse import urljoin

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, ViewportSize

from pytest_useragent.browser import bounded
from pytest_useragent.browser.actions import act
from pytest_useragent.browser.announce import ScreenReader
from pytest_useragent.browser.checks import PageChecks
from pytest_useragent.browser.events import PageEvents
from pytest_useragent.browser.hosts import AllowedHosts
from pytest_useragent.browser.observe import Scale, observe, screenshot
from pytest_useragent.browser.scope import left_app, outside
from pytest_useragent.browser.setting import added_latency_ms
from pytest_useragent.browser.settle import settle
from pytest_useragent.browser.watch import PageWatcher
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.errors import Unreachable
from pytest_useragent.records import Action, ActionOutcome, Issue, Observation, PageEvent
from pytest_useragent.records.persona import Persona
from pytest_useragent.secrets.exposure import warn_typed
from pytest_useragent.secrets.redaction import Secrets
from pytest_useragent.session.keyboard import KEYBOARD_USES
from pytest_useragent.session.page import Handled, keeping
from pytest_useragent.session.verdict import SuccessCheck, judge_done, succeeded, visible_text

NOTHING_CHANGED = "nothing on the page changed"
REDIRECTED_OFF = "blocked: the page was redirected off the allowed hosts, and taken back"


class BrowserPage:
    """A `SessionPage` over a Playwright page, for one session of `persona` under `config`."""

    def __init__(self, page: Page, persona: Persona, config: UserAgentConfig) -> None:
        self._start, self._persona, self._config = page, persona, config
        self._seconds = bounded.bound(config.settle_timeout)
        self._events: PageEvents | None = None
        self._watcher, self._checks = self._watch(page)

    @property
    def page(self) -> Page:
        """The session's Playwright page: the start page, or the last new tab or popup it opened."""
        return self._events.page if self._events is not None else self._start

    @property
    def playwright(self) -> Page:
        return self.page

    @property
    def url(self) -> str:
        return self.page.url

    @property
    def viewport(self) -> ViewportSize | None:
        return self.page.viewport_size

    @property
    def blocked(self) -> bool:
        return self._events is not None and self._events.blocked

    @property
    def scale(self) -> Scale:
        """A zoomed persona's screenshots keep the screen's pixels, so its text is `zoom` times as large in what the
        model sees as a persona's at 100% on the same screen (`screenshots.for_model` scales both alike)."""
        return "device" if self._persona.zoom != 100 else "css"

    def start(self, hosts: AllowedHosts) -> None:
        self._events = PageEvents(self.page, hosts, self._seconds)
        self._events.start()
        self._watcher.start()

    def close(self) -> None:
        """After a Ctrl-C that landed inside Playwright's own event loop, its calls may fail in ways of their own."""
        for close in (self._watcher.close, *([self._events.close] if self._events is not None else [])):
            with contextlib.suppress(Exception):
                close()

    def open(self, url: str) -> ActionOutcome:
        events = self._started()
        try:
            response = self.page.goto(url, timeout=self._seconds * 1000)
        except PlaywrightError as failure:
            if outside(self.page.url, events.hosts):  # nothing of the app to test: no model is asked
                raise Unreachable(f"{url} could not be opened: {bounded.first_line(failure)}") from None
            return ActionOutcome(ok=False, message=bounded.first_line(failure))
        events.opened()
        settle(self.page, self._watcher, minimum=self._config.wait, timeout=self._config.settle_timeout)
        status = f" ({response.status})" if response is not None else ""
        return ActionOutcome(ok=True, message=f"opened {self.page.url}{status}")

    def text(self) -> str:
        return visible_text(self.page, self._seconds)

    def look(self, secrets: Secrets, shoot: bool) -> Observation:
        return observe(
            self.page,
            self._watcher,
            secrets,
            timeout=self._config.settle_timeout,
            scale=self.scale,
            shoot=shoot,
            rider=self._checks.rider(),
        )

    def inspect(self, observation: Observation) -> list[Issue]:
        # checks judge the app: not a blank page, the browser's error page or another site (see `scope`)
        if outside(observation.url, self._started().hosts) is not None:
            return []
        return self._checks.inspect(observation.signals, observation.fingerprint)

    def audited(self) -> list[Issue]:
        return self._checks.audited()

    @property
    def criteria(self) -> set[str]:
        return self._checks.criteria

    @property
    def unaudited(self) -> list[str]:
        return self._checks.unaudited

    def act(self, action: Action, secrets: Secrets, snapshot: str, goal: str) -> Handled:
        """Acted on the page, then settled; a dead click is found, and told in the outcome."""
        events, found = self._started(), list[Issue]()
        page, url_before, timeout = self.page, self.page.url, self._config.settle_timeout
        events.expect(action)
        typed = urljoin(url_before, action.url or "") if action.kind == "navigate" else None
        if typed is not None and (refused := events.refuse(typed)):
            return Handled(ActionOutcome(ok=False, message=f"blocked: {refused}"))
        self._watcher.asked_for(typed)  # the persona's own address: its 404 is what it did, told in the outcome
        known = secrets.values
        done = act(page, action, secrets, timeout, snapshot)
        warn_typed(secrets, goal, known)
        settle(page, self._watcher, minimum=self._config.wait, timeout=timeout)
        dead = None
        if done.ok and action.kind == "click":
            dead = self._checks.dead_click(done.locator, url_before, event=events.happened_within)
        with keeping(found):  # what a screen reader missed stays with a failure after it
            if self._watcher.reader is not None:  # what a screen reader said of it, and a message it did not
                done = self._watcher.reader.after(done, found)
            if events.settle():  # redirected off the allowed hosts: the action's "went to <url>" must not be told
                done = ActionOutcome(ok=False, message=REDIRECTED_OFF, locator=done.locator)
            if self.page is not page:  # a new tab or popup became the session's page: watcher and checks move to it
                self._watcher.close()
                covered, unaudited = self._checks.criteria, self._checks.unaudited  # what the first page's checks
                self._watcher, self._checks = self._watch(self.page)  # covered and could not audit stays said
                self._checks.criteria |= covered
                self._checks.unaudited += unaudited
                self._watcher.start()
        failed = self._watcher.take_failed_navigation()
        if self.page.url != url_before and outside(self.page.url, events.hosts):
            left = left_app(self.page.url, events.hosts, f"{failed.error} at {failed.url}" if failed else None)
            done = done.model_copy(update={"message": f"{done.message}; {left}"})
        if dead is not None:
            found.append(dead)
            done = done.model_copy(update={"message": f"{done.message}; {NOTHING_CHANGED}", "dead_click": True})
        return Handled(done, found)

    def drain(self) -> list[PageEvent]:
        return self._started().drain()

    def shot(self, secrets: Secrets) -> bytes | None:
        """The page as it is now, masked as every screenshot is: ultra keeps it as a step's after-action view."""
        return screenshot(self.page, secrets, self._config.settle_timeout, self.scale)

    def judge(
        self,
        step: int,
        evidence: str | None,
        documents: dict[str, str],
        check: SuccessCheck | None,
        seen_as: Callable[[str], str],
        goal: str,
        before: str,
        dialogs: Sequence[str] = (),
    ) -> tuple[ActionOutcome, Issue | None]:
        return judge_done(
            step, evidence, self.page, documents, check, self._config.settle_timeout, seen_as, goal, before, dialogs
        )

    def succeeded(self, check: SuccessCheck) -> bool:
        return succeeded(self.page, check)

    def _started(self) -> PageEvents:
        if self._events is None:
            raise RuntimeError("BrowserPage.start(hosts) comes first")
        return self._events

    def _watch(self, page: Page) -> tuple[PageWatcher, PageChecks]:
        """The watcher (not started yet) and the checks of a page of the session."""
        reader = ScreenReader(page, self._seconds) if self._persona.uses == "screen-reader" else None
        checks = PageChecks(page, seconds=self._seconds, keyboard=self._persona.uses in KEYBOARD_USES, reader=reader)
        slow_ms = self._config.slow_response * 1000 + added_latency_ms(self._persona)
        return PageWatcher(page, slow_ms, self._seconds, reader), checks
