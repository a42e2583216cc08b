"""The line format of Playwright's ai snapshot (`aria_snapshot(mode="ai")`), owned here and nowhere else. Pure.

A line is `- <key>` or `- <key>: <text>` (or `- <key>:` with children below), indented two spaces a level; the key is
`role "name" [attribute] [attribute=value] ...`, the name JSON-quoted, and the whole key YAML single-quoted when
it holds something YAML would misread (a colon and a space, a leading dash ...). The text is YAML double-quoted
when needed. Property lines (`- /url: ...`, `- /placeholder: ...`) have a role starting with "/". Refs are `e5`, or
`f2e5` in the second frame (Playwright prefixes a frame's refs with `f` and its sequence number).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

REF = r"(?:f\d+)?e\d+"
"""A ref as Playwright writes it: `e5` in the main frame, `f2e5` in a frame."""
REF_PATTERN = re.compile(rf"^{REF}$")
REF_ATTRIBUTE = re.compile(rf"\[ref=({REF})\]")
"""The ref as it stands on a line, `[ref=e5]`."""

_KEY = re.compile(r'(?P<role>/?[\w-]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?(?P<attrs>(?: \[[^\]\n]*\])*)')
_ATTR = re.compile(r" \[(?P<key>[\w-]+)(?:=(?P<value>[^\]\n]*))?\]")
_QUOTED_KEY = re.compile(r"'((?:[^']|'')*)'")
_HEX = re.compile(r"(?<!\\)((?:\\\\)*)\\x([0-9a-fA-F]{2})")
"""A YAML hex escape (backslash, x, two digits): its backslash not itself escaped (an even run before it is text)."""
_YAML_WORDS = frozenset({"y", "n", "yes", "no", "true", "false", "on", "off", "null", "~"})


@dataclass(frozen=True)
class SnapshotLine:
    """One line of an ai snapshot, read."""

    indent: int
    """Leading spaces (two per level)."""
    role: str
    """The ARIA role, `text` for a text node, or `/url`, `/placeholder` for a property of the line above."""
    name: str | None = None
    """The accessible name, unescaped; None when the line has none."""
    attributes: dict[str, str | None] = field(default_factory=dict, hash=False)
    """In order: `ref`, `level`, `url`, `box` ... with their value, flags (`checked`, `selected`, `disabled`) None."""
    text: str | None = None
    """What follows the colon, unquoted: a text node's or a field's value; "" when children follow; None when the
    line ends with the key."""

    @property
    def ref(self) -> str | None:
        ref = self.attributes.get("ref")
        return ref if ref and REF_PATTERN.match(ref) else None

    @property
    def level(self) -> int | None:
        level = self.attributes.get("level")
        return int(level) if level and level.isdigit() else None

    @property
    def checked(self) -> bool:
        return self._flag("checked")

    @property
    def selected(self) -> bool:
        return self._flag("selected")

    @property
    def url(self) -> str | None:
        return self.attributes.get("url")

    def _flag(self, name: str) -> bool:
        return name in self.attributes and self.attributes[name] is None

    def render(self) -> str:
        """The line as Playwright writes it (the inverse of `line`)."""
        key = self.role + (f" {json.dumps(self.name, ensure_ascii=False)}" if self.name is not None else "")
        key += "".join(
            f" [{name}]" if value is None else f" [{name}={value}]" for name, value in self.attributes.items()
        )
        if _needs_quotes(key):
            key = "'" + key.replace("'", "''") + "'"
        head = " " * self.indent + "- " + key
        if self.text is None:
            return head
        if self.text == "":
            return head + ":"
        return head + ": " + (_quoted(self.text) if _needs_quotes(self.text) else self.text)


def line(text: str) -> SnapshotLine | None:
    """One line of a snapshot, read; None when it is not an element, text or property line (a condensed summary
    line such as `- … 57 elements below`, a continuation, a blank)."""
    stripped = text.lstrip(" ")
    if not stripped.startswith("- "):
        return None
    rest = stripped[2:].rstrip("\r")
    if rest.startswith("'"):
        quoted = _QUOTED_KEY.match(rest)
        if quoted is None:
            return None
        key, rest = quoted[1].replace("''", "'"), rest[quoted.end() :]
        head = _KEY.fullmatch(key)
    else:
        head = _KEY.match(rest)
        rest = rest[head.end() :] if head else rest
    if head is None:
        return None
    if rest == "":
        value = None
    elif rest == ":":
        value = ""
    elif rest.startswith(": "):
        value = _unquoted(rest[2:])
    else:
        return None
    name = head["name"]
    return SnapshotLine(
        indent=len(text) - len(stripped),
        role=head["role"],
        name=_unescape(name) if name is not None else None,
        attributes={match["key"]: match["value"] for match in _ATTR.finditer(head["attrs"] or "")},
        text=value,
    )


def parse(snapshot: str) -> list[SnapshotLine]:
    """Every readable line of a snapshot, in order. Split on newlines only: a name may hold U+2028 or U+0085, which
    `str.splitlines` would take for line ends."""
    return [read for read in map(line, snapshot.split("\n")) if read is not None]


def _unescape(name: str) -> str:
    """A JSON-quoted name's content, as the page has it."""
    if "\\" not in name:
        return name
    try:
        return str(json.loads(f'"{name}"'))
    except json.JSONDecodeError:  # not JSON after all (a hand-written or cut line): undo the escapes we can
        return re.sub(r"\\(.)", r"\1", name)


