"""A write whose content follows as plain text (a write, append or update with no text of its own): the model
composes it over as many replies as it takes, into docs/.pending/ (`pending.PendingWrite`), where it is validated,
repaired at most `MAX_REPAIRS` times, and put in place atomically.

A provider or budget failure leaves the pending content behind (`incomplete()` reports it) and ends the session;
a refusal, or content the documents refuse, is the step's outcome, for the model to see.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pytest_useragent.cost.billing import Meter
from pytest_useragent.errors import RunError
from pytest_useragent.llm.base import MAX_REPAIRS, ComposeRequest, Provider
from pytest_useragent.records import Action, ActionOutcome
from pytest_useragent.workspace.documents import DocumentRefused, Documents, FileSystemRefused
from pytest_useragent.workspace.pending import PendingWrite


def compose_write(
    provider: Provider,
    request: ComposeRequest,
    action: Action,
    documents: Documents,
    meter: Meter,
    redacted: Callable[[ComposeRequest], ComposeRequest],
    keep: Callable[[int, list[dict[str, Any]]], None] = lambda attempt, exchanges: None,
) -> ActionOutcome:
    """Carry out `action` with content `provider` composes for `request` (its file named as the action names it);
    every request passes `redacted` before it is sent; each attempt's exchanges (kept when the provider keeps them:
    `--useragent-debug=ultra`) go to `keep` with the attempt's number."""
    try:
        documents.check(action.kind, action.file or "", action.target)
        pending = PendingWrite(documents, action.file or "", action.kind, action.target)
    except DocumentRefused as refused:
        return ActionOutcome(ok=False, message=str(refused))
    problem: str | None = None
    for attempt in range(1, 2 + MAX_REPAIRS):
        asked = redacted(replace(request, file=pending.meta.file, problem=problem))
        try:
            reply = provider.compose(asked, meter, pending.receive)
            keep(attempt, reply.exchanges)
        except (RunError, KeyboardInterrupt) as failure:
            pending.fail(str(failure) or type(failure).__name__)
            raise
        if pending.meta.state == "failed":  # refused as it arrived: over the transport limit
            return ActionOutcome(ok=False, message=pending.meta.problem or "refused")
        if reply.value is None:  # a refusal included: what arrived stays pending, never saved as complete
            problem = reply.problem or "no content"
            break
        pending.complete()  # a process killed from here on leaves a write the next session finishes
        try:
            message = documents.apply(action.kind, pending.meta.file, reply.value, action.target)
        except FileSystemRefused as refused:  # no other content would do: not composed again
            problem = str(refused)
            break
        except DocumentRefused as refused:
            problem = str(refused)
            continue
        pending.finish()
        return ActionOutcome(ok=True, message=f"{message}, from {pending.meta.parts} parts")
    pending.fail(problem or "no valid content")
    return ActionOutcome(ok=False, message=f"{pending.meta.file} was not written: {problem}")
