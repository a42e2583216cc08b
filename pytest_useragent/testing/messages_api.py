"""FakeMessagesAPI: a loopback server speaking the Anthropic Messages API, scripted, with fault injection."""

from __future__ import annotations

import contextlib
import json
import select
import socket
import threading
import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from pydantic import BaseModel

from pytest_useragent.testing import claude_models as models
from pytest_useragent.testing.requests import (
    lean,
    message_tokens,
    validate_request,
)
from pytest_useragent.testing.script import (
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

POLL_SECONDS = 0.05
"""How often the serving thread looks whether it is to stop."""
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
    """The usage of every reply made: what the real API would bill. A reply whose client had gone (it timed out) is
    billed too, as the real API bills it, though it is not delivered; an error is not billed. A reply still being
    made is billed when it is: `idle` waits for them."""

    def __post_init__(self) -> None:
        self._queue: deque[ScriptItem] = deque(self.script)
        self._lock = threading.Lock()
        self._seen_systems: set[str] = set()
        self._signatures: set[str] = set()
        """The thinking blocks' signatures it gave: one sent back must be one of them, unmodified."""
        self._server: ThreadingHTTPServer | None = None
        self._busy = 0
        self._quiet = threading.Condition(self._lock)

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

    def idle(self, timeout: float = 10.0) -> bool:
        """Wait, at most `timeout` seconds, until no request is being answered (a slow reply the client gave up on is
        billed when it is made); whether it is so."""
        with self._quiet:
            return self._quiet.wait_for(lambda: self._busy == 0, timeout)

    def start(self) -> FakeMessagesAPI:
        server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        server.daemon_threads = True
        # stopping waits for the serving loop's next poll: 0.5 s by default, paid by every test that uses a fake
        threading.Thread(target=server.serve_forever, args=(POLL_SECONDS,), daemon=True).start()
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
        # The prefix is the tools, then the system prompt (the API's cache order: tools, system, messages); each system
        # block marked with cache_control is a breakpoint, and the prefix up to it is cached when it reaches the
        # model's minimum; below it the API caches nothing and says nothing. A request reads the longest cached prefix
        # and writes from there to its last breakpoint ("Prompt caching": up to 4 breakpoints, the longest prefix
        # that hits). Tools bring the API's tool-use system prompt, inside the prefix. The structured-output schema
        # (output_config) is billed as ordinary input: Anthropic's docs do not say it is part of the prefix.
        tools = body.get("tools") or []
        system = body.get("system", "")
        blocks = system if isinstance(system, list) else [{"type": "text", "text": system}] if system else []
        schema_tokens = len(json.dumps((body.get("output_config") or {}).get("format", ""))) // 3
        # the system prompt is English prose, ~4 characters a token; snapshots and JSON run nearer 3
        model = str(body.get("model"))
        choice = str((body.get("tool_choice") or {}).get("type", "auto"))
        tool_tokens = len(json.dumps(tools)) // 3 + models.tool_prompt_tokens(model, choice) if tools else 0
        prefix_tokens = tool_tokens + sum(len(json.dumps(block.get("text", ""))) // 4 for block in blocks)
        breakpoints = [  # (the prefix up to a marked block, its tokens), those the cache takes
            (
                json.dumps(tools) + json.dumps(blocks[: at + 1]),
                tool_tokens + sum(len(json.dumps(block.get("text", ""))) // 4 for block in blocks[: at + 1]),
            )
            for at, block in enumerate(blocks)
            if "cache_control" in block
        ]
        breakpoints = [(prefix, tokens) for prefix, tokens in breakpoints if tokens >= models.cache_minimum(model)]
        with self._lock:
            read = max((tokens for prefix, tokens in breakpoints if prefix in self._seen_systems), default=0)
            self._seen_systems.update(prefix for prefix, _ in breakpoints)
            number = len(self.requests)
        cached = max((tokens for _, tokens in breakpoints), default=0)
        written = cached - read
        input_tokens = message_tokens(body.get("messages", [])) + schema_tokens + prefix_tokens - cached
        content: list[Body] = [{"type": "text", "text": text}]
        said = text  # what the model wrote, and is billed for: a cut call, as far as it got
        called = answering_tool(body, text)
        if called is not None and stop_reason in ("end_turn", "max_tokens"):
            # the reply is the tool_use block alone; a cut one is incomplete
            content = [{"type": "tool_use", "id": f"toolu_fake_{number:04d}", "name": called, "input": {}}]
            if stop_reason == "end_turn":
                content[0]["input"] = lean(_json_object(text), _input_schema(body, called))
                stop_reason, said = "tool_use", json.dumps(content[0]["input"], separators=(",", ":"))
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
                "output_tokens": max(1, min(thinking + len(said) // 3, int(body.get("max_tokens") or 1))),
                "cache_creation_input_tokens": written,
                "cache_read_input_tokens": read,
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
            with api._quiet:
                api._busy += 1
            try:
                self._answer()
            finally:
                with api._quiet:
                    api._busy -= 1
                    api._quiet.notify_all()

        def _answer(self) -> None:
            raw = self.rfile.read(int(self.headers.get("content-length") or 0))
            headers = {key.lower(): value for key, value in self.headers.items()}
            status, extra, payload = api.answer(self.path, headers, raw)
            usage = payload.get("usage") if status == 200 else None
            if status == _RESET or _gone(self.connection):
                if usage is not None:  # the model answered; its client had gone (timed out): billed, not delivered
                    with api._lock:
                        api.billed.append(usage)
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
            # it there; a body that cannot be written is billed all the same (the real API does not know it was lost)
            if usage is not None:
                with api._lock:
                    api.billed.append(usage)
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler


# ---- building scripted replies ----
