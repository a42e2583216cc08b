from pytest_useragent import Agent, OfflineProvider
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.persona import DEFAULT_PERSONA


def test_offline_finds_pricing(page, site, tmp_path):
    agent = Agent(page, DEFAULT_PERSONA, OfflineProvider(), UserAgentConfig(max_steps=5), tmp_path)
    result = agent.run("Find the pricing", url=site + "/index.html")
    print(result.model_dump_json(indent=1)[:3000])
    assert result.goal_achieved
