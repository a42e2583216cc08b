"""One goal, every preset persona: the run report's "Personas compared" table puts their met rate, SUS and issues
side by side. A preset is named in the marker (lowercase words with hyphens); `Persona.presets()` lists them, and
each is a YAML file in pytest_useragent/personas/ to copy and change. A persona who uses the keyboard alone meets a
barrier the others never do: the Pricing link answers a click, but no Tab reaches it."""

import pytest

from pytest_useragent import Persona

BARRIERS = {"keyboard-only": "the Pricing link cannot be reached with the keyboard"}
"""The presets a planted barrier stops on the flawed shop (the others click through it)."""
ROLES = [
    pytest.param(
        name,
        marks=[pytest.mark.useragent(persona=name, survey="sus")]
        + ([pytest.mark.flaw(BARRIERS[name])] if name in BARRIERS else []),
    )
    for name in Persona.presets()
]


@pytest.mark.parametrize("role", ROLES)
def test_every_persona_finds_the_pro_price(agent, shop_url, role):
    result = agent.run("Find the price of the Pro plan", url=shop_url)

    assert result.goal_achieved
    assert result.survey is not None  # the System Usability Scale, 0-100, answered after the session
