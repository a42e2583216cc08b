"""Claude through the official `anthropic` SDK.

One `messages.create` per step. A step's decision comes as the input of ONE strict tool (`tools` = [{name,
input_schema: the decision's schema, strict: true}], `tool_choice` auto, the system prompt saying to answer with it),
not as `output_config.format`: the request is cached in the order tools -> system -> messages, and the breakpoint
on the system block caches the tools before it (Anthropic, "Prompt caching" and "Tool use with prompt caching"), so
the schema (~500-650 tokens) is read from the cache at a tenth of the price instead of billed in full every step,
and the guide that fills the prefix up to the model's cache minimum (`prefix.py`) needs as much less. `strict: true`
gives the tool's input the same grammar-constrained conformance as structured output ("Strict tool use"). The
choice is `auto`, never a forced tool: Opus 5.5, Sonnet 5.5 and Fable 5.x answer a `tool_choice` of `tool` or
`any` with a 400 ("Use auto with strict tool use or structured outputs", Opus 5.5 migration guide), forced tool use
was never compatible with thinking, and `auto` adds the smaller tool-use system prompt of the two ("Tool use
pricing"). A reply that answers in text instead is repaired like any other. The wrap-up rides the steps' cache:
the same tools and system blocks, each breakpoint where the steps have it, `tool_choice` none (a change of
tool_choice alone keeps the tools' and the system's cache, "Prompt caching", what invalidates the cache), so its
prefix is billed as a cache read; it answers as JSON text, the fields told in its prompt, validated and repaired as
any other (`output_config.format` would add a schema and a system prompt of its own). A one-off call on a prefix of
its own (survey, interview), which is not cached, asks with `output_config.format`, where a tool's system prompt
would be paid in full for nothing.

Claude models from generation 5 on think by default (adaptive thinking, default effort high on Sonnet 5.5, medium on
Opus 5.5; it cannot be switched off on Opus 5.5 and Fable), and thinking is billed as output and counts against
max_tokens: every call to them asks for `output_config.effort` "low" (a persona's step is a short judgement, not a
proof), and a repair sends the model's whole turn back, thinking blocks unmodified, as the API requires. Nothing is
ever prefilled (they reject a final assistant turn; Opus and Sonnet 4.6 already did), and no sampling parameter is sent.

We validate the answer ourselves rather than through `messages.parse`, so a reply that fails validation still has
its usage counted, and can be repaired (`repair.answer`, the loop both providers run): it goes back as the
assistant's turn and what was wrong as a tool_result with is_error ("Handle tool calls"). A reply cut at max_tokens
leaves an incomplete tool_use ("Handling stop reasons"), never sent back: the question is asked again with the cut
said. A refusal (stop_reason "refusal") is never "repaired". Retries for 408/409/429/5xx (529 included), timeouts
and broken connections follow the SDK's policy, honouring `retry-after`, but are made by `ladder.create`, each
attempt reserved and paid for on its own; how many, and the timeout of one request, come from the client
(--useragent-api-retries / --useragent-api-timeout: the SDK's own defaults, 2 retries and 600 s, give up within ~1 s
of an overload and hang a CI step for ten minutes). Every request is made inside the session's Meter, which
reserves, prices and records it.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

import anthropic
from pydantic import BaseModel

from pytest_useragent.config.providers import provider
from pytest_useragent.cost.billing import Meter
from pytest_useragent.errors import ProviderError
from pytest_useragent.llm.base import (
    REFUSAL,
    Reply,
    shown_address,
    shown_body,
)
from pytest_useragent.llm.ladder import Api, Paid, create
from pytest_useragent.llm.parts import Part
from pytest_useragent.llm.prefix import SystemPrompt, system_prompt
from pytest_useragent.llm.prompted import ModelProvider, Question
from pytest_useragent.llm.prompts import render
from pytest_useragent.llm.repair import Answered, Messages, answer
from pytest_useragent.llm.schema import CHARS_PER_TOKEN, shape
from pytest_useragent.llm.sdk_errors import mapped
from pytest_useragent.records import CallPurpose, Decision, Usage
from pytest_useragent.records.persona import Persona
from pytest_useragent.records.screenshots import image_tokens, media_type

TOOL = "answer"
"""The one tool's name: the model answers by calling it."""
TOOL_PROMPT_TOKENS = 675
"""The most the API's tool-use system prompt adds for tool_choice auto/none on the models it lists (Opus 4.7: 675;
Sonnet 4.6 497, Opus 4.8 290: "Tool use pricing"), reserved on top of the request's own size."""
EFFORT = "low"
"""What a model that thinks by default (`thinks_by_default`) is asked for."""
FAMILY = provider("anthropic").family
thinks_by_default = FAMILY.thinks
"""Whether a Claude thinks unless told otherwise: the provider table's (`config.families.claude_thinks`)."""

