"""The one way package templates are loaded: jinja2 from package data, StrictUndefined, tidy blocks; and `md`, the
one way a text from a page, a model or a file enters markdown."""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache, lru_cache
from typing import Any
from urllib.parse import urlsplit

from jinja2 import Environment, PackageLoader, StrictUndefined, pass_context, select_autoescape
from jinja2.runtime import Context
from markupsafe import Markup

MAX_TEXT = 20_000
"""The most characters of one text a report shows (a step's observation, an error, an answer: a few hundred each).
A record read back (a shard's report.json, up to 512 MB) may hold a text of any length, and a report that showed it
whole would be as large; the record keeps it whole."""


def bounded(value: Any) -> Any:
    """A text cut to MAX_TEXT characters, saying how much was left out; anything else as it is. `Markup` is the
    report's own (a macro's output, a screenshot's data: URI) and is never cut, nor is a text already cut (a run's
    aggregates keep an issue's texts bounded, `Issue.bounded`, and its reports show them as they are)."""
    if isinstance(value, str) and not isinstance(value, (Markup, _Cut)) and len(value) > MAX_TEXT:
        if len(value) <= MAX_TEXT + _NOTE and _CUT.search(value, MAX_TEXT):
            return value
        return f"{value[:MAX_TEXT]} … ({len(value) - MAX_TEXT:,} more characters, cut from this report)"
    return value


_CUT = re.compile(r" … \([0-9,]{1,25} more characters, cut from this report\)\Z")
_NOTE = 64
"""The most characters `bounded`'s note adds."""


class _Cut(str):
    """A text `md` made of one already `bounded` (its escapes make it longer, not more): not cut again."""

    __slots__ = ()


@cache
def environment(folder: str, *, report: bool = False) -> Environment:
    """The environment for templates in `pytest_useragent/<folder>`; files ending in .html.j2 are autoescaped. A
    `report`'s every output is `bounded` (a prompt's is not: its own limits are the model's)."""
    loaded = Environment(
        loader=PackageLoader("pytest_useragent", folder),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=select_autoescape(["html.j2"]),
        finalize=bounded if report else None,
    )
    loaded.filters["percent"] = lambda rate: f"{rate * 100:.0f}%"
    loaded.filters["thousands"] = lambda number: f"{number:,}"
    loaded.filters["counted"] = counted
    loaded.filters["md"] = _md_filter
    return loaded


def counted(count: int, word: str) -> str:
    """`1 session`, `2 sessions`: every noun the reports and the terminal count is a regular one."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# Why an escaper of our own: none of the maintained markdown libraries exports one. markdown-it-py, mistune and
# mistletoe parse; mdformat escapes only inside its private renderer; markdownify escapes for HTML it converts. The
# escapers on PyPI that do export one (vcti-escapers, simplibs-markdown, telegram-escape) are single releases of
# little use, or escape another dialect. What it must do is small and checked against markdown-it-py with GFM's
# autolinks in tests/unit/report/test_markdown.py.
_ESCAPED = str.maketrans({char: "\\" + char for char in "\\`*[]<|~$#@"})
"""Emphasis, code, links and images, raw HTML and autolinks, table cells, strikethrough, math (GitHub), headings and
mentions: escaped wherever they are. Any ASCII punctuation may be escaped in CommonMark, so `\\*` shows `*`."""
_UNDERSCORE = re.compile(r"(?<![^\W_])_|_(?![^\W_])")
"""An underscore that could open or close emphasis: one between two letters or digits never does (`test_name`)."""
_ENTITY = re.compile(r"&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{1,31};)")
_LIST_NUMBER = re.compile(r"([0-9]{1,9})([.)])(?= |$)")
_BLOCK_START = "-+=>"
"""What opens a list, a quote or a thematic break, or underlines a heading, at the start of a line."""
_LINKISH = re.compile(r"//|^www\.|@[^@]*\.|^(?:mailto|xmpp):", re.IGNORECASE)
"""What GitHub or linkify-it turns into a link by itself: an address with a scheme, or with none after any
punctuation (`!//host`), `www.`, an e-mail address."""
_TRAILING = ".,:;!?)]}'\""
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1b\x7f-\x9f]")
"""Control characters but the whitespace ones: nothing a reader sees, and an escape sequence for a terminal that
shows the file."""


@pass_context
def _md_filter(context: Context, text: Any, mode: str = "text") -> str:
    hosts = context.get("hosts") or frozenset()
    if isinstance(text, str) and len(text) <= _SHORT and isinstance(hosts, frozenset):
        return _md_short(text, hosts, mode == "code")
    return _Cut(md(text, hosts, code=mode == "code"))


_SHORT = 400
"""A text this short is made markdown once per report and text (`_md_short`): a run report's 10,000 rows say the same
few test ids, personas and models again and again."""


@lru_cache(maxsize=8192)
def _md_short(text: str, hosts: frozenset[str], code: bool) -> str:
    return _Cut(md(text, hosts, code=code))


def md(text: Any, hosts: Collection[str] = (), *, code: bool = False) -> str:
    """`text` as inert markdown on one line, wherever a template puts it (a list item, a heading, a table cell, a
    quote): no HTML, no emphasis, no line that opens a block, no link but an http(s) address of one of `hosts` (an
    autolink); other addresses show as code. `code=True` shows the text as a code span when that can be done safely
    (no backtick, no `|`, which splits a table's cell even inside code), else as escaped text."""
    words = _CONTROL.sub("\ufffd", bounded("" if text is None else str(text))).split()  # line endings: one space
    if code and words and not any("`" in word or "|" in word for word in words):
        return f"`{' '.join(words)}`"
    line = " ".join(_word(word, hosts) for word in words)
    if line[:1] and line[0] in _BLOCK_START:
        return "\\" + line
    return _LIST_NUMBER.sub(r"\1\\\2", line, count=1) if _LIST_NUMBER.match(line) else line


def _word(word: str, hosts: Collection[str]) -> str:
    if not _LINKISH.search(word):
        return _escaped(word)
    core = word.rstrip(_TRAILING)
    if not core:
        return _escaped(word)
    tail = _escaped(word[len(core) :])
    if _tested(core, hosts) and "<" not in core and ">" not in core:
        return f"<{core}>{tail}"
    # as code a parser links nothing; a backtick or `|` would end the span or the cell: shown percent-encoded
    return "`" + core.replace("`", "%60").replace("|", "%7C") + "`" + tail


def _escaped(text: str) -> str:
    return _ENTITY.sub("\\&", _UNDERSCORE.sub(r"\\_", text.translate(_ESCAPED)))


def _tested(url: str, hosts: Collection[str]) -> bool:
    """An http(s) address of one of the tested hosts."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return parts.scheme.lower() in ("http", "https") and (parts.hostname or "") in hosts
