"""PageEvents: what the browser does beside the page during a session, as typed records, and the session's page.

- Dialogs (alert, confirm, prompt, beforeunload) are answered as the model said for its next action (`expect`):
  accepted (a prompt with the action's text) or dismissed, the default.
- A new tab or popup becomes the session's page (`page`); the old page stays open, as it would for a user.
- A download is recorded with its suggested file name and size, waited for within the bound.
- A top-level navigation to a host that is not allowed (`hosts.py`) is refused at the browser, by a route on the
  context, which sees popups from their first request; the refused page never loads, so nothing of it reaches a
  prompt. Aborted as `aborted`, the navigation leaves the page where it was, without an error page. A popup's first
  request comes before its page exists (no frame yet): it is a new page's navigation, so it is judged too. The route
  sees only the requests that might be refused (`AllowedHosts.unsure`): Playwright's driver lets those to the
  allowed hosts through itself, so a step's navigation does not wait for a round trip to Python.
- The hops of a server redirect never reach a route (Playwright fulfils them inside the browser, and a response
  fulfilled as a 3xx is followed unseen as well), so the browser does request a page another host redirected to;
  `settle` takes the page back before anyone looks at it. Fetching every navigation ourselves to see its hops would
  bypass the test's own routes and the browser's cache, and repeat one-time requests (login codes): not worth it.

`close` removes the route and the listeners, each within the bound.
"""

from __future__ import annotations

import contextlib
import time
from typing import Literal

from playwright.sync_api import Dialog, Download, Page, Request, Route
from playwright.sync_api import Error as PlaywrightError

from pytest_useragent.browser import bounded
from pytest_useragent.browser.hosts import REFUSED, AllowedHosts, origin
from pytest_useragent.browser.scope import ERROR_PAGE
from pytest_useragent.errors import PageUnresponsive
from pytest_useragent.records import Action, PageEvent

MESSAGE_CHARS = 300
"""The most of a dialog's text that is kept: it goes into the next prompt."""

POLL_MS = 20


