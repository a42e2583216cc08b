"""Joining the parts of a large write: a cut line written again replaces it, a part that goes on from the cut
follows it."""

from __future__ import annotations

from pytest_useragent.llm.base import MAX_PARTS, Reply
from pytest_useragent.llm.parts import EMPTY_PARTS, LONGEST_LINE, Part, compose, cut_line, joined
from pytest_useragent.llm.repair import Messages


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


def test_parts_that_add_nothing_end_the_write_long_before_the_limit():
    # a model whose thinking spends the whole output limit is cut before it writes a word; the next request is the
    # same, and so, most likely, its answer: asking MAX_PARTS times would pay for 40 empty replies
    asked: list[Messages] = []

    def call(turns: Messages) -> Part:
        asked.append(turns)
        return Part("# Plans\n" if len(asked) == 1 else "", cut=True)

    reply = compose(Reply(None), "write it", call, lambda so_far: True)
    assert reply.value is None and "added nothing" in (reply.problem or "")
    assert len(asked) == 1 + EMPTY_PARTS < MAX_PARTS


def test_a_line_done_cut_in_two_leaves_nothing_of_itself_behind():
    # cut inside the closing line ("DO"), the model writes that line again, as asked: it is the end, not content
    parts = iter([Part("# Plans\nPro costs twelve.\nDO", cut=True), Part("DONE")])
    reply = compose(Reply(None), "write it", lambda turns: next(parts), lambda so_far: True)
    assert reply.value == "# Plans\nPro costs twelve."


def test_a_line_done_cut_in_two_and_gone_on_from_is_the_end_too():
    parts = iter([Part("# Plans\nPro costs twelve.\nDO", cut=True), Part("NE\n")])
    reply = compose(Reply(None), "write it", lambda turns: next(parts), lambda so_far: True)
    assert reply.value == "# Plans\nPro costs twelve."
