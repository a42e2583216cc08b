from __future__ import annotations

import pytest

from pytest_useragent.workspace.reading import read

TEXT = "# Notes\n\nPro costs $12. Basic is free.\n\nTeam costs $30.\n"


@pytest.mark.parametrize(
    ("query", "answer"),
    [
        (None, TEXT),
        (
            "stats",
            '11 words, 3 lines, 3 paragraphs, 4 sentences, in en; headings; first line "# Notes", last line "Team costs $30."',
        ),
        ("last 2 sentences", "Basic is free.\nTeam costs $30."),
        ("first sentence", "# Notes"),
        ("last line", "Team costs $30."),
        ("first 3 words", "# Notes Pro"),
        ("last 2 words", "costs $30."),
        ("paragraph 2", "Pro costs $12. Basic is free."),
        ("line 3", "Pro costs $12. Basic is free."),
        ("lines 3-5", "Pro costs $12. Basic is free.\n\nTeam costs $30."),
        ("search COSTS", "3: Pro costs $12. Basic is free.\n5: Team costs $30."),
        ("search refund", "no line contains 'refund'"),
    ],
)
def test_structural_queries(query, answer):
    assert read(TEXT, query) == answer


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("paragraph 9", "no paragraph 9; the document has 3"),
        ("lines 5-99", "outside the document's 6 lines"),
        ("summarize it", "unknown read query"),
    ],
)
def test_bad_queries_say_what_works(query, message):
    with pytest.raises(ValueError, match=message):
        read(TEXT, query)
