from pathlib import Path

import pytest

SHOP = Path(__file__).with_name("shop.html").as_uri()  # your app's URL, e.g. "http://localhost:8000"


@pytest.mark.useragent(persona="first-time-visitor", max_steps=8, survey="sus")
def test_a_first_time_visitor_finds_the_pro_price(agent):
    result = agent.run("Find the price of the Pro plan", url=SHOP)

    assert result.goal_achieved
    assert result.expectations.met_rate >= 0.5
    assert not result.issues.at_least("critical", trust="objective")
