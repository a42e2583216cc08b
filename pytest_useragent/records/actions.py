"""The action table: for each kind of action the model may send, where it is carried out and what it needs. Each
layer keeps the handlers of its own concern keyed by kind — the session's (`session/carry_out.py`: every kind), the
browser's (`browser/actions.py`: the page's kinds), the journey export's (`replay/journey.py`: the page's kinds) —
and tests/unit/records/test_action_table.py holds each to this table. Adding a kind is a row here, the literal in
`ActionKind`, and a handler where the test says one is missing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Where = Literal["page", "documents", "todo", "read", "end"]
"""`page`: done to the page, then settled and watched; `documents`: the persona's docs/; `todo`: its todo.md; `read`:
the harness reads the page as it is (find, look); `end`: the session's last word (done, give_up)."""


@dataclass(frozen=True)
class ActionSpec:
    where: Where
    element: bool = False
    """Acts on the element a snapshot ref names (`ref` required); a replay repeats it only on the element its
    cassette names, found again by role and name."""
    fields: bool = False
    """Acts on several elements, each a field's ref (`fields` required), as `element` does on one."""


ACTIONS: dict[str, ActionSpec] = {
    "click": ActionSpec("page", element=True),
    "type": ActionSpec("page", element=True),
    "select": ActionSpec("page", element=True),
    "hover": ActionSpec("page", element=True),
    "fill": ActionSpec("page", fields=True),
    "press": ActionSpec("page"),
    "scroll": ActionSpec("page"),
    "navigate": ActionSpec("page"),
    "back": ActionSpec("page"),
    "wait": ActionSpec("page"),
    "write": ActionSpec("documents"),
    "append": ActionSpec("documents"),
    "update": ActionSpec("documents"),
    "read": ActionSpec("documents"),
    "find": ActionSpec("read"),
    "look": ActionSpec("read"),
    "plan": ActionSpec("todo"),
    "check": ActionSpec("todo"),
    "done": ActionSpec("end"),
    "give_up": ActionSpec("end"),
}


def kinds(where: Where) -> tuple[str, ...]:
    """The kinds carried out `where`, in the table's order."""
    return tuple(kind for kind, spec in ACTIONS.items() if spec.where == where)


PAGE_ACTIONS = kinds("page")
DOCUMENT_ACTIONS = kinds("documents")
TODO_ACTIONS = kinds("todo")
PAGE_READS = kinds("read")
"""Actions that read the page as it is, without touching it."""
ON_ELEMENTS = tuple(kind for kind, spec in ACTIONS.items() if spec.element)
ON_FIELDS = tuple(kind for kind, spec in ACTIONS.items() if spec.fields)
THEN_KEY = ("type", "fill")
"""The kinds whose `key` is pressed after their text, on the field typed (a fill's last), as a press of its own."""


INLINE_LINES = 40
INLINE_CHARS = 2_000
"""The most a document's content may be inline, in a decision's `text`: a longer one is written apart, over plain-text
replies ending with DONE (the write-session design: large content never travels inside a tool call's JSON, where a
reply cut at its output limit loses it all)."""


def too_long_inline(text: str) -> bool:
    """Content that must be written apart rather than inline. Pure."""
    return len(text) > INLINE_CHARS or text.count("\n") >= INLINE_LINES
