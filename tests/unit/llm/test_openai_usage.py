"""What an OpenAI reply's usage is booked as: cache reads and cache writes taken out of plain input, reasoning as
output."""

from __future__ import annotations

import pytest
from openai.types import CompletionUsage

from pytest_useragent.llm.openai import _usage
from pytest_useragent.records import Usage


def usage(prompt: int, completion: int, **details: int) -> CompletionUsage:
    return CompletionUsage.model_validate(
        {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
            "prompt_tokens_details": details or None,
            "completion_tokens_details": {"reasoning_tokens": 24},
        }
    )


@pytest.mark.parametrize(
    ("reported", "booked"),
    [
        (usage(2000, 130), Usage(input_tokens=2000, output_tokens=130)),
        (
            usage(2000, 130, cached_tokens=1536),
            Usage(input_tokens=464, output_tokens=130, cache_read_input_tokens=1536),
        ),
        (
            usage(2000, 130, cached_tokens=0, cache_write_tokens=1536),
            Usage(input_tokens=464, output_tokens=130, cache_creation_input_tokens=1536),
        ),
        (
            usage(3000, 130, cached_tokens=1024, cache_write_tokens=1536),
            Usage(input_tokens=440, output_tokens=130, cache_creation_input_tokens=1536, cache_read_input_tokens=1024),
        ),
        # a server that reports more than the prompt never makes plain input negative
        (
            usage(1000, 5, cached_tokens=800, cache_write_tokens=800),
            Usage(input_tokens=0, output_tokens=5, cache_creation_input_tokens=200, cache_read_input_tokens=800),
        ),
        (usage(100, 5, cached_tokens=300), Usage(input_tokens=0, output_tokens=5, cache_read_input_tokens=100)),
    ],
)
def test_cache_reads_and_writes_are_booked_apart_from_input(reported, booked):
    assert _usage(reported) == booked
