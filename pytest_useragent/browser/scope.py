"""Which pages are the app under test, the one place that decides it. Pure.

Checks (axe, layout, signals, dead clicks) judge the app, so they run on its pages only: not on about:blank (nothing
was opened), not on the browser's own error page (`chrome-error://`, what a failed main-document navigation leaves:
its missing viewport meta and its failed request are Chrome's, not the app's), not on a page outside the allowed
hosts. Reaching such a page is what the navigation did, and is said so on the step that went there; a start URL
that leaves the page on one is `unreachable`, and a session with no URL on a blank page has nothing to test.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from pytest_useragent.browser.hosts import AllowedHosts
from pytest_useragent.errors import NotAnAddress, NothingToOpen

ERROR_PAGE = "chrome-error:"


def outside(url: str, hosts: AllowedHosts) -> str | None:
    """Why the page at `url` is not the app under test (no check runs on it); None when it is."""
    if url.startswith("about:"):
        return "a blank page"
    if url.startswith(ERROR_PAGE):
        return "the browser's error page: the page could not be loaded"
    refused = hosts.refusal(url)
    return f"a page outside the app under test: {refused}" if refused else None


def left_app(url: str, hosts: AllowedHosts, failed: str | None) -> str:
    """What a step that took the page off the app did, for its outcome; `failed` is the main document's failure
    (`net::ERR_NAME_NOT_RESOLVED at http://...`) when it is known."""
    why = outside(url, hosts) or ""
    return f"the page is now {why}" + (f" ({failed})" if failed else "") + "; no checks run there, go back to the app"


def require_start(url: str | None, page_url: str) -> None:
    """A session needs a page to test: a URL, or a page already opened; raises NothingToOpen (or NotAnAddress, for a
    url no browser opens as a page) before anything runs or is paid."""
    if url and (problem := not_an_address(url)):
        raise NotAnAddress(f"agent.run(url={url!r:.80}): {problem}")
    if not url and page_url.startswith("about:"):
        raise NothingToOpen(
            f"agent.run() has nothing to open: the page is {page_url} and no url was given "
            '(pass url="https://...", or open the page first with page.goto)'
        )


def not_an_address(url: str) -> str | None:
    """Why a start URL is no page to open, in words for the test's author; None when it is one."""
    parts = urlsplit(url.strip())
    if parts.scheme in ("http", "https") and parts.hostname:
        return None
    if parts.scheme == "file" and parts.path:
        return None
    if not parts.scheme or " " in parts.scheme or "." in parts.scheme:
        return 'not a whole address: give one with its scheme, such as "https://shop.example.com/" or "http://127.0.0.1:8000/"'
    if parts.scheme in ("http", "https"):
        return "no host in it"
    return f"{parts.scheme}: is not a page the agent opens; give an http(s) or file: URL"
