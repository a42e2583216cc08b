"""What an OpenAI API failure says: the one line recorded as the session's error, and shown in reports and skips."""

from __future__ import annotations

import socket
from pathlib import Path

import openai
import pytest

from pytest_useragent.cost.billing import Meter
from pytest_useragent.cost.ledger import Budget, RunLedger
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.errors import ProviderError
from pytest_useragent.llm.openai import OpenAIProvider
from pytest_useragent.llm.prefix import SystemPrompt
from pytest_useragent.llm.prompted import Question
from pytest_useragent.records import WrapUp


def closed_port() -> int:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        return int(free.getsockname()[1])


def test_an_unreachable_gateway_is_named_without_the_credentials_in_its_address(tmp_path: Path):
    # a gateway behind basic auth is configured as OPENAI_BASE_URL=https://user:token@host/v1: the token is no
    # test credential, so nothing downstream would redact it from the error
    client = openai.OpenAI(base_url=f"http://ci:s3cr3t-t0ken@127.0.0.1:{closed_port()}/v1", api_key="x", max_retries=0)
    meter = Meter(Budget(PriceBook.load(), RunLedger.create(tmp_path / "ledger.json", 1)))
    with pytest.raises(ProviderError) as raised:
        OpenAIProvider(client).ask(Question(WrapUp, "wrap_up", "gpt-5.4-mini", SystemPrompt("", "system"), "hi"), meter)
    assert "s3cr3t-t0ken" not in str(raised.value) and "ci:" not in str(raised.value)
    assert "unreachable at http://127.0.0.1:" in str(raised.value)
