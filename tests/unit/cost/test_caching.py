"""Whether a session's prompt cache formed, from the usage of its steps' calls."""

from __future__ import annotations

import pytest

from pytest_useragent.cost.caching import cache_use, never_formed
from pytest_useragent.records import Call, Usage
from pytest_useragent.testing.synthetic import session_result


def steps_with(*usages: Usage):
    steps = session_result(steps=len(usages)).steps
    return [
        step.model_copy(update={"calls": [Call(purpose="decide", model="m", usage=u, cost_usd=0, seconds=0)]})
        for step, u in zip(steps, usages, strict=True)
    ]


def test_a_cache_read_after_the_first_step_is_a_cache_that_formed():
    use = cache_use(
        steps_with(
            Usage(input_tokens=1000, cache_creation_input_tokens=3000),
            Usage(input_tokens=1000, cache_read_input_tokens=3000),
        ),
        2048,
    )
    assert use is not None and use.formed and use.read_share == pytest.approx(3000 / 8000)
    assert never_formed(use) is None


def test_no_read_after_the_first_step_says_so_with_the_minimum():
    use = cache_use(steps_with(Usage(input_tokens=3000), Usage(input_tokens=3000)), 4096)
    assert use is not None and use.formed is False and use.read_share == 0
    assert never_formed(use) == (
        "no step after the first read from the prompt cache (the model caches a prefix of 4,096 tokens or more)"
    )


def test_one_step_or_no_call_cannot_tell():
    assert cache_use(steps_with(Usage(input_tokens=3000)), 1024).formed is None
    assert cache_use(session_result(steps=2).steps, 1024) is None
