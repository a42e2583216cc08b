"""The static prefix of every step's request (the system prompt), long enough to be cached.

A prompt cache forms only from a model's minimum prefix length: Anthropic documents 1,024 tokens for Sonnet 4.5/4.6
and 4,096 for Opus 4.5/4.6 and Haiku 4.5 (users report 2,048 for Sonnet 4.6), OpenAI caches from 1,024 tokens.
Below it, nothing is cached and nothing says so. So the system prompt carries as much of the guide (`guide.j2`:
usability heuristics as they show on web pages, examples of well-formed issues, how to read the page state) as it
takes to reach the chosen model's minimum (`PriceBook.cache_minimum`, overridable in the prices file), and always
its first part, which helps a persona whatever the cache.
"""

from __future__ import annotations

from functools import lru_cache

from pytest_useragent.llm.prompts import render
from pytest_useragent.records.persona import Persona

DEPTHS = 6
"""How many sections guide.j2 has."""
PROSE_CHARS_PER_TOKEN = 3.8
"""English prose runs ~3.5-4.2 characters a token in Claude's and OpenAI's tokenizers; assuming many characters per
token undercounts the prefix's tokens, so the prefix errs long, never short of the minimum."""
MARGIN = 1.05


def system_prompt(persona: Persona, minimum: int, before: str = "") -> str:
    """The system prompt for `persona`, with the guide at the least depth whose estimate reaches `minimum` tokens
    together with `before`, what the prefix holds ahead of the system prompt (Anthropic's tool definitions: the
    cache's order is tools, system, messages); the whole guide when none does."""
    return _system_prompt(persona.model_dump_json(), max(0, minimum - estimated_tokens(before)))


def estimated_tokens(text: str) -> int:
    return int(len(text) / PROSE_CHARS_PER_TOKEN)


@lru_cache(maxsize=64)
def _system_prompt(persona_json: str, minimum: int) -> str:
    persona = Persona.model_validate_json(persona_json)
    text = ""
    for depth in range(1, DEPTHS + 1):
        text = render("system.j2", persona=persona, depth=depth)
        if estimated_tokens(text) >= minimum * MARGIN:
            break
    return text
