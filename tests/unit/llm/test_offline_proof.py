"""What proves a task went through: news on the page since the engine acted. A status that names the control just
clicked tells that control's own state ("Alto contraste activado" after "Alto contraste", on the held-out town hall's
form, was taken for the form's confirmation: a false done); the twin, a confirmation after the form's own button
("Subscribed!" after "Subscribe"), still proves it."""

from __future__ import annotations

from pytest_useragent.llm.offline.page import parse_snapshot, proof

PAGE = """- heading "Radicar PQRS" [level=1] [ref=e1]
- status [ref=e2]: {news}"""


def test_a_controls_own_state_is_no_proof_and_a_forms_confirmation_is():
    toggled = parse_snapshot(PAGE.format(news="Alto contraste activado."))
    assert proof(toggled, [], (), echo="Alto contraste") is None
    assert proof(toggled, [], ()) == "Alto contraste activado."  # without the echo: news like any other
    subscribed = parse_snapshot(PAGE.format(news="Subscribed! Check your inbox."))
    assert proof(subscribed, [], (), echo="Subscribe") == "Subscribed! Check your inbox."
