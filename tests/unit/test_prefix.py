"""The system prompt fills the cached prefix to the model's minimum, counting what comes before it."""

from __future__ import annotations

import json

from pytest_useragent import Persona
from pytest_useragent.llm.anthropic import tool
from pytest_useragent.llm.prefix import MARGIN, estimated_tokens, system_prompt
from pytest_useragent.records import Decision

JANA = Persona(name="Jana")


def test_the_tools_before_the_system_prompt_count_toward_the_minimum():
    tools = json.dumps(tool(Decision))
    whole = system_prompt(JANA, 100_000)
    shorter = 0
    for minimum in range(1024, 6144, 256):
        alone, after_tools = system_prompt(JANA, minimum), system_prompt(JANA, minimum, tools)
        assert len(after_tools) <= len(alone)
        shorter += len(after_tools) < len(alone)  # less of the guide: the schema now fills part of the prefix
        assert estimated_tokens(after_tools) >= (minimum - estimated_tokens(tools)) * MARGIN or after_tools == whole
    assert shorter
