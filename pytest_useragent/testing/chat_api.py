"""FakeChatCompletionsAPI: a loopback server speaking OpenAI's Chat Completions API, scripted, with the same faults
as FakeMessagesAPI (Fault, Reset, Slow, Truncated, MaxTokens, Malformed, Refusal).

Point the real SDK at it: `openai.OpenAI(base_url=server.base_url, api_key="test")`. It validates what it receives,
the strict JSON schema of `response_format` included (every object closed, every property required, every `$ref`
resolvable), and bills as the API does: text at 3 characters a token, an image by its 512 px tiles, and OpenAI's
automatic prompt cache: a prefix (the schema, then the system message) of 1,024 tokens or more that an earlier
request sent is a cache read, in steps of 128 tokens; for GPT-5.6 and later it reports the first request's as a
cache write (`prompt_tokens_details.cache_write_tokens`), which those models bill. A reasoning model (o1, o3,
gpt-5 and later) reasons by its `reasoning_effort` (default medium; none, no reasoning, from GPT-5.1 on): a fixed
number of reasoning tokens, counted inside completion_tokens as the API counts them; any other model answers
`reasoning_effort` with a 400.
"""

from __future__ import annotations

import base64
import binascii
import io
import json
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from pytest_useragent.testing.messages_api import FakeMessagesAPI
from pytest_useragent.testing.script import Body, ScriptItem

MIN_CACHED = 1024
"""OpenAI caches prompts of 1,024 tokens or more ..."""
CACHE_STEP = 128
"""... in increments of 128 tokens."""
REASONING_TOKENS = {"none": 0, "minimal": 8, "low": 24}
"""Reasoning tokens a reply spends at each effort; 96 at medium and above."""
_REASONS_UNASKED = re.compile(r"o[0-9]|gpt-5(?:-|$)")
"""Models whose default effort is medium: the o-series and GPT-5.0. From GPT-5.1 on the default is none, no reasoning
unless asked ("gpt-5.1 defaults to none ... All models before gpt-5.1 default to medium", the API reference)."""
EFFORTS = ("none", "minimal", "low", "medium", "high", "xhigh", "max")
_REASONS = re.compile(r"o[0-9]|gpt-(?:[5-9]|[1-9][0-9])")
"""The fake's own rule for a reasoning model (independent of the provider's)."""
_WRITES_CACHE = re.compile(r"gpt-(?:5\.(?:[6-9]|[1-9][0-9])|[6-9]|[1-9][0-9])")
"""Models that report (and bill) cache writes: GPT-5.6 and later families."""
_NAME = re.compile(r"[a-zA-Z0-9_-]{1,64}")
_ROLES = frozenset({"system", "developer", "user", "assistant"})
_DATA_URL = re.compile(r"data:(image/(?:png|jpeg|gif|webp));base64,(.*)", re.DOTALL)
_SIGNATURES = {"image/png": b"\x89PN", "image/jpeg": b"\xff\xd8\xff"}
_ERRORS = {
    400: ("invalid_request_error", None),
    401: ("invalid_request_error", "invalid_api_key"),
    403: ("invalid_request_error", "unsupported_country_region_territory"),
    404: ("invalid_request_error", "model_not_found"),
    429: ("requests", "rate_limit_exceeded"),
    500: ("server_error", None),
    503: ("server_error", None),
}


