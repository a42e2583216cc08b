"""Secrets: the one redaction boundary of a session. It knows every secret of the run (the test's credentials,
text typed into or read from password fields) and removes them, in every form they take, from whatever is sent
to a model or written: prompts, session files, docs/, todo.md, debug/, and the SessionResult a session returns.

A secret is looked for raw, percent-encoded the ways browsers encode (a GET form, URLSearchParams, the URL parser in
a query, path, fragment or user name and password, encodeURIComponent, encodeURI; upper- and lowercase hex),
HTML-escaped, and JSON-escaped (which is also how an ai snapshot quotes a name with `"` or `\\`), and as Python's
repr; in any case (a page shows it upper-cased, by its script or by CSS, or title-cased). A credential is replaced by
its placeholder (`{{password}}`), so the model still knows what stands there; any other secret by MASK. A field
whose value is a secret (a password field's, in a snapshot line) is told by its length, as a person sees a disc a
character: `textbox "Password" [ref=e7]: (hidden, 11 characters)`, so a value cut short by the page shows.

What the harness owns is never rewritten: the goal as the test wrote it, the test id, the session's folder and the
paths under it (`own`). A credential that is a common word (`admin`) would otherwise mangle them all, and a record
that names a folder that does not exist cannot be counted, copied or linked to.
"""

from __future__ import annotations

import html
import json
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, TypeVar

import markupsafe
from pydantic import BaseModel

from pytest_useragent.files import atomic_write
from pytest_useragent.records.snapshot import line as snapshot_line
from pytest_useragent.secrets.credentials import Credentials, placeholder

MASK = "••••••"
MIN_LENGTH = 3
"""Shorter values are not searched for in text: they would mask ordinary words. Password fields are masked in the
snapshot and screenshots whatever their length."""
_SNAPSHOT_VALUE = re.compile(r"^(\s*- textbox\b[^\n]*?\]): (.+)$", re.MULTILINE)
_KEY_PREFIX = "sk-ant-"
_API_KEY = re.compile(re.escape(_KEY_PREFIX) + r"[A-Za-z0-9_\-]+")
_HEX = re.compile(r"%[0-9A-F]{2}")
_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
# What each encoder leaves as it is, besides ASCII letters and digits (WHATWG URL standard, and what Chromium does).
_FORM_KEEP = "*-._"
"""application/x-www-form-urlencoded (a GET form, URLSearchParams): space becomes '+', '~' becomes %7E."""
_COMPONENT_KEEP = "-_.!~*'()"
"""encodeURIComponent."""
_PYTHON_KEEP = "-_.~"
"""urllib's quote(safe=''), what servers and Python clients send."""
_QUERY_KEEP = "!$%&()*+,-./:;=?@[\\]^_`{|}~"
"""The URL parser's query percent-encode set (special schemes: ' is encoded), a URL typed or navigated to."""
_PATH_KEEP = "!$%&'()*+,-./:;=@[\\]^_|~"
"""The URL parser's path percent-encode set."""
_FRAGMENT_KEEP = "!#$%&'()*+,-./:;=?@[\\]^_{|}~"
"""The URL parser's fragment percent-encode set: a page's `location.hash`, which keeps `#` and encodes a space."""
_USERINFO_KEEP = "!$%&'()*+,-._~"
"""The URL parser's userinfo percent-encode set: a URL's user name and password (`https://jana:pw@host/`)."""
_URI_KEEP = "-_.!~*'();/?:@&=+$,#"
"""encodeURI, which a page uses on a whole address."""

R = TypeVar("R")


def _percent(value: str, keep: str, space: str = "%20", charset: str = "utf-8") -> str:
    out = []
    for char in value:
        if char in _ALNUM or char in keep:
            out.append(char)
        elif char == " ":
            out.append(space)
        else:
            try:
                out.append("".join(f"%{byte:02X}" for byte in char.encode(charset)))
            except UnicodeEncodeError:  # a form on a legacy-charset page sends it as a numeric reference, encoded
                out.append(_percent(f"&#{ord(char)};", keep, space, charset))
    return "".join(out)


