"""Petr is in a hurry: search, subscribe, sign up, and no patience for slow pages or vague errors."""

import pytest

pytestmark = pytest.mark.useragent(persona="personas/petr.yaml")


def test_petr_finds_oat_milk(agent, shop_url):
    result = agent.run("Search for 'oat milk'", url=shop_url)

    assert result.goal_achieved


@pytest.mark.flaw("search answers after 1.5 seconds")
def test_search_answers_quickly(agent, shop_url):
    result = agent.run("Search for 'oat milk'", url=shop_url)

    assert not [issue for issue in result.issues if issue.rule == "slow-response"]


@pytest.mark.flaw("the newsletter button does nothing")
def test_petr_subscribes_to_the_newsletter(agent, shop_url):
    result = agent.run("Subscribe to the newsletter", url=shop_url)

    assert result.goal_achieved
    assert not [issue for issue in result.issues if issue.rule == "dead-click"]


@pytest.mark.flaw("sign-up wants 12 password characters, never says so, and answers 'Something went wrong'")
def test_petr_signs_up_for_the_pro_plan(agent, shop_url):
    result = agent.run("Sign up for the Pro plan", url=shop_url)

    assert result.goal_achieved
    assert result.expectations.met_rate >= 0.8
