"""A form some sites confirm only with an `alert()`: the persona was told what the dialog said ("an alert dialog said
..."), and a done quoting it is taken, shown by the dialog; a done quoting what no dialog said is not (the twin).
Two real sites (Spanish and French) confirmed their forms this way: a true done could not be claimed."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.ledger import Spending
from pytest_useragent.records import Persona
from pytest_useragent.records.page import PageEvent
from pytest_useragent.session.coordinator import Session
from pytest_useragent.session.state import Setup
from pytest_useragent.session.verdict import locate
from pytest_useragent.testing import FakePage, ScriptedProvider, decision

START = "https://shop.test/contact"
PAGES = {START: "Contacto\ntextbox Nombre\nbutton Enviar"}
THANKS = "¡Gracias! Tu mensaje ha sido enviado."


def test_evidence_is_looked_for_on_the_page_then_in_documents_then_in_what_a_dialog_said():
    assert locate("Mensaje enviado", "Contacto", {}, ["¡Gracias! Tu mensaje ha sido enviado."]) is None
    assert locate("mensaje ha sido enviado", "Contacto", {}, [THANKS]) == "dialog"
    assert locate("Contacto", "Contacto", {}, ["Contacto"]) == "page"
    assert locate("mensaje ha sido enviado", "Contacto", {"n.md": "mensaje ha sido enviado"}, [THANKS]) == "docs/n.md"
    assert locate("mensaje ha sido enviado", "Contacto", {}) is None


@pytest.mark.parametrize(
    ("evidence", "dialog", "taken"),
    [(THANKS, "alert", True), ("Mensaje recibido", "alert", False), (THANKS, "confirm", False)],
)  # the twins: what no dialog said, and a confirm, which asks and shows nothing done
def test_a_done_quoting_the_alert_that_confirmed_the_form_is_taken(tmp_path, evidence, dialog, taken):
    alert = PageEvent(kind="dialog", dialog=dialog, message=THANKS, answer="accepted")
    page = FakePage(PAGES, url=START, events=[alert])
    steps = [decision("click", "e3", expectation="sent"), decision("done", evidence=evidence), decision("give_up")]
    config = UserAgentConfig(max_steps=3)
    finished: list[Any] = []
    setup = Setup(
        page=page, persona=Persona(name="Ana"), provider=ScriptedProvider(steps), config=config,
        directory=tmp_path / "s", spending=Spending.start(config, tmp_path / "ledger.json"), finished=finished.append,
    )  # fmt: skip
    Session(setup).run("Envía el formulario", START)
    result = finished[0]
    claim = result.steps[1].outcome.claim
    assert claim is not None and claim.accepted is taken
    assert (result.outcome == "goal_achieved") is taken
    if taken:
        assert claim.found_in == "dialog" and result.steps[1].outcome.message == "done, shown by the dialog"
