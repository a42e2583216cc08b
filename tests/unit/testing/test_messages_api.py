"""The fake Messages API refuses what the real one would refuse."""

from __future__ import annotations

import anthropic
import pytest

from pytest_useragent.llm.anthropic import tool
from pytest_useragent.records import Decision
from pytest_useragent.testing import FakeMessagesAPI, decision
from pytest_useragent.testing.requests import lean, validate_request

HEADERS = {"authorization": "Bearer k", "anthropic-version": "2023-06-01"}
GOOD = {"model": "m", "max_tokens": 10, "messages": [{"role": "user", "content": "hi"}]}
TOOL = tool(Decision)
OPEN = {"type": "object", "properties": {"a": {"type": "object", "properties": {}}}, "additionalProperties": False}
RESULT = {"type": "tool_result", "tool_use_id": "toolu_1", "content": "could not be used", "is_error": True}
TURNS = [
    {"role": "user", "content": "hi"},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "answer", "input": {}}]},
    {"role": "user", "content": [RESULT]},
]
LATE = [{"type": "text", "text": "and"}, RESULT]


def test_a_good_request_passes():
    assert validate_request("/v1/messages", HEADERS, GOOD) is None
    forced = {"tools": [TOOL], "tool_choice": {"type": "tool", "name": "answer"}}
    assert validate_request("/v1/messages", HEADERS, {**GOOD, **forced, "messages": TURNS}) is None


def ask(client: anthropic.Anthropic, system: str, **answer: object) -> anthropic.types.Message:
    prompt = [{"type": "text", "text": system, "cache_control": {"type": "ephemeral"}}]
    return client.messages.create(
        model="claude-sonnet-4-6",
        max_tokens=1000,
        system=prompt,
        messages=[{"role": "user", "content": "go"}],
        **answer,
    )  # type: ignore[call-overload]


def test_a_forced_tool_is_answered_with_its_call_and_cached_with_the_system_prompt():
    forced = {"tools": [TOOL], "tool_choice": {"type": "tool", "name": "answer"}}
    with FakeMessagesAPI([decision("click", "e3"), decision("back"), decision("back")]) as fake:
        client = anthropic.Anthropic(base_url=fake.base_url, api_key="k", max_retries=0)
        system = "rules " * 1600  # ~2,400 tokens at 4 characters: above Sonnet 4.6's minimum alone
        first, second = ask(client, system, **forced), ask(client, system, **forced)
        schema = ask(client, system, output_config={"format": {"type": "json_schema", "schema": TOOL["input_schema"]}})
    (called,) = first.content
    assert first.stop_reason == "tool_use" and called.type == "tool_use" and called.name == "answer"
    # an action's unused fields (null, not required) are left out, as a model following the prompt writes it
    assert called.input["action"] == {"kind": "click", "ref": "e3"} and called.input["evaluation"] is None
    assert Decision.model_validate(called.input).action.ref == "e3"
    # the tools come before the system prompt in the cache: the schema and the tool-use prompt are read from it
    assert first.usage.cache_creation_input_tokens == second.usage.cache_read_input_tokens
    assert second.usage.cache_read_input_tokens >= 2400 + len(str(TOOL)) // 4 + 313
    assert second.usage.input_tokens < 20  # the one user message alone
    # structured output: the schema billed in full every time, outside the cache
    assert schema.usage.input_tokens > len(str(TOOL)) // 4 and schema.content[0].type == "text"


