"""Whether a session's prompt cache formed, and how much of its input it served. Pure.

A prefix below the model's minimum is not cached, and the API says nothing: the only sign is cache reads that stay
at zero. So a session that called the model on two steps or more and never read from the cache after its first says
so (`CacheUse.formed` False), in its report and in the run's terminal summary.
"""

from __future__ import annotations

from pytest_useragent.records import CacheUse, Step


def cache_use(steps: list[Step], minimum: int) -> CacheUse | None:
    calls = [(step.index, call.usage) for step in steps for call in step.calls]
    if not calls:
        return None
    total = sum(u.input_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens for _, u in calls)
    read = sum(usage.cache_read_input_tokens for _, usage in calls)
    first = min(index for index, _ in calls)
    later = [usage for index, usage in calls if index > first]
    formed = any(usage.cache_read_input_tokens for usage in later) if later else None
    return CacheUse(read_share=read / total if total else 0.0, formed=formed, minimum=minimum)


def never_formed(cache: CacheUse | None) -> str | None:
    """Why a session's cache is said never to have formed, or None when it formed (or one step cannot tell)."""
    if cache is None or cache.formed is not False:
        return None
    least = f" (the model caches a prefix of {cache.minimum:,} tokens or more)" if cache.minimum else ""
    return f"no step after the first read from the prompt cache{least}"
