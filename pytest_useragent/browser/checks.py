"""Objective UX checks, every step: accessibility (axe-core), dead clicks, failed and slow requests, console errors,
controls smaller than 24x24 CSS px, and horizontal overflow. Findings are Issues with source="check"."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pytest_useragent.browser.scripts import script
from pytest_useragent.records import Issue, Severity, Signals

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
AXE_IMPACT: dict[str, Severity] = {"critical": "critical", "serious": "major", "moderate": "minor", "minor": "cosmetic"}
MIN_TARGET_PX = 24

_AXE_RUN = "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})"
_LAYOUT = script("layout.js")
_ARM = script("arm_click.js")
_DISARM = script("disarm_click.js")


class PageChecks:
    """Runs the checks on one page for one session; axe runs once per distinct page state."""

    def __init__(self, page: Page) -> None:
        self._page = page
        self._checked: set[tuple[str, int]] = set()
        self._armed_at: str | None = None

    def inspect(self, signals: Signals) -> list[Issue]:
        """Issues visible now: from the signals since the last look, axe, and the layout."""
        return issues_from_signals(signals) + self._accessibility() + self._layout()

    def arm(self, ref: str) -> None:
        """Before a click on `ref`: start watching for any effect of it."""
        self._armed_at = None
        try:
            if self._page.locator(f"aria-ref={ref}").evaluate(_ARM):
                self._armed_at = self._page.url
        except PlaywrightError:
            return

    def dead_click(self, locator: str | None) -> Issue | None:
        """After the click has settled: an Issue when nothing changed (no URL, DOM, focus or value change)."""
        if self._armed_at is None:
            return None
        armed_at, self._armed_at = self._armed_at, None
        try:
            changed = self._page.url != armed_at or self._page.evaluate(_DISARM) is not False
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
            evidence="no URL, DOM, focus or value change after the click",
            quote="As a user I expected something to happen when I clicked.",
            locator=locator,
            element=locator,
        )

    def _accessibility(self) -> list[Issue]:
        state = (self._page.url, self._page.evaluate("() => document.documentElement.outerHTML.length"))
        if state in self._checked:
            return []
        self._checked.add(state)
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
