"""ScriptedProvider: a session driven by a function of the request, in process, paid (or not) through the Meter."""

from __future__ import annotations

import pytest

from pytest_useragent import Agent, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.records import Usage
from pytest_useragent.testing import ScriptedProvider, decision, ref_of, wrap_up


def test_a_function_of_the_request_drives_a_session(page, site, tmp_path):
    def decide(request):
        if request.step == 1:
            return decision("click", ref_of(request, "Pricing"))
        return decision("done", verdict="met", evidence="Pro")

    provider = ScriptedProvider(decide, wrap_up=wrap_up(intuitiveness=4))
    result = Agent(page, Persona(name="Jana"), provider, UserAgentConfig(), tmp_path).run(
        "Find the Pro plan's price", url=f"{site}/index.html"
    )
    assert result.goal_achieved and result.provider == "scripted" and result.cost_usd == 0
    assert result.price_known  # nothing was charged at the dearest rate: no "no known price" said of it
    assert result.wrap_up is not None and result.wrap_up.intuitiveness == 4
    assert [request.step for request in provider.requests] == [1, 2]
    assert provider.requests[1].expectation == "it works" and provider.requests[1].last_outcome.ok


def test_with_a_usage_every_call_is_paid_through_the_meter(page, site, tmp_path):
    usage = Usage(input_tokens=1000, output_tokens=300, cache_read_input_tokens=2000)
    provider = ScriptedProvider(
        [decision("done", evidence="Welcome to Corner Shop")], model="claude-sonnet-4-6", usage=usage
    )
    result = Agent(page, Persona(name="Jana"), provider, UserAgentConfig(), tmp_path).run(
        "Find the shop", url=f"{site}/index.html"
    )
    per_call = PriceBook.load().cost_usd("claude-sonnet-4-6", usage)
    assert result.model == "claude-sonnet-4-6"
    assert result.cost_usd == pytest.approx(2 * per_call)  # the step and the wrap-up
    assert [call.purpose for call in result.steps[0].calls] == ["decide"]


def test_a_script_that_runs_out_says_which_step(page, site, tmp_path):
    provider = ScriptedProvider([decision("scroll", direction="down")])
    result = Agent(page, Persona(name="Jana"), provider, UserAgentConfig(max_steps=2), tmp_path).run(
        "Find the shop", url=f"{site}/index.html"
    )
    assert result.outcome == "max_steps"
    assert "ScriptedProvider: no decision left for step 2" in result.steps[1].outcome.message
