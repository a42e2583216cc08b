from pathlib import Path

import pytest

from pytest_useragent import Persona

SHOP = Path(__file__).parent.parent.joinpath("tutorial", "shop.html").as_uri()
VERA = Persona("Vera, 78. Reads the web zoomed in; misses small and faint text.", zoom=400)
LUCIA = Persona("Lucia, 24. Shops on her phone on the bus.", device="Pixel 7", network="fast-3g")


@pytest.mark.useragent(persona=VERA)
def test_at_400_percent_the_shop_reflows(agent):
    result = agent.run("Find the price of the Pro plan", url=SHOP)

    assert result.setting.viewport.width == 320  # a 1280 px screen at 400%, as a browser zooms
    assert not [issue for issue in result.issues if issue.rule == "reflow"]  # WCAG 1.4.10


@pytest.mark.useragent(persona=LUCIA)
def test_on_a_phone_on_a_slow_connection(agent):
    result = agent.run("Find the price of the Pro plan", url=SHOP)

    assert result.goal_achieved
    assert result.setting.device == "Pixel 7" and result.setting.viewport.width == 412
