"""What a keyboard user meets, as objective checks: an element that responds to a pointer but no Tab reaches
(`keyboard-unreachable`, WCAG 2.1.1), focus that Tab and Shift+Tab keep within part of the page and Escape does not
free (`keyboard-trap`, 2.1.2), a focused element that looks as it does unfocused (`focus-not-visible`, 2.4.7), and
focus dropped to the page after an action (`focus-lost`, 2.4.3). Every probe is bounded: each call on the page
(`bounded`), a Tab walk at most `MAX_WALK` presses, a scan at most `MAX_SCANNED` elements."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import CDPSession, Locator, Page
from playwright.sync_api import Error as PlaywrightError

from pytest_useragent.browser import bounded
from pytest_useragent.browser.scripts import script
from pytest_useragent.records import Box, Issue, Severity
from pytest_useragent.records.grouping import MAX_EXAMPLES, grouped

MAX_WALK = 40
"""The most Tab (and as many Shift+Tab) presses a trap probe makes: a cycle longer than this is not told apart from
the page's own order."""
MAX_SCANNED = 5_000
"""The most elements a scan for keyboard-unreachable controls looks at, in document order."""
POINTER_EVENTS = frozenset({"click", "mousedown", "mouseup", "pointerdown", "pointerup", "dblclick"})

_KEYBOARD = script("keyboard.js", describe=True)
_UNREACHABLE = script("unreachable.js")
_DESCRIBE = script("describe.js")
_SCAN = f"function (...args) {{ const describe = {_DESCRIBE};\n return ({_UNREACHABLE}).apply(this, args); }}"
_ONE = f"(el, [keep, limit]) => {{ const describe = {_DESCRIBE};\n return ({_UNREACHABLE})(keep, limit, el); }}"


@dataclass(frozen=True)
class FocusNow:
    """Where focus is: on an element (named by role and accessible name), or on the page itself."""

    on: bool
    element: str
    html: str = ""
    box: str | None = None
    same: bool | None = None
    """Whether the element looks the same focused and unfocused, when `focus_now` measured it; None when not."""


def focus_now(page: Page, seconds: float, measure: Collection[str] | None = None) -> FocusNow | None:
    """Where focus is now; with `measure` (the elements measured already), also whether the focused element, if it
    is not one of them, shows focus: its outline, border, shadow, background, colour and underline with focus and
    without, measured by blurring it and focusing it again (which the page sees as blur and focus events). One page
    script either way. None when the page cannot say (a document going away)."""
    try:
        found = bounded.evaluate(page, seconds, _KEYBOARD, ["focus", sorted(measure) if measure is not None else 0])
    except PlaywrightError:
        return None
    return FocusNow(**found)


def focus_lost(before: FocusNow | None, after: FocusNow | None, same_document: bool) -> Issue | None:
    """`focus-lost`: focus was on an element before the action and is on the page itself after it, in the same
    document (a new document starts at its top, as it should). Pure."""
    if before is None or after is None or not before.on or after.on or not same_document:
        return None
    return _issue(
        "focus-lost",
        "minor",
        "WCAG 2.4.3 Focus Order",
        "Focus was lost after an action",
        f"focus was on {before.element}; after the action it is on the page itself (<body>)",
        before.element,
        "As a keyboard user I expected to stay where I was, not to start again from the top.",
    )


def focus_not_visible(now: FocusNow) -> Issue | None:
    """`focus-not-visible`: the focused element looked the same with focus and without, as `focus_now` measured it.
    No box: the step's screenshot was taken before the action that moved focus here. Pure."""
    if not now.same:
        return None
    return _issue(
        "focus-not-visible",
        "major",
        "WCAG 2.4.7 Focus Visible",
        "The focused element does not show focus",
        f"{now.element} looks the same focused and unfocused (no outline, border, shadow or colour change)",
        now.element,
        "As a keyboard user I expected to see where I am.",
    )