def encodings(value: str) -> set[str]:
    """Every form `value` takes in what a session sees and writes. Pure."""
    urls = {
        _percent(value, _FORM_KEEP, "+"),
        _percent(value, _FORM_KEEP),
        _percent(value, _COMPONENT_KEEP),
        _percent(value, _PYTHON_KEEP),
        _percent(value, _PYTHON_KEEP, "+"),
        _percent(value, _QUERY_KEEP),
        _percent(value, _PATH_KEEP),
        _percent(value.replace("\\", "/"), _PATH_KEEP),  # an http(s) path: the parser reads `\\` as a separator
        _percent(value, _FRAGMENT_KEEP),
        _percent(value, _USERINFO_KEEP),
        _percent(value, _URI_KEEP),
        _percent(value, _FORM_KEEP, "+", charset="windows-1252"),  # a form on a page that is not UTF-8
    }
    urls |= {_HEX.sub(lambda hexed: hexed[0].lower(), url) for url in urls}
    escaped = {html.escape(value), html.escape(value, quote=False), str(markupsafe.escape(value))}
    quoted = {json.dumps(value, ensure_ascii=False)[1:-1], json.dumps(value)[1:-1]}
    # JSON inside a JSON string (a request body kept as text)
    twice = {json.dumps(form, ensure_ascii=ascii_only)[1:-1] for form in quoted for ascii_only in (True, False)}
    python = {repr(value)[1:-1], ascii(value)[1:-1]}  # in a message that quotes a value
    return {value, *urls, *escaped, *quoted, *twice, *python}


class Secrets:
    """Every secret of one session, and the means to remove them from any text, record, request or file."""

    def __init__(self, credentials: Credentials | None = None, owned: Iterable[str | None] = ()) -> None:
        self.credentials = credentials or Credentials()
        self._values: set[str] = set()
        self._forms: dict[str, str] = {}
        """Each form of each secret, case-folded (`_fold`) -> what replaces it."""
        self._owned: set[str] = set()
        self._kept: set[str] = set()
        """The owned texts' forms, case-folded, that are kept: not those inside a secret."""
        self._pattern: re.Pattern[str] | None = None
        for name, value in self.credentials.values.items():
            self._learn(value, placeholder(name))
        self.own(*owned)

    def own(self, *texts: str | None) -> None:
        """Texts the harness owns and writes itself (the goal as written, the test id, the session's folder), kept as
        they are wherever they stand whole, in every form and case a secret is looked for in. A path under an owned
        folder keeps the folder; the rest of it is redacted as any text."""
        for text in texts:
            if text:
                self._owned |= {_fold(form) for form in encodings(text)}
        self._compile()

    def add(self, value: str) -> None:
        """Remember a secret seen in the session (typed into or read from a password field)."""
        if value and value not in self._values:
            self._learn(value, MASK)

    @property
    def values(self) -> frozenset[str]:
        """The secrets as they are (not encoded): what may be visible on a page."""
        return frozenset(self._values)

    def redact(self, text: str) -> str:
        """Text with every known secret (and anything shaped like an Anthropic key) masked."""
        if not self._values:  # the common case, and a snapshot is long: only the key shape to look for
            return _API_KEY.sub(MASK, text)
        text = _SNAPSHOT_VALUE.sub(self._mask_field_value, text)
        if self._pattern is not None:
            text = self._replaced(text)
        return _API_KEY.sub(MASK, text)

    def redact_json(self, value: Any) -> Any:
        """A JSON-like value with every string redacted (keys too)."""
        if isinstance(value, str):
            return self.redact(value)
        if isinstance(value, list | tuple):
            return [self.redact_json(item) for item in value]
        if isinstance(value, dict):
            return {self.redact_json(key): self.redact_json(item) for key, item in value.items()}
        return value

    def redact_record(self, record: R) -> R:
        """A pydantic record or a dataclass (a provider request) with every text in it redacted; bytes (images,
        masked when taken), numbers and None are kept. With no secret known and no text shaped like a key, the
        record itself: nothing to take out, and a step's request is not taken apart and made again (~1 ms)."""
        if not self._values and not _holds_key(record):
            return record
        return self._redacted_record(record)

    def _redacted_record(self, record: R) -> R:
        if isinstance(record, BaseModel):
            return type(record).model_validate(self.redact_json(record.model_dump()))
        if isinstance(record, str):
            return self.redact(record)  # type: ignore[return-value]
        if isinstance(record, list):
            return [self._redacted_record(item) for item in record]  # type: ignore[return-value]
        if hasattr(record, "__dataclass_fields__") and not isinstance(record, type):
            changes = {field.name: self._redacted_record(getattr(record, field.name)) for field in fields(record)}  # type: ignore[arg-type]
            return replace(record, **changes)  # type: ignore[type-var]
        return record

    def redact_files(self, root: Path) -> None:
        """Rewrite every text file under `root` with the secrets known now: files written before a secret was
        learned (debug/, docs/, todo.md) are clean at the end. Symlinks are neither followed nor rewritten;
        binary files (screenshots) are left alone."""
        if self._pattern is None:
            return
        for directory, _, names in os.walk(root, followlinks=False):
            for name in names:
                _rewrite(Path(directory) / name, self.redact)

    def _learn(self, value: str, replacement: str) -> None:
        self._values.add(value)
        # an ai snapshot, a title and innerText collapse runs of whitespace and trim it: " a  b " shows as "a b"; a
        # page's script or CSS may change its case, by rules (`ß` upper-cased is `SS`) that folding alone misses
        collapsed = _collapsed(value)
        for form in {value, collapsed, value.upper(), collapsed.upper()}:
            if len(form) < MIN_LENGTH:
                continue
            for encoded in encodings(form):
                self._forms.setdefault(_fold(encoded), replacement)
        self._compile()

    def _compile(self) -> None:
        """One pattern over the text case-folded, longest first: a form is replaced whole before a shorter one inside
        it, and an owned text is kept whole before a secret inside it is looked for. (A pattern that ignores case is
        thirty times slower on a long snapshot than a plain one over the folded text.)"""
        if not self._forms:
            return
        inside = [_fold(value) for value in self._values]
        # an owned text inside a secret (a goal that is only the password) would keep the secret: not kept
        self._kept = {text for text in self._owned if text not in self._forms and not any(text in v for v in inside)}
        ordered = sorted({*self._forms, *self._kept}, key=len, reverse=True)
        self._pattern = re.compile("|".join(map(re.escape, ordered)))

    def _replaced(self, text: str) -> str:
        """`text` with every secret replaced, in whatever case it stands, and every owned text kept."""
        assert self._pattern is not None
        out, last = [], 0
        for found in self._pattern.finditer(_fold(text)):
            start, end = found.span()
            out += [text[last:start], text[start:end] if found[0] in self._kept else self._forms[found[0]]]
            last = end
        return "".join(out) + text[last:]

    def _mask_field_value(self, match: re.Match[str]) -> str:
        """A field whose value is a secret, as a password field shows it: its length, never its value."""
        read = snapshot_line(match.group(0))  # the value as typed, when the snapshot had to quote it
        shown = [value for value in (match.group(2), read.text if read is not None else None) if value is not None]
        typed = next((value for value in shown if value in self._values), None)
        if typed is None:  # shown with its white space collapsed: as long as the secret it was typed as
            collapsed = {_collapsed(value): value for value in sorted(self._values)}
            typed = next((collapsed[_collapsed(value)] for value in shown if _collapsed(value) in collapsed), None)
        return f"{match.group(1)}: {hidden(len(typed))}" if typed is not None else match.group(0)


