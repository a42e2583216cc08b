"""The cached prefix reaches the model's minimum, and a session whose cache never formed says so."""

from __future__ import annotations

from pytest_useragent import Agent, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.ledger import Spending
from pytest_useragent.testing import decision, ref_of, wrap_up

SCRIPT = [lambda body: decision("click", ref_of(body, "Pricing")), decision("done", evidence="Pro"), wrap_up()]


def run(page, site, tmp_path, claude, config):
    spending = Spending.start(config, tmp_path / "ledger.json")
    return Agent(page, Persona(name="Jana"), claude, config, tmp_path / "s", spending=spending).run(
        "Find the Pro plan's price", url=f"{site}/index.html"
    )


def test_the_prefix_reaches_a_4096_token_minimum(page, site, tmp_path, fake_api, claude):
    fake_api.push(*SCRIPT)
    result = run(page, site, tmp_path, claude, UserAgentConfig(model="claude-haiku-4-5"))
    first, second = (step.calls[0].usage for step in result.steps)
    assert first.cache_creation_input_tokens >= 4096 and second.cache_read_input_tokens >= 4096
    assert result.cache is not None and result.cache.formed and result.cache.minimum == 4096


def test_a_cache_that_never_formed_says_so_in_the_report(page, site, tmp_path, fake_api, claude):
    # a prices file that tells the plugin Haiku caches from 1,024 tokens: the prefix is made too short for the API
    prices = tmp_path / "prices.yaml"
    prices.write_text("cache_minimums:\n  claude-haiku-4-5: 1024\n")
    fake_api.push(*SCRIPT)
    result = run(page, site, tmp_path, claude, UserAgentConfig(model="claude-haiku-4-5", prices=prices))
    assert all(call.usage.cache_read_input_tokens == 0 for step in result.steps for call in step.calls)
    assert result.cache is not None and result.cache.formed is False and result.cache.minimum == 1024
    report = (tmp_path / "s" / "useragent" / "report.md").read_text()
    assert "Prompt cache: 0% of the steps' input read from it; **it never formed**" in report
