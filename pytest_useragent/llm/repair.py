"""The one loop every provider runs for a structured answer: ask, read, and send back what was wrong.

A reply that does not validate goes back with what is wrong, at most MAX_REPAIRS times; a refusal is never
"repaired" (asking again would be paid for and refused again); a reply cut at the output limit is asked for again.
How a call is made and how a bad reply goes back differ by API (Claude's tool_result turn, OpenAI's assistant and
user messages): the provider passes them in as `ask` and `again`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel

from pytest_useragent.llm.base import MAX_REPAIRS, Reply
from pytest_useragent.llm.schema import parse
from pytest_useragent.records import CallPurpose

M = TypeVar("M", bound=BaseModel)
Messages = list[dict[str, Any]]


@dataclass(frozen=True)
class Answered:
    """One call's answer, as the loop reads it."""

    data: str | dict[str, Any] | None
    """The reply: JSON text, or a tool's input."""
    raw: Any = None
    """The API's own message, for the provider to send back."""
    refused: bool = False
    cut: str | None = None
    """Why the reply is incomplete (the output limit it reached), when it is."""


def answer(
    schema: type[M],
    reply: Reply[M],
    purpose: CallPurpose,
    messages: Messages,
    ask: Callable[[CallPurpose, Messages], Answered],
    again: Callable[[Answered, str, Messages], Messages],
) -> Reply[M]:
    """`reply` (which `ask` keeps the exchanges on) with a valid `schema` from `ask`, repaired through `again` (the
    conversation to send next, given the bad answer and what was wrong with it), or with why there is none."""
    problem = ""
    for attempt in range(1 + MAX_REPAIRS):
        got = ask(purpose if attempt == 0 else "repair", messages)
        if got.refused:
            reply.problem, reply.refused = "the model refused to answer", True
            return reply
        if got.cut is not None:
            problem = got.cut
        else:
            reply.value, problem = parse(schema, got.data)
            if reply.value is not None:
                return reply
        messages = again(got, problem, messages)
    reply.problem = f"no valid reply after {MAX_REPAIRS} repair requests: {problem}"
    return reply
