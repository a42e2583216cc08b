"""FakeMessagesAPI: a loopback server speaking the Anthropic Messages API, scripted, with fault injection."""

from __future__ import annotations

import base64
import binascii
import contextlib
import io
import json
import re
import select
import socket
import threading
import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from PIL import Image
from pydantic import BaseModel

from pytest_useragent.llm.base import StepRequest
from pytest_useragent.records import Action, Decision, Evaluation, IssueDraft, WrapUp
from pytest_useragent.records.snapshot import parse
from pytest_useragent.testing import claude_models as models

Body = dict[str, Any]


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
_RESET = -1
"""The status `answer` gives for Reset: the handler drops the connection."""
_RAW = "_raw_body"
"""The key of a payload sent as it is, not as JSON (NotAMessage)."""

_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


@dataclass
class FakeMessagesAPI:
    """Serve scripted replies on 127.0.0.1. Use as a context manager, or call start() and stop()."""

    script: Iterable[ScriptItem] = ()
    requests: list[Body] = field(default_factory=list)
    """Every request body received, valid or not, in order."""
    headers: list[dict[str, str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """What was wrong with requests that did not validate (each answered 400)."""
    billed: list[dict[str, int]] = field(default_factory=list)
    """The usage of every reply delivered: what the real API would bill. A reply whose client had gone (it timed
    out) is neither delivered nor billed, nor is an error."""

    def __post_init__(self) -> None:
        self._queue: deque[ScriptItem] = deque(self.script)
        self._lock = threading.Lock()
        self._seen_systems: set[str] = set()
        self._signatures: set[str] = set()
        """The thinking blocks' signatures it gave: one sent back must be one of them, unmodified."""
        self._server: ThreadingHTTPServer | None = None

    @property
    def base_url(self) -> str:
        assert self._server is not None, "start() the server first"
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def push(self, *items: ScriptItem) -> None:
        with self._lock:
            self._queue.extend(items)

    @property
    def remaining(self) -> int:
        return len(self._queue)

    def start(self) -> FakeMessagesAPI:
        server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self._server = server
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> FakeMessagesAPI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ---- answering ----

    def answer(self, path: str, headers: dict[str, str], raw: bytes) -> tuple[int, dict[str, str], Body]:
        try:
            body: Body = json.loads(raw or b"null")
        except json.JSONDecodeError:
            body = {}
        with self._lock:
            self.requests.append(body)
            self.headers.append(headers)
        problem = self.validate(path, headers, body)
        if problem:
            self.problems.append(problem)
            return self.error(400, problem)
        with self._lock:
            item = self._queue.popleft() if self._queue else None
        if item is None:
            return self.error(400, f"{self.kind}: no scripted reply left")
        try:
            return self._reply(item, body)
        except Exception as error:  # a script that raises is the test's bug: say so, don't hang the client
            problem = f"{self.kind}: the scripted reply raised {type(error).__name__}: {error}"
            self.problems.append(problem)
            return self.error(400, problem)

    # ---- what differs between the APIs a fake speaks ----

    kind = "fake Messages API"

    def validate(self, path: str, headers: dict[str, str], body: Body) -> str | None:
        """Why a request is not one the API would accept, or None."""
        return validate_request(path, headers, body) or self._thinking_problem(body)

    def _thinking_problem(self, body: Body) -> str | None:
        """A model that thinks needs its thinking block back, first and unmodified, in an assistant turn that called
        a tool ("Extended thinking", thinking with tool use)."""
        if not models.thinks(str(body.get("model"))):
            return None
        for index, message in enumerate(body.get("messages") or []):
            content = message.get("content")
            if message.get("role") != "assistant" or not isinstance(content, list):
                continue
            if any(block.get("type") == "tool_use" for block in content):
                first = content[0]
                with self._lock:
                    known = first.get("signature") in self._signatures
                if first.get("type") != "thinking" or not known:
                    return f"messages.{index}.content: a tool_use turn must begin with its thinking block, unmodified"
        return None

    def error(self, status: int, message: str) -> tuple[int, dict[str, str], Body]:
        """An error reply as the API shapes it."""
        return _error(status, message)

    def _reply(self, item: ScriptItem, body: Body) -> tuple[int, dict[str, str], Body]:
        while callable(item) and not isinstance(item, type):
            item = item(body)
        if isinstance(item, Slow):
            time.sleep(item.seconds)
            return self._reply(item.then, body)
        if isinstance(item, Fault):
            status, headers, payload = self.error(item.status, f"fake fault {item.status}")
            if item.retry_after is not None:
                headers["retry-after"] = str(item.retry_after)
            return status, headers, payload
        if isinstance(item, Truncated):
            text = _text(item.reply)
            return 200, {}, self._message(body, text[: len(text) // 2], "max_tokens")
        if isinstance(item, MaxTokens):
            return 200, {}, self._message(body, item.text, "max_tokens")
        if isinstance(item, Reset):
            return _RESET, {}, {}
        if isinstance(item, NotAMessage):
            return 200, {"content-type": "text/html"}, {_RAW: item.text}
        if isinstance(item, TwoCalls):
            message = self._message(body, _text(item.reply), "end_turn")
            calls = [block for block in message["content"] if block["type"] == "tool_use"]
            message["content"] += [{**block, "id": f"{block['id']}_b"} for block in calls]
            return 200, {}, message
        if isinstance(item, Refusal):
            return 200, {}, self._message(body, item.text, "refusal")
        if isinstance(item, Malformed):
            return 200, {}, self._message(body, item.text, "end_turn")
        return 200, {}, self._message(body, _text(item), "end_turn")

    def _message(self, body: Body, text: str, stop_reason: str) -> Body:
        # The prefix is the tools, then the system prompt (the API's cache order: tools, system, messages); marked
        # with cache_control, it is cached when it reaches the model's minimum; below it the API caches nothing and
        # says nothing. Tools bring the API's tool-use system prompt, inside the prefix. The structured-output
        # schema (output_config) is billed as ordinary input: Anthropic's docs do not say it is part of the prefix.
        tools = body.get("tools") or []
        prefix = json.dumps(tools) + json.dumps(body.get("system", ""))
        schema_tokens = len(json.dumps((body.get("output_config") or {}).get("format", ""))) // 3
        # the system prompt is English prose, ~4 characters a token; snapshots and JSON run nearer 3
        model = str(body.get("model"))
        choice = str((body.get("tool_choice") or {}).get("type", "auto"))
        prefix_tokens = len(json.dumps(body.get("system", ""))) // 4 + (
            len(json.dumps(tools)) // 3 + models.tool_prompt_tokens(model, choice) if tools else 0
        )
        cached = "cache_control" in prefix and prefix_tokens >= models.cache_minimum(model)
        with self._lock:
            hit = cached and prefix in self._seen_systems
            if cached:
                self._seen_systems.add(prefix)
            number = len(self.requests)
        input_tokens = message_tokens(body.get("messages", [])) + schema_tokens + (0 if cached else prefix_tokens)
        content: list[Body] = [{"type": "text", "text": text}]
        written = text  # what the model wrote, and is billed for: a cut call, as far as it got
        called = answering_tool(body, text)
        if called is not None and stop_reason in ("end_turn", "max_tokens"):
            # the reply is the tool_use block alone; a cut one is incomplete
            content = [{"type": "tool_use", "id": f"toolu_fake_{number:04d}", "name": called, "input": {}}]
            if stop_reason == "end_turn":
                content[0]["input"] = lean(_json_object(text), _input_schema(body, called))
                stop_reason, written = "tool_use", json.dumps(content[0]["input"], separators=(",", ":"))
        thinking = 0
        if models.thinks(model):  # it thinks first; what it thought is not shown (display "omitted") but billed
            effort = str((body.get("output_config") or {}).get("effort", "high"))
            thinking = models.THINKING_TOKENS.get(effort, models.DEFAULT_THINKING)
            signature = f"sig_fake_{number:04d}"
            with self._lock:
                self._signatures.add(signature)
            content.insert(0, {"type": "thinking", "thinking": "", "signature": signature})
        return {
            "id": f"msg_fake_{number:04d}",
            "type": "message",
            "role": "assistant",
            "model": body.get("model"),
            "content": content,
            "stop_reason": stop_reason,
            "stop_sequence": None,
            "usage": {
                "input_tokens": input_tokens,
                # like the real API, never more output than max_tokens allows, however long the scripted text
                "output_tokens": max(1, min(thinking + len(written) // 3, int(body.get("max_tokens") or 1))),
                "cache_creation_input_tokens": prefix_tokens if cached and not hit else 0,
                "cache_read_input_tokens": prefix_tokens if hit else 0,
            },
        }


def answering_tool(body: Body, text: str) -> str | None:
    """The tool a reply of `text` calls: the one tool_choice forces (tool; any: the first), or under auto the first
    tool when the text is an answer (a JSON object: a model that has its answer calls the tool it was told to
    answer with); None for a text reply (a malformed one, none, or no tools)."""
    choice = body.get("tool_choice") or {"type": "auto"}
    tools = body.get("tools") or []
    if choice.get("type") == "tool":
        return str(choice.get("name"))
    if choice.get("type") == "any" and tools:
        return str(tools[0].get("name"))
    if choice.get("type") == "auto" and tools and text.lstrip().startswith("{"):
        return str(tools[0].get("name"))
    return None


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


def _input_schema(body: Body, name: str) -> Any:
    return next((t.get("input_schema") for t in body.get("tools") or [] if t.get("name") == name), {})


def _json_object(text: str) -> Body:
    """A scripted reply's text as a tool's input: a JSON object, or an empty one (what fails validation) when it is
    not one (Malformed)."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return {}
    return value if isinstance(value, dict) else {}


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


def _gone(connection: socket.socket) -> bool:
    """Whether the client closed its end (a timed-out SDK call): readable with nothing left to read."""
    readable, _, _ = select.select([connection], [], [], 0)
    if not readable:
        return False
    try:
        return connection.recv(1, socket.MSG_PEEK) == b""
    except OSError:
        return True


def _text(item: Any) -> str:
    if isinstance(item, BaseModel):
        return item.model_dump_json()
    if isinstance(item, (dict, list)):
        return json.dumps(item)
    return str(item)


def _error(status: int, message: str) -> tuple[int, dict[str, str], Body]:
    kind = _ERROR_TYPES.get(status, "api_error")
    return status, {}, {"type": "error", "error": {"type": kind, "message": message}}


def _handler_for(api: FakeMessagesAPI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
            raw = self.rfile.read(int(self.headers.get("content-length") or 0))
            headers = {key.lower(): value for key, value in self.headers.items()}
            status, extra, payload = api.answer(self.path, headers, raw)
            if status == _RESET or _gone(self.connection):
                self.close_connection = True
                with contextlib.suppress(OSError):
                    self.connection.shutdown(socket.SHUT_RDWR)
                return
            raw_body = payload.get(_RAW)
            data = raw_body.encode() if isinstance(raw_body, str) else json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("content-type", extra.pop("content-type", "application/json"))
            self.send_header("content-length", str(len(data)))
            for key, value in extra.items():
                self.send_header(key, value)
            self.end_headers()
            # billed before the body goes out: a client that has its reply may read `billed` at once, and must find
            # it there; a body that cannot be written was not delivered, and is taken back
            usage = payload.get("usage") if status == 200 else None
            if usage is not None:
                with api._lock:
                    api.billed.append(usage)
            try:
                self.wfile.write(data)
            except OSError:
                if usage is not None:
                    with api._lock:
                        api.billed.remove(usage)
                raise

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler


# ---- building scripted replies ----


def decision(
    kind: str = "done",
    ref: str | None = None,
    *,
    verdict: str | None = None,
    expectation: str = "it works",
    issues: list[IssueDraft] | None = None,
    summary: str = "going on",
    observation: str = "I see the page",
    **action: Any,
) -> Decision:
    """A Decision in one line, e.g. decision("click", "e3", verdict="met") or decision("write", file="a.md", text="x").

    `action` takes the other Action fields: text, key, url, direction, reason, file, target.
    """
    return Decision(
        observation=observation,
        evaluation=Evaluation(verdict=verdict, note="as I expected" if verdict == "met" else "not quite")
        if verdict
        else None,
        summary=summary,
        issues=issues or [],
        expectation=expectation,
        action=Action(kind=kind, ref=ref, **action),
    )


def wrap_up(intuitiveness: int = 7, issues: list[IssueDraft] | None = None) -> WrapUp:
    return WrapUp(
        intuitiveness=intuitiveness,
        rationale="mostly clear",
        issues=issues or [],
        suggestions=["label the buttons"],
        quotes=["I found it."],
    )


def ref_of(body: Body | StepRequest, name: str) -> str:
    """The ref of the element named `name` in the last message's snapshot (for scripts that react to the page), or
    in a StepRequest's (for a ScriptedProvider)."""
    if isinstance(body, StepRequest):
        text = body.observation.snapshot
    else:
        content = (body.get("messages") or [{}])[-1].get("content", "")
        blocks = [{"text": content}] if isinstance(content, str) else content
        text = "\n".join(b.get("text", "") for b in blocks if isinstance(b, dict))
    for line in parse(text):
        if line.name == name and line.ref:
            return line.ref
    raise LookupError(f"no element named {name!r} in the last message's snapshot")
