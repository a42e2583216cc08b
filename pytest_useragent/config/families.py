"""What a provider's models share, by their names alone (as pydantic-ai's model profiles): which names it serves,
its default model, whether a model thinks unless told otherwise, and the least prefix its prompt cache takes. Pure:
the transports, the configuration and the price book read it through the provider table (`providers.py`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass


def never(model: str) -> bool:
    return False


@dataclass(frozen=True)
class Family:
    """A provider's models, by their names."""

    word: str | None
    """A word every model name it serves holds (any case); None: it takes any name."""
    serves: str
    """Which models it serves, as a refusal says it."""
    default: str | None = None
    """Its default model."""
    stands_in_for: tuple[str, str] | None = None
    """A model name beginning with this prefix (another family's, as the option's default is) means `default`, and
    how to say such a name ("a Claude name")."""
    thinks: Callable[[str], bool] = never
    """Whether a model spends hidden output tokens (thinking, reasoning) unless told otherwise: such a model is asked
    for low effort, each transport in its API's words."""
    cache: tuple[str, int] | None = None
    """The prefix its models' names start with and the least prefix, in tokens, their prompt cache takes: what a
    model of it not listed in the price book's `cache_minimums` takes."""

    def model(self, requested: str) -> str:
        """The model asked for when `requested` is configured."""
        if self.stands_in_for and self.default and requested.startswith(self.stands_in_for[0]):
            return self.default
        return requested

    def cache_minimum(self, model: str) -> int | None:
        """The least cached prefix of `model`, when it is of this family; None when it is not."""
        if self.cache is None:
            return None
        prefix, minimum = self.cache
        return minimum if model == prefix or model.startswith(prefix + "-") else None


THINKS_FROM = 5
"""The first Claude generation that thinks by default."""
_GENERATION = re.compile(r"claude-[a-z]+-(\d+)")


def claude_thinks(model: str) -> bool:
    """Whether `model` is a Claude of a generation that thinks unless told otherwise (`THINKS_FROM` on): adaptive
    thinking, default effort high on Sonnet 5.5, medium on Opus 5.5, not to be switched off on Opus 5.5 and Fable."""
    generation = _GENERATION.match(model)
    return generation is not None and int(generation.group(1)) >= THINKS_FROM


_REASONING = re.compile(r"o\d+(?:-|$)|gpt-(\d+)(?:\.(\d+))?(?:-|$)")


def gpt_reasons(model: str) -> bool:
    """Whether `model` reasons unless told otherwise, and so is asked for low effort: the o-series (o1, o3, o4-mini)
    and GPT-5.0 (gpt-5, gpt-5-mini), whose default effort is medium. Not GPT-5.1 and later (gpt-5.4-mini,
    gpt-6.1-sol): their default is none, no reasoning at all ("gpt-5.1 defaults to none ... All models before gpt-5.1
    default to medium", the API reference), which asking for low would only add to. Not the "-chat" variants
    (gpt-5-chat-latest), GPT-4o/4.1, or any other name (a local model, `llama3.1`): those reject the parameter with a
    400, or a local server ignores it. A gateway's name for one (`openai/gpt-5-mini` on OpenRouter or LiteLLM, which
    pass the effort on) is judged by the model's own name after the vendor's prefix."""
    name = model.lower().rpartition("/")[2]
    match = _REASONING.match(name)
    if match is None or "-chat" in name:
        return False
    generation, minor = match.group(1), match.group(2)
    return generation is None or (int(generation) == 5 and minor in (None, "0"))


CLAUDE = Family(
    "claude",
    "Claude models (claude-sonnet-4-6, claude-haiku-4-5, ...)",
    default="claude-sonnet-4-6",
    thinks=claude_thinks,
    cache=("claude", 1024),
)
"""Anthropic's: 1,024 tokens cached unless the price book lists the model ("Prompt caching")."""
CHAT_COMPLETIONS = Family(
    None,
    "any model behind a Chat Completions API (OpenAI's, or a local or gateway model behind OPENAI_BASE_URL)",
    default="gpt-5.4-mini",
    stands_in_for=("claude-", "a Claude name"),
    thinks=gpt_reasons,
    cache=("gpt", 1024),
)
"""OpenAI's, and any other name: OpenAI caches a prompt's prefix from 1,024 tokens by itself."""
NONE = Family(None, "no model")
"""The offline engine's: it calls no model."""
