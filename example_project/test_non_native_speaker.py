"""Tereza compares the plans and keeps her notes (she writes in Czech when a model drives her)."""

from pathlib import Path

import pytest

pytestmark = pytest.mark.useragent(persona="personas/tereza.yaml")


def test_tereza_compares_the_plans_and_keeps_notes(agent, shop_url):
    result = agent.run("Compare the pricing plans and record them in plans.md", url=shop_url)

    assert result.goal_achieved
    notes = Path(result.docs["plans.md"]).read_text()
    assert "Basic plan" in notes and "Team plan" in notes


@pytest.mark.flaw("the pricing page scrolls sideways on a laptop screen")
def test_pricing_fits_the_screen(agent, shop_url):
    result = agent.run("Compare the pricing plans", url=shop_url)

    assert not [issue for issue in result.issues if issue.rule == "horizontal-overflow"]
