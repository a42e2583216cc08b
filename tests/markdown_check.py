"""What a markdown report does once parsed as GitHub renders it (markdown-it-py's GFM-like preset, with GitHub's
autolinks: addresses with a scheme and e-mail addresses, not bare domains): its raw HTML, its blocks, its links, and
the text a reader sees. Written apart from `templates.md`, so the tests check that, not echo it."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from markdown_it import MarkdownIt
from markdown_it.token import Token

SCREENSHOT = re.compile(r"screenshots/step-\d{3}\.(jpg|png)")
"""The one relative address a report's template makes: a step's screenshot."""


def parser() -> MarkdownIt:
    parsing = MarkdownIt("gfm-like")  # tables, strikethrough, raw HTML on, autolinks on
    parsing.linkify.set({"fuzzy_link": False})  # as GitHub: `www.` and schemes, never a bare domain
    parsing.validateLink = lambda address: True  # a javascript: link is a link made, whoever drops it later
    return parsing


def tokens(text: str) -> list[Token]:
    """Every token, inline children after their block."""
    found = []
    for token in parser().parse(text):
        found.append(token)
        found.extend(token.children or [])
    return found


def problems(text: str, hosts: set[str]) -> list[str]:
    """Raw HTML, and links or images anywhere but an http(s) address of `hosts` (or a step's screenshot)."""
    found = []
    for token in tokens(text):
        if token.type in ("html_inline", "html_block"):
            found.append(f"{token.type}: {token.content.strip()[:60]}")
        if token.type in ("link_open", "image"):
            address = str(token.attrs.get("href") or token.attrs.get("src") or "")
            parts = urlsplit(address)
            ours = token.type == "image" and SCREENSHOT.fullmatch(address)
            if not ours and (parts.scheme not in ("http", "https") or parts.hostname not in hosts):
                found.append(f"{token.type} to {address}")
    return found


def blocks(text: str) -> list[str]:
    """The report's structure: its block tokens in order (headings by level), without their text."""
    return [token.type + token.tag for token in parser().parse(text) if token.type != "inline"]


def shown(text: str) -> str:
    """The text a reader sees, inline by inline, each on a line."""
    lines = []
    for token in parser().parse(text):
        if token.type == "inline":
            lines.append("".join(child.content for child in token.children or [] if child.content))
    return "\n".join(lines)
