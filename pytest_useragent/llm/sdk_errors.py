"""The official SDKs' errors (`anthropic`, `openai`) as our one `ApiFailure`, as pydantic-ai's `_map_api_errors`
makes each SDK's a `ModelHTTPError(status, headers, body)`. Both SDKs are generated alike, so one mapping serves
them: `APIStatusError` (a status, the response's headers, the body), `APITimeoutError`, a kind of
`APIConnectionError` (no answer; raised from its HTTP library's error, `httpx`'s or, in newer ones, `httpx2`'s,
named alike), any other `APIError`. A transport whose SDK is built otherwise maps its own errors to `ApiFailure`
and uses the same ladder.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pytest_useragent.errors import ApiFailure, FailureKind

T = TypeVar("T")

NEVER_SENT = frozenset({"ConnectError", "ConnectTimeout", "PoolTimeout", "WriteError", "WriteTimeout"})
"""The HTTP library's errors of a request that never reached the API whole, so was not billed; any other failure
after sending (a read timeout, a dropped connection) is taken as billed."""


def mapped(sdk: Any, call: Callable[[], T]) -> Callable[[], T]:
    """`call`, one request through `sdk`'s client, raising an `ApiFailure` for any of the SDK's errors."""

    def attempt() -> T:
        try:
            return call()
        except sdk.APIError as error:
            raise failure(sdk, error) from error

    return attempt


def failure(sdk: Any, error: Exception) -> ApiFailure:
    """What `error`, one of `sdk`'s, says happened."""
    if isinstance(error, sdk.APIStatusError):
        response = error.response
        return ApiFailure("status", status=error.status_code, headers=dict(response.headers.items()), body=error.body)
    if isinstance(error, sdk.APIConnectionError):  # APITimeoutError is one too
        kind: FailureKind = "timeout" if isinstance(error, sdk.APITimeoutError) else "connection"
        causes = [] if error.__cause__ is None else [step.__name__ for step in type(error.__cause__).__mro__]
        connected = "ConnectError" not in causes  # refused, no such host: no connection was ever made
        sent = not any(name in NEVER_SENT for name in causes)
        return ApiFailure(kind, error.message, connected=connected, sent=sent)
    return ApiFailure("other", type(error).__name__)
