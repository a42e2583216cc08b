"""Opt-in: a real session against the real Anthropic API. Skipped unless ANTHROPIC_API_KEY is set."""

from __future__ import annotations

import os

import pytest

from pytest_useragent import Agent, AnthropicProvider, Persona
from pytest_useragent.config import UserAgentConfig

pytestmark = [
    pytest.mark.live,
    pytest.mark.skipif(not os.environ.get("ANTHROPIC_API_KEY"), reason="needs ANTHROPIC_API_KEY (live Claude test)"),
]


def test_claude_finds_the_pricing(page, site, tmp_path):
    agent = Agent(
        page,
        Persona("Jana, 45. Careful reader."),
        AnthropicProvider(),
        UserAgentConfig(max_steps=6, budget=0.5),
        tmp_path,
    )
    result = agent.run("Find what the Pro plan costs", url=f"{site}/index.html")
    assert result.goal_achieved and result.cost_usd <= 0.5
    assert result.wrap_up is not None
