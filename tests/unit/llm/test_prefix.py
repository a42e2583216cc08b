"""The system prompt's shared part fills the cached prefix to the model's minimum, counting what comes before it;
the persona's own part comes after it, so personas share the cache."""

from __future__ import annotations

import json

from pytest_useragent import Persona
from pytest_useragent.config.providers import PROVIDERS
from pytest_useragent.cost.billing import Meter
from pytest_useragent.cost.ledger import Budget, RunLedger
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.llm.anthropic import tool
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.llm.choice import built
from pytest_useragent.llm.prefix import MARGIN, estimated_tokens, system_prompt
from pytest_useragent.records import Decision, Observation
from pytest_useragent.testing import FakeMessagesAPI, decision

JANA = Persona(name="Jana")


def test_the_tools_before_the_system_prompt_count_toward_the_minimum():
    tools = json.dumps(tool(Decision))
    whole = system_prompt(JANA, 100_000).shared
    shorter = 0
    for minimum in range(1024, 6144, 256):
        alone, after_tools = system_prompt(JANA, minimum).shared, system_prompt(JANA, minimum, tools).shared
        assert len(after_tools) <= len(alone)
        shorter += len(after_tools) < len(alone)  # less of the guide: the schema now fills part of the prefix
        assert estimated_tokens(after_tools) >= (minimum - estimated_tokens(tools)) * MARGIN or after_tools == whole
    assert shorter


def test_every_persona_shares_the_first_part_and_has_its_own_after_it():
    kai = Persona("Kai, 29. Uses the keyboard alone.", uses="keyboard")
    vera = Persona("Vera, 78. Reads with a screen reader.", uses="screen-reader")
    prompts = [system_prompt(persona, 2048) for persona in (JANA, kai, vera)]
    assert len({prompt.shared for prompt in prompts}) == 1  # one cached prefix for the run
    assert not any(name in prompts[0].shared for name in ("Jana", "Kai", "Vera", "keyboard alone", "screen reader"))
    assert [prompt.own.split(",")[0] for prompt in prompts] == ["You are Jana", "You are Kai", "You are Vera"]
    assert "press key (Tab" in prompts[1].own and "- click ref" in prompts[0].own and "- click ref" in prompts[2].own
    assert "never see the page" in prompts[2].own and "never see the page" not in prompts[0].own
    assert all(prompt.text.startswith(prompt.shared) for prompt in prompts)  # shared first, where one text is sent


def test_three_personas_in_one_run_write_the_shared_prefix_once(tmp_path):
    """Through the Anthropic SDK and the fake Messages API: the first persona writes the shared part and its own; the
    others read the shared part and write only their own (a few hundred tokens), not the whole prefix again."""
    personas = [JANA, Persona("Kai, 29. Uses the keyboard alone.", uses="keyboard"), Persona("Vera, 78.", zoom=200)]
    (row,) = [row for row in PROVIDERS if row.name == "anthropic"]
    meter = Meter(Budget(PriceBook.load(), RunLedger.create(tmp_path / "ledger.json", 5)))
    with FakeMessagesAPI([decision("back") for _ in personas]) as fake:
        provider = built(row, {"max_retries": 0, "base_url": fake.base_url, "api_key": "sk-test"})
        for persona in personas:
            request = StepRequest(
                model="claude-sonnet-4-6",
                persona=persona,
                goal="Find the price",
                step=1,
                max_steps=5,
                summary="",
                observation=Observation(url="http://x/", title="Shop", snapshot='- link "Pricing" [ref=e1]'),
                cache_minimum=2048,
            )
            assert provider.decide(request, meter).value is not None
    usages = [call.usage for call in meter.calls]
    shared = usages[0].cache_creation_input_tokens - usages[1].cache_creation_input_tokens
    assert usages[0].cache_read_input_tokens == 0 and shared >= 2048
    for usage in usages[1:]:
        assert usage.cache_read_input_tokens >= 2048  # the shared part, read
        assert 0 < usage.cache_creation_input_tokens < 1000  # its own part alone, written
