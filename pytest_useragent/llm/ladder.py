"""The one ladder from a failed attempt to our errors, and the one retry loop, for every transport. It knows no SDK:
a transport's call raises an `ApiFailure` (its SDK's errors mapped: `sdk_errors` for the two official SDKs), and
whose fault it is follows from what happened:

- a 200 whose body the SDK could not read as JSON, or that is not the API's answer (a captive portal's page, a
  misrouted gateway): `ProviderError`, the body's start shown on one line;
- a status the API refuses the call as such with (400/401/403/404): `ProviderRejected`, which halts that API and
  model for the run; any other status, after the retries: `ProviderError`;
- no answer within the timeout: `ProviderError`, the timeout said;
- no connection at all after the retries (a wrong base URL, a server not running): `ProviderRejected`; a connection
  that broke once made: `ProviderError` (it may work again).

The retries are made here, not in the SDK (its client is asked with `max_retries=0`), so that each attempt is a
call of the meter: reserved before it is sent (a retry that could overspend is not made), and, when it was sent and
no reply came (a timeout, a connection that broke), charged at its worst case, since the API bills it all the same.
They follow the official SDKs' own policy: 408, 409, 429 and 5xx, timeouts and connection errors, as many times as
the client's `max_retries`, after the API's `retry-after` (at most RETRY_AFTER_LIMIT) or the SDKs' backoff (0.5 s
doubling to 8 s, less up to a quarter of jitter); an `x-should-retry` header decides when the API sends one.
"""

from __future__ import annotations

import email.utils
import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pytest_useragent.cost.billing import Meter
from pytest_useragent.errors import ApiFailure, ProviderError, ProviderRejected
from pytest_useragent.llm.base import REJECTED, shown_body
from pytest_useragent.records import CallPurpose, Usage

RETRIED = frozenset({408, 409, 429})
"""The statuses retried besides 5xx, as the SDKs retry them."""
RETRY_AFTER_LIMIT = 60.0
"""The longest `retry-after` waited for: a longer one ends the request as its status, rather than hold the run."""


@dataclass(frozen=True)
class Api:
    """An API as its errors name it: its name ("Anthropic API"), the keys of an error body that name the error's
    kind, where its calls go, the client's timeout and its retries."""

    name: str
    kinds: tuple[str, ...]
    address: str
    timeout: object
    retries: int


@dataclass(frozen=True)
class Paid:
    """One request as the meter books it: on which meter, what for, to which model, at what worst case."""

    meter: Meter
    purpose: CallPurpose
    model: str
    worst_case: Usage


def create(
    api: Api,
    where: str,
    call: Callable[[], object],
    answered_with: type,
    what: str,
    paid: Paid,
    usage: Callable[[Any], tuple[Usage, str | None]],
) -> Any:
    """`call()`'s answer (one attempt, the SDK retrying nothing, its failure an `ApiFailure`) when it is an
    `answered_with`, each attempt inside
    `paid.meter` and its usage read by `usage`; retried as the module says; otherwise the error of ours the failure
    is. `where` is the endpoint a refusal halts; `what` names the answer."""
    attempt = 0
    while True:
        with paid.meter.call(paid.purpose, paid.model, paid.worst_case) as bill:
            try:
                answer = call()
            except ApiFailure as error:
                failure = error
                if unanswered(error):
                    bill.no_reply()
            except ValueError as error:  # a 200 whose JSON the SDK could not read
                raise ProviderError(f"{api.name} answered with a body that is not JSON: {error}") from None
            else:
                if not isinstance(answer, answered_with):
                    raise ProviderError(f"{api.name} answered with something that is not {what}: {shown_body(answer)}")
                bill.paid(*usage(answer))
                return answer
        pause = retry_in(api, failure, attempt)
        if pause is None:
            raise ours(api, where, failure) from None
        time.sleep(pause)
        attempt += 1


def unanswered(failure: ApiFailure) -> bool:
    """Whether a failed attempt reached the API and then had no reply: a timeout or a broken connection after the
    request was written (billed), not a connection never made nor an error status (not billed)."""
    return failure.kind in ("timeout", "connection") and failure.sent


def retry_in(api: Api, failure: ApiFailure, attempt: int) -> float | None:
    """Seconds to wait before attempt `attempt + 1` of a request that failed with `error`; None when it is not
    retried (its kind is not, or the client's retries are spent)."""
    if attempt >= api.retries:
        return None
    if failure.status is not None:
        told = failure.headers.get("x-should-retry")
        by_status = failure.status in RETRIED or failure.status >= 500
        retried = told == "true" if told in ("true", "false") else by_status
        if not retried:
            return None
        after = retry_after(failure.headers)
        if after is not None:
            return after if after <= RETRY_AFTER_LIMIT else None
    elif failure.kind not in ("timeout", "connection"):
        return None
    return min(0.5 * 2.0**attempt, 8.0) * (1 - 0.25 * random.random())  # noqa: S311 (jitter, not a secret)


def retry_after(headers: Mapping[str, str]) -> float | None:
    """The API's `retry-after-ms` or `retry-after` (seconds, or an HTTP date) in seconds; None when it sends none."""
    for name, scale in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is None:
            continue
        try:
            seconds = float(value) / scale
        except ValueError:
            date = email.utils.parsedate_tz(value)
            if date is None:
                continue
            seconds = email.utils.mktime_tz(date) - time.time()
        if math.isfinite(seconds):  # NaN and infinity are no time to wait
            return max(seconds, 0.0)
    return None


def ours(api: Api, where: str, failure: ApiFailure) -> ProviderError:
    """The error of ours a failed attempt is, after the retries."""
    if failure.status is not None:
        answered = f"{api.name} answered {failure.status}{detail(failure.body, api.kinds)}"
        return ProviderRejected(answered, where) if failure.status in REJECTED else ProviderError(answered)
    if failure.kind == "timeout":
        within = f" within {api.timeout:g} s" if isinstance(api.timeout, int | float) else ""
        return ProviderError(f"{api.name} did not answer{within}")
    if failure.kind == "connection":
        unreachable = f"{api.name} unreachable at {api.address}: {failure.message}"
        if not failure.connected:  # after the retries: a wrong base URL, a server not running, no network
            return ProviderRejected(unreachable, where)
        return ProviderError(unreachable)  # it answered, then dropped the connection: it may again
    return ProviderError(f"{api.name} failed: {failure.message}")


def detail(body: object, kinds: tuple[str, ...]) -> str:
    """The API's own one-line reason, e.g. " (authentication_error): invalid x-api-key", not the SDK's dict repr."""
    outer = body if isinstance(body, dict) else {}
    nested = outer.get("error")
    inner: dict[str, Any] = nested if isinstance(nested, dict) else outer
    kind = next((inner[key] for key in kinds if isinstance(inner.get(key), str) and inner[key]), None)
    message = inner.get("message")
    if not isinstance(message, str) or not message.strip():
        return f" ({kind})" if kind else ""
    line = " ".join(message.split())[:200]
    return f" ({kind}): {line}" if kind else f": {line}"