class PageEvents:
    """The browser events of one session, and its current page."""

    def __init__(self, page: Page, hosts: AllowedHosts, seconds: float) -> None:
        self.page = page
        """The session's page: the start page, or the last new tab or popup it opened."""
        self._context = page.context
        self._hosts = hosts
        self._routed = hosts.unsure()
        """What the route sees: fixed at start, so `close` removes that very route (a host added later is judged)."""
        self._seconds = seconds
        self._events: list[PageEvent] = []
        self._opened: list[Page] = []
        self._downloads: list[Download] = []
        self._refused: set[Page] = set()
        self._watched: list[Page] = []
        self._answer: Literal["accept", "dismiss"] = "dismiss"
        self._text: str | None = None
        self._seen = 0
        """How many events there were when the last action began."""
        self._url = page.url
        """Where the page was when the last action began."""

    def start(self) -> PageEvents:
        """Route the context's navigations through the allowed hosts and listen; bounded like every call."""
        self._context.on("page", self._on_page)
        self._watch(self.page)
        bounded.call(self._context, self._seconds, "route", self._routed, self._route)
        return self

    def opened(self) -> None:
        """The start URL is open: the host it landed on, after redirects, is allowed too."""
        self._hosts = self._hosts.with_host_of(self.page.url)

    def expect(self, action: Action) -> None:
        """How to answer the dialogs the next action opens; what happens from now on is the action's."""
        self._answer, self._text = action.dialog or "dismiss", action.text
        self._seen, self._url = len(self._events), self.page.url

    def refuse(self, url: str) -> str | None:
        """Why the page may not go to `url` (recorded as a blocked event); None when it may. For the `navigate`
        action, checked before acting: routes never see file:, data: or javascript: addresses."""
        reason = self._hosts.refusal(url)
        if reason is not None:
            self._events.append(PageEvent(kind="blocked", url=origin(url), reason=reason))
        return reason

    @property
    def hosts(self) -> AllowedHosts:
        """Where the session may go: the start page's host (and where it redirected to) and the allowed hosts."""
        return self._hosts

    @property
    def happened(self) -> bool:
        """Something happened beside the page since the last action began (`expect`): that action was not dead."""
        return bool(len(self._events) > self._seen or self._opened or self._downloads)

    @property
    def blocked(self) -> bool:
        """The harness refused a navigation or a page since the last action began (`expect`)."""
        return any(event.kind == "blocked" for event in self._events[self._seen :])

    def happened_within(self, seconds: float) -> bool:
        """Whether something happens beside the page within `seconds`: asked when a click showed no effect on the
        page, whose new tab or download the browser may announce a moment after the click returned."""
        deadline = time.monotonic() + seconds
        while not self.happened and time.monotonic() < deadline:
            with contextlib.suppress(PlaywrightError):  # a timer in the driver: it lets the events arrive
                self.page.wait_for_timeout(POLL_MS)
        return self.happened

    def settle(self) -> bool:
        """After an action settled: wait (bounded) for downloads to finish and new pages to load; the last new page
        that is allowed becomes the session's page, one whose navigation was refused is closed. A redirect, which
        routes do not see, that took the page off the allowed hosts is undone before anyone looks at the page; True
        when one was (the action's own account of where it went must not reach the model)."""
        # the browser's error page is no redirect: it is what the navigation did, for the step to say (see `scope`)
        moved = self.page.url != self._url and not self.page.url.startswith(ERROR_PAGE)
        reason = self._hosts.refusal(self.page.url) if moved else None
        taken_back = reason is not None
        if reason is not None:
            self._events.append(PageEvent(kind="blocked", url=origin(self.page.url), reason=f"{reason} (redirected)"))
            with contextlib.suppress(PlaywrightError):
                self.page.go_back(timeout=self._seconds * 1000)
            if self._hosts.refusal(self.page.url) is not None:
                with contextlib.suppress(PlaywrightError):
                    self.page.goto("about:blank", timeout=self._seconds * 1000)
        downloads, self._downloads = self._downloads, []
        for download in downloads:
            self._events.append(self._finished(download))
        opened, self._opened = self._opened, []
        for new in opened:
            with contextlib.suppress(PlaywrightError):
                new.wait_for_load_state("domcontentloaded", timeout=self._seconds * 1000)
            reason = self._hosts.refusal(new.url)
            if new in self._refused:  # the route refused its navigation, and recorded why
                closed = None
            elif new.url.startswith(ERROR_PAGE):  # the browser's own error page: the new tab never loaded
                closed = PageEvent(kind="popup", reason="it did not load, so it was closed")
            elif reason is not None:
                closed = PageEvent(kind="blocked", url=origin(new.url), reason=reason)
            else:
                self._events.append(PageEvent(kind="popup", url=new.url))
                self.page = new
                continue
            self._events += [closed] if closed else []
            with bounded.quietly():
                bounded.call(new, self._seconds, "close")
        return taken_back

    def drain(self) -> list[PageEvent]:
        """The events since the last drain."""
        events, self._events = self._events, []
        return events

    def close(self) -> None:
        self._context.remove_listener("page", self._on_page)
        for page in self._watched:
            page.remove_listener("dialog", self._on_dialog)
            page.remove_listener("download", self._on_download)
        with bounded.quietly():  # a page that stopped answering, or a context already closed
            bounded.call(self._context, self._seconds, "unroute", self._routed, self._route)

    def _watch(self, page: Page) -> None:
        page.on("dialog", self._on_dialog)
        page.on("download", self._on_download)
        self._watched.append(page)

    def _on_page(self, page: Page) -> None:
        self._watch(page)
        self._opened.append(page)

    def _on_download(self, download: Download) -> None:
        self._downloads.append(download)

    def _on_dialog(self, dialog: Dialog) -> None:
        accept = self._answer == "accept"
        self._events.append(
            PageEvent(
                kind="dialog",
                dialog=dialog.type,
                message=dialog.message[:MESSAGE_CHARS],
                answer="accepted" if accept else "dismissed",
            )
        )
        with contextlib.suppress(PlaywrightError):  # answered already (by a listener of the test's own)
            if accept:
                dialog.accept(self._text or "") if dialog.type == "prompt" else dialog.accept()
            else:
                dialog.dismiss()

    def _route(self, route: Route, request: Request) -> None:
        reason = self._hosts.refusal(request.url) if _top_level_navigation(request) else None
        if reason is None:
            route.fallback()  # the test's own routes still apply
            return
        REFUSED.add(request)
        route.abort("aborted")
        self._events.append(PageEvent(kind="blocked", url=origin(request.url), reason=reason))
        with contextlib.suppress(PlaywrightError):  # a popup's first request: its page is not there yet
            self._refused.add(request.frame.page)

    def _finished(self, download: Download) -> PageEvent:
        try:
            path = bounded.call(download, self._seconds, "path")
            return PageEvent(kind="download", file=download.suggested_filename, size=path.stat().st_size)
        except (PlaywrightError, OSError) as failure:
            return PageEvent(kind="download", file=download.suggested_filename, reason=str(failure).splitlines()[0])
        except PageUnresponsive:
            return PageEvent(
                kind="download", file=download.suggested_filename, reason=f"not finished in {self._seconds:g} s"
            )


def _top_level_navigation(request: Request) -> bool:
    if not request.is_navigation_request():  # a service worker's requests are never navigations
        return False
    try:
        return request.frame.parent_frame is None
    except PlaywrightError:  # a popup's first request comes before its frame: a new page's, so top-level
        return True