def trapped(page: Page, seconds: float, presses: int = MAX_WALK) -> Issue | None:
    """`keyboard-trap`: from where focus is, Tab comes back round within `presses` without meeting every tabbable
    element of the page, and Shift+Tab meets nothing outside that round either. Focus is put back where it was.
    The session asks this only after an Escape that left focus on an element: Escape did not leave."""
    try:
        start = bounded.evaluate(page, seconds, _KEYBOARD, ["start", 0])
        if not start["on"]:
            return None
        try:
            if _walk(page, seconds, presses, "Tab", "tab") != "round":
                return None
            met = bounded.evaluate(page, seconds, _KEYBOARD, ["outside", 0])
            if met["outside"] == 0 or _walk(page, seconds, presses, "Shift+Tab", "back") != "round":
                return None
        finally:
            bounded.evaluate(page, seconds, _KEYBOARD, ["restore", 0])
    except PlaywrightError:
        return None
    return _issue(
        "keyboard-trap",
        "critical",
        "WCAG 2.1.2 No Keyboard Trap",
        "Focus is trapped",
        f"Tab and Shift+Tab go round {met['met']} elements from {start['element']}; Escape does not leave; "
        f"{met['outside']} more on the page cannot be reached",
        start["element"],
        "As a keyboard user I expected to be able to move on.",
    )


def _walk(page: Page, seconds: float, presses: int, key: str, command: str) -> str:
    """Presses `key` until focus comes back round ("round"), leaves for the page or the walk's elements ("page",
    "out"), or `presses` run out ("on")."""
    where = "on"
    for _ in range(presses):
        bounded.call(page.keyboard, seconds, "press", key)
        where = bounded.evaluate(page, seconds, _KEYBOARD, [command, 0])
        if where != "on":
            return str(where)
    return where


def looked_for(locator: Locator, seconds: float) -> list[Issue]:
    """`keyboard-unreachable` for the element a keyboard persona tried to click or hover: when it responds to a
    pointer and takes no focus."""
    try:
        found = bounded.call(locator, seconds, "evaluate", _ONE, [MAX_EXAMPLES, MAX_SCANNED])
    except PlaywrightError:
        return []
    return _unreachable(found)


class Listeners:
    """The page's elements with a pointer listener of their own, through CDP `DOMDebugger.getEventListeners` (a
    listener on the document or an ancestor, as frameworks delegate, is not one; a pointer cursor then tells)."""

    def __init__(self, page: Page, seconds: float) -> None:
        self._page = page
        self._seconds = seconds
        self._session: CDPSession | None = None

    def scan(self) -> list[Issue]:
        """Every keyboard-unreachable element of the page, grouped as one issue that says how many."""
        try:
            session = self._session or self._page.context.new_cdp_session(self._page)
            self._session = session
            document = self._send("Runtime.evaluate", {"expression": "document"})["result"]["objectId"]
            listeners = self._send("DOMDebugger.getEventListeners", {"objectId": document, "depth": -1})
            nodes = sorted({item["backendNodeId"] for item in listeners["listeners"] if _pointer(item)})
            objects = [self._send("DOM.resolveNode", {"backendNodeId": node})["object"] for node in nodes]
            arguments = [{"value": MAX_EXAMPLES}, {"value": MAX_SCANNED}, {"value": None}]
            called = self._send(
                "Runtime.callFunctionOn",
                {
                    "objectId": document,
                    "functionDeclaration": _SCAN,
                    "arguments": arguments + [{"objectId": item["objectId"]} for item in objects],
                    "returnByValue": True,
                },
            )
            self._send("Runtime.releaseObjectGroup", {"objectGroup": ""})
        except (PlaywrightError, KeyError):  # a document going away, or no CDP (not Chromium): nothing to say
            return []
        return _unreachable(called["result"].get("value") or {"count": 0, "found": []})

    def _send(self, method: str, params: dict[str, Any]) -> Any:
        return bounded.call(self._session, self._seconds, "send", method, params)


def _pointer(listener: dict[str, Any]) -> bool:
    return listener.get("type") in POINTER_EVENTS and bool(listener.get("backendNodeId"))


def _unreachable(found: dict[str, Any]) -> list[Issue]:
    issues = grouped(
        _issue(
            "keyboard-unreachable",
            "major",
            "WCAG 2.1.1 Keyboard",
            "A control cannot be reached by keyboard",
            f"{item['element']} responds to a pointer, but no Tab reaches it and no key activates it",
            item["element"],
            "As a keyboard user I expected to reach every control with Tab.",
            item["box"],
        )
        for item in found["found"]
    )
    if issues:
        issues[0].count = found["count"]
    return issues


def _issue(
    rule: str,
    severity: Severity,
    heuristic: str,
    title: str,
    evidence: str,
    element: str,
    quote: str,
    box: str | None = None,
) -> Issue:
    return Issue(
        source="check",
        rule=rule,
        severity=severity,
        heuristic=heuristic,
        title=title,
        evidence=evidence,
        element=element,
        quote=quote,
        box=Box.parse(box) if box else None,
    )
