"""What the step prompt tells of the page's signals: a person at the page sees no console, so its errors are not told
(they stay check findings of their own); a failed request is still told (llm/prompts/step.j2)."""

from __future__ import annotations

from pytest_useragent import Persona
from pytest_useragent.browser.checks import issues_from_signals
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.llm.prompts import render
from pytest_useragent.records import Observation
from pytest_useragent.records.page import FailedRequest, Signals

SIGNALS = Signals(
    console_errors=["TypeError: cannot read properties of undefined (reading 'price')"],
    failed_requests=[FailedRequest(method="GET", url="http://x/api/prices", resource="fetch", status=500)],
)


def step(signals: Signals, uses: str = "mouse") -> str:
    observation = Observation(url="http://x/", title="Shop", snapshot='- button "Buy" [ref=e1]', signals=signals)
    persona = Persona("Jana, 45.", uses=uses)  # type: ignore[arg-type]
    request = StepRequest(
        model="m", persona=persona, goal="Buy", step=2, max_steps=5, summary="", observation=observation
    )
    return render("step.j2", request=request)


def test_no_persona_is_told_console_errors_and_each_is_still_a_finding_of_its_own():
    for uses in ("mouse", "keyboard", "screen-reader", "touch"):
        told = step(SIGNALS, uses)
        assert "Console" not in told and "reading 'price'" not in told, uses
        assert "Failed requests: GET http://x/api/prices -> 500" in told, uses  # what the page did not load is told
    assert [issue.rule for issue in issues_from_signals(SIGNALS)] == ["http-error", "console-error"]


def test_a_page_without_signals_is_told_none():
    told = step(Signals())
    assert "Failed requests" not in told and "Console" not in told
