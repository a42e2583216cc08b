"""What a keyboard user meets, as objective checks: an element that responds to a pointer but no Tab reaches
(`keyboard-unreachable`, WCAG 2.1.1), focus that Tab and Shift+Tab keep within part of the page and Escape does not
free (`keyboard-trap`, 2.1.2), a focused element that looks as it does unfocused (`focus-not-visible`, 2.4.7), and
focus dropped to the page after an action (`focus-lost`, 2.4.3); and, for a screen-reader persona, the same pointer
scan asked what has no role (`unexposed`). Every probe is bounded: each call on the page
(`bounded`), a Tab walk at most `MAX_WALK` presses, a scan at most `MAX_SCANNED` elements."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import CDPSession, Locator, Page
from playwright.sync_api import Error as PlaywrightError

from pytest_useragent.browser import bounded, discard
from pytest_useragent.browser.discard import FOCUS_EVENTS, MAX_LISTENED
from pytest_useragent.browser.scripts import script
from pytest_useragent.browser.unexposed import not_exposed
from pytest_useragent.records import Issue
from pytest_useragent.records.grouping import MAX_EXAMPLES, counted
from pytest_useragent.records.rules import rule

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
_ONE = (
    f"(el, [keep, limit]) => {{ const describe = {_DESCRIBE};\n return ({_UNREACHABLE})(keep, limit, el, 'reach'); }}"
)


@dataclass(frozen=True)
class FocusNow:
    """Where focus is: on an element (named by role and accessible name, the deepest through shadow roots), or on the
    page itself."""

    on: bool
    element: str
    html: str = ""
    box: str | None = None
    within: str = ""
    """The dialog focus is in, by role and name; empty outside any."""
    inner: bool = False
    """Whether the element has focus stops of its own, which Tab goes through while focus stays on it: a player's
    controls, a frame's document, a date field's parts (Chromium: 6 in an audio player, 4 in a date field)."""
    document: str = ""
    """A mark of the document focus is in: a reload at the same address is another document."""
    navigations: int = 0
    """The navigations within that document so far (a fragment link, a router's pushState), as watch.js counts them:
    one between two looks moved focus to the page itself, as browsers do."""
    same: bool | None = None
    """Whether the element looks the same focused and unfocused, when `focus_now` measured it; None when not."""


INNER_STOPS = 12
"""Keys in a row that may leave focus on an element with stops of its own (`FocusNow.inner`) before it counts as
focus that stayed: more than a video player's controls."""
RING_MARGIN_PX = 8
"""How far around the focused element its pixels are compared: a ring drawn outside the box (an outline with an
offset, a shadow, a pseudo-element) is focus shown."""


def focus_now(page: Page, seconds: float, measure: Collection[str] | None = None) -> FocusNow | None:
    """Where focus is now; with `measure` (the elements measured already), also whether the focused element, if it
    is not one of them, shows focus: its styles and its pseudo-elements' with focus and without, measured by blurring
    it and focusing it again with the page kept from those events (a menu that closes when focus leaves it stays
    open), and, where the styles say nothing changed, its pixels and a margin around it compared the same way (a ring
    some other way draws). Only where both say nothing changed is it measured again with the page seeing the blur and
    the focus (a ring the page's script draws on them). None when the page cannot say (a document going away)."""
    try:
        found = bounded.evaluate(page, seconds, _KEYBOARD, ["focus", sorted(measure) if measure is not None else 0])
        if found.get("same") and found.get("box"):
            found["same"] = _same_pixels(page, seconds, found["box"])
        if found.get("same"):  # nothing changed with the page kept out of it: it may draw focus itself, on its events
            found = bounded.evaluate(page, seconds, _KEYBOARD, ["focus-loud", []])
            if found.get("same") and found.get("box"):
                found["same"] = _same_pixels(page, seconds, found["box"], loud=True)
    except PlaywrightError:
        return None
    return FocusNow(**found)


def _same_pixels(page: Page, seconds: float, box: str, loud: bool = False) -> bool | None:
    """Whether the focused element and its margin look the same in a screenshot with focus and after a blur (focus
    given back after); None when it cannot be told (the element off screen, gone): no finding then."""
    x, y, width, height = (float(part) for part in box.split(","))
    viewport = page.viewport_size or {"width": 0, "height": 0}
    left, top = max(0.0, x - RING_MARGIN_PX), max(0.0, y - RING_MARGIN_PX)
    right = min(float(viewport["width"]), x + width + RING_MARGIN_PX)
    bottom = min(float(viewport["height"]), y + height + RING_MARGIN_PX)
    if right - left < 1 or bottom - top < 1:
        return None
    clip = {"x": left, "y": top, "width": right - left, "height": bottom - top}

    def shot() -> bytes:
        return bytes(bounded.call(page, seconds, "screenshot", clip=clip, animations="disabled", caret="hide"))

    suffix = "-loud" if loud else ""
    focused = shot()
    if not bounded.evaluate(page, seconds, _KEYBOARD, ["blur" + suffix, 0]):
        return None
    try:
        blurred = shot()
    finally:
        bounded.evaluate(page, seconds, _KEYBOARD, ["refocus" + suffix, 0])
    return focused == blurred


def focus_lost(before: FocusNow | None, after: FocusNow | None, same_document: bool) -> Issue | None:
    """`focus-lost`: focus was on an element before the action and is on the page itself after it, in the same
    document, with no navigation in between: a new document (a reload included) starts at its top, and a navigation
    within the document (a fragment link, even to the fragment already in the address; a router's pushState) leaves
    focus to the browser, which puts it on the page and starts the next Tab at the target. Pure."""
    if before is None or after is None or not before.on or after.on or not same_document:
        return None
    if before.document and after.document and before.document != after.document:
        return None
    if before.navigations != after.navigations:
        return None
    return rule("focus-lost").issue(
        f"focus was on {before.element}; after the action it is on the page itself (<body>)", before.element
    )


def focus_not_visible(now: FocusNow) -> Issue | None:
    """`focus-not-visible`: the focused element looked the same with focus and without, as `focus_now` measured it.
    No box: the step's screenshot was taken before the action that moved focus here. Pure."""
    if not now.same:
        return None
    return rule("focus-not-visible").issue(
        f"Tab moved focus to {now.element}, which looks the same focused and unfocused: no outline, border, "
        "shadow, colour or pseudo-element change, and not one pixel of it or around it",
        now.element,
    )


def escaped(before: FocusNow | None, after: FocusNow | None) -> bool:
    """Whether an Escape moved focus out of where it was: to another dialog or out of one (a nested dialog closed,
    focus back in its parent), or to another element outside any dialog. Pure."""
    if before is None or after is None or not after.on or not before.on:
        return True
    if before.within or after.within:
        return before.within != after.within
    return before.element != after.element


def trapped(page: Page, seconds: float, presses: int = MAX_WALK, tried: str = "Escape") -> Issue | None:
    """`keyboard-trap`: from where focus is, Tab comes back round within `presses` without meeting every tabbable
    element of the page, Shift+Tab meets nothing outside that round either, and nothing in the round is a way out
    (a control named close, cancel, done ...). Focus is put back where it was. The session asks this only after an
    Escape that left focus where it was (`escaped`), or after Tabs that each left it on the same element (the page
    takes it back): what was `tried` before, for the finding."""
    try:
        start = bounded.evaluate(page, seconds, _KEYBOARD, ["start", 0])
        if not start["on"]:
            return None
        try:
            tabs = _walk(page, seconds, presses, "Tab", "tab")
            if tabs[0] != "round":
                return None
            met = bounded.evaluate(page, seconds, _KEYBOARD, ["outside", 0])
            if met["outside"] == 0 or met["exits"]:
                return None
            backs = _walk(page, seconds, presses, "Shift+Tab", "back")
            if backs[0] != "round":
                return None
        finally:
            bounded.evaluate(page, seconds, _KEYBOARD, ["restore", 0])
    except PlaywrightError:
        return None
    where = met["within"] or f"a round of {met['met']} elements"
    return rule("keyboard-trap").issue(
        f"{tried}, Tab x{tabs[1]}, Shift+Tab x{backs[1]} from {start['element']}: focus stayed in {where}, with no "
        f"control to close it; {met['outside']} more on the page cannot be reached",
        start["element"],
    )


def _walk(page: Page, seconds: float, presses: int, key: str, command: str) -> tuple[str, int]:
    """Presses `key` until focus comes back round ("round"), leaves for the page or the walk's elements ("page",
    "out"), or `presses` run out ("on"); with the presses made."""
    where = "on"
    for pressed in range(1, presses + 1):
        bounded.call(page.keyboard, seconds, "press", key)
        where = bounded.evaluate(page, seconds, _KEYBOARD, [command, INNER_STOPS])
        if where != "on":
            return str(where), pressed
    return where, presses


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

    def unexposed(self) -> list[Issue]:
        """Every element that responds to a pointer but a screen reader reads as text (`unexposed`), grouped as one
        issue that says how many."""
        try:
            document, listeners = self._listened()
            called = self._call(document, _SCAN, self._scanning("role", listeners))
            self._send("Runtime.releaseObjectGroup", {"objectGroup": ""})
        except (PlaywrightError, KeyError):  # a document going away, or no CDP (not Chromium): nothing to say
            return []
        return not_exposed(called["result"].get("value") or {"count": 0, "found": []})

    def scan(self) -> list[Issue]:
        """Every keyboard-unreachable element of the page, grouped as one issue that says how many; and, once a
        document, every tabbable element that gives up the focus it takes (`discard`)."""
        try:
            document, listeners = self._listened()
            called = self._call(document, _SCAN, self._scanning("reach", listeners))
            found = _unreachable(called["result"].get("value") or {"count": 0, "found": []})
        except (PlaywrightError, KeyError):  # a document going away, or no CDP (not Chromium): nothing to say
            return []
        try:  # the focus scan, once a document: its focus listeners' nodes resolved only then
            if self._send("Runtime.evaluate", {"expression": discard.FRESH, "returnByValue": True})["result"]["value"]:
                nodes = self._nodes(listeners, FOCUS_EVENTS, MAX_LISTENED)
                called = self._call(document, discard.SCAN, discard.scan_arguments(nodes))
                found += discard.scanned(called["result"].get("value") or {})
            self._send("Runtime.releaseObjectGroup", {"objectGroup": ""})
        except (PlaywrightError, KeyError):
            pass
        return found

    def _listened(self) -> tuple[str, list[dict[str, Any]]]:
        """The document's handle and every event listener in it, through CDP."""
        self._session = self._session or self._page.context.new_cdp_session(self._page)
        document = self._send("Runtime.evaluate", {"expression": "document"})["result"]["objectId"]
        return document, self._send("DOMDebugger.getEventListeners", {"objectId": document, "depth": -1})["listeners"]

    def _scanning(self, ask: str, listeners: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The scan's arguments: what it keeps and looks at, what it asks, and the nodes with a pointer listener."""
        asked: list[dict[str, Any]] = [{"value": MAX_EXAMPLES}, {"value": MAX_SCANNED}, {"value": None}, {"value": ask}]
        return asked + self._nodes(listeners, POINTER_EVENTS)

    def _nodes(self, listeners: list[dict[str, Any]], types: Collection[str], most: int | None = None) -> list[Any]:
        """The nodes with a listener of one of `types` (the first `most`), resolved, as CDP call arguments."""
        nodes = sorted({item["backendNodeId"] for item in listeners if _listens(item, types)})[:most]
        objects = [self._send("DOM.resolveNode", {"backendNodeId": node})["object"] for node in nodes]
        return [{"objectId": item["objectId"]} for item in objects]

    def _call(self, document: str, function: str, arguments: list[dict[str, Any]]) -> Any:
        return self._send(
            "Runtime.callFunctionOn",
            {
                "objectId": document,
                "functionDeclaration": function,
                "arguments": arguments,
                "returnByValue": True,
                "awaitPromise": True,
            },
        )

    def _send(self, method: str, params: dict[str, Any]) -> Any:
        return bounded.call(self._session, self._seconds, "send", method, params)


def _listens(listener: dict[str, Any], types: Collection[str]) -> bool:
    return listener.get("type") in types and bool(listener.get("backendNodeId"))


def _unreachable(found: dict[str, Any]) -> list[Issue]:
    return counted(
        [
            rule("keyboard-unreachable").issue(
                f"{item['element']} responds to a pointer, but no key reaches it: "
                f"{item.get('why') or 'it takes no focus'}",
                item["element"],
                box=item["box"],
            )
            for item in found["found"]
        ],
        found["count"],
    )
