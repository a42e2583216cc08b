"""The wrap-up rides the steps' cache: through the real Anthropic SDK and the fake Messages API (no browser: a
`FakePage`), its request begins with the steps' tools and system blocks, breakpoints where theirs are, and that prefix
is billed as a cache read; it lists only what the persona met."""

from __future__ import annotations

from pathlib import Path

import anthropic
import pytest

from pytest_useragent import AnthropicProvider, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.ledger import Spending
from pytest_useragent.llm.schema import parse
from pytest_useragent.records import Box, SessionResult, WrapUp
from pytest_useragent.records.rules import rule
from pytest_useragent.session.coordinator import Session
from pytest_useragent.session.state import Setup
from pytest_useragent.testing import FakeMessagesAPI, FakePage, Malformed, decision, wrap_up

START = "https://shop.test/"
IN_VIEW = rule("target-size").issue(
    "12x12 px", "<a href=/a>", title="Small link in view", box=Box(x=1, y=80, width=12, height=12)
)
UNSEEN = rule("target-size").issue(
    "10x10 px", "<a href=/b>", title="Small link far below", box=Box(x=1, y=3000, width=9, height=9)
)


def run(tmp_path: Path, model: str, *replies: object) -> tuple[FakeMessagesAPI, SessionResult]:
    steps = [decision("scroll", direction="down")] * 2
    with FakeMessagesAPI(script=[*steps, *replies]) as fake:
        client = anthropic.Anthropic(base_url=fake.base_url, api_key="test", max_retries=0)
        config = UserAgentConfig(model=model, max_steps=2)
        finished: list[SessionResult] = []
        Session(
            Setup(
                page=FakePage({START: "Corner Shop\nWelcome"}, issues=[IN_VIEW, UNSEEN]),
                persona=Persona(name="Jana"),
                provider=AnthropicProvider(client),
                config=config,
                directory=tmp_path / "s",
                spending=Spending.start(config, tmp_path / "ledger.json"),
                finished=finished.append,
            )
        ).run("Find the welcome", START)
    return fake, finished[0]


@pytest.mark.parametrize("model", ["claude-sonnet-4-6", "claude-sonnet-5-5"])
def test_the_wrap_up_begins_with_the_steps_prefix_and_reads_it_from_the_cache(tmp_path, model):
    fake, result = run(tmp_path, model, wrap_up())
    assert not fake.problems and result.wrap_up is not None
    step, wrap = fake.requests[1], fake.requests[-1]
    assert wrap["tools"] == step["tools"] and wrap["system"] == step["system"]  # breakpoints included
    assert all(block["cache_control"] == {"type": "ephemeral"} for block in wrap["system"])
    assert wrap["tool_choice"] == {"type": "none"} and "format" not in wrap.get("output_config", {})
    assert fake.billed[-1]["cache_read_input_tokens"] == fake.billed[1]["cache_read_input_tokens"] > 0
    assert fake.billed[-1]["cache_creation_input_tokens"] == 0
    told = wrap["messages"][0]["content"][0]["text"]
    assert "Small link in view" in told and "Small link far below" not in told  # only what the persona met
    assert {issue.title for issue in result.issues} == {"Small link in view", "Small link far below"}  # all kept


def test_a_wrap_up_in_text_that_does_not_validate_is_repaired(tmp_path):
    fake, result = run(tmp_path, "claude-sonnet-4-6", Malformed(), wrap_up(intuitiveness=3))
    assert not fake.problems and result.wrap_up is not None and result.wrap_up.intuitiveness == 3
    assert fake.billed[-1]["cache_read_input_tokens"] > 0  # the repair reads the same prefix


def test_an_answer_fenced_as_markdown_is_read():
    text = "```json\n" + wrap_up().model_dump_json() + "\n```"
    value, problem = parse(WrapUp, text)
    assert value is not None and not problem
