"""Document profiles: a text's structure, computed once, so structural questions need not read it all.

Pure functions. `profile(text, at)` counts characters, words, lines, paragraphs (with line ranges) and sentences,
notes the first and last line and sentence, whether headings, code blocks, lists or block quotes appear, the text's
language and when it was analyzed (the profile design, seed 003).
`split_sentences` is conservative: better to count one sentence too few than to split "Dr. Novák" in two.
"""

from __future__ import annotations

import re
from datetime import datetime

from pydantic import BaseModel

from pytest_useragent.records.language import detected

PROFILE_VERSION = 2
"""1: counts, paragraphs, the first and last line and sentence, the kinds of blocks; 2: its language and when it was
analyzed. A kept profile of another version is analyzed again (`profiles.py`)."""
ABBREVIATIONS = frozenset(
    {
        "mr",
        "mrs",
        "ms",
        "dr",
        "prof",
        "sr",
        "jr",
        "st",
        "ave",
        "blvd",
        "dept",
        "div",
        "est",
        "fig",
        "gen",
        "gov",
        "inc",
        "ltd",
        "no",
        "rev",
        "sgt",
        "vol",
        "vs",
        "etc",
        "i.e",
        "e.g",
        "u.s",
        "u.k",
        "u.n",
    }
)
_CLOSERS = "\"'”’)]»"
_END = re.compile(r"[.!?…]+[" + re.escape(_CLOSERS) + r"]*")
_HEADING = re.compile(r"^#{1,6}\s+\S", re.MULTILINE)
_FENCE = re.compile(r"^\s*```", re.MULTILINE)
_LIST = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\S", re.MULTILINE)
_QUOTE = re.compile(r"^\s*>", re.MULTILINE)


class Paragraph(BaseModel):
    index: int
    start_line: int
    end_line: int
    """1-indexed, inclusive."""
    sentences: int
    words: int
    preview: str


class Profile(BaseModel):
    version: int = PROFILE_VERSION
    characters: int
    words: int
    lines: int
    non_empty_lines: int
    paragraphs: list[Paragraph]
    sentences: int
    first_line: str
    last_line: str
    first_sentence: str
    last_sentence: str
    has_headings: bool
    has_code_blocks: bool
    has_lists: bool
    has_block_quotes: bool
    language: str
    """The language the text is written in, as `records.language` tells it ("en" when nothing tells)."""
    analyzed_at: datetime

    def describe(self) -> str:
        """One line for prompts and reports."""
        kinds = [
            name
            for flag, name in (
                (self.has_headings, "headings"),
                (self.has_code_blocks, "code"),
                (self.has_lists, "lists"),
                (self.has_block_quotes, "quotes"),
            )
            if flag
        ]
        extra = f"; {', '.join(kinds)}" if kinds else ""
        ends = f'; first line "{self.first_line[:60]}"' if self.first_line else ""
        if self.last_line and self.non_empty_lines > 1:
            ends += f', last line "{self.last_line[:60]}"'
        return (
            f"{self.words} words, {self.non_empty_lines} lines, {len(self.paragraphs)} paragraphs, "
            f"{self.sentences} sentences, in {self.language}{extra}{ends}"
        )


def paragraph_blocks(text: str) -> list[tuple[int, int, str]]:
    """(start line, end line, text) of each run of non-blank lines; lines are 1-indexed."""
    blocks: list[tuple[int, int, str]] = []
    start: int | None = None
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        if line.strip():
            start = number if start is None else start
        elif start is not None:
            blocks.append((start, number - 1, "\n".join(lines[start - 1 : number - 1])))
            start = None
    if start is not None:
        blocks.append((start, len(lines), "\n".join(lines[start - 1 :])))
    return blocks


def split_sentences(text: str) -> list[str]:
    """The sentences of a text; a blank line always ends one. Whitespace between sentences is dropped."""
    return [sentence for _, _, block in paragraph_blocks(text) for sentence in _split_block(block)]


def _split_block(block: str) -> list[str]:
    sentences: list[str] = []
    start = 0
    for match in _END.finditer(block):
        end = match.end()
        if end < len(block) and not block[end].isspace():
            continue  # 3.14, v2.1, example.com, "Hi!"-style runs inside a word
        if _is_boundary(block, start, match):
            sentence = block[start:end].strip()
            if sentence:
                sentences.append(sentence)
            start = end
    rest = block[start:].strip()
    if rest:
        sentences.append(rest)
    return sentences


def _is_boundary(block: str, start: int, match: re.Match[str]) -> bool:
    mark = match.group()
    if "..." in mark or "…" in mark:
        return False  # an ellipsis trails off; it does not end the sentence
    following = block[match.end() :].lstrip()
    if following[:1].islower():
        return False  # '"Who?" she asked.' goes on
    if mark.startswith(".") and len(mark.rstrip(_CLOSERS)) == 1:
        word = block[start : match.start()].split()[-1:] or [""]
        token = word[0].lstrip("(\"'“‘").lower()
        if token in ABBREVIATIONS or (len(token) == 1 and token.isalpha()):
            return False  # Dr. Novák, J. K. Rowling
    spoken = block[start : match.end()]
    opened = spoken.count("“") - spoken.count("”") + (spoken.count('"') % 2)
    return not (opened > 0 and following)  # inside an open quotation that goes on


def profile(text: str, at: datetime) -> Profile:
    """The structure of a text, analyzed `at`."""
    lines = text.split("\n") if text else []
    filled = [line.strip() for line in lines if line.strip()]
    sentences = split_sentences(text)
    paragraphs = [
        Paragraph(
            index=index,
            start_line=start,
            end_line=end,
            sentences=len(_split_block(block)),
            words=len(block.split()),
            preview=" ".join(block.split())[:80],
        )
        for index, (start, end, block) in enumerate(paragraph_blocks(text), start=1)
    ]
    return Profile(
        characters=len(text),
        words=len(text.split()),
        lines=len(lines),
        non_empty_lines=len(filled),
        paragraphs=paragraphs,
        sentences=len(sentences),
        first_line=filled[0][:120] if filled else "",
        last_line=filled[-1][:120] if filled else "",
        first_sentence=sentences[0][:200] if sentences else "",
        last_sentence=sentences[-1][:200] if sentences else "",
        has_headings=bool(_HEADING.search(text)),
        has_code_blocks=bool(_FENCE.search(text)),
        has_lists=bool(_LIST.search(text)),
        has_block_quotes=bool(_QUOTE.search(text)),
        language=detected(text[:5_000]),
        analyzed_at=at,
    )
