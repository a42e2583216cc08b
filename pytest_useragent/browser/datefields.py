"""The layout a date or time field shows, read from the field itself (Chromium only).

Chromium lays out a date field in its own locale (`mm/dd/yyyy` in en-US) whatever the page's `lang` and whatever
locale a context emulates: a context in `cs-CZ` has `Intl` say `24. 12. 2026` while its date fields still show
`12/24/2026`. So the layout is read where it is drawn: a field of that type (and step, which adds seconds) made in
the page, never attached (nothing on the page changes), given a sample value, and its user-agent shadow tree read
through CDP `DOM.describeNode` (`pierce`): each segment's pseudo-element (`-webkit-datetime-edit-month-field`) with
its text, and the text between them. One probe a type and step, kept for the page.
"""

from __future__ import annotations

import json
import re
from typing import Any
from weakref import WeakKeyDictionary

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pytest_useragent.browser import bounded
from pytest_useragent.records.datetimes import SAMPLES, TEXT, Layout

_SEGMENT = re.compile(r"-webkit-datetime-edit-([a-z]+)-field")
_BETWEEN = "-webkit-datetime-edit-text"
_STEP = re.compile(r"\d{1,6}(?:\.\d{1,3})?")
MAX_PROBES = 10
"""The most layouts one look reads: a page of a hundred date fields has a few types and steps among them."""
GROUP = "useragent-datefields"
_KNOWN: WeakKeyDictionary[Page, dict[tuple[str, str], Layout | None]] = WeakKeyDictionary()


def step_of(step: object) -> str:
    """A field's `step` attribute as the probe sets it: a plain number, else none (the type's default)."""
    text = str(step or "").strip()
    return text if _STEP.fullmatch(text) else ""


def layout(page: Page, kind: str, step: object, seconds: float) -> Layout | None:
    """The layout a field of `kind` (and `step`) shows on this page; None when it cannot be read (not Chromium, a
    page going away) or is not one the model can be told."""
    return layouts(page, [(kind, step_of(step))], seconds).get((kind, step_of(step)))


def layouts(page: Page, wanted: list[tuple[str, str]], seconds: float) -> dict[tuple[str, str], Layout | None]:
    """The layouts of the types and steps wanted, each probed once a page."""
    known = _KNOWN.setdefault(page, {})
    missing = [key for key in dict.fromkeys(wanted) if key not in known and key[0] in SAMPLES][:MAX_PROBES]
    if missing:
        try:
            session = bounded.call(page.context, seconds, "new_cdp_session", page)
        except PlaywrightError:  # not Chromium, or the page is closing: no layout to tell
            return {key: known.get(key) for key in wanted}
        try:
            for kind, step in missing:
                known[kind, step] = _probe(session, kind, step, seconds)
        except PlaywrightError:
            pass
        finally:
            try:
                bounded.call(session, seconds, "send", "Runtime.releaseObjectGroup", {"objectGroup": GROUP})
                bounded.call(session, seconds, "detach")
            except PlaywrightError:
                pass
    return {key: known.get(key) for key in wanted}


def formats(page: Page, fields: list[Any], seconds: float) -> list[list[Any]]:
    """The look's date fields (each `[box, type, step]`) as states for `with_states`: `[box, {"date": "mm/dd/yyyy"}]`
    (none for a field whose layout cannot be read)."""
    read = [field for field in fields if isinstance(field, list) and len(field) == 3 and isinstance(field[0], str)]
    found = layouts(page, [(str(kind), step_of(step)) for _, kind, step in read], seconds)
    states: list[list[Any]] = []
    for box, kind, step in read:
        shown = found.get((str(kind), step_of(step)))
        if shown is not None:
            states.append([box, dict([shown.attribute])])
    return states


def _probe(session: Any, kind: str, step: str, seconds: float) -> Layout | None:
    made = (
        f"(() => {{ const e = document.createElement('input'); e.type = {json.dumps(kind)}; "
        f"if ({json.dumps(step)}) e.step = {json.dumps(step)}; e.value = {json.dumps(SAMPLES[kind])}; return e; }})()"
    )
    found = bounded.call(session, seconds, "send", "Runtime.evaluate", {"expression": made, "objectGroup": GROUP})
    field = found["result"].get("objectId")
    if not field:
        return None
    node = bounded.call(session, seconds, "send", "DOM.describeNode", {"objectId": field, "depth": -1, "pierce": True})[
        "node"
    ]
    read = layout_of(kind, node)
    return read if read.usable() else None


def layout_of(kind: str, node: dict[str, Any]) -> Layout:
    """The layout in a field's node as `DOM.describeNode` gives it, its shadow tree pierced: its segments and the
    text between them, in order. CDP leaves out a text node of white space alone: text between segments with no
    text node is a space. Pure."""
    parts: list[tuple[str, str]] = []
    stack = [node]
    while stack:
        here = stack.pop()
        attributes = here.get("attributes") or []
        pseudo = dict(zip(attributes[::2], attributes[1::2], strict=False)).get("pseudo", "")
        segment = _SEGMENT.fullmatch(pseudo)
        if segment is not None:
            parts.append((segment[1], _text(here)))
            continue
        if pseudo == _BETWEEN:
            parts.append((TEXT, _text(here) or " "))
            continue
        stack.extend(reversed([*(here.get("shadowRoots") or []), *(here.get("children") or [])]))
    return Layout(kind=kind, parts=tuple(parts))


def _text(node: dict[str, Any]) -> str:
    children = node.get("children") or []
    return "".join(str(child.get("nodeValue") or "") for child in children if child.get("nodeType") == 3)
