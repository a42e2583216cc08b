"""The fake Chat Completions API refuses what the real one refuses: above all a schema strict mode does not take."""

from __future__ import annotations

import base64
import io

import pytest
from PIL import Image

from pytest_useragent.config import UserAgentConfig
from pytest_useragent.errors import ConfigError
from pytest_useragent.llm.choice import check, choose
from pytest_useragent.llm.schema import shape, strict
from pytest_useragent.records import Decision, WrapUp
from pytest_useragent.testing.chat_api import validate_chat_request

AUTH = {"authorization": "Bearer sk-test"}


def body(schema=None, content="hi", **extra):
    request = {
        "model": "gpt-5.4-mini",
        "max_completion_tokens": 100,
        "messages": [{"role": "system", "content": "rules"}, {"role": "user", "content": content}],
        **extra,
    }
    if schema is not None:
        request["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": "Decision", "strict": True, "schema": schema},
        }
    return request


@pytest.mark.parametrize("model", [Decision, WrapUp])
def test_our_strict_schema_is_taken_and_the_plain_shape_is_not(model):
    assert validate_chat_request("/v1/chat/completions", AUTH, body(strict(model))) is None
    problem = validate_chat_request("/v1/chat/completions", AUTH, body(shape(model)))
    if model is Decision:  # Action's optional fields are not all required in the plain shape
        assert problem is not None and "'required' is required to include every property" in problem
    open_schema = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
    assert "additionalProperties" in (validate_chat_request("/v1/chat/completions", AUTH, body(open_schema)) or "")


def test_the_strict_schema_still_validates_what_a_model_returns():
    answer = strict(Decision)
    action = answer["$defs"]["Action"]
    assert set(action["required"]) == set(action["properties"])
    nulls = dict.fromkeys(action["properties"], None) | {"kind": "back"}
    decision = Decision.model_validate(
        {"observation": "o", "evaluation": None, "summary": "s", "issues": [], "expectation": "e", "action": nulls}
    )
    assert decision.action.kind == "back" and decision.action.ref is None


def jpeg() -> str:
    out = io.BytesIO()
    Image.new("RGB", (64, 36)).save(out, format="JPEG")
    return base64.b64encode(out.getvalue()).decode()


@pytest.mark.parametrize(
    ("request_body", "problem"),
    [
        (body(max_tokens=5), "max_tokens is not supported"),
        ({**body(), "messages": [{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}]}, "last"),
        (body(content=[{"type": "image_url", "image_url": {"url": f"data:image/png;base64,{jpeg()}"}}]), "PNG or JPEG"),
        (body(content=[{"type": "image_url", "image_url": {"url": "https://x/y.png"}}]), "data URL"),
        (body(reasoning_effort="lowest"), "reasoning_effort: must be one of"),
        ({**body(reasoning_effort="low"), "model": "gpt-4o"}, "'reasoning_effort' is not supported with this model"),
        ({**body(reasoning_effort="low"), "model": "llama3.1"}, "'reasoning_effort' is not supported with this model"),
        # ChatGPT's chat models do not reason, GPT-5's included ("Unsupported parameter: 'reasoning.effort'")
        ({**body(reasoning_effort="low"), "model": "gpt-5-chat-latest"}, "'reasoning_effort' is not supported"),
    ],
)
def test_requests_the_api_refuses_are_refused(request_body, problem):
    assert problem in (validate_chat_request("/v1/chat/completions", AUTH, request_body) or "")


def test_an_image_as_its_media_type_says_is_taken():
    image = [{"type": "image_url", "image_url": {"url": f"data:image/jpeg;base64,{jpeg()}", "detail": "auto"}}]
    assert (
        validate_chat_request("/v1/chat/completions", AUTH, body(content=[*image, {"type": "text", "text": "x"}]))
        is None
    )


@pytest.mark.parametrize(
    ("environ", "provider"),
    [
        ({"ANTHROPIC_API_KEY": "a", "OPENAI_API_KEY": "o"}, "anthropic"),
        ({"OPENAI_API_KEY": "o"}, "openai"),
        ({"ANTHROPIC_API_KEY": ""}, "offline"),
    ],
)
def test_auto_takes_anthropic_then_openai_then_offline(environ, provider):
    assert choose(UserAgentConfig(), environ).provider == provider


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({}, "--useragent-provider=openai needs OPENAI_API_KEY in the environment"),
        ({"OPENAI_API_KEY": "o", "OPENAI_BASE_URL": "ftp://x"}, "OPENAI_BASE_URL='ftp://x': not an http(s) URL"),
    ],
)
def test_an_unusable_openai_setup_is_one_line(environ, message):
    with pytest.raises(ConfigError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        check(UserAgentConfig(provider="openai"), environ)
    check(UserAgentConfig(provider="openai"), {"OPENAI_API_KEY": "o", "OPENAI_BASE_URL": "http://localhost:11434/v1"})


@pytest.mark.parametrize("model", ["gpt-5.4-mini", "gpt-6.1-sol", "o3"])
@pytest.mark.parametrize("effort", ["none", "minimal", "low", "medium", "high", "xhigh"])
def test_a_reasoning_model_takes_every_effort(model, effort):
    assert (
        validate_chat_request("/v1/chat/completions", AUTH, {**body(reasoning_effort=effort), "model": model}) is None
    )
