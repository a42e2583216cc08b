"""Jana (personas/jana.yaml, set in pytest.ini) tries the shop."""

import pytest


def test_jana_finds_the_pricing(agent, shop_url):
    result = agent.run("Find the pricing of the plans", url=f"{shop_url}/index.html")

    assert result.goal_achieved, result.error
    assert result.expectations.met_rate >= 0.5
    assert not result.issues.at_least("major")


@pytest.mark.useragent(persona="Petr, 30, a developer in a hurry. Skims, clicks the first thing that fits.")
def test_petr_reads_about_the_shop(agent, shop_url):
    result = agent.run("Read the About us page to see who runs the shop", url=f"{shop_url}/index.html")

    assert result.goal_achieved
    assert result.steps[0].outcome.locator == 'get_by_role("link", name="About us")'


@pytest.mark.xfail(reason="known flaw: the Careers link leads to a missing page", strict=True)
def test_jana_finds_a_job_opening(agent, shop_url):
    result = agent.run("Find the careers page", url=f"{shop_url}/index.html")

    assert result.goal_achieved
