from pathlib import Path

import pytest

from pytest_useragent import Persona

SHOP = Path(__file__).parent.parent.joinpath("tutorial", "shop.html").as_uri()
ROLES = [pytest.param(name, marks=pytest.mark.useragent(persona=name, survey="sus")) for name in Persona.presets()]


@pytest.mark.parametrize("role", ROLES)
def test_every_persona_finds_the_pro_price(agent, role):
    result = agent.run("Find the price of the Pro plan", url=SHOP)

    assert result.goal_achieved
    assert 0 <= result.survey.score <= 100  # the System Usability Scale, after the wrap-up


@pytest.mark.useragent(persona="screen-reader-user")
def test_a_debrief_interview(agent):
    result = agent.run("Find the price of the Pro plan", url=SHOP)

    interview = agent.interview("What did you expect when you opened Pricing?")

    assert interview.answer  # in the persona's voice; also in result.interviews, session.json and the reports
    assert result.interviews == [interview]
