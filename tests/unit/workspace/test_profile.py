"""Document profiles: the seed's sentence rules, and properties that hold for any text."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_useragent.workspace.profile import paragraph_blocks, profile, split_sentences

AT = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("", []),
        ("No period here", ["No period here"]),
        ("Dr. Novák came. He left!", ["Dr. Novák came.", "He left!"]),
        ("Mr. and Mrs. Smith met Prof. Brown vs. St. Louis etc. today.", None),
        ("See e.g. this and i.e. that. Next.", ["See e.g. this and i.e. that.", "Next."]),
        ("The U.S. and the U.K. agreed. Then U.N. spoke.", ["The U.S. and the U.K. agreed.", "Then U.N. spoke."]),
        (
            "Visit https://example.com/a.b or www.shop.cz. Then pay.",
            ["Visit https://example.com/a.b or www.shop.cz.", "Then pay."],
        ),
        ("Pi is 3.14 and v2.1 is out. Good.", ["Pi is 3.14 and v2.1 is out.", "Good."]),
        ("Wait... what? Yes… fine. End.", ["Wait... what?", "Yes… fine.", "End."]),
        ("Order No. 5 came. Good.", ["Order No. 5 came.", "Good."]),
        ('"Vatueil? Captain Vatueil?" he called. Nobody.', ['"Vatueil? Captain Vatueil?" he called.', "Nobody."]),
        ("He said “Go. Now.” Then left.", ["He said “Go. Now.”", "Then left."]),
        ("One line\nstill one sentence. Two.", ["One line\nstill one sentence.", "Two."]),
        ("First block\n\nSecond block", ["First block", "Second block"]),
        ("Really?! Yes!!", ["Really?!", "Yes!!"]),
    ],
)
def test_sentence_rules(text, sentences):
    found = split_sentences(text)
    if sentences is None:
        assert len(found) == 1
    else:
        assert found == sentences


def test_a_profile_of_a_markdown_document():
    text = "# Prices\n\nPro costs $12. Basic is free.\n\n- one\n- two\n\n> quoted\n\n```\ncode\n```\n"
    found = profile(text, AT)
    assert (found.words, found.lines, found.non_empty_lines, found.sentences) == (17, 13, 8, 6)
    assert [(p.start_line, p.end_line, p.sentences, p.words) for p in found.paragraphs] == [
        (1, 1, 1, 2),
        (3, 3, 2, 6),
        (5, 6, 1, 4),
        (8, 8, 1, 2),
        (10, 12, 1, 3),
    ]
    assert (found.first_line, found.last_line) == ("# Prices", "```")
    assert (found.first_sentence, found.last_sentence) == ("# Prices", "```\ncode\n```")
    assert found.has_headings and found.has_lists and found.has_block_quotes and found.has_code_blocks
    assert found.describe() == (
        "17 words, 8 lines, 5 paragraphs, 6 sentences, in en; headings, code, lists, quotes; "
        'first line "# Prices", last line "```"'
    )


def test_indented_text_and_whitespace_only_lines():
    found = profile("    indented line one.\n   \n\t\tsecond paragraph here\n", AT)
    assert [(p.start_line, p.end_line) for p in found.paragraphs] == [(1, 1), (3, 3)]
    assert found.first_line == "indented line one."


def test_an_empty_text_counts_nothing():
    found = profile("", AT)
    assert (found.characters, found.words, found.lines, found.sentences, found.paragraphs) == (0, 0, 0, 0, [])


PIECES = [*"ab .!?\n\"'…3,“”", "Dr.", "e.g.", "...", "\n\n", "www.x.cz", "  ", "\t", "Word", "end."]
TEXTS = st.lists(st.sampled_from(PIECES), max_size=60).map("".join) | st.text(max_size=80)


@given(TEXTS)
def test_counts_are_never_negative_and_add_up(text):
    found = profile(text, AT)
    assert min(found.characters, found.words, found.lines, found.non_empty_lines, found.sentences) >= 0
    assert found.characters == len(text)
    assert sum(p.words for p in found.paragraphs) == found.words
    assert sum(p.sentences for p in found.paragraphs) == found.sentences


@given(TEXTS)
def test_paragraphs_cover_every_non_empty_line_once(text):
    lines = text.split("\n")
    covered = [n for start, end, _ in paragraph_blocks(text) for n in range(start, end + 1)]
    assert len(covered) == len(set(covered))
    assert {n for n, line in enumerate(lines, start=1) if line.strip()} <= set(covered)
    assert all(lines[n - 1].strip() for start, end, _ in paragraph_blocks(text) for n in (start, end))


@given(TEXTS)
def test_splitting_never_loses_characters(text):
    assert re.sub(r"\s", "", "".join(split_sentences(text))) == re.sub(r"\s", "", text)


def test_a_profile_knows_its_language_when_it_was_made_and_shows_its_first_and_last_line():
    czech = profile("# Ceník\n\nTarif Pro stojí 12 € měsíčně.\nJe to nejlepší volba pro malé týmy.\n", AT)
    assert czech.language == "cs" and czech.analyzed_at == AT
    described = czech.describe()
    assert "in cs" in described and 'first line "# Ceník", last line "Je to nejlepší volba pro malé týmy."' in described
    one = profile("Just one line about the Pro plan.", AT)
    assert one.language == "en" and 'first line "Just one line' in one.describe() and "last line" not in one.describe()
