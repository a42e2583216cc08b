"""What the fake Messages API knows of each Claude model, from Anthropic's documentation as of November 2026, so it
bills and refuses as the real API would. A model takes the entry of the longest listed prefix of its name.

Independent of the product's own tables on purpose (`prices.json`, `llm/anthropic.py`): a fake that read them would
agree with any mistake in them.
"""

from __future__ import annotations

import re

CACHE_MINIMUMS = {
    "claude-fable-5": 512,
    "claude-mythos-5": 512,
    "claude-opus-5": 512,
    "claude-sonnet-5-5": 512,
    "claude-haiku-5-5": 512,
    "claude-sonnet-5": 1024,
    "claude-opus-4-8": 1024,
    "claude-opus-4-7": 2048,
    "claude-opus-4-6": 4096,
    "claude-opus-4-5": 4096,
    "claude-haiku-4-5": 4096,
    "claude-sonnet-4-6": 2048,
}
"""The least prefix each model caches, in tokens ("Prompt caching"): 512 for Fable 5.x, Mythos 5.x and Opus 5/5.5
(Sonnet 5.5 and Haiku 5.5: 512 by third parties; no official table yet), 1,024 for Sonnet 5 and Opus 4.8, 2,048 for
Opus 4.7, 4,096 for Opus 4.5/4.6 and Haiku 4.5, and 2,048 for Sonnet 4.6, which users observe (the docs say 1,024);
other models 1,024."""

TOOL_PROMPTS = {
    "claude-opus-4-8": (290, 410),
    "claude-opus-4-7": (675, 804),
    "claude-sonnet-5": (354, 474),
}
"""The tool-use system prompt the API adds to a request with tools, in tokens, for tool_choice (auto or none, any or
tool) ("Tool use pricing", July 2026); the models not listed (Claude 4.5/4.6: 496-497 and 588-589) take DEFAULT."""
DEFAULT_TOOL_PROMPT = (497, 589)

EFFORTS = ("low", "medium", "high", "xhigh", "max")
NO_EFFORT = ("claude-haiku-4-5",)
"""Models that take no `output_config.effort` (the models overview: "Not supported")."""
THINKING_TOKENS = {"low": 16}
"""What the fake bills for a thinking block, by effort (other efforts: DEFAULT_THINKING): a fake's figure, not the
API's, small at low effort as the docs describe."""
DEFAULT_THINKING = 256

_GENERATION = re.compile(r"claude-[a-z]+-(\d+)")


def _entry(table: dict[str, int] | dict[str, tuple[int, int]], model: str) -> str | None:
    return max((name for name in table if model.startswith(name)), key=len, default=None)


def cache_minimum(model: str) -> int:
    name = _entry(CACHE_MINIMUMS, model)
    return CACHE_MINIMUMS[name] if name else 1024


def tool_prompt_tokens(model: str, choice: str) -> int:
    name = _entry(TOOL_PROMPTS, model)
    auto, forced = TOOL_PROMPTS[name] if name else DEFAULT_TOOL_PROMPT
    return forced if choice in ("any", "tool") else auto


def thinks(model: str) -> bool:
    """Claude 5 and later think by default, adaptively, and refuse a forced tool, a prefilled assistant turn and
    sampling parameters (the Opus 5.5 and Sonnet 5.5 migration guides)."""
    generation = _GENERATION.match(model)
    return generation is not None and int(generation.group(1)) >= 5


def refuses_prefill(model: str) -> bool:
    """A final assistant turn is refused from the Claude 4.6 models on (Sonnet 4.6 too: "Prefilling assistant
    messages returns a 400 error on Claude 4.6 models", the migration guide), and by every model that thinks by
    default."""
    return thinks(model) or any(
        model.startswith(name)
        for name in ("claude-sonnet-4-6", "claude-opus-4-6", "claude-opus-4-7", "claude-opus-4-8")
    )
