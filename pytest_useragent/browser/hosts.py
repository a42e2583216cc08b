"""Where the agent may take the page: the start page's host, and the hosts `--useragent-allowed-hosts` names. Pure.

Only navigations of a top-level page are the agent's: a page's own images, scripts and frames from other hosts (a
CDN, an embedded map) load as they would for anyone. Anything but http(s) and about:blank is refused outright:
file:, data:, javascript:, view-source:, chrome: ... show the agent nothing a user of the site would see, and some
would show it this machine; only a session that starts on a file: page (a site on disk) may go to other file: pages.
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

WEB_SCHEMES = ("http", "https")


@dataclass(frozen=True)
class AllowedHosts:
    """Host names, and `*.example.com` patterns that match any host under example.com (not example.com itself)."""

    hosts: tuple[str, ...]
    files: bool = False
    """The session started on a file: page, so file: pages are its site."""

    @classmethod
    def around(cls, start_url: str, extra: tuple[str, ...] = ()) -> AllowedHosts:
        """The start URL's host (none for about:blank, file: ...) and `extra`."""
        parts = urlsplit(start_url)
        own = (parts.hostname,) if parts.scheme in WEB_SCHEMES and parts.hostname else ()
        return cls(tuple(dict.fromkeys(own + tuple(host.lower() for host in extra))), files=parts.scheme == "file")

    def with_host_of(self, url: str) -> AllowedHosts:
        """These hosts and `url`'s: where the start URL redirected to is the site too (example.com -> www.)."""
        return AllowedHosts.around(url, self.hosts)

    def refusal(self, url: str) -> str | None:
        """Why a top-level page may not go to `url`; None when it may."""
        if url == "about:blank":
            return None
        parts = urlsplit(url)
        if parts.scheme == "file" and self.files:
            return None
        if not parts.scheme:  # `//host/path` from a page that is no http(s) one (the browser's error page, say)
            return f"{url:.80} is not a whole address: give it with http:// or https://"
        if parts.scheme not in WEB_SCHEMES:
            return f"{parts.scheme}: addresses are not for the agent, only http(s) pages of allowed hosts"
        host = (parts.hostname or "").rstrip(".")
        if self.allows(host):
            return None
        allowed = ", ".join(self.hosts) or "none (no start URL)"
        return (
            f"{host or url} is not an allowed host (allowed: {allowed}; more with --useragent-allowed-hosts, or "
            "--allowed-hosts for useragent run)"
        )

    def unsure(self) -> re.Pattern[str]:
        """The URLs `refusal` must judge: all but an http(s) address whose host is plainly one of these (a port and a
        path may follow), which surely is allowed. A route with this pattern is matched by Playwright's driver, so a
        navigation within the site never waits for a round trip to Python. It errs only towards judging: an address
        it cannot read plainly (userinfo, a trailing dot, an IPv6 host) is judged. Written for JavaScript's RegExp as
        much as Python's."""
        names = [
            r"[^/?#@:\[\]\\]*" + re.escape(pattern[1:]) if pattern.startswith("*.") else re.escape(pattern)
            for pattern in self.hosts
        ]
        if not names:
            return re.compile(r"^")
        return re.compile(rf"^(?!https?://(?:{'|'.join(names)})(?::\d+)?(?:[/?#]|$))")

    def allows(self, host: str) -> bool:
        host = host.lower()
        return any(
            host.endswith(pattern[1:]) if pattern.startswith("*.") else host == pattern for pattern in self.hosts
        )


def origin(url: str) -> str:
    """What a refused URL may show of itself: scheme and host, never its path or query (which may carry data)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in WEB_SCHEMES else f"{parts.scheme}:"


REFUSED: weakref.WeakSet[Any] = weakref.WeakSet()
"""The requests the allowed-hosts route refused (Playwright's `Request` objects, one per request): the harness's
doing, so their failure (`net::ERR_ABORTED`) is never the page's `http-error`."""