def test_lean_leaves_out_only_unused_optional_fields():
    written = decision("done", evidence="Pro").model_dump(mode="json")
    kept = lean(written, TOOL["input_schema"])
    assert kept["evaluation"] is None and kept["issues"] == []  # required, kept even when null or empty
    assert kept["action"] == {"kind": "done", "evidence": "Pro"}


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
        ("/v1/messages", HEADERS, {**GOOD, "tools": [{**TOOL, "name": "an answer"}]}, "tools.0.name"),
        ("/v1/messages", HEADERS, {**GOOD, "tools": [{**TOOL, "input_schema": {"type": "string"}}]}, "type object"),
        ("/v1/messages", HEADERS, {**GOOD, "tools": [{**TOOL, "input_schema": OPEN}]}, "additionalProperties"),
        ("/v1/messages", HEADERS, {**GOOD, "tools": [TOOL, TOOL]}, "unique"),
        ("/v1/messages", HEADERS, {**GOOD, "tool_choice": {"type": "any"}}, "without tools"),
        ("/v1/messages", HEADERS, {**GOOD, "tools": [TOOL], "tool_choice": {"type": "tool", "name": "x"}}, "no tool"),
        ("/v1/messages", HEADERS, {**GOOD, "tools": [TOOL], "tool_choice": {"type": "some"}}, "tool_choice.type"),
        ("/v1/messages", HEADERS, {**GOOD, "messages": [*TURNS[:2], {"role": "user", "content": "again"}]}, "needs"),
        ("/v1/messages", HEADERS, {**GOOD, "messages": [*TURNS[:2], {"role": "user", "content": LATE}]}, "first"),
        (
            "/v1/messages",
            HEADERS,
            {**GOOD, "messages": [{"role": "user", "content": [TURNS[2]["content"][0]]}]},
            "only",
        ),
    ],
)
def test_bad_requests_are_refused(path, headers, body, problem):
    found = validate_request(path, headers, body)
    assert found is not None and problem in found


NEW = {**GOOD, "model": "claude-sonnet-5-5"}
PREFILL = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Sure"}]


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ({**NEW, "tools": [TOOL], "tool_choice": {"type": "tool", "name": "answer"}}, 'type "tool" and "any"'),
        ({**NEW, "tools": [TOOL], "tool_choice": {"type": "any"}}, 'type "tool" and "any"'),
        ({**NEW, "temperature": 0.2}, "temperature"),
        ({**NEW, "messages": PREFILL}, "prefilling"),
        ({**GOOD, "model": "claude-opus-4-6", "messages": PREFILL}, "prefilling"),
        # the default model: "Prefilling assistant messages returns a 400 error on Claude 4.6 models" (migration guide)
        ({**GOOD, "model": "claude-sonnet-4-6", "messages": PREFILL}, "prefilling"),
        ({**NEW, "output_config": {"effort": "extreme"}}, "effort"),
        ({**GOOD, "model": "claude-haiku-4-5", "output_config": {"effort": "low"}}, "effort"),
    ],
)
def test_what_the_newest_models_refuse_is_refused(body, problem):
    found = validate_request("/v1/messages", HEADERS, body)
    assert found is not None and problem in found


def test_what_older_models_take_is_taken():
    forced = {"tools": [TOOL], "tool_choice": {"type": "tool", "name": "answer"}}
    assert validate_request("/v1/messages", HEADERS, {**GOOD, "model": "claude-sonnet-4-6", **forced}) is None
    assert (
        validate_request("/v1/messages", HEADERS, {**GOOD, "model": "claude-sonnet-4-5", "messages": PREFILL}) is None
    )
    assert validate_request("/v1/messages", HEADERS, {**NEW, "output_config": {"effort": "low"}}) is None


def test_a_model_that_thinks_needs_its_thinking_back_unmodified_with_a_repaired_tool_call():
    with FakeMessagesAPI([decision("back"), decision("back"), decision("back")]) as fake:
        client = anthropic.Anthropic(base_url=fake.base_url, api_key="k", max_retries=0)
        ask = {"model": "claude-opus-5-5", "max_tokens": 500, "tools": [TOOL], "tool_choice": {"type": "auto"}}
        first = client.messages.create(messages=[{"role": "user", "content": "go"}], **ask)  # type: ignore[call-overload]
        thought, called = (block.to_dict() for block in first.content)
        assert thought["type"] == "thinking" and called["type"] == "tool_use"
        assert first.usage.output_tokens > len(str(called["input"])) // 3  # the thinking is billed as output
        result = {"type": "tool_result", "tool_use_id": called["id"], "content": "again", "is_error": True}

        def repair(turn: list[dict[str, object]]) -> None:
            messages = [{"role": "user", "content": "go"}, {"role": "assistant", "content": turn}]
            client.messages.create(messages=[*messages, {"role": "user", "content": [result]}], **ask)  # type: ignore[call-overload]

        with pytest.raises(anthropic.BadRequestError, match="thinking block"):
            repair([called])
        with pytest.raises(anthropic.BadRequestError, match="thinking block"):
            repair([{**thought, "signature": "forged"}, called])
        repair([thought, called])
    assert len(fake.problems) == 2
