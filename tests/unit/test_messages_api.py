"""The fake Messages API refuses what the real one would refuse."""

from __future__ import annotations

import pytest

from pytest_useragent.testing.messages_api import validate_request

HEADERS = {"authorization": "Bearer k", "anthropic-version": "2023-06-01"}
GOOD = {"model": "m", "max_tokens": 10, "messages": [{"role": "user", "content": "hi"}]}


def test_a_good_request_passes():
    assert validate_request("/v1/messages", HEADERS, GOOD) is None


@pytest.mark.parametrize(
    ("path", "headers", "body", "problem"),
    [
        ("/v1/complete", HEADERS, GOOD, "unexpected path"),
        ("/v1/messages", {"anthropic-version": "x"}, GOOD, "no credentials"),
        ("/v1/messages", {"authorization": "Bearer k"}, GOOD, "anthropic-version"),
        ("/v1/messages", HEADERS, {**GOOD, "max_tokens": 0}, "max_tokens"),
        ("/v1/messages", HEADERS, {**GOOD, "messages": []}, "non-empty list"),
        ("/v1/messages", HEADERS, {**GOOD, "messages": [{"role": "assistant", "content": "x"}]}, "must be user"),
        (
            "/v1/messages",
            HEADERS,
            {
                **GOOD,
                "messages": [
                    {
                        "role": "user",
                        "content": [{"type": "image", "source": {"media_type": "image/png", "data": "bm90IGEgcG5n"}}],
                    }
                ],
            },
            "base64 PNG",
        ),
        ("/v1/messages", HEADERS, {**GOOD, "output_config": {"format": {"type": "json"}}}, "json_schema"),
    ],
)
def test_bad_requests_are_refused(path, headers, body, problem):
    found = validate_request(path, headers, body)
    assert found is not None and problem in found
