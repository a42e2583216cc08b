"""Bounded Playwright calls: every call on a page either returns within its bound or raises PageUnresponsive.

A page whose script never returns (`while (true) {}`) holds its main thread, and with it every call that needs the
page to answer. Calls that take a `timeout=` (screenshot, aria_snapshot, click, goto, wait_for_*) are bounded by
Playwright's server and get one from their caller; the calls that take none (evaluate, locator.count and .evaluate,
a disposable's close, unroute) go through `call` here, the one place that bounds them.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pytest_useragent.errors import PageUnresponsive

MIN_SECONDS = 1.0
"""The least bound of a call, however small the settle timeout: an evaluate on a busy but live page takes ms."""

PROBE = "() => true"
PROBE_SECONDS = 1.0
"""How long a page past a bound has to answer the probe that tells a frozen page from a slow script of ours."""


def bound(settle_timeout: float) -> float:
    """The bound of one call on the page under test, from `--useragent-settle-timeout`."""
    return max(settle_timeout, MIN_SECONDS)


def call(target: Any, seconds: float, method: str, *args: Any, **kwargs: Any) -> Any:
    """`target.method(*args, **kwargs)` on a sync Playwright object (Page, Frame, Locator, Disposable ...), given
    up after `seconds` with PageUnresponsive.

    Why internals: the sync API has no timeout for these calls, and a thread cannot be interrupted. Each sync
    method hands its coroutine to the object's `_sync`, which runs it on Playwright's event loop; shadowing `_sync`
    for this one call wraps that coroutine in `asyncio.wait_for`, so the public method still maps its arguments and
    result. An abandoned call is safe: in playwright's `connection.py` a cancelled call's future sends `__abort__`
    to the driver, and a reply that still arrives finds its future done and is dropped (`_Callback.resolve`).
    tests/browser/test_bounded.py holds the installed playwright to that.
    """
    sync = target._sync

    def within(awaitable: Any) -> Any:
        return sync(asyncio.wait_for(awaitable, seconds))

    target._sync = within
    try:
        return getattr(target, method)(*args, **kwargs)
    except TimeoutError:  # asyncio's, not Playwright's (a PlaywrightError): the page never answered
        pass
    finally:
        del target._sync
    raise _unresponsive(target, method, seconds) from None


def begin(target: Any, seconds: float, method: str, *args: Any, **kwargs: Any) -> Callable[[], Any]:
    """`target.method(*args, **kwargs)` sent now, its answer taken later: the function returned waits for it (at
    most `seconds` from then) and returns it, or raises as `call` does. For a call whose answer is not needed yet
    (an audit started in its own page while the session decides and acts: ~2 ms a page state not waited for).

    How: as in `call`, `_sync` is shadowed while the public method runs, here to take the coroutine it would run,
    which then runs as a task on Playwright's loop. The sync API runs that loop only inside a call, so it is run
    once here, and the task sends its message in it (tests/browser/test_bounded.py holds the installed playwright
    to that); otherwise the message would wait for the next call, which may come a model's reply later. An answer
    nobody asks for (the session ended first) is dropped."""
    taken: list[Any] = []
    sync = target._sync
    target._sync = taken.append
    try:
        getattr(target, method)(*args, **kwargs)
    finally:
        del target._sync
    task = target._loop.create_task(taken[0])
    task.add_done_callback(lambda done: done.cancelled() or done.exception())
    sync(asyncio.sleep(0))

    def answer() -> Any:
        try:
            return sync(asyncio.wait_for(task, seconds))
        except TimeoutError:
            raise _unresponsive(target, method, seconds) from None

    return answer


def _unresponsive(target: Any, method: str, seconds: float) -> PageUnresponsive:
    """The error for a call past its bound: the page frozen, or, when it still answers at once, a bound of ours that
    this page's size outgrew (never blamed on the page)."""
    name = type(target).__name__.lower()
    if _answers(target):
        return PageUnresponsive(
            f"{name}.{method} took longer than {seconds:g} s on this page, which still answers: a bound of ours "
            "(--useragent-settle-timeout) that the page's size outgrew, not a frozen page"
        )
    return PageUnresponsive(
        f"the page stopped responding: {name}.{method} got no answer within {seconds:g} s "
        "(a script that never returns?)"
    )


def _answers(target: Any) -> bool:
    """Whether the page of `target` (a Page, Frame or Locator) answers a probe within a second."""
    page = target if hasattr(target, "main_frame") else getattr(target, "page", None)
    if page is None or not hasattr(page, "_sync"):
        return False
    sync = page._sync
    try:
        page._sync = lambda awaitable: sync(asyncio.wait_for(awaitable, PROBE_SECONDS))
        return bool(page.evaluate(PROBE))
    except (TimeoutError, PlaywrightError):
        return False
    finally:
        del page._sync


def evaluate(target: Any, seconds: float, expression: str, arg: Any = None) -> Any:
    """`target.evaluate(expression, arg)`, bounded."""
    return call(target, seconds, "evaluate", expression, arg)


def first_line(error: PlaywrightError) -> str:
    """A Playwright error as one line: its first (the rest is the driver's call log)."""
    return (error.message or str(error)).strip().splitlines()[0]


def check_responsive(page: Page, seconds: float) -> None:
    """Raise PageUnresponsive when the page's main frame cannot run a trivial script within `seconds`. A document
    going away (navigation) answers with an error, and counts as alive."""
    with contextlib.suppress(PlaywrightError):
        evaluate(page.main_frame, seconds, PROBE)


@contextlib.contextmanager
def quietly() -> Iterator[None]:
    """For cleanup: a page that is gone or does not answer keeps nothing of ours that matters."""
    with contextlib.suppress(PlaywrightError, PageUnresponsive):
        yield
