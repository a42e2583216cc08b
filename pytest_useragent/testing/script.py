"""What a fake API is scripted with besides a reply: a fault, a slow, cut, refused or malformed answer, a reset."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Body = dict[str, Any]
"""A request's or a reply's JSON body."""


@dataclass(frozen=True)
class Fault:
    """Answer with an HTTP error: 429 (with retry-after seconds), 529 overloaded, 500, or any status."""

    status: int
    retry_after: float | None = None


@dataclass(frozen=True)
class Slow:
    """Wait `seconds` before answering with `then`."""

    seconds: float
    then: Any


@dataclass(frozen=True)
class Truncated:
    """A reply cut off at max_tokens: the first half of `reply`'s JSON, stop_reason max_tokens."""

    reply: Any


@dataclass(frozen=True)
class MaxTokens:
    """A reply of exactly `text` that stopped at max_tokens (for content continued over several replies)."""

    text: str


@dataclass(frozen=True)
class Refusal:
    """The model declines: stop_reason "refusal", with whatever `text` came before it."""

    text: str = ""


@dataclass(frozen=True)
class TwoCalls:
    """The model calls the tool twice in one turn (parallel tool use is on by default), each time with `reply`."""

    reply: Any


@dataclass(frozen=True)
class NotAMessage:
    """A 200 whose body is not the API's JSON: the sign-in page of a captive portal, or a misrouted gateway's."""

    text: str = "<html><body>Sign in to use this network</body></html>"


@dataclass(frozen=True)
class Reset:
    """The connection is closed without an answer (what a proxy or a dropped network does)."""


@dataclass(frozen=True)
class Malformed:
    """A reply whose text is not the JSON the schema asks for."""

    text: str = '{"observation": "I see a page", "action": '


ScriptItem = Any
"""A Decision / WrapUp / dict (sent as JSON text), a str (sent as is), a Fault, Slow, Truncated, MaxTokens, Malformed,
Refusal, Reset, or a callable taking the request body and returning one of those."""