M = TypeVar("M", bound=BaseModel)


@cache
def tool(schema: type[BaseModel]) -> dict[str, Any]:
    """`schema` as the one strict tool a cached call answers with. No description: what the fields mean is told
    once, in the system prompt, and every character here is in the prefix."""
    return {"name": TOOL, "input_schema": shape(schema), "strict": True}


def _tool_call(message: anthropic.types.Message) -> anthropic.types.ToolUseBlock | None:
    return next((block for block in message.content if block.type == "tool_use"), None)


def _repair_turns(message: anthropic.types.Message, problem: str) -> Messages:
    """The bad reply as the assistant's turn, whole (a thinking block goes back unmodified, as the API requires), and
    what was wrong with it: each tool call is answered by a tool_result with is_error, which must come first in the
    user's turn ("Handle tool calls"); a text reply, by a text."""
    repair = render("repair.j2", problem=problem)
    # a blank text block is refused in a turn sent back ("text content blocks must contain non-whitespace text")
    said = [block.to_dict() for block in message.content if block.type != "text" or block.text.strip()]
    turn: Messages = [{"role": "assistant", "content": said or "(empty)"}]
    # every call is answered, or the API refuses the turn: parallel tool use is on, and a model may call it twice
    results = [
        {"type": "tool_result", "tool_use_id": block.id, "content": repair, "is_error": True}
        for block in message.content
        if block.type == "tool_use"
    ]
    return [*turn, {"role": "user", "content": results or repair}]


