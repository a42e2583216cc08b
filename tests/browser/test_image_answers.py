"""An answer only in an image's text alternative (tests/pages/truths/hours-image.html): the offline engine reads the
alt as it reads text, notes it and claims it, and the claim is found on the page, whose text to evidence holds the
alternatives of the images a person sees. The twin: the same image marked decorative (`alt=""`) holds no words a
reader or the engine gets, and no done is claimed."""

from __future__ import annotations

import pytest

from pytest_useragent import Agent, OfflineProvider, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.session.verdict import visible_text

HOURS = "Opening hours: Monday to Friday 9:00-18:00, Saturday 9:30-13:00"
GOAL = "Find out when the library is open on Saturday and note it"


@pytest.mark.parametrize(("name", "reached"), [("hours-image", True), ("hours-image-decorative", False)])
def test_an_answer_in_an_images_alt_is_read_noted_and_shown_by_the_page(page, site, tmp_path, name, reached):
    config = UserAgentConfig(settle_timeout=2, max_steps=4)
    result = Agent(page, Persona("Ana, 34."), OfflineProvider(), config, tmp_path).run(
        GOAL, url=f"{site}/truths/{name}.html"
    )
    assert (result.outcome == "goal_achieved") is reached, [step.outcome.message for step in result.steps]
    if reached:
        done = result.steps[-1]
        assert done.action.evidence == HOURS and done.outcome.claim.found_in == "page"
        assert HOURS in (tmp_path / "useragent" / "docs" / "notes.md").read_text()
    else:
        assert all(step.action.kind != "done" for step in result.steps)


def test_the_pages_text_holds_the_alt_of_images_shown_only(page):
    page.set_content(
        '<p>Prices</p><img alt="Pro plan: 12 EUR a month" width="10" height="10">'
        '<img alt="hidden by style" style="display:none"><span role="img" aria-label="Five stars"></span>'
        '<div aria-hidden="true"><img alt="hidden from readers" width="10" height="10"></div><img alt="" width="1">'
    )
    lines = visible_text(page, 5).splitlines()
    assert lines[1:] == ["Prices", "Pro plan: 12 EUR a month", "Five stars"], lines  # a role="img" is one too
