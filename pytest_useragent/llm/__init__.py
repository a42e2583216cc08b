"""Who decides the persona's next step: the requests built once (`prompted`), the transports beneath them (Claude,
any Chat Completions model), the offline engine, and which one a run picks (`choice`). It knows nothing of
Playwright: a provider sees an `Observation`'s text and JPEG bytes."""

from __future__ import annotations

__all__ = [
    "anthropic",
    "base",
    "choice",
    "ladder",
    "limits",
    "offline",
    "openai",
    "parts",
    "prefix",
    "prompted",
    "prompts",
    "recap",
    "repair",
    "schema",
    "sdk_errors",
]
"""Its modules, each one idea (docs/architecture.md)."""
