"""Joining the parts of a large write: a cut line written again replaces it, a part that goes on from the cut
follows it."""

from __future__ import annotations

from pytest_useragent.llm.parts import LONGEST_LINE, cut_line, joined


def test_a_part_that_writes_the_cut_line_again_replaces_it():
    written = "# Plans\nPro costs twelve"
    line = cut_line(written)
    assert line == "Pro costs twelve"
    # a new turn does not continue a word: without the line written again the words would be glued
    assert joined(written, line, "Pro costs twelve a month.\n") == "# Plans\nPro costs twelve a month.\n"
    assert joined(written, line, " a month.\n") == "# Plans\nPro costs twelve a month.\n"  # went on from the cut


def test_a_part_after_a_whole_line_or_a_very_long_one_goes_on_from_the_cut():
    assert cut_line("# Plans\n") == ""
    assert joined("# Plans\n", "", "Pro costs twelve.") == "# Plans\nPro costs twelve."
    long = "[" + "1, " * LONGEST_LINE
    assert cut_line("x\n" + long) == ""  # a one-line JSON is not written again
    assert joined("x\n" + long, "", "2]") == "x\n" + long + "2]"


def test_the_first_part_is_the_content_as_it_came():
    assert joined("", "", "Pro costs twelve.\n") == "Pro costs twelve.\n"
