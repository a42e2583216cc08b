"""What the Messages API refuses in a request, checked as the API checks it: the model's own rules (claude_models.py),
the tools, tool turns, content blocks and images; and `lean`, a value as a schema lets it be."""

from __future__ import annotations

import base64
import binascii
import io
import json
import re
from typing import Any

from PIL import Image

from pytest_useragent.testing import claude_models as models
from pytest_useragent.testing.script import (  # noqa: F401
    Body,
    Fault,
    Malformed,
    MaxTokens,
    NotAMessage,
    Refusal,
    Reset,
    ScriptItem,
    Slow,
    Truncated,
    TwoCalls,
)


def lean(value: Any, schema: Any, root: Any = None) -> Any:
    """`value` as a model writes it under `schema`: an optional property it has no use for (null) left out, as the
    prompt's examples show and strict decoding allows; a required one kept, null or not."""
    root = schema if root is None else root
    if isinstance(schema, dict) and "$ref" in schema:
        schema = root.get("$defs", {}).get(str(schema["$ref"]).rpartition("/")[2], {})
    if isinstance(schema, dict) and "anyOf" in schema and value is not None:
        typed = [option for option in schema["anyOf"] if option.get("type") != "null"]
        schema = typed[0] if len(typed) == 1 else {}
    if isinstance(value, dict) and isinstance(schema, dict):
        properties, required = schema.get("properties", {}), set(schema.get("required", []))
        return {
            key: lean(item, properties.get(key, {}), root)
            for key, item in value.items()
            if item is not None or key in required
        }
    if isinstance(value, list) and isinstance(schema, dict):
        return [lean(item, schema.get("items", {}), root) for item in value]
    return value


def message_tokens(messages: Any) -> int:
    """Input tokens as the real API counts them, roughly: text at 3 characters a token, an image by its pixels
    (width x height / 750), never by the length of its base64."""
    images = 0

    def without_images(value: Any) -> Any:
        nonlocal images
        if isinstance(value, dict):
            if value.get("type") == "image":
                images += _pixels(base64.b64decode(value.get("source", {}).get("data", ""))) // 750
                return {"type": "image"}
            return {key: without_images(item) for key, item in value.items()}
        if isinstance(value, list):
            return [without_images(item) for item in value]
        return value

    text = json.dumps(without_images(messages), ensure_ascii=False)
    return len(text) // 3 + images


def validate_request(path: str, headers: dict[str, str], body: Body) -> str | None:
    """Why a request is not one the Messages API would accept, or None."""
    auth = headers.get("authorization", "")
    if path != "/v1/messages":
        return f"unexpected path {path}"
    if not (auth.startswith("Bearer ") and len(auth) > 7) and not headers.get("x-api-key"):
        return "no credentials (Authorization: Bearer or x-api-key)"
    if not headers.get("anthropic-version"):
        return "missing anthropic-version header"
    if not isinstance(body.get("model"), str) or not body["model"]:
        return "model: must be a non-empty string"
    if not isinstance(body.get("max_tokens"), int) or body["max_tokens"] < 1:
        return "max_tokens: must be a positive integer"
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        return "messages: must be a non-empty list"
    for index, message in enumerate(messages):
        expected = "user" if index % 2 == 0 else "assistant"
        if not isinstance(message, dict) or message.get("role") != expected:
            return f"messages.{index}.role: must be {expected} (roles alternate, starting with user)"
        problem = _content_problem(message.get("content")) or _tool_turn_problem(messages, index)
        if problem:
            return f"messages.{index}.content: {problem}"
    if messages[-1]["role"] != "user" and body.get("output_config"):
        return "messages: a prefilled assistant turn cannot be combined with structured output"
    last = messages[-1].get("content")
    if messages[-1]["role"] == "assistant" and isinstance(last, str) and last != last.rstrip():
        return "messages: final assistant content cannot end with trailing whitespace"
    problem = _model_problem(str(body["model"]), body)
    if problem:
        return problem
    system = body.get("system")
    if system is not None and not (
        isinstance(system, str)
        or all(
            isinstance(block, dict) and block.get("type") == "text" and isinstance(block.get("text"), str)
            for block in system
        )
    ):
        return "system: must be a string or a list of text blocks"
    output_format = (body.get("output_config") or {}).get("format")
    if output_format is not None and (
        output_format.get("type") != "json_schema" or not isinstance(output_format.get("schema"), dict)
    ):
        return "output_config.format: must be {type: json_schema, schema: {...}}"
    return _tools_problem(body)


def _model_problem(model: str, body: Body) -> str | None:
    """What this model refuses that others take: a forced tool, a prefill, sampling parameters, an effort."""
    messages = body["messages"]
    if models.refuses_prefill(model) and messages[-1]["role"] == "assistant":
        return "messages: prefilling an assistant message is not supported for this model"
    effort = (body.get("output_config") or {}).get("effort")
    if effort is not None and (effort not in models.EFFORTS or model.startswith(models.NO_EFFORT)):
        return f"output_config.effort: {effort!r} is not supported for this model"
    if not models.thinks(model):
        return None
    if (body.get("tool_choice") or {}).get("type") in ("tool", "any"):
        return 'tool_choice: type "tool" and "any" are not supported for this model.'
    sampled = [name for name in ("temperature", "top_p", "top_k") if name in body]
    return f"{sampled[0]}: not supported for this model; leave it at its default" if sampled else None


