"""PageWatcher: what a page does between two looks at it: console errors, failed and slow requests, requests in
flight and, through a script in each of its documents (scripts/watch.js), DOM changes and the last click."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from playwright.sync_api import ConsoleMessage, Page, Request, Response
from playwright.sync_api import Error as PlaywrightError

from pytest_useragent.browser import bounded
from pytest_useragent.browser.announce import ScreenReader
from pytest_useragent.browser.hosts import REFUSED
from pytest_useragent.browser.scripts import script
from pytest_useragent.records import FailedRequest, Signals, SlowResponse

_WATCH = script("watch.js")
MAX_SIGNALS = 20
"""Kept of each kind between two looks (each step records them); more are only counted (`Signals.left_out`): a noisy
page logs thousands."""


ABORTED = "net::ERR_ABORTED"
"""A request the browser gave up: a navigation replaced by another (or refused by our allowed-hosts route), a fetch
the page's script cancelled, a player's preload cancelled, a page left while it loaded. Never the app's failure."""


class PageWatcher:
    """Listens to a page for a session: console errors and failed requests between two looks, requests in flight;
    `observe` and `PageChecks` read what the page script counts. `close` removes all of it from the page."""

    def __init__(
        self, page: Page, slow_ms: float = 1000, seconds: float = 5.0, reader: ScreenReader | None = None
    ) -> None:
        self._page = page
        self.reader = reader
        """A screen-reader persona's: the tree `observe` shows, what the page announces after an action."""
        self._seconds = seconds
        """The bound of each call on the page (see `bounded`)."""
        self._slow_ms = slow_ms
        self._signals = Signals()
        self._script: Any = None
        """The init script's disposable (playwright does not export its type)."""
        self.in_flight: set[Request] = set()
        self.failed_navigation: FailedRequest | None = None
        """See `take_failed_navigation`."""
        self._asked: str | None = None
        """The address the persona typed (`navigate`): see `asked_for`."""

    def start(self) -> PageWatcher:
        """Install the page script and the listeners; raises PageUnresponsive on a page that does not answer."""
        page = self._page
        page.on("console", self._on_console)
        page.on("pageerror", self._on_page_error)
        page.on("request", self._on_request)
        page.on("requestfinished", self._on_request_finished)
        page.on("requestfailed", self._on_request_failed)
        page.on("response", self._on_response)
        self._script = bounded.call(self._page, self._seconds, "add_init_script", _WATCH)
        with contextlib.suppress(PlaywrightError):  # a document going away: its successor gets the init script
            bounded.evaluate(self._page, self._seconds, _WATCH)
        if self.reader is not None:
            self.reader.start()
        return self

    def drain(self) -> Signals:
        """The signals since the last drain."""
        signals, self._signals = self._signals, Signals()
        self._asked = None  # the look after the persona's navigation: what follows is the app's
        return signals

    def asked_for(self, url: str | None) -> None:
        """The next top-level navigation to `url` (None: to none) is the persona's own: an address it typed that the
        app does not have (a 404) or that does not answer is what the persona did, which the step's outcome says,
        not a failed request of the app. A redirect it leads to, and everything the page it opens loads, are the
        app's."""
        self._asked = url.partition("#")[0] if url else None

    def take_failed_navigation(self) -> FailedRequest | None:
        """The page's top-level navigation that failed without an answer (a host that does not resolve, a refused
        connection; not one aborted or blocked) since the last time it was taken: why the browser shows its error
        page."""
        failed, self.failed_navigation = self.failed_navigation, None
        return failed

    def close(self) -> None:
        for event, handler in self._handlers():
            self._page.remove_listener(event, handler)
        if self._script is not None:
            with bounded.quietly():  # the page is closed already, or stopped answering
                bounded.call(self._script, self._seconds, "close")
        if self.reader is not None:
            self.reader.close()

    def _handlers(self) -> list[tuple[str, Callable[..., None]]]:
        return [
            ("console", self._on_console),
            ("pageerror", self._on_page_error),
            ("request", self._on_request),
            ("requestfinished", self._on_request_finished),
            ("requestfailed", self._on_request_failed),
            ("response", self._on_response),
        ]

    def _keep(self, kind: str, signal: str | FailedRequest | SlowResponse) -> None:
        kept: list[Any] = getattr(self._signals, kind)
        if len(kept) < MAX_SIGNALS:
            kept.append(signal)
        else:
            self._signals.left_out[kind] = self._signals.left_out.get(kind, 0) + 1

    def _on_request(self, request: Request) -> None:
        self.in_flight.add(request)

    def _on_request_finished(self, request: Request) -> None:
        self.in_flight.discard(request)
        took = request.timing.get("responseEnd", -1)
        if took >= self._slow_ms:
            self._keep("slow_responses", SlowResponse(method=request.method, url=request.url, milliseconds=round(took)))

    def _on_console(self, message: ConsoleMessage) -> None:
        # "Failed to load resource" repeats what failed_requests already holds
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            self._keep("console_errors", message.text[:500])

    def _on_page_error(self, error: PlaywrightError) -> None:
        self._keep("console_errors", f"uncaught: {error.message[:500]}")

    def _on_request_failed(self, request: Request) -> None:
        self.in_flight.discard(request)
        if request in REFUSED:  # the allowed-hosts route refused it: told as a blocked event, not the page's failure
            return
        failed = FailedRequest(
            method=request.method, url=request.url, resource=request.resource_type, error=request.failure or "failed"
        )
        if failed.error == ABORTED:  # given up by the browser or the page, not failed: the page stays as it was
            return
        if not self._typed(request):
            self._keep("failed_requests", failed)
        if self._top_level_navigation(request):
            self.failed_navigation = failed

    def _top_level_navigation(self, request: Request) -> bool:
        try:
            return request.is_navigation_request() and request.frame == self._page.main_frame
        except PlaywrightError:  # a service worker's request has no frame
            return False

    def _typed(self, request: Request) -> bool:
        """The persona's own navigation to the address it typed (`asked_for`)."""
        return self._asked is not None and request.url == self._asked and self._top_level_navigation(request)

    def _on_response(self, response: Response) -> None:
        if response.status >= 400 and not self._typed(response.request):
            request = response.request
            self._keep(
                "failed_requests",
                FailedRequest(
                    method=request.method, url=response.url, resource=request.resource_type, status=response.status
                ),
            )
