"""Focus an element gives up the moment it takes it (`focus-discarded`, WCAG 2.1.1 by failure F55: `onfocus=
"this.blur()"`, or a script that moves focus away on focus), found where a keyboard user meets it: on the element Tab
moved focus to (`passed`, from the page's own log of focus and blur, watch.js), and on every tabbable element of a
document, focused in turn once (`scan_call`, run with the keyboard scan, `keyboard.Listeners`). The page script is
scripts/discard.js; what it lets pass (focus an element leads on: into a submenu, within its widget, into a dialog)
is said there and in the rule's row."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pytest_useragent.browser import bounded
from pytest_useragent.browser.scripts import script
from pytest_useragent.records import Issue
from pytest_useragent.records.grouping import MAX_EXAMPLES, counted
from pytest_useragent.records.rules import rule

MAX_FOCUSED = 300
"""The most tabbable elements the scan focuses, in document order: each focus costs the page a style update."""
MAX_WAITED = 10
"""The most elements the scan waits a frame for after focusing them (those with a focus listener of their own or an
ancestor's below <body>): each wait costs about a frame (16 ms)."""
MAX_LISTENED = 20
"""The most elements with focus listeners whose nodes the scan is handed (each a CDP call, 1-5 ms): twice as many as
it may wait for."""
FOCUS_EVENTS = frozenset({"focus", "focusin"})

_DISCARD = script("discard.js")
SCAN = (
    f"async function (...args) {{ const describe = {script('describe.js')};\n return ({_DISCARD}).apply(this, args); }}"
)
"""The scan, for CDP's `Runtime.callFunctionOn` on the document, with the focus listeners' nodes as arguments."""
FRESH = "!window.__useragentScanned"
"""Whether the document has not been scanned yet (discard.js marks it)."""
_PASSED = f"() => ({SCAN})('passed', 0, 0, 0)"


def scan_arguments(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The scan's arguments for CDP: its bounds, then the nodes with a focus listener (as CDP arguments, at most
    MAX_LISTENED)."""
    bounds: list[dict[str, Any]] = [
        {"value": "scan"},
        {"value": MAX_EXAMPLES},
        {"value": MAX_FOCUSED},
        {"value": MAX_WAITED},
    ]
    return bounds + nodes[:MAX_LISTENED]


def scanned(found: dict[str, Any]) -> list[Issue]:
    """The scan's finding: every element that gave up the focus it was given, grouped as one issue that says how
    many. Pure."""
    return counted(
        [
            rule("focus-discarded").issue(
                f"focused (as Tab would), {item['element']} gave focus up at once: focus went to {item['to']}",
                item["element"],
                box=item["box"],
            )
            for item in found.get("found", [])
        ],
        found["count"],
    )


def passed(page: Page, seconds: float, key: str) -> Issue | None:
    """`focus-discarded` on the element the persona's `key` moved focus to, when it gave focus up at once (to the
    page itself, or to an element it does not lead to), read from the page's log of focus since the last probe."""
    try:
        found = bounded.evaluate(page, seconds, _PASSED)
    except PlaywrightError:
        return None
    return tabbed(key, found) if found else None


def tabbed(key: str, found: dict[str, Any]) -> Issue:
    """The finding of a `key` press that moved focus to an element which gave it up at once. Pure."""
    return rule("focus-discarded").issue(
        f"{key} moved focus to {found['element']}, which gave it up at once: focus is on {found['to']}",
        found["element"],
        box=found["box"],
    )
