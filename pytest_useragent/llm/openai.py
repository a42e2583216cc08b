"""Any model behind an OpenAI-compatible Chat Completions API, through the official `openai` SDK (the optional extra
`pytest-useragent[openai]`): OpenAI itself, or a gateway or local server at OPENAI_BASE_URL (OpenRouter, vLLM,
Ollama).

Same prompts as Claude (the jinja templates of llm/prompts); only the transport differs. One `chat.completions.create`
per step with `response_format` = the strict JSON schema (`schema.strict`), validated by us with pydantic, so a reply
that fails validation still has its usage counted and can be repaired (`repair.answer`, Claude's loop too). A refusal
(`message.refusal`, or finish_reason "content_filter") is recorded as the call's stop_reason "refusal" and never
repaired. OpenAI caches a prompt's prefix by itself (from 1,024 tokens; the schema is a prefix of the system message),
so the system prompt comes first and identical at every step, and `prompt_tokens_details.cached_tokens` is billed as
cache reads; from GPT-5.6 on, writing it is billed too (`cache_write_tokens`, as cache writes). A model that reasons
by default (the o-series, GPT-5.0) is asked for low reasoning effort (`reasons_by_default`); from GPT-5.1 on, none is
the default and nothing is sent. Retries (408/409/429/5xx, timeouts, broken connections, honouring retry-after)
follow the SDK's policy but are made by `ladder.create`, each attempt paid for; how many, and the timeout, come from
the client (--useragent-api-retries / --useragent-api-timeout). Every request is made inside the session's Meter.
"""

from __future__ import annotations

import base64
import io
import json
import math
from collections.abc import Callable
from typing import Any, TypeVar

import openai
from PIL import Image
from pydantic import BaseModel

from pytest_useragent.config.providers import provider
from pytest_useragent.cost.billing import Meter
from pytest_useragent.errors import ProviderError
from pytest_useragent.llm.base import (
    REFUSAL,
    Reply,
    shown_address,
)
from pytest_useragent.llm.ladder import Api, Paid, create
from pytest_useragent.llm.parts import Part
from pytest_useragent.llm.prefix import SystemPrompt
from pytest_useragent.llm.prompted import ModelProvider, Question
from pytest_useragent.llm.prompts import render
from pytest_useragent.llm.repair import Answered, Messages, answer
from pytest_useragent.llm.schema import CHARS_PER_TOKEN, strict
from pytest_useragent.llm.sdk_errors import mapped
from pytest_useragent.records import CallPurpose, Usage
from pytest_useragent.records.screenshots import media_type

M = TypeVar("M", bound=BaseModel)

REASONING_EFFORT = "low"
"""What a model that reasons by default (`reasons_by_default`) is asked for. Its default is "medium"; the reasoning
tokens are billed as output (inside usage.completion_tokens) and use up max_completion_tokens. A persona's step is a
short answer: at "medium" its reasoning would cost up to several times the answer and could leave no room for it."""
FAMILY = provider("openai").family
reasons_by_default = FAMILY.thinks
"""Whether a model reasons unless told otherwise: the provider table's (`config.families.gpt_reasons`)."""


