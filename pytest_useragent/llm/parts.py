"""The one loop both providers run for content that arrives as plain text over several replies (a large write):
ask, gather, and when a reply is cut at the output limit, ask the model to go on.

A cut reply goes back as the assistant's turn and the model is asked to go on: never as a prefill, which Claude 4.6
and 5 models refuse. A new turn does not continue a word the way a prefill did: cut after "twelve", the next turn
starts "a month", and the two would be glued ("twelvea"). So when a reply stops mid-line, the model is asked to write
that line again from its start, and a next part that begins as the cut line began replaces it; one that does not
(the model went on from the cut after all) is appended as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pytest_useragent.llm.base import MAX_PARTS, Reply
from pytest_useragent.llm.prompts import render
from pytest_useragent.llm.repair import Messages
from pytest_useragent.llm.schema import until_done

LONGEST_LINE = 1000
"""A cut line longer than this (one-line JSON, say) is not written again: it is continued from the cut."""
RECOGNISED = 20
"""How many of the cut line's first characters a part must begin with to be taken for that line written again."""
EMPTY_PARTS = 2
"""How many cut parts in a row that add nothing (the output limit spent on thinking) end the write: each asks the same
question again, and would most likely get the same answer, paid for, up to MAX_PARTS times."""


@dataclass(frozen=True)
class Part:
    """One reply, as the loop reads it."""

    text: str
    cut: bool = False
    """It stopped at the output limit."""
    refused: bool = False


def compose(
    reply: Reply[str], ask: str, call: Callable[[Messages], Part], receive: Callable[[str], bool]
) -> Reply[str]:
    """`reply` with the content written in answer to the user text `ask`, gathered over as many calls as it takes
    (`call` makes one, given the turns after the system prompt) until a line DONE; `receive` sees the content so far
    after each part and may refuse it."""
    written, line, empty = "", "", 0
    turns: Messages = [{"role": "user", "content": ask}]
    for _ in range(MAX_PARTS):
        part = call(turns)
        empty = empty + 1 if part.cut and not part.text.strip() else 0
        if empty == EMPTY_PARTS:
            reply.problem = f"{EMPTY_PARTS} parts in a row added nothing: each reply was cut before it wrote a word"
            return reply
        if part.refused:  # a refusal cuts the content short: never saved as complete
            reply.problem, reply.refused = "the model refused to write it", True
            return reply
        body, finished = until_done(part.text)
        if not (finished or part.cut or body.strip()):  # the API can end a turn with no text: that is no content,
            reply.problem = "the reply was empty: no content and no line DONE"  # never an empty document
            return reply
        # DONE is looked for in the content as joined: a line cut inside it ("DO") is ended by the next part
        written, finished = until_done(joined(written, line, part.text))
        if not receive(written):
            reply.problem = "the content was refused"
            return reply
        if finished or not part.cut:
            reply.value = written
            return reply
        line = cut_line(written)
        # the content so far goes again, uncached: one assistant turn that grows each part has no prefix to cache;
        # parts kept as turns of their own, each cached, would write each part at 1.25x the input price to read it
        # at 0.1x in the later parts: a 2-part write would pay more, a 3-part one save about an eighth
        turns = [
            {"role": "user", "content": ask},
            {"role": "assistant", "content": written.rstrip() or "(empty)"},
            {"role": "user", "content": render("go_on.j2", mid_line=bool(line))},
        ]
    reply.problem = f"no line DONE after {MAX_PARTS} parts"
    return reply


def cut_line(written: str) -> str:
    """The line `written` stopped in the middle of ("" when it ended a line, or the line is too long to write
    again)."""
    line = written.rpartition("\n")[2]
    return line if len(line) <= LONGEST_LINE else ""


def joined(written: str, line: str, part: str) -> str:
    """`part` after `written`, which stopped in the middle of `line`: in place of that line when `part` begins as it
    did (written again, as asked), else after it. Pure."""
    if line and part.startswith(line[:RECOGNISED]):
        return written[: len(written) - len(line)] + part
    return written + part
