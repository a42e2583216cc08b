"""A browser context like the test's: where a persona whose fields need a browser of its own runs (setting.py), and
where each repeat after the first runs (regression/repeats.py). A session there should meet the site the test set up,
not a bare browser: a test that signed in, mocked an API with `page.route` or sent a header is still doing so.

What is carried from the test's page:
- the storage state it has now (cookies, local storage): a test that signed in stays signed in;
- its context's options (`CARRIED`: base URL, extra headers, HTTP credentials, user agent, locale, time zone,
  geolocation, permissions, offline, scripts on or off, HTTPS errors, video recording ...); what the caller asks for
  (a persona's device or zoom) overrides them;
- the test's routes, the context's on the new context and the page's on the new page, in their order and with the
  times they have left.
What is not: WebSocket routes, init scripts, exposed functions, listeners and permissions granted after the context
was made (Playwright keeps none of them where they can be read back), and a HAR the test records.

Why internals: Playwright has no public way to read a context's options or routes back; its Python port keeps them on
its own objects (`_impl_obj._options`, in the protocol's names, and `_impl_obj._routes`, newest first). When a
Playwright release moves them, nothing is carried but the storage state and the viewport, and a warning says so.
tests/browser/test_like_context.py holds the installed Playwright to it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

from playwright.sync_api import Browser, Page, StorageState
from playwright.sync_api import Error as PlaywrightError

from pytest_useragent.browser import bounded
from pytest_useragent.errors import PageUnresponsive, warn


def _same(value: Any) -> Any:
    return value


def _headers(value: list[dict[str, str]]) -> dict[str, str]:
    return {header["name"]: header["value"] for header in value}


def _credentials(value: Any) -> Any:
    return value[0] if isinstance(value, list) and value else value


def _downloads(value: str) -> bool:
    return value == "accept"


def _video(value: dict[str, Any]) -> dict[str, Any]:
    return {"record_video_dir": value["dir"], **({"record_video_size": value["size"]} if "size" in value else {})}


CARRIED: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "baseURL": ("base_url", _same),
    "extraHTTPHeaders": ("extra_http_headers", _headers),
    "httpCredentials": ("http_credentials", _credentials),
    "ignoreHTTPSErrors": ("ignore_https_errors", _same),
    "javaScriptEnabled": ("java_script_enabled", _same),
    "bypassCSP": ("bypass_csp", _same),
    "userAgent": ("user_agent", _same),
    "locale": ("locale", _same),
    "timezoneId": ("timezone_id", _same),
    "geolocation": ("geolocation", _same),
    "permissions": ("permissions", _same),
    "offline": ("offline", _same),
    "isMobile": ("is_mobile", _same),
    "hasTouch": ("has_touch", _same),
    "deviceScaleFactor": ("device_scale_factor", _same),
    "acceptDownloads": ("accept_downloads", _downloads),
    "serviceWorkers": ("service_workers", _same),
    "strictSelectors": ("strict_selectors", _same),
    "noDefaultViewport": ("no_viewport", _same),
}
"""A context option as Playwright keeps it (the protocol's name) -> `browser.new_context`'s keyword and the value
turned back. `recordVideo` is carried too (`_video`): a session in a context of its own is recorded as the test's is."""


def carried(options: dict[str, Any]) -> dict[str, Any]:
    """`browser.new_context`'s keywords for the options a context was made with, as Playwright keeps them (pure)."""
    kept = {CARRIED[name][0]: CARRIED[name][1](value) for name, value in options.items() if name in CARRIED}
    if options.get("recordVideo"):
        kept |= _video(options["recordVideo"])
    return kept


@contextlib.contextmanager
def like(page: Page, browser: Browser, seconds: float, **options: Any) -> Iterator[Page]:
    """The first page of a new context of `browser` like `page`'s (see the module), with `options` over what is
    carried (a `storage_state` given is used as it is); the context is closed when the block ends."""
    state = options.pop("storage_state") if "storage_state" in options else storage_state(page, seconds)
    try:
        made = page.context._impl_obj._options
        context_routes = list(page.context._impl_obj._routes)
        page_routes = list(page._impl_obj._routes)
    except AttributeError:
        warn(
            "useragent: the test's context options and routes are not carried into a new context "
            "(this Playwright keeps them elsewhere)"
        )
        made, context_routes, page_routes = {}, [], []
    base = carried(made) | {"storage_state": state} | ({"viewport": page.viewport_size} if page.viewport_size else {})
    if "viewport" in options:
        base.pop("no_viewport", None)
    context = browser.new_context(**(base | options))
    try:
        _route(context, context_routes)
        own = context.new_page()
        _route(own, page_routes)
        yield own
    finally:
        with contextlib.suppress(PlaywrightError):
            context.close()


def again(page: Page, seconds: float) -> Callable[[], AbstractContextManager[Page]]:
    """For repeats: pages like `page` as it is now (its storage state read once, here, before the first session
    changes it), each in a new context; `page` itself when its context is persistent and cannot open another."""
    browser = page.context.browser
    if browser is None:
        return lambda: contextlib.nullcontext(page)
    state = storage_state(page, seconds)
    return lambda: like(page, browser, seconds, storage_state=state)


def storage_state(page: Page, seconds: float) -> StorageState | None:
    """The cookies and storage of `page`'s context, or None when it cannot say within `seconds`."""
    try:
        return bounded.call(page.context, seconds, "storage_state")  # type: ignore[no-any-return]
    except (PlaywrightError, PageUnresponsive):
        return None


def _route(target: Any, handlers: list[Any]) -> None:
    """The test's route handlers on `target` (a new context or page), oldest first as Playwright adds them (it puts
    each new one first), each with the times it has left. Its handler is already the sync API's wrapper, which turns
    the route Playwright passes into the public `Route` the test's function takes."""
    for handler in reversed(handlers):
        left = handler._times - handler.handled_count
        if left > 0:
            target._sync(target._impl_obj.route(url=handler.url, handler=handler.handler, times=left))