@dataclass
class FakeChatCompletionsAPI(FakeMessagesAPI):
    """Serve scripted Chat Completions on 127.0.0.1. `models`, when given, are the only model names served (any
    other is answered 404 model_not_found, as the API answers an unknown model). `billed` holds each delivered
    reply's `usage` as the API reports it (prompt_tokens include cached_tokens)."""

    script: Iterable[ScriptItem] = ()
    models: frozenset[str] | None = None
    prefixes: set[str] = field(default_factory=set)
    """The prompt prefixes seen, which later requests read from the cache."""

    kind = "fake Chat Completions API"

    @property
    def base_url(self) -> str:
        return super().base_url + "/v1"

    def __enter__(self) -> FakeChatCompletionsAPI:
        self.start()
        return self

    def validate(self, path: str, headers: dict[str, str], body: Body) -> str | None:
        return validate_chat_request(path, headers, body)

    def answer(self, path: str, headers: dict[str, str], raw: bytes) -> tuple[int, dict[str, str], Body]:
        try:
            model = json.loads(raw or b"null").get("model")
        except (json.JSONDecodeError, AttributeError):
            model = None
        if self.models is None or not isinstance(model, str) or model in self.models:
            return super().answer(path, headers, raw)
        with self._lock:  # an unknown model is answered 404, as the API answers it, and counts as a request
            self.requests.append(json.loads(raw))
            self.headers.append(headers)
        return self.error(404, f"The model `{model}` does not exist or you do not have access to it.")

    def error(self, status: int, message: str) -> tuple[int, dict[str, str], Body]:
        kind, code = _ERRORS.get(status, ("server_error" if status >= 500 else "invalid_request_error", None))
        return status, {}, {"error": {"message": message, "type": kind, "param": None, "code": code}}

    def _message(self, body: Body, text: str, stop_reason: str) -> Body:
        messages = body.get("messages", [])
        schema = json.dumps(body.get("response_format") or "")
        system = json.dumps(messages[0]) if messages and messages[0].get("role") in ("system", "developer") else ""
        prefix = schema + system
        prompt = len(schema) // 3 + chat_tokens(messages)
        with self._lock:
            seen = prefix in self.prefixes
            self.prefixes.add(prefix)
            number = len(self.requests)
        prefix_tokens = len(prefix) // 3
        cacheable = prefix_tokens // CACHE_STEP * CACHE_STEP if prefix_tokens >= MIN_CACHED else 0
        cached = cacheable if seen else 0
        model = str(body.get("model"))
        refused = stop_reason == "refusal"
        limit = int(body.get("max_completion_tokens") or body.get("max_tokens") or 1)
        unasked = "medium" if _REASONS_UNASKED.match(model.rpartition("/")[2]) else "none"
        thought = REASONING_TOKENS.get(str(body.get("reasoning_effort") or unasked), 96) if _reasons(model) else 0
        # like the real API, never more output than the limit allows, however long the scripted text or reasoning
        completion = min(max(1, len(text) // 3) + thought, limit)
        details: dict[str, Any] = {"cached_tokens": min(cached, prompt)}
        if _WRITES_CACHE.match(model):
            details["cache_write_tokens"] = 0 if seen else min(cacheable, prompt)
        message: dict[str, Any] = {
            "role": "assistant",
            "content": None if refused else text,
            "refusal": (text or "I'm sorry, I can't help with that.") if refused else None,
        }
        return {
            "id": f"chatcmpl-fake{number:04d}",
            "object": "chat.completion",
            "created": 0,
            "model": body.get("model"),
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "finish_reason": "length" if stop_reason == "max_tokens" else "stop",
                    "logprobs": None,
                }
            ],
            "usage": {
                "prompt_tokens": prompt,
                "completion_tokens": completion,
                "total_tokens": prompt + completion,
                "prompt_tokens_details": details,
                "completion_tokens_details": {"reasoning_tokens": min(thought, completion)},
            },
        }


def chat_tokens(messages: Any) -> int:
    """Input tokens of the messages, roughly: text at 3 characters a token, an image by its tiles, never by the
    length of its base64."""
    images = 0

    def without_images(value: Any) -> Any:
        nonlocal images
        if isinstance(value, dict):
            if value.get("type") == "image_url":
                images += _image_tokens(_decode(str((value.get("image_url") or {}).get("url", ""))))
                return {"type": "image_url"}
            return {key: without_images(item) for key, item in value.items()}
        if isinstance(value, list):
            return [without_images(item) for item in value]
        return value

    return len(json.dumps(without_images(messages), ensure_ascii=False)) // 3 + images


def validate_chat_request(path: str, headers: dict[str, str], body: Body) -> str | None:
    """Why a request is not one the Chat Completions API would accept, or None."""
    auth = headers.get("authorization", "")
    if path != "/v1/chat/completions":
        return f"unexpected path {path}"
    if not (auth.startswith("Bearer ") and len(auth) > 7):
        return "no credentials (Authorization: Bearer)"
    if not isinstance(body.get("model"), str) or not body["model"]:
        return "model: must be a non-empty string"
    if "max_tokens" in body:
        return "max_tokens is not supported with this model; use max_completion_tokens"
    limit = body.get("max_completion_tokens")
    if limit is not None and (not isinstance(limit, int) or limit < 1):
        return "max_completion_tokens: must be a positive integer"
    effort = body.get("reasoning_effort")
    if effort is not None and not _reasons(body["model"]):
        return "Unsupported parameter: 'reasoning_effort' is not supported with this model."
    if effort is not None and effort not in EFFORTS:
        return f"reasoning_effort: must be one of {', '.join(EFFORTS)}"
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        return "messages: must be a non-empty list"
    for index, message in enumerate(messages):
        role = message.get("role") if isinstance(message, dict) else None
        if role not in _ROLES:
            return f"messages.{index}.role: must be one of {', '.join(sorted(_ROLES))}"
        if role in ("system", "developer") and index != 0:
            return f"messages.{index}: a {role} message goes first"
        problem = _content_problem(message.get("content"), images=role == "user")
        if problem:
            return f"messages.{index}.content: {problem}"
    if messages[-1]["role"] != "user":
        return "messages: the last message must be the user's"
    response_format = body.get("response_format")
    if response_format is not None:
        problem = _format_problem(response_format)
        if problem:
            return f"response_format: {problem}"
    return None