_TOOL_NAME = re.compile(r"[a-zA-Z0-9_-]{1,64}")


def _tools_problem(body: Body) -> str | None:
    """What is wrong with `tools` and `tool_choice`: a custom tool's name and input_schema, a strict tool's closed
    objects (strict tool use takes the structured-output subset of JSON schema), a choice of a tool not given."""
    tools, choice = body.get("tools"), body.get("tool_choice")
    if tools is None:
        return "tool_choice: given without tools" if choice is not None else None
    if not isinstance(tools, list):
        return "tools: must be a list"
    names = []
    for index, tool in enumerate(tools):
        if not isinstance(tool, dict) or not _TOOL_NAME.fullmatch(str(tool.get("name", ""))):
            return f"tools.{index}.name: must match ^[a-zA-Z0-9_-]{{1,64}}$"
        schema = tool.get("input_schema")
        if not isinstance(schema, dict) or schema.get("type") != "object":
            return f"tools.{index}.input_schema: must be a JSON schema of type object"
        if "strict" in tool and not isinstance(tool["strict"], bool):
            return f"tools.{index}.strict: must be a boolean"
        if tool.get("strict") and _open_object(schema):
            return f"tools.{index}.input_schema: strict tools need additionalProperties false on every object"
        names.append(tool["name"])
    if len(set(names)) != len(names):
        return "tools: names must be unique"
    if choice is None:
        return None
    kind = choice.get("type") if isinstance(choice, dict) else None
    if kind not in ("auto", "any", "tool", "none"):
        return "tool_choice.type: must be auto, any, tool or none"
    if kind == "tool" and choice.get("name") not in names:
        return f"tool_choice.name: no tool named {choice.get('name')!r}"
    return None


def _open_object(node: Any) -> bool:
    if isinstance(node, list):
        return any(_open_object(item) for item in node)
    if not isinstance(node, dict):
        return False
    if (node.get("type") == "object" or "properties" in node) and node.get("additionalProperties") is not False:
        return True
    return any(_open_object(value) for value in node.values())


def _tool_turn_problem(messages: list[Any], index: int) -> str | None:
    """A tool_use only in the assistant's turn, each answered by a tool_result first in the next user turn, and a
    tool_result only for a tool_use of the turn before."""

    def blocks(at: int, kind: str) -> list[Body]:
        content = messages[at].get("content") if 0 <= at < len(messages) else None
        return [b for b in content if b.get("type") == kind] if isinstance(content, list) else []

    role = messages[index].get("role")
    if role == "user" and blocks(index, "tool_use") or role == "assistant" and blocks(index, "tool_result"):
        return "tool_use belongs to the assistant's turn, tool_result to the user's"
    if role == "user":
        content = messages[index].get("content")
        results = blocks(index, "tool_result")
        if isinstance(content, list) and content[: len(results)] != results:
            return "tool_result blocks must come first"
        asked = {b.get("id") for b in blocks(index - 1, "tool_use")}
        answered = {b.get("tool_use_id") for b in results}
        if answered != asked:
            return "each tool_use of the previous turn needs its tool_result, and only those"
    return None


def _content_problem(content: Any) -> str | None:
    if isinstance(content, str):
        return None if content else "must not be empty"
    if not isinstance(content, list) or not content:
        return "must be a string or a non-empty list of blocks"
    for block in content:
        kind = block.get("type") if isinstance(block, dict) else None
        if kind == "text" and isinstance(block.get("text"), str) and block["text"]:
            if not block["text"].strip():  # the API's own words; an empty one is refused below
                return "text content blocks must contain non-whitespace text"
            continue
        if kind == "image":
            source = block.get("source") or {}
            try:
                data = base64.b64decode(source.get("data", ""), validate=True)
            except (binascii.Error, ValueError):
                return "image data is not base64"
            if _IMAGE_TYPES.get(str(source.get("media_type"))) != data[:3] or not _pixels(data):
                return "image must be a base64 PNG or JPEG, as its media_type says"
            continue
        if kind == "tool_use" and isinstance(block.get("id"), str) and isinstance(block.get("input"), dict):
            continue
        if kind == "thinking" and isinstance(block.get("thinking"), str) and isinstance(block.get("signature"), str):
            continue
        if kind == "tool_result" and isinstance(block.get("tool_use_id"), str):
            result = block.get("content", "")
            if not isinstance(result, str | list) or not isinstance(block.get("is_error", False), bool):
                return "tool_result content must be a string or blocks, is_error a boolean"
            continue
        return f"unsupported or empty block {kind!r}"
    return None


_IMAGE_TYPES = {"image/png": b"\x89PN", "image/jpeg": b"\xff\xd8\xff"}


def _pixels(image: bytes) -> int:
    """Width x height of a PNG or JPEG; 0 when the bytes are neither."""
    try:
        with Image.open(io.BytesIO(image)) as opened:
            return opened.size[0] * opened.size[1]
    except (OSError, ValueError):
        return 0
