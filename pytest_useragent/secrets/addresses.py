"""An address as a line may show it: a URL's user and password never printed, whether or not the URL parses."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

MAX_SHOWN = 200
"""The most of an address a line shows."""

_USERINFO = re.compile(r"//.*@")
"""Everything between `//` and the last `@`: a user and password, even one holding `/` or `@` unencoded (a host
never holds `@`, so nothing of the host is taken)."""


def without_credentials(url: str) -> str:
    """`url` with no user or password: scheme, host, port and path when it parses, else the text with its userinfo
    cut out; bounded."""
    masked = _USERINFO.sub("//", url, count=1)
    try:
        parts = urlsplit(masked)
        port = f":{parts.port}" if parts.port else ""
    except ValueError:  # a port that is no number: shown as written, since it holds no credential any more
        return masked[:MAX_SHOWN]
    if not parts.scheme or not parts.netloc:
        return masked[:MAX_SHOWN]
    return f"{parts.scheme}://{parts.hostname or ''}{port}{parts.path}"[:MAX_SHOWN]