class OpenAIProvider(ModelProvider):
    """A model behind the Chat Completions API as the persona. `client` defaults to `openai.OpenAI()`
    (OPENAI_API_KEY, OPENAI_BASE_URL)."""

    name = "openai"

    def __init__(
        self, client: openai.OpenAI | None = None, *, max_output_tokens: int = 2048, keep_exchanges: bool = False
    ) -> None:
        self._client = client if client is not None else openai.OpenAI()
        self._attempt = self._client.with_options(max_retries=0)
        """The client asked once a call: its retries are `ladder.create`'s, each attempt paid for."""
        self._max_output_tokens = max_output_tokens
        self._keep_exchanges = keep_exchanges

    def model_name(self, requested: str) -> str:
        return FAMILY.model(requested)

    @property
    def _api(self) -> Api:
        address = shown_address(self._client.base_url)
        return Api("OpenAI API", ("code", "type"), address, self._client.timeout, self._client.max_retries)

    def endpoint(self, requested: str) -> str:
        return f"{self._api.address} {self.model_name(requested)}"

    def ask(self, question: Question[M], meter: Meter) -> Reply[M]:
        """One structured answer in strict mode, repaired in `repair.answer`'s loop. The API caches a prompt's
        prefix by itself: nothing is marked."""
        reply: Reply[M] = Reply(None)
        schema = question.schema
        content: list[dict[str, Any]] = [{"type": "text", "text": question.text}]
        image = question.image
        if image:
            data = base64.b64encode(image).decode("ascii")
            url = f"data:{media_type(image)};base64,{data}"
            content.insert(0, {"type": "image_url", "image_url": {"url": url, "detail": "auto"}})
        tokens = image_tokens(image) if image else 0
        response_format = {
            "type": "json_schema",
            "json_schema": {"name": schema.__name__, "strict": True, "schema": strict(schema)},
        }

        def ask(purpose: CallPurpose, messages: Messages) -> Answered:
            completion = self._call(
                reply, purpose, question.model, messages, meter, response_format=response_format, image_tokens=tokens
            )
            choice = completion.choices[0]
            limit = self._max_output_tokens
            cut = f"it was cut off at max_completion_tokens ({limit})" if choice.finish_reason == "length" else None
            return Answered(choice.message.content or "", refused=_refused(choice), cut=cut)

        def again(got: Answered, problem: str, messages: Messages) -> Messages:
            return [
                *messages,
                {"role": "assistant", "content": got.data or "(empty)"},
                {"role": "user", "content": render("repair.j2", problem=problem)},
            ]

        first: Messages = [{"role": "system", "content": question.system.text}, {"role": "user", "content": content}]
        return answer(schema, reply, question.purpose, first, ask, again)

    def part(self, model: str, system: SystemPrompt, meter: Meter, reply: Reply[str]) -> Callable[[Messages], Part]:
        prompt = {"role": "system", "content": system.text}

        def call(turns: Messages) -> Part:
            choice = self._call(reply, "compose", model, [prompt, *turns], meter).choices[0]
            return Part(choice.message.content or "", cut=choice.finish_reason == "length", refused=_refused(choice))

        return call

    def _call(
        self,
        reply: Reply[Any],
        purpose: CallPurpose,
        model: str,
        messages: list[dict[str, Any]],
        meter: Meter,
        *,
        response_format: dict[str, Any] | None = None,
        image_tokens: int = 0,
    ) -> Any:
        """One paid call, made inside the meter (which reserves its worst case, settles and records it)."""
        kwargs: dict[str, Any] = {
            "model": model,
            "max_completion_tokens": self._max_output_tokens,
            "messages": messages,
        }
        if response_format is not None:
            kwargs["response_format"] = response_format
        if reasons_by_default(model):
            kwargs["reasoning_effort"] = REASONING_EFFORT
        # an image is counted by its pixels, not by its base64 text
        estimate = int(len(json.dumps(_loggable(kwargs), ensure_ascii=False)) / CHARS_PER_TOKEN) + image_tokens
        paid = Paid(meter, purpose, model, Usage(input_tokens=estimate, output_tokens=self._max_output_tokens))
        completion = self._create(kwargs, paid)
        if not completion.choices:  # paid for all the same
            raise ProviderError("OpenAI API answered with no choices")
        if self._keep_exchanges:
            reply.exchanges.append({"request": _loggable(kwargs), "response": completion.to_dict()})
        return completion

    def _create(self, kwargs: dict[str, Any], paid: Paid) -> Any:
        where = self.endpoint(kwargs["model"])
        call = mapped(openai, lambda: self._attempt.chat.completions.create(**kwargs))
        return create(self._api, where, call, openai.types.chat.ChatCompletion, "a completion", paid, _paid)


def _paid(completion: Any) -> tuple[Usage, str | None]:
    """A completion's usage and why it stopped (a refusal as "refusal"; None when it has no choice)."""
    choice = completion.choices[0] if completion.choices else None
    stop = None if choice is None else REFUSAL if _refused(choice) else choice.finish_reason
    return _usage(completion.usage), stop


def image_tokens(image: bytes) -> int:
    """The most an image costs at detail "auto"/"high" on OpenAI's tiled models (85 + 170 per 512 px tile, after
    fitting 2048x2048 and a short side of 768); the patch-based models charge less. Only the reservation uses it."""
    with Image.open(io.BytesIO(image)) as opened:
        size = opened.size
    fit = min(1.0, 2048 / max(size))
    fit *= min(1.0, 768 / (min(size) * fit))
    return 85 + 170 * math.ceil(size[0] * fit / 512) * math.ceil(size[1] * fit / 512)


def _refused(choice: Any) -> bool:
    return bool(getattr(choice.message, "refusal", None)) or choice.finish_reason == "content_filter"


def _usage(usage: Any) -> Usage:
    """Chat Completions counts cached tokens (reads) and, from GPT-5.6 on, tokens written to the cache inside
    prompt_tokens; we book both apart, as cache reads and cache writes (no model before GPT-5.6 charges for writes,
    nor reports them; from GPT-5.6 they cost 1.25x input, the price book's cache_write). A reasoning model's
    reasoning tokens are counted inside completion_tokens, and billed as output like the answer."""
    if usage is None:
        return Usage()
    details = getattr(usage, "prompt_tokens_details", None)
    cached = (getattr(details, "cached_tokens", None) or 0) if details is not None else 0
    written = (getattr(details, "cache_write_tokens", None) or 0) if details is not None else 0
    prompt = usage.prompt_tokens or 0
    read = max(0, min(cached, prompt))
    write = max(0, min(written, prompt - read))
    return Usage(
        input_tokens=max(prompt - read - write, 0),
        output_tokens=max(usage.completion_tokens or 0, 0),
        cache_creation_input_tokens=write,
        cache_read_input_tokens=read,
    )


def _loggable(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The request as sent, with image data replaced by its size."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            url = value.get("url")
            if isinstance(url, str) and url.startswith("data:"):
                return {**value, "url": f"<{len(url)} chars of data URL>"}
            return {key: strip(item) for key, item in value.items()}
        if isinstance(value, list):
            return [strip(item) for item in value]
        return value

    return strip(kwargs)  # type: ignore[no-any-return]
