"""The ladder knows no SDK: it retries, bills and words an `ApiFailure` alone, whoever raised it; and the official
SDKs' errors read as the `ApiFailure` they are (`llm/sdk_errors.py`), both SDKs alike."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anthropic
import httpx2 as httpx  # the HTTP library both SDKs are built on (named alike to httpx)
import openai
import pytest

from pytest_useragent.cost.billing import Meter
from pytest_useragent.cost.ledger import Budget, RunLedger
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.errors import ApiFailure, ProviderError, ProviderRejected
from pytest_useragent.llm import ladder
from pytest_useragent.llm.ladder import Api, Paid, create
from pytest_useragent.llm.sdk_errors import failure, mapped
from pytest_useragent.records import Usage

API = Api("Some API", ("type",), "http://api.test", 30.0, 2)
WORST = Usage(input_tokens=1000, output_tokens=1000)


class Answer:
    """What the made-up API answers with."""


def meter(tmp_path: Path) -> Meter:
    return Meter(Budget(PriceBook.load(), RunLedger.create(tmp_path / "ledger.json", 1)))


def attempts(*outcomes: Any) -> Any:
    """A call that fails with each ApiFailure given, in turn, then answers."""
    left = list(outcomes)

    def call() -> Any:
        outcome = left.pop(0)
        if isinstance(outcome, ApiFailure):
            raise outcome
        return outcome

    return call


def run(tmp_path: Path, *outcomes: Any, api: Api = API) -> tuple[Any, Meter]:
    paid = meter(tmp_path)
    answer = create(api, "where", attempts(*outcomes), Answer, "an answer", Paid(paid, "decide", "m", WORST), _usage)
    return answer, paid


def _usage(answer: Any) -> tuple[Usage, str | None]:
    return Usage(input_tokens=10, output_tokens=5), "end_turn"


@pytest.fixture(autouse=True)
def no_waiting(monkeypatch):
    monkeypatch.setattr(ladder.time, "sleep", lambda seconds: None)


def test_a_retried_status_then_an_answer_is_the_answer_and_only_the_answer_is_billed(tmp_path):
    busy = ApiFailure("status", status=529, headers={"Retry-After": "0"})
    answer, paid = run(tmp_path, busy, Answer())
    assert isinstance(answer, Answer) and [call.usage.output_tokens for call in paid.calls] == [5]


@pytest.mark.parametrize(
    ("failed", "error", "message"),
    [
        (
            ApiFailure("status", status=401, body={"error": {"type": "authentication_error", "message": "bad key"}}),
            ProviderRejected,
            "Some API answered 401 (authentication_error): bad key",
        ),
        (ApiFailure("status", status=500, body="oops"), ProviderError, "Some API answered 500"),
        (ApiFailure("timeout", sent=True), ProviderError, "Some API did not answer within 30 s"),
        (
            ApiFailure("connection", "Connection error.", connected=False),
            ProviderRejected,
            "Some API unreachable at http://api.test: Connection error.",
        ),
        (
            ApiFailure("connection", "Connection error.", sent=True),
            ProviderError,
            "Some API unreachable at http://api.test: Connection error.",
        ),
        (
            ApiFailure("other", "APIResponseValidationError"),
            ProviderError,
            "Some API failed: APIResponseValidationError",
        ),
    ],
)
def test_each_failure_ends_as_its_error_of_ours_after_the_retries(tmp_path, failed, error, message):
    with pytest.raises(ProviderError) as raised:
        run(tmp_path, failed, failed, failed, Answer())
    assert type(raised.value) is error and str(raised.value) == message
    assert type(raised.value) is not ApiFailure  # it never leaves the ladder


def test_a_failure_not_retried_ends_at_once(tmp_path):
    for failed in (ApiFailure("status", status=400), ApiFailure("other", "X")):
        with pytest.raises(ProviderError):
            run(tmp_path, failed, Answer())  # a retry would have answered


def test_the_api_saying_not_to_retry_is_heard_and_saying_to_is_too(tmp_path):
    with pytest.raises(ProviderError):
        run(tmp_path, ApiFailure("status", status=503, headers={"X-Should-Retry": "false"}), Answer())
    answer, _ = run(tmp_path, ApiFailure("status", status=400, headers={"x-should-retry": "true"}), Answer())
    assert isinstance(answer, Answer)


def test_an_attempt_sent_and_unanswered_is_billed_at_its_worst_and_one_never_sent_is_not(tmp_path):
    _, paid = run(tmp_path, ApiFailure("timeout", sent=True), Answer())
    assert [call.estimated for call in paid.calls] == ["no reply", None]
    assert paid.calls[0].usage == WORST
    _, paid = run(tmp_path, ApiFailure("timeout", sent=False), ApiFailure("status", status=429), Answer())
    assert [call.estimated for call in paid.calls] == [None]


# ---- the official SDKs' errors, each read as the failure it is ----

REQUEST = httpx.Request("POST", "http://api.test/v1/messages")


def caused(error: Exception, cause: Exception) -> Exception:
    error.__cause__ = cause
    return error


@pytest.mark.parametrize("sdk", [anthropic, openai])
def test_a_status_keeps_its_status_headers_named_in_lower_case_and_body(sdk):
    response = httpx.Response(429, headers={"Retry-After": "2"}, request=REQUEST)
    read = failure(sdk, sdk.APIStatusError("slow down", response=response, body={"error": {"type": "rate"}}))
    assert (read.kind, read.status, read.headers["retry-after"], read.body) == (
        "status",
        429,
        "2",
        {"error": {"type": "rate"}},
    )


@pytest.mark.parametrize("sdk", [anthropic, openai])
@pytest.mark.parametrize(
    ("cause", "kind", "connected", "sent"),
    [
        (httpx.ReadTimeout("slow"), "timeout", True, True),
        (httpx.ConnectTimeout("slow"), "timeout", True, False),
        (httpx.ConnectError("refused"), "connection", False, False),
        (httpx.RemoteProtocolError("dropped"), "connection", True, True),
        (httpx.WriteError("broken"), "connection", True, False),
    ],
)
def test_no_answer_says_whether_a_connection_was_made_and_the_request_sent(sdk, cause, kind, connected, sent):
    error = sdk.APITimeoutError(REQUEST) if kind == "timeout" else sdk.APIConnectionError(request=REQUEST)
    read = failure(sdk, caused(error, cause))
    assert (read.kind, read.connected, read.sent) == (kind, connected, sent)


@pytest.mark.parametrize("sdk", [anthropic, openai])
def test_any_other_error_of_the_sdk_is_named_and_other_exceptions_pass_through(sdk):
    response = httpx.Response(200, request=REQUEST)
    odd = sdk.APIResponseValidationError(response, body=None)
    assert (failure(sdk, odd).kind, failure(sdk, odd).message) == ("other", "APIResponseValidationError")

    def raises(error: Exception) -> Any:
        def call() -> Any:
            raise error

        return call

    with pytest.raises(ApiFailure):
        mapped(sdk, raises(odd))()
    with pytest.raises(KeyError):  # not the SDK's: not ours to read
        mapped(sdk, raises(KeyError("x")))()
