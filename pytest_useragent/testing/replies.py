"""Building scripted replies: a step's decision, a wrap-up, and the ref of an element a request's page shows."""

from __future__ import annotations

from typing import Any

from pytest_useragent.llm.base import StepRequest
from pytest_useragent.records import Action, Decision, Evaluation, IssueDraft, WrapUp
from pytest_useragent.records.snapshot import parse
from pytest_useragent.testing.requests import (  # noqa: F401
    _IMAGE_TYPES,
    _TOOL_NAME,
    _content_problem,
    _model_problem,
    _open_object,
    _pixels,
    _tool_turn_problem,
    _tools_problem,
    lean,
    message_tokens,
    validate_request,
)
from pytest_useragent.testing.script import (  # noqa: F401
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


def decision(
    kind: str = "done",
    ref: str | None = None,
    *,
    verdict: str | None = None,
    expectation: str = "it works",
    issues: list[IssueDraft] | None = None,
    summary: str = "going on",
    observation: str = "I see the page",
    **action: Any,
) -> Decision:
    """A Decision in one line, e.g. decision("click", "e3", verdict="met") or decision("write", file="a.md", text="x").

    `action` takes the other Action fields: text, key, url, direction, reason, file, target, and a fill's fields
    (`fields=[{"ref": "e3", "text": "Jana"}, ...]`).
    """
    return Decision(
        observation=observation,
        evaluation=Evaluation(verdict=verdict, note="as I expected" if verdict == "met" else "not quite")
        if verdict
        else None,
        summary=summary,
        issues=issues or [],
        expectation=expectation,
        action=Action(kind=kind, ref=ref, **action),
    )


def wrap_up(intuitiveness: int = 7, issues: list[IssueDraft] | None = None) -> WrapUp:
    return WrapUp(
        intuitiveness=intuitiveness,
        rationale="mostly clear",
        issues=issues or [],
        suggestions=["label the buttons"],
        quotes=["I found it."],
    )


def ref_of(body: Body | StepRequest, name: str) -> str:
    """The ref of the element named `name` in the last message's snapshot (for scripts that react to the page), or
    in a StepRequest's (for a ScriptedProvider)."""
    if isinstance(body, StepRequest):
        text = body.observation.snapshot
    else:
        content = (body.get("messages") or [{}])[-1].get("content", "")
        blocks = [{"text": content}] if isinstance(content, str) else content
        text = "\n".join(b.get("text", "") for b in blocks if isinstance(b, dict))
    for line in parse(text):
        if line.name == name and line.ref:
            return line.ref
    raise LookupError(f"no element named {name!r} in the last message's snapshot")
