"""One goal, every preset persona: the run report's "Personas compared" table puts their met rate, SUS and issues
side by side. A preset is named in the marker (lowercase words with hyphens); `Persona.presets()` lists them, and
each is a YAML file in pytest_useragent/personas/ to copy and change."""

import pytest

from pytest_useragent import Persona

ROLES = [pytest.param(name, marks=pytest.mark.useragent(persona=name, survey="sus")) for name in Persona.presets()]


@pytest.mark.parametrize("role", ROLES)
def test_every_persona_finds_the_pro_price(agent, shop_url, role):
    result = agent.run("Find the price of the Pro plan", url=shop_url)

    assert result.goal_achieved
    assert result.survey is not None  # the System Usability Scale, 0-100, answered after the session
