"""The persona's verdict on its last expectation stands, unless the harness measured that it cannot have been met:
the action did not happen, a click changed nothing, a Tab left focus where it was (`session/verdict.checked`)."""

from __future__ import annotations

import pytest

from pytest_useragent.records import ActionOutcome, Claim, Evaluation
from pytest_useragent.session.verdict import checked

MET = Evaluation(verdict="met", note="as I expected")


@pytest.mark.parametrize(
    ("outcome", "seen"),
    [
        (ActionOutcome(ok=False, message="no element e9 on the page"), "the action did not happen (no element e9"),
        (ActionOutcome(ok=True, message="clicked", dead_click=True), "the click changed nothing on the page"),
        (ActionOutcome(ok=True, message="pressed Tab", focus_stayed='textbox "Search"'), "focus stayed on textbox"),
    ],
)
def test_met_is_unmet_when_the_harness_measured_it_cannot_be(outcome, seen):
    judged = checked(MET, outcome)
    assert judged is not None and judged.verdict == "unmet"
    assert judged.note.startswith(seen) and judged.note.endswith("the persona said: as I expected")


@pytest.mark.parametrize(
    ("evaluation", "outcome"),
    [
        (MET, ActionOutcome(ok=True, message="pressed Tab")),  # the twin: focus moved, the word stands
        (Evaluation(verdict="unmet", note="no"), ActionOutcome(ok=False, message="failed")),  # not met: as said
        (MET, ActionOutcome(ok=False, message="not done", claim=Claim(step=1, evidence="x"))),  # a done: judged apart
        (None, ActionOutcome(ok=False, message="failed")),
        (MET, None),  # the first step: nothing done before it
    ],
)
def test_every_other_verdict_stands_as_the_persona_gave_it(evaluation, outcome):
    assert checked(evaluation, outcome) == evaluation
