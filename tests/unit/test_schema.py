"""The structured-output schemas sent with every call: compact, and still complete."""

from __future__ import annotations

import json
from typing import Any

import anthropic
import pytest

from pytest_useragent.llm.anthropic import _schema
from pytest_useragent.records import Decision, WrapUp


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


@pytest.mark.parametrize("model", [Decision, WrapUp])
def test_every_required_field_is_still_described(model):
    schema = _schema(model)
    for node in objects(schema):
        assert set(node["required"]) <= set(node["properties"]), node
    issue = schema["$defs"]["IssueDraft"]["properties"]
    assert "title" in issue  # a field called title survives; title annotations do not
    text = json.dumps(schema)
    assert '"title": "' not in text.replace('"title": {', "") and "{default: None}" not in text


def test_the_compact_schema_is_smaller_than_the_sdks():
    assert len(json.dumps(_schema(Decision))) < 0.85 * len(json.dumps(anthropic.transform_schema(Decision)))
