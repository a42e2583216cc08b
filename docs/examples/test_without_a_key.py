from pathlib import Path

import anthropic
import pytest

from pytest_useragent import AnthropicProvider
from pytest_useragent.testing import FakeMessagesAPI, decision, ref_of, wrap_up

SHOP = Path(__file__).parent.parent.joinpath("tutorial", "shop.html").as_uri()


@pytest.fixture
def llm_provider():
    script = [
        lambda body: decision("click", ref_of(body, "Pricing")),
        decision("done", verdict="met", evidence="$12 per month"),
        wrap_up(),
    ]
    with FakeMessagesAPI(script) as server:
        yield AnthropicProvider(anthropic.Anthropic(base_url=server.base_url, api_key="test"))


def test_a_scripted_session(agent):
    result = agent.run("Find what the Pro plan costs", url=SHOP)

    assert result.goal_achieved and result.provider == "anthropic"
    assert result.cost_usd > 0  # priced as the real model would be
