"""A few steps of the offline engine on snapshots given in turn, each step's note carried to the next as a session
carries it: a helper of the offline engine's unit tests, not a test."""

from __future__ import annotations

import tempfile
from pathlib import Path

from pytest_useragent import OfflineProvider, Persona
from pytest_useragent.cost.ledger import Budget, RunLedger
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.records import ActionOutcome, Decision, Observation
from pytest_useragent.records.focus import Focus, walk


def steps(
    goal: str,
    snapshots: list[str],
    lang: str = "en",
    url: str = "http://x/",
    title: str = "Page",
    outcomes: list[str] | None = None,
    persona: Persona | None = None,
    long: bool = False,
    secret: str | None = None,
) -> list[Decision]:
    """The engine's decisions on each snapshot in turn, as one session: each step gets the summary, the action and
    its outcome (it went through, saying `outcomes[n]` after the step n, else "clicked"), and the expectation of the
    step before. `long`: each snapshot is a long page's condensed view (it shows 10 of its 500 elements). `secret`:
    masked in the summary handed back, as a session masks a password it has typed. A keyboard persona is told where
    focus is, as a session tells it (`records.focus.walk`)."""
    ledger = Path(tempfile.mkdtemp()) / "ledger.json"
    decisions: list[Decision] = []
    focus: Focus | None = None
    for index, snapshot in enumerate(snapshots, start=1):
        focus = walk(focus, snapshot, same_page=True) if persona is not None and persona.uses == "keyboard" else None
        before = decisions[-1] if decisions else None
        request = StepRequest(
            model="offline",
            persona=persona or Persona("Alex"),
            goal=goal,
            step=index,
            max_steps=9,
            summary=(before.summary.replace(secret, "••••••") if secret else before.summary) if before else "",
            observation=Observation(
                url=url, title=title, snapshot=snapshot, lang=lang, **({"elements": 500, "shown": 10} if long else {})
            ),
            last_action=before.action.describe() if before else None,  # as a session tells it: `press e5 Enter`
            last_outcome=ActionOutcome(ok=True, message=said(outcomes, index - 2)) if before else None,
            expectation=before.expectation if before else None,
            focus=focus,
        )
        reply = OfflineProvider().decide(request, Budget(PriceBook.load(), RunLedger.create(ledger, 1)))
        assert reply.value is not None
        decisions.append(reply.value)
    return decisions


def said(outcomes: list[str] | None, index: int) -> str:
    return outcomes[index] if outcomes and index < len(outcomes) and outcomes[index] else "clicked"
