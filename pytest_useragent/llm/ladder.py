"""The one ladder from an SDK's errors to ours, for both official SDKs (`anthropic`, `openai`: their error classes are
named and built alike). Whose fault, by what happened:

- a 200 whose body the SDK could not read as JSON, or that is not the API's answer (a captive portal's page, a
  misrouted gateway): `ProviderError`, the body's start shown on one line;
- a status the API refuses the call as such with (400/401/403/404): `ProviderRejected`, which halts that API and
  model for the run; any other status, after the SDK's retries: `ProviderError`;
- no answer within the timeout: `ProviderError`, the timeout said;
- no connection at all after the retries (a wrong base URL, a server not running): `ProviderRejected`; a connection
  that broke once made: `ProviderError` (it may work again).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pytest_useragent.errors import ProviderError, ProviderRejected
from pytest_useragent.llm.base import REJECTED, could_not_connect, shown_body


@dataclass(frozen=True)
class Api:
    """An API as its errors name it: its name ("Anthropic API"), its SDK module, the keys of an error body that
    name the error's kind, where its calls go, and the client's timeout."""

    name: str
    sdk: Any
    kinds: tuple[str, ...]
    address: str
    timeout: object


def create(api: Api, where: str, call: Callable[[], object], answered_with: type, what: str) -> Any:
    """`call()`'s answer when it is an `answered_with`; otherwise, or when the SDK raises, the error of ours its
    failure is (see the module's docstring). `where` is the endpoint a refusal halts; `what` names the answer."""
    try:
        answer = call()
    except ValueError as error:  # a 200 whose JSON the SDK could not read
        raise ProviderError(f"{api.name} answered with a body that is not JSON: {error}") from None
    except api.sdk.APIStatusError as error:
        answered = f"{api.name} answered {error.status_code}{detail(error.body, api.kinds)}"
        if error.status_code in REJECTED:
            raise ProviderRejected(answered, where) from None
        raise ProviderError(answered) from None
    except api.sdk.APITimeoutError:
        within = f" within {api.timeout:g} s" if isinstance(api.timeout, int | float) else ""
        raise ProviderError(f"{api.name} did not answer{within}") from None
    except api.sdk.APIConnectionError as error:
        unreachable = f"{api.name} unreachable at {api.address}: {error.message}"
        if could_not_connect(error):  # after the retries: a wrong base URL, a server not running, no network
            raise ProviderRejected(unreachable, where) from None
        raise ProviderError(unreachable) from None  # it answered, then dropped the connection: it may again
    if not isinstance(answer, answered_with):
        raise ProviderError(f"{api.name} answered with something that is not {what}: {shown_body(answer)}")
    return answer


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
