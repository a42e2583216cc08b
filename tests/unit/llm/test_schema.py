"""The structured-output schemas sent with every call: compact, and still complete."""

from __future__ import annotations

import json
import re
from typing import Any

import anthropic
import pytest

from pytest_useragent.llm.base import WrapUpRequest
from pytest_useragent.llm.prefix import system_prompt
from pytest_useragent.llm.prompts import render
from pytest_useragent.llm.schema import shape as _schema
from pytest_useragent.records import Decision, WrapUp
from pytest_useragent.records.persona import Persona

JANA = Persona(name="Jana", background="Jana, 45.")


def wrap_up_request() -> WrapUpRequest:
    return WrapUpRequest(model="m", persona=JANA, goal="g", outcome="max_steps", summary="s", steps=[])


def objects(node: Any) -> list[dict[str, Any]]:
    found = []
    if isinstance(node, dict):
        if node.get("type") == "object":
            found.append(node)
        for value in node.values():
            found += objects(value)
    elif isinstance(node, list):
        for item in node:
            found += objects(item)
    return found


@pytest.mark.parametrize(("model", "prompt"), [(Decision, "system prompt"), (WrapUp, "wrap_up.j2")])
def test_the_schema_is_shape_only_and_the_prompt_names_every_field(model, prompt):
    schema = _schema(model)
    for node in objects(schema):
        assert set(node["required"]) <= set(node["properties"]), node
    issue = schema["$defs"]["IssueDraft"]["properties"]
    assert "title" in issue  # a field called title survives; title annotations do not
    text = json.dumps(schema)
    assert '"title": "' not in text.replace('"title": {', "") and '"description"' not in text
    # the steps' system prompt: both its parts (the shared one, the persona's own)
    told = system_prompt(JANA, 0).text if prompt == "system prompt" else render(prompt, request=wrap_up_request())
    for node in objects(schema):
        for name in node["properties"]:
            assert re.search(rf"\b{name}\b", told), f"{prompt} never names {name}"


def test_the_compact_schema_is_smaller_than_the_sdks():
    assert len(json.dumps(_schema(Decision))) < 0.85 * len(json.dumps(anthropic.transform_schema(Decision)))