def hidden(length: int) -> str:
    """A masked field's value as the model is told it, as a person sees a disc a character: how many, never which."""
    return f"(hidden, {length} character{'' if length == 1 else 's'})"


def _holds_key(value: Any) -> bool:
    """Whether any text in a record, a request or a JSON-like value may hold something shaped like a key: what
    `redact` takes out when no secret is known."""
    if isinstance(value, str):
        return _KEY_PREFIX in value
    if isinstance(value, list | tuple | set | frozenset):
        return any(_holds_key(item) for item in value)
    if isinstance(value, dict):
        return any(_holds_key(key) or _holds_key(item) for key, item in value.items())
    if isinstance(value, BaseModel):
        return any(_holds_key(item) for item in value.__dict__.values())
    if hasattr(value, "__dataclass_fields__") and not isinstance(value, type):
        return any(_holds_key(getattr(value, field.name)) for field in fields(value))
    return False


def _fold(text: str) -> str:
    """`text` lower-cased, one character for one, so that a match in it is a match at the same place in `text` (the
    rare letter whose lower case is longer, `İ`, is left as it is)."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return "".join(char.lower() if len(char.lower()) == 1 else char for char in text)


def _collapsed(value: str) -> str:
    """`value` as pages show text: runs of whitespace as one space, none at either end."""
    return " ".join(value.split())


def _rewrite(path: Path, redact: Callable[[str], str]) -> None:
    """The file redacted in place, when it is a regular UTF-8 file that holds a secret."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return  # a symlink, or gone
    with os.fdopen(descriptor, "rb") as opened:
        data = opened.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return
    redacted = redact(text)
    if redacted != text:
        atomic_write(path, redacted)
