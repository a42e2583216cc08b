"""The static prefix of every step's request (the system prompt), long enough to be cached.

A prompt cache forms only from a model's minimum prefix length: Anthropic documents 1,024 tokens for Sonnet 4.5/4.6
and 4,096 for Opus 4.5/4.6 and Haiku 4.5 (users report 2,048 for Sonnet 4.6), OpenAI caches from 1,024 tokens.
Below it, nothing is cached and nothing says so. So the system prompt's shared part (`SystemPrompt.shared`, before the
persona's own) carries as much of the guide (`guide.j2`: usability heuristics as they show on web pages, examples of
well-formed issues, how to read the page state) as it takes to reach the chosen model's minimum by itself
(`PriceBook.cache_minimum`, overridable in the prices file), and always its first part, which helps a persona
whatever the cache. Every persona and test of a run then reads one cached prefix; each writes only its own part.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pytest_useragent.llm.prompts import render
from pytest_useragent.records.persona import Persona

DEPTHS = 6
"""How many sections guide.j2 has."""
PROSE_CHARS_PER_TOKEN = 3.8
"""English prose runs ~3.5-4.2 characters a token in Claude's and OpenAI's tokenizers; assuming many characters per
token undercounts the prefix's tokens, so the prefix errs long, never short of the minimum."""
MARGIN = 1.05


@dataclass(frozen=True)
class SystemPrompt:
    """The steps' system prompt in its two parts, in the order they are sent: `shared`, the same for every persona of
    a run (how a step is answered, the actions every persona has, the guide: system.j2), then `own`, the persona's
    (who it is, the actions it has by how it moves: own.j2). The shared part alone reaches the cache minimum, so the
    personas and tests of one run share its cache, and each pays a cache write only for its own part."""

    shared: str
    own: str

    @property
    def text(self) -> str:
        """Both parts as one text (an API that caches a prompt's prefix by itself: the shared part comes first)."""
        return f"{self.shared}\n\n{self.own}" if self.shared else self.own

    @property
    def blocks(self) -> tuple[str, ...]:
        """The parts that hold text, in order: where an API takes a cache breakpoint after each."""
        return tuple(part for part in (self.shared, self.own) if part)


def system_prompt(persona: Persona, minimum: int, before: str = "") -> SystemPrompt:
    """The system prompt for `persona`: the shared part with the guide at the least depth whose estimate reaches
    `minimum` tokens together with `before`, what the prefix holds ahead of the system prompt (Anthropic's tool
    definitions: the cache's order is tools, system, messages), the whole guide when none does; then the persona's
    own part."""
    return SystemPrompt(_shared(max(0, minimum - estimated_tokens(before))), _own(persona.model_dump_json()))


def only(persona: Persona) -> SystemPrompt:
    """The system prompt of a question asked once (the survey, an interview): the persona alone."""
    return SystemPrompt("", render("persona.j2", persona=persona))


def estimated_tokens(text: str) -> int:
    return int(len(text) / PROSE_CHARS_PER_TOKEN)


@lru_cache(maxsize=8)
def _shared(minimum: int) -> str:
    text = ""
    for depth in range(1, DEPTHS + 1):
        text = render("system.j2", depth=depth)
        if estimated_tokens(text) >= minimum * MARGIN:
            break
    return text


@lru_cache(maxsize=64)
def _own(persona_json: str) -> str:
    return render("own.j2", persona=Persona.model_validate_json(persona_json))
