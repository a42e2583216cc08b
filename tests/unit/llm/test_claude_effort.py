"""Which Claude models every call asks for low effort: those of a generation that thinks by default (5 on), by the
name the user gives, dated or not; never an older one, which refuses or ignores it."""

from __future__ import annotations

import pytest

from pytest_useragent.llm.anthropic import thinks_by_default

THINKING = ["claude-sonnet-5-5", "claude-opus-5-5", "claude-fable-5-1", "claude-opus-5-5-20261001", "claude-haiku-5-5",
            "claude-sonnet-5", "claude-sonnet-6", "claude-opus-10"]  # fmt: skip
"""An unknown later generation (claude-sonnet-6) thinks too: no Claude since 5 has gone back."""
PLAIN = ["claude-sonnet-4-6", "claude-opus-4-8", "claude-haiku-4-5-20251001", "claude-3-5-haiku-latest",
         "claude-3-7-sonnet-latest", "claude-3-opus-20240229", "llama3.1", ""]  # fmt: skip


@pytest.mark.parametrize("model", THINKING)
def test_a_model_that_thinks_by_default_is_asked_for_low_effort(model):
    assert thinks_by_default(model)


@pytest.mark.parametrize("model", PLAIN)
def test_no_older_model_is(model):
    assert not thinks_by_default(model)