class AnthropicProvider(ModelProvider):
    """Claude as the persona. `client` defaults to `anthropic.Anthropic()` (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL)."""

    name = "anthropic"
    rides = True

    def __init__(
        self, client: anthropic.Anthropic | None = None, *, max_output_tokens: int = 2048, keep_exchanges: bool = False
    ) -> None:
        self._client = client if client is not None else anthropic.Anthropic()
        self._attempt = self._client.with_options(max_retries=0)
        """The client asked once a call: its retries are `ladder.create`'s, each attempt paid for."""
        self._max_output_tokens = max_output_tokens
        self._keep_exchanges = keep_exchanges

    @property
    def _api(self) -> Api:
        address = shown_address(self._client.base_url)
        return Api("Anthropic API", ("type",), address, self._client.timeout, self._client.max_retries)

    def endpoint(self, requested: str) -> str:
        return f"{self._api.address} {requested}"

    def step_system(self, persona: Persona, minimum: int) -> SystemPrompt:
        """After the decision's tool, which fills part of the cached prefix."""
        return system_prompt(persona, minimum, json.dumps(tool(Decision)))

    def ask(self, question: Question[M], meter: Meter) -> Reply[M]:
        """One structured answer: for a step (`cached`), as the input of the one strict tool, cached with the system
        prompt; otherwise as structured output; repaired in `repair.answer`'s loop."""
        reply: Reply[M] = Reply(None)
        content: list[dict[str, Any]] = []
        image = question.image
        if image:
            data = base64.b64encode(image).decode("ascii")
            content.append(
                {"type": "image", "source": {"type": "base64", "media_type": media_type(image), "data": data}}
            )
        content.append({"type": "text", "text": question.text})
        tokens = image_tokens(image) if image else 0
        if question.cached and question.schema is Decision:
            asked_as: dict[str, Any] = {"tools": [tool(question.schema)], "tool_choice": {"type": "auto"}}
        elif question.cached:  # the steps' tools and system prompt, read from their cache; answered as JSON text
            asked_as = {"tools": [tool(Decision)], "tool_choice": {"type": "none"}}
        else:
            asked_as = {"output_config": {"format": {"type": "json_schema", "schema": shape(question.schema)}}}

        def ask(purpose: CallPurpose, messages: Messages) -> Answered:
            message = self._call(
                reply,
                purpose,
                question.model,
                question.system,
                messages,
                meter,
                answer=asked_as,
                image_tokens=tokens,
                cached=question.cached,
            )
            called = _tool_call(message)
            limit = self._max_output_tokens
            cut = f"it was cut off at max_tokens ({limit})" if message.stop_reason == "max_tokens" else None
            # a model that answers in text, not with the tool (`auto` lets it), is read as JSON text, or repaired
            data = called.input if called is not None else _text(message)
            return Answered(data, raw=message, refused=message.stop_reason == REFUSAL, cut=cut)

        def again(got: Answered, problem: str, messages: Messages) -> Messages:
            if got.cut is not None:  # an incomplete tool call cannot go back: the question again, the cut said after it
                said = {"type": "text", "text": render("repair.j2", problem=problem)}
                return [{"role": "user", "content": [*content, said]}]
            return [*messages, *_repair_turns(got.raw, problem)]

        first: Messages = [{"role": "user", "content": content}]
        return answer(question.schema, reply, question.purpose, first, ask, again)

    def part(self, model: str, system: SystemPrompt, meter: Meter, reply: Reply[str]) -> Callable[[Messages], Part]:
        # the steps' tools and system prompt, so this call reads their cache; a change of tool_choice alone keeps the
        # tools' and the system's cache ("Prompt caching", what invalidates the cache)
        answer = {"tools": [tool(Decision)], "tool_choice": {"type": "none"}}

        def call(turns: Messages) -> Part:
            message = self._call(reply, "compose", model, system, turns, meter, answer=answer)
            return Part(_text(message), cut=message.stop_reason == "max_tokens", refused=message.stop_reason == REFUSAL)

        return call

    def _call(
        self,
        reply: Reply[Any],
        purpose: CallPurpose,
        model: str,
        system: SystemPrompt,
        messages: list[dict[str, Any]],
        meter: Meter,
        *,
        answer: dict[str, Any] | None = None,
        image_tokens: int = 0,
        cached: bool = True,
    ) -> anthropic.types.Message:
        """One paid call, made inside the meter (which reserves its worst case, settles and records it). The system
        prompt (`prefix.system_prompt`: the part every persona shares, then the persona's own) is the static prefix,
        each part a block marked for caching, so another persona's call reads the shared part's cache and writes its
        own part only; `answer` is how the reply is asked for (a tool, or structured output)."""
        blocks: list[dict[str, Any]] = [{"type": "text", "text": text} for text in system.blocks]
        if cached:
            for block in blocks:
                block["cache_control"] = {"type": "ephemeral"}
        kwargs: dict[str, Any] = {
            "model": model,
            "max_tokens": self._max_output_tokens,
            "system": blocks,
            "messages": messages,
            **(answer or {}),
        }
        if thinks_by_default(model):
            kwargs["output_config"] = {**kwargs.get("output_config", {}), "effort": EFFORT}
        # an image is counted by its pixels, not by its base64 text; a tool adds its system prompt
        estimate = int(len(json.dumps(_loggable(kwargs), ensure_ascii=False)) / CHARS_PER_TOKEN) + image_tokens
        estimate += TOOL_PROMPT_TOKENS if "tools" in kwargs else 0
        paid = Paid(meter, purpose, model, Usage(input_tokens=estimate, output_tokens=self._max_output_tokens))
        message = self._create(kwargs, paid)
        if self._keep_exchanges:
            reply.exchanges.append({"request": _loggable(kwargs), "response": message.to_dict()})
        return message

    def _create(self, kwargs: dict[str, Any], paid: Paid) -> anthropic.types.Message:
        call = mapped(anthropic, lambda: self._attempt.messages.create(**kwargs))
        where = self.endpoint(kwargs["model"])
        message: anthropic.types.Message = create(
            self._api, where, call, anthropic.types.Message, "a message", paid, _paid
        )
        return message


def _paid(message: anthropic.types.Message) -> tuple[Usage, str | None]:
    """A message's usage and stop reason; a gateway may answer 200 with JSON of its own, which the SDK reads into a
    message with no usage or content: not a message, and nothing billed."""
    if message.usage is None or message.content is None:
        raise ProviderError(f"Anthropic API answered with something that is not a message: {shown_body(message)}")
    return _usage(message.usage), message.stop_reason


def _usage(usage: anthropic.types.Usage) -> Usage:
    return Usage(
        input_tokens=max(usage.input_tokens or 0, 0),
        output_tokens=max(usage.output_tokens or 0, 0),
        cache_creation_input_tokens=max(usage.cache_creation_input_tokens or 0, 0),
        cache_read_input_tokens=max(usage.cache_read_input_tokens or 0, 0),
    )


def _text(message: anthropic.types.Message) -> str:
    return "".join(block.text for block in message.content if block.type == "text")


def _loggable(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The request as sent, with image data replaced by its size."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            if value.get("type") == "base64" and "data" in value:
                return {**value, "data": f"<{len(value['data'])} base64 chars>"}
            return {key: strip(item) for key, item in value.items()}
        if isinstance(value, list):
            return [strip(item) for item in value]
        return value

    return strip(kwargs)  # type: ignore[no-any-return]
