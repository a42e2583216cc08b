"""Test doubles that ship with pytest-useragent, so suites can test agent sessions with no key and no network.

- FakeMessagesAPI: a loopback HTTP server that speaks the Anthropic Messages API; point the real SDK at it with
  `anthropic.Anthropic(base_url=server.base_url, api_key="test")`. It validates what it receives, replies from a
  script, and injects faults (any status such as 401, 429 with retry-after, 529, 500; a dropped connection, slow
  replies, replies cut at max_tokens, malformed JSON, refusals). A request with tools is answered with a `tool_use`
  block whose input is the scripted reply (under `tool_choice` auto, when the reply is a JSON object); tools are
  billed in the cached prefix, before the system prompt. A Claude 5 model thinks first (a thinking block, billed as
  output, that a repaired tool call must send back unmodified) and refuses what the real one refuses: a forced
  tool, a prefill, sampling parameters (`testing/claude_models.py`). `billed` holds the usage of every reply delivered.
- FakeChatCompletionsAPI: the same for OpenAI's Chat Completions API (and any compatible server); point the real
  `openai` SDK at it with `openai.OpenAI(base_url=server.base_url, api_key="test")`. Same script, same faults.
- ScriptedProvider: a provider in the test's process, no HTTP: a function from StepRequest to Decision (or a list).
- FakePage: a session's page in memory (`session.page.SessionPage`), for a session run with no browser.
- decision(...) / wrap_up(...): build scripted replies in one line.
"""

from __future__ import annotations

from pytest_useragent.testing.chat_api import FakeChatCompletionsAPI
from pytest_useragent.testing.messages_api import FakeMessagesAPI
from pytest_useragent.testing.page import FakePage
from pytest_useragent.testing.replies import decision, ref_of, wrap_up
from pytest_useragent.testing.script import (
    Fault,
    Malformed,
    MaxTokens,
    NotAMessage,
    Refusal,
    Reset,
    Slow,
    Truncated,
    TwoCalls,
)
from pytest_useragent.testing.scripted import ScriptedProvider

__all__ = [
    "FakeChatCompletionsAPI",
    "FakeMessagesAPI",
    "FakePage",
    "Fault",
    "Malformed",
    "MaxTokens",
    "NotAMessage",
    "Refusal",
    "Reset",
    "ScriptedProvider",
    "Slow",
    "Truncated",
    "TwoCalls",
    "decision",
    "ref_of",
    "wrap_up",
]