def _reasons(model: str) -> bool:
    # ChatGPT's chat models (gpt-5-chat-latest) are GPT-5 by name and do not reason: they refuse an effort
    name = model.rpartition("/")[2]  # a gateway's name for it (openai/gpt-5.4-mini) passes the effort on
    return bool(_REASONS.match(name)) and "-chat" not in name


def _content_problem(content: Any, images: bool) -> str | None:
    if isinstance(content, str):
        return None if content else "must not be empty"
    if not isinstance(content, list) or not content:
        return "must be a string or a non-empty list of parts"
    for part in content:
        kind = part.get("type") if isinstance(part, dict) else None
        if kind == "text" and isinstance(part.get("text"), str) and part["text"]:
            continue
        if kind == "image_url" and images:
            image = part.get("image_url") or {}
            if image.get("detail", "auto") not in ("auto", "low", "high"):
                return "image_url.detail must be auto, low or high"
            if not _image_tokens(_decode(str(image.get("url", "")))):
                return "image_url.url must be a data URL of a PNG or JPEG, as its media type says"
            continue
        return f"unsupported or empty part {kind!r}"
    return None


def _format_problem(response_format: Any) -> str | None:
    if not isinstance(response_format, dict) or response_format.get("type") != "json_schema":
        return "must be {type: json_schema, json_schema: {...}}"
    spec = response_format.get("json_schema")
    if not isinstance(spec, dict) or not _NAME.fullmatch(str(spec.get("name", ""))):
        return "json_schema.name must be 1-64 letters, digits, _ or -"
    schema = spec.get("schema")
    if not isinstance(schema, dict) or schema.get("type") != "object":
        return "json_schema.schema must be an object schema"
    if spec.get("strict") is True:
        return _strict_problem(schema, schema, "schema")
    return None


def _strict_problem(node: Any, root: dict[str, Any], where: str) -> str | None:
    """Strict mode's rules: every object has additionalProperties false and lists every property as required; every
    $ref points inside the schema."""
    if isinstance(node, list):
        for index, item in enumerate(node):
            problem = _strict_problem(item, root, f"{where}[{index}]")
            if problem:
                return problem
        return None
    if not isinstance(node, dict):
        return None
    if node.get("type") == "object":
        if node.get("additionalProperties") is not False:
            return f"{where}: 'additionalProperties' is required to be supplied and to be false"
        missing = sorted(set(node.get("properties", {})) - set(node.get("required", [])))
        if missing:
            return f"{where}: 'required' is required to include every property; missing {', '.join(missing)}"
    ref = node.get("$ref")
    if isinstance(ref, str):
        target: Any = root
        for part in ref.removeprefix("#/").split("/"):
            target = target.get(part) if isinstance(target, dict) else None
        if not isinstance(target, dict):
            return f"{where}: $ref {ref} does not resolve"
    for key, value in node.items():
        if key in ("properties", "$defs"):
            for name, child in (value or {}).items():
                problem = _strict_problem(child, root, f"{where}.{key}.{name}")
                if problem:
                    return problem
        elif isinstance(value, dict | list):
            problem = _strict_problem(value, root, f"{where}.{key}")
            if problem:
                return problem
    return None


def _decode(url: str) -> bytes:
    match = _DATA_URL.fullmatch(url)
    if not match:
        return b""
    try:
        data = base64.b64decode(match.group(2), validate=True)
    except (binascii.Error, ValueError):
        return b""
    signature = _SIGNATURES.get(match.group(1))
    return data if signature is None or data.startswith(signature) else b""


def _image_tokens(image: bytes) -> int:
    """85 + 170 per 512 px tile after fitting 2048x2048 and a short side of 768; 0 when not an image."""
    try:
        with Image.open(io.BytesIO(image)) as opened:
            width, height = opened.size
    except (OSError, ValueError):
        return 0
    fit = min(1.0, 2048 / max(width, height))
    fit *= min(1.0, 768 / (min(width, height) * fit))
    return 85 + 170 * math.ceil(width * fit / 512) * math.ceil(height * fit / 512)
