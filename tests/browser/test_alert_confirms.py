"""A form confirmed only by an `alert()` (a Spanish and a French site measured did so): the persona is told what the
alert said, and a done quoting it is taken, shown by the dialog; the offline engine claims it after its own send.
The twin: an alert that says an error is no confirmation, and no done is taken."""

from __future__ import annotations

import pytest

from pytest_useragent import Agent, OfflineProvider, Persona
from pytest_useragent.config import UserAgentConfig

THANKS = "¡Gracias! Tu mensaje ha sido enviado."


@pytest.mark.parametrize(("query", "reached"), [("", True), ("?fails", False)])
def test_a_form_an_alert_confirms_is_reached_by_what_the_alert_said(page, site, tmp_path, query, reached):
    agent = Agent(page, Persona("Ana, 34."), OfflineProvider(), UserAgentConfig(settle_timeout=2), tmp_path)
    result = agent.run("Envía el formulario con el nombre «Ana García»", url=f"{site}/alert-confirms.html{query}")
    assert page.evaluate("window.sent") == "Ana García"  # sent both times, with the value in its field
    assert (result.outcome == "goal_achieved") is reached, [step.outcome.message for step in result.steps]
    if reached:
        last = result.steps[-1]
        assert last.action.evidence == THANKS and last.outcome.claim.found_in == "dialog"
    else:
        assert all(step.action.kind != "done" for step in result.steps)
