"""Jana's first visit: finding prices, noting them down, and looking for a job for her son."""

from pathlib import Path

import pytest

pytestmark = pytest.mark.useragent(persona="personas/jana.yaml")


def test_jana_notes_what_the_pro_plan_costs(agent, shop_url):
    result = agent.run("Find the price of the Pro plan and note it in pricing.md", url=shop_url)

    assert result.goal_achieved
    assert "$12 per month" in Path(result.docs["pricing.md"]).read_text()


@pytest.mark.flaw("the Careers link leads to a page that does not exist")
def test_jana_finds_a_job_opening(agent, shop_url):
    result = agent.run("Find a job opening in careers", url=shop_url)

    assert result.goal_achieved
    assert not [issue for issue in result.issues if issue.rule == "http-error"]


@pytest.mark.flaw("the cart button has no accessible name")
def test_the_shop_is_usable_with_a_screen_reader(agent, shop_url):
    result = agent.run("Find the pricing", url=shop_url)

    assert not result.issues.at_least("critical")
