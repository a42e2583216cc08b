"""The `reflow` check (WCAG 1.4.10): at a CSS viewport 320 px wide or less (a 1280 px screen at 400% zoom, a small
phone) the page must not scroll sideways, except for content that needs two dimensions (a data table, a map, a
diagram, an image, a video, code). The finding names the widest element that reaches past the viewport's edge, by
role and accessible name. At wider viewports `horizontal-overflow` (`checks.py`) says the same more gently."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pytest_useragent.browser import bounded
from pytest_useragent.browser.scripts import script
from pytest_useragent.records import Box, Issue
from pytest_useragent.records.rules import rule

REFLOW_WIDTH = 320
"""WCAG 1.4.10's width: 1280 CSS px at 400%."""
SLACK_PX = 2
"""A pixel or two of sideways scroll is rounding (a border, a subpixel layout), not a page that does not reflow."""
_REFLOW = script("reflow.js", describe=True)


def applies(page: Page) -> bool:
    """Whether the page is laid out at WCAG's reflow width or narrower."""
    viewport = page.viewport_size
    return viewport is not None and viewport["width"] <= REFLOW_WIDTH


def reflow(page: Page, seconds: float) -> list[Issue]:
    """The page's reflow finding, if it scrolls sideways for content that should reflow; nothing when the document
    is going away (its successor is checked)."""
    try:
        found = bounded.evaluate(page, seconds, _REFLOW, [SLACK_PX, 1])
    except PlaywrightError:
        return []
    issue = finding(found, (page.viewport_size or {"width": 0})["width"])
    return [issue] if issue is not None else []


def finding(found: dict[str, Any], width: int) -> Issue | None:
    """The script's measure as an Issue (pure): the widest offender named; a page that scrolls only for exempt
    content (a wide data table) is none; one that scrolls with no element to blame (an offset, a transform) is
    the page's."""
    if found["scrolls"] <= SLACK_PX or (not found["offenders"] and found["exempt"]):
        return None
    widest = found["offenders"][0] if found["offenders"] else None
    what = f"{widest['name']} is {widest['width']} px wide" if widest else "the page is wider than its content"
    return rule("reflow").issue(
        f"{what}: the page scrolls {found['scrolls']} px sideways in a {width} px wide viewport",
        widest["html"] if widest else None,
        title=f"The page does not reflow at {REFLOW_WIDTH} CSS px",
        box=Box.parse(widest["box"]) if widest else None,
        count=max(1, found["count"]),
    )
