"""Objective UX checks, every step: accessibility (axe-core), dead clicks, failed and slow requests, console errors,
controls smaller than 24x24 CSS px, and horizontal overflow. Findings are Issues with source="check".

The page-state checks (axe and the layout) run once per distinct page state: a session reports a state's issues
the first time it sees it, and their results are kept for the process (a test run, or one xdist worker), so the
next session that meets the same state (the same start page, test after test) gets them without running axe again.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pytest_useragent.browser.scripts import script
from pytest_useragent.browser.settle import QUIET_MS
from pytest_useragent.records import Issue, Severity, Signals

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
AXE_IMPACT: dict[str, Severity] = {"critical": "critical", "serious": "major", "moderate": "minor", "minor": "cosmetic"}
MIN_TARGET_PX = 24

_AXE_RUN = "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})"
_LAYOUT = script("layout.js")
_CLICK_EFFECT = script("click_effect.js")


PageState = tuple[str, str]
"""What the page-state checks depend on: the URL and the look's fingerprint (viewport, document length and hash)."""


class Audits:
    """The page-state checks' issues by page state, the most recent `size` states kept."""

    def __init__(self, size: int = 256) -> None:
        self._size = size
        self._issues: OrderedDict[PageState, list[Issue]] = OrderedDict()

    def get(self, state: PageState) -> list[Issue] | None:
        issues = self._issues.get(state)
        if issues is None:
            return None
        self._issues.move_to_end(state)
        return [issue.model_copy() for issue in issues]

    def clear(self) -> None:
        self._issues.clear()

    def put(self, state: PageState, issues: list[Issue]) -> None:
        self._issues[state] = [issue.model_copy() for issue in issues]
        if len(self._issues) > self._size:
            self._issues.popitem(last=False)


AUDITS = Audits()
"""Shared by the sessions of this process."""


class PageChecks:
    """Runs the checks on one page for one session."""

    def __init__(self, page: Page, audits: Audits = AUDITS) -> None:
        self._page = page
        self._audits = audits
        self._seen: set[PageState] = set()

    def inspect(self, signals: Signals, fingerprint: str) -> list[Issue]:
        """Issues visible now: from the signals since the last look and, for a page state this session has not
        seen yet (see `Observation.fingerprint`), from axe and the layout."""
        state: PageState = (self._page.url, fingerprint)
        if not fingerprint or state in self._seen:
            return issues_from_signals(signals)
        self._seen.add(state)
        issues = self._audits.get(state)
        if issues is None:
            issues = self._accessibility() + self._layout()
            self._audits.put(state, issues)
        return issues_from_signals(signals) + issues

    def dead_click(self, locator: str | None, url_before: str) -> Issue | None:
        """Right after a click (and its settling): an Issue when nothing changed (no URL, DOM or focus change), not
        even within QUIET_MS for a late effect. Clicks on form fields, and clicks that never reached the page's
        document (in a frame), are never dead. Needs the page's PageWatcher, whose script saw the click."""
        try:
            changed = self._page.url != url_before or self._page.evaluate(_CLICK_EFFECT, QUIET_MS) is not False
        except PlaywrightError:
            return None  # the document went away: something happened
        if changed:
            return None
        return Issue(
            source="check",
            rule="dead-click",
            severity="major",
            heuristic="Nielsen #1 visibility of system status",
            title="A click did nothing",
            evidence="no URL, DOM or focus change after the click",
            quote="As a user I expected something to happen when I clicked.",
            locator=locator,
            element=locator,
        )

    def _accessibility(self) -> list[Issue]:
        if not self._page.evaluate("() => typeof window.axe !== 'undefined'"):
            self._page.evaluate(AXE_SCRIPT)
        results: dict[str, Any] = self._page.evaluate(_AXE_RUN, AXE_TAGS)
        return [
            Issue(
                source="check",
                rule=violation["id"],
                severity=AXE_IMPACT.get(violation.get("impact") or "", "minor"),
                heuristic="WCAG " + ", ".join(tag for tag in violation["tags"] if tag.startswith("wcag")),
                title=violation["help"],
                evidence=(node.get("failureSummary") or violation["description"]).strip(),
                quote=violation["description"],
                element=node["html"][:200],
                locator=f'locator("{" ".join(str(part) for part in node["target"])}")',
            )
            for violation in results["violations"]
            for node in violation["nodes"]
        ]

    def _layout(self) -> list[Issue]:
        found: dict[str, Any] = self._page.evaluate(_LAYOUT, MIN_TARGET_PX)
        issues = [
            Issue(
                source="check",
                rule="target-size",
                severity="minor",
                heuristic="WCAG 2.5.8 target size (minimum)",
                title="A control is smaller than 24x24 px",
                quote="As a user I expected to hit this control easily.",
                evidence=f"{small['name'] or 'unnamed control'}: {small['width']}x{small['height']} px, too close to "
                "another control",
                element=small["html"],
            )
            for small in found["small"]
        ]
        if found["overflow"] > 1:
            issues.append(
                Issue(
                    source="check",
                    rule="horizontal-overflow",
                    severity="minor",
                    heuristic="WCAG 1.4.10 reflow",
                    title="The page scrolls sideways",
                    evidence=f"content is {found['overflow']} px wider than the viewport",
                    element=self._page.url,
                    quote="As a user I expected the page to fit my screen.",
                )
            )
        return issues


def issues_from_signals(signals: Signals) -> list[Issue]:
    """Failed requests, console errors and slow responses as Issues. Pure."""
    issues = [
        Issue(
            source="check",
            rule="http-error",
            severity="major" if failure.resource == "document" else "minor",
            heuristic="Nielsen #9 help users recover from errors",
            title=f"A request failed ({failure.status or failure.error})",
            evidence=str(failure),
            element=failure.url,
            quote="As a user I expected this to load.",
        )
        for failure in signals.failed_requests
    ]
    issues += [
        Issue(
            source="check",
            rule="console-error",
            severity="minor",
            heuristic="Robustness",
            title="The page logged an error",
            evidence=message,
            element=message[:200],
            quote="As a user I expected the page to work.",
        )
        for message in signals.console_errors
    ]
    issues += [
        Issue(
            source="check",
            rule="slow-response",
            severity="minor",
            heuristic="Nielsen #1 visibility of system status",
            title="A response was slow",
            evidence=str(slow),
            element=slow.url,
            quote="As a user I expected an answer without waiting.",
        )
        for slow in signals.slow_responses
    ]
    return issues
