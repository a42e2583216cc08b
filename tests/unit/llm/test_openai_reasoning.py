"""Which models the openai provider asks for low reasoning effort: those that reason unless told otherwise (the
o-series, GPT-5.0, default medium), and nothing else: from GPT-5.1 on the default is none, no reasoning."""

from __future__ import annotations

import pytest

from pytest_useragent.llm.openai import reasons_by_default

REASONING = ["o1", "o3", "o3-mini", "o4-mini", "gpt-5", "gpt-5-mini", "gpt-5-nano", "gpt-5.0", "GPT-5",
             "gpt-5-2025-08-07", "openai/gpt-5-mini", "openai/o3-mini"]  # fmt: skip
"""With a gateway's vendor prefix too (OpenRouter, LiteLLM: `openai/gpt-5-mini`), which passes the effort on."""
PLAIN = ["gpt-5.1", "gpt-5.4-mini", "gpt-5.6-terra", "gpt-6-luna", "gpt-6.1-sol", "gpt-6.1-terra", "gpt-10",
         "GPT-5.5", "openai/gpt-5.4-mini",
         "gpt-4o", "gpt-4o-mini", "gpt-4.1", "gpt-4.1-nano", "gpt-3.5-turbo", "gpt-5-chat-latest",
         "gpt-5.1-chat-latest", "chatgpt-4o-latest", "llama3.1", "qwen2.5", "qwen3:8b", "mistral", "omni-moderation",
         "o", "gpt-oss-20b", "gpt", "", "openai/gpt-4o", "openai/gpt-oss-120b", "openai/gpt-5-chat-latest"]  # fmt: skip
"""From GPT-5.1 on, a model reasons only when asked ("gpt-5.1 defaults to none"); the rest do not reason at all."""


@pytest.mark.parametrize("model", REASONING)
def test_a_model_that_reasons_unasked_is_asked_for_low_effort(model):
    assert reasons_by_default(model)


@pytest.mark.parametrize("model", PLAIN)
def test_no_other_model_is_sent_an_effort(model):
    assert not reasons_by_default(model)