def _unquoted(text: str) -> str:
    """A YAML scalar as the snapshot writes it, plain."""
    if len(text) >= 2 and text[0] == text[-1] == '"':
        try:
            return str(json.loads(_HEX.sub(r"\1\\u00\2", text)))
        except json.JSONDecodeError:
            return text[1:-1]
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    return text


def _quoted(text: str) -> str:
    """YAML double quotes as Playwright writes them (`yamlEscapeValueIfNeeded`)."""
    escapes = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}

    def escape(char: str) -> str:
        return escapes.get(char) or f"\\x{ord(char):02x}"

    return '"' + re.sub(r'[\\"\x00-\x1f\x7f-\x9f]', lambda match: escape(match[0]), text) + '"'


def _needs_quotes(text: str) -> bool:
    """Playwright's `yamlStringNeedsQuotes`: what YAML would read as something other than this plain string."""
    return bool(
        not text
        or re.search(r"^\s|\s$", text)
        or re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]", text)
        or text.startswith("-")
        or re.search(r"[\n:](\s|$)", text)
        or re.search(r"\s#", text)
        or re.search(r"[\n\r]", text)
        or re.match(r"^[&*\],?!>|@\"'#%]", text)
        or re.search(r"[{}`]", text)
        or text.startswith("[")
        or _is_number(text)
        or text.lower() in _YAML_WORDS
        or re.fullmatch(r"[-+]?\.(inf|nan)", text, re.IGNORECASE)
    )


def _is_number(text: str) -> bool:
    """JavaScript's `!isNaN(Number(text))` for what a snapshot holds."""
    try:
        float(text.strip() or "0")
    except ValueError:
        return bool(re.fullmatch(r"\s*0[xob][0-9a-f]+\s*", text, re.IGNORECASE))
    word = text.strip().lstrip("+-")
    return "_" not in text and (word == "Infinity" or word.lower() not in ("nan", "inf", "infinity"))


INTERACTIVE_ROLES = frozenset(
    {
        "button",
        "link",
        "textbox",
        "searchbox",
        "checkbox",
        "radio",
        "combobox",
        "listbox",
        "option",
        "menuitem",
        "menuitemcheckbox",
        "menuitemradio",
        "tab",
        "switch",
        "slider",
        "spinbutton",
        "treeitem",
    }
)
"""The roles a persona can act on: what a page offers, as opposed to what it says."""
_DIGITS = re.compile(r"\d+")


def control(role: str, name: str | None) -> str:
    """One control as a fingerprint names it: role and name, the name's case, spacing and digits folded (a date, a
    price or a counter changes between runs without changing what the page offers)."""
    folded = _DIGITS.sub("#", " ".join((name or "").split()).casefold())
    return f'{role} "{folded}"' if folded else role


def fingerprint(snapshot: str) -> dict[str, int]:
    """What a page offers to act on: each interactive control (`control`) with how often it appears. Order does not
    count (a reordered footer is the same page), nor text, values or refs: a cassette's replay fits a page when this
    is unchanged."""
    counts: dict[str, int] = {}
    for read in parse(snapshot):
        if read.role in INTERACTIVE_ROLES:
            key = control(read.role, read.name)
            counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items()))


def refs_of(snapshot: str, role: str, name: str | None) -> list[str]:
    """The refs of the controls a fingerprint names `control(role, name)`, in page order."""
    wanted = control(role, name)
    return [read.ref for read in parse(snapshot) if read.ref and control(read.role, read.name) == wanted]


def target_of(snapshot: str, ref: str) -> tuple[str, str | None, int] | None:
    """The element `ref` as role, name and its place among the controls named alike (0 when alone); None when the
    ref is not a line of the snapshot."""
    own = next((read for read in parse(snapshot) if read.ref == ref), None)
    if own is None:
        return None
    return own.role, own.name, refs_of(snapshot, own.role, own.name).index(ref)


FOCUSED = "active"
"""The attribute Playwright's ai snapshot puts on the element that has focus (`button "Buy" [active] [ref=e3]`)."""


def focused(snapshot: str) -> SnapshotLine | None:
    """The element that has focus, as its line reads; None when focus is on the page itself (`<body>`). The innermost
    marked line: a frame that holds the focus is marked too, and so is the element inside it."""
    marked = [read for read in parse(snapshot) if FOCUSED in read.attributes and read.ref]
    return marked[-1] if marked else None


def named(read: SnapshotLine) -> str:
    """An element as a person names it: its role and accessible name (`button "Buy"`), with its ref."""
    said = read.name or read.text
    name = f" {json.dumps(said, ensure_ascii=False)}" if said else ""
    return f"{read.role}{name} [ref={read.ref}]" if read.ref else f"{read.role}{name}"
