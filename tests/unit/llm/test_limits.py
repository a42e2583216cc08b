"""A step's decision is held to the field limits the system prompt states: cut, never repaired."""

from __future__ import annotations

import json
import re
import unicodedata

import pytest

from pytest_useragent import Persona
from pytest_useragent.llm.limits import LIMITS, shortened, trimmed
from pytest_useragent.llm.prompts import render
from pytest_useragent.llm.schema import parse
from pytest_useragent.records import Decision, IssueDraft
from pytest_useragent.testing import decision, wrap_up

ISSUE = IssueDraft(severity="minor", heuristic="Nielsen #1", title="t", evidence="e", quote="q")


def test_a_field_over_its_limit_is_cut_at_a_word_boundary_and_the_reply_kept():
    long = decision("click", "e3", observation="I see " + "a lovely page " * 20, issues=[ISSUE])
    long.issues.append(ISSUE.model_copy(update={"quote": "q" * 200}))
    value, why = parse(Decision, long.model_dump_json())
    assert value is not None and why == ""
    kept = value.observation.removesuffix("…")
    assert len(value.observation) <= LIMITS["observation"] and kept != value.observation
    assert long.observation.startswith(kept + " ")  # cut where a word ends
    assert value.issues[1].quote == "q" * (LIMITS["issues.quote"] - 1) + "…"  # no space to cut at: cut mid-word
    assert value.issues[0] == ISSUE and value.action == long.action


def test_a_reply_at_every_limit_passes_as_it_is_and_typed_or_quoted_text_is_free():
    at_limit = decision(
        "done",
        observation="o" * LIMITS["observation"],
        summary="s" * LIMITS["summary"],
        expectation="x" * LIMITS["expectation"],
        reason="r" * LIMITS["action.reason"],
        evidence="e" * 1000,
    )
    assert trimmed(at_limit) is at_limit
    free = decision("write", file="a.md", text="t" * 10_000)
    assert trimmed(free) is free
    long_wrap_up = wrap_up(issues=[ISSUE.model_copy(update={"quote": "q" * 500})])
    assert trimmed(long_wrap_up) is long_wrap_up  # not a step's decision


def test_the_prompt_states_every_limit_and_its_examples_keep_them():
    told = render("system.j2", persona=Persona(name="Jana"), depth=1)
    for field, most in LIMITS.items():
        name = field.rpartition(".")[2]
        assert re.search(rf"\b{name}\b.{{0,200}}?at most\s+{most}\b", told, re.S), field
    examples = [json.loads(line.removeprefix("- ")) for line in _examples(told)]
    assert examples and all(len(IssueDraft(**ex).title) <= LIMITS["issues.title"] for ex in examples)
    assert all((d := decision("back", issues=[IssueDraft(**ex)])) is trimmed(d) for ex in examples)


def _examples(told: str) -> list[str]:
    """The guide's well-formed issues, each a JSON object over one or two lines."""
    part = told.partition("Examples of well-formed issues:\n")[2]
    joined = re.sub(r"\n  ", " ", part)
    return [line for line in joined.splitlines() if line.startswith("- {")]


@pytest.mark.parametrize(
    "text",
    [
        "👨\u200d👩\u200d👧\u200d👦" * 30,  # emoji joined into one
        "x🇨🇿" * 40,  # flags: pairs of regional indicators
        "e\u0301" * 60,  # a letter and its combining accent
        "👍🏽" * 60,  # a skin tone
        "line one\nline two " + "and more " * 20,  # a line break is a word boundary too
    ],
)
def test_a_cut_never_splits_a_character_a_reader_sees_as_one(text):
    cut = shortened(text, 45)
    kept = cut.removesuffix("…")
    assert len(cut) <= 45 and text.startswith(kept) and kept
    rest = text[len(kept) :].lstrip(" \n")
    assert not unicodedata.combining(rest[0]) and rest[0] not in ("\u200d", "\ufe0f", "🏽", "🇿")
    assert not kept.endswith("\u200d")
