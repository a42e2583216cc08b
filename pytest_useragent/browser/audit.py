"""axe-core audits of page states, off the page under test: each new state is copied (scripts/copy.js: a few ms)
and audited in a page of its own while the session decides and acts; the issues are collected after the action.

The audit page lives in a browser context of its own (one per browser, made at the first audit): another renderer
process, so axe runs on another core and never delays the page under test; offline, so the copy loads nothing and
asks the site for nothing; outside the user's context, so it is in none of their traces or videos. A page whose
browser we cannot reach (a persistent context) is audited in place, before the action.

The copy holds what axe judges: the DOM with its attributes, open shadow roots, the styles (inlined from the live
CSSOM; sheets from other origins, which the page cannot read, fetched with the page's cookies), open modal dialogs
and popovers, the viewport and the media features a persona's browser sets (`media.py`: the colour scheme, reduced
motion, contrast). It leaves out what only scripts or the network would add: custom
elements are undefined there, form fields hold their initial values, and images and fonts do not load (an image
without a size takes no room).
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import APIRequestContext, Browser, Page
from playwright.sync_api import Error as PlaywrightError

from pytest_useragent.browser import bounded
from pytest_useragent.browser.locators import css_locator
from pytest_useragent.browser.media import MATCHED, emulated
from pytest_useragent.browser.scripts import script
from pytest_useragent.errors import PageUnresponsive
from pytest_useragent.records import Box, Issue, Severity
from pytest_useragent.records.grouping import MAX_EXAMPLES, grouped

AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
    "resultTypes": ["violations"],
    "preload": False,  # fetches the style sheets for css-orientation-lock, an experimental rule these tags leave out
}
SHEET_TIMEOUT_MS = 5000
AUDIT_SECONDS = 30.0
"""The most one call of an audit may take (loading axe, or waiting for its results on a huge page)."""
MAX_AUDIT_ELEMENTS = 20_000
"""The most elements a page state may have for axe to audit it: past it axe takes longer than its bound on two cores,
and holds a core the page under test needs. Our own page-state checks still run; axe's rules are not run there."""
AXE_IMPACT: dict[str, Severity] = {"critical": "critical", "serious": "major", "moderate": "minor", "minor": "cosmetic"}

COPY = f"() => {{ const matched = {MATCHED};\n return ({script('copy.js')})(); }}"
_AUDIT = script("audit.js", describe=True)
_COLLECT = "id => window.__useragentAudits.get(id) ?? null"
_IN_PLACE = script("in_place.js", describe=True)

PageState = tuple[str, str]
"""What the page-state checks depend on: the URL and the look's fingerprint (viewport, document length and hash)."""

Pending = Callable[[], list[Issue] | None]
"""An audit under way: called, it waits for the issues (None when the audit failed)."""


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

    def fingerprints(self, url: str) -> list[str]:
        """The fingerprints of the states kept at `url`."""
        return [fingerprint for address, fingerprint in self._issues if address == url]

    def clear(self) -> None:
        self._issues.clear()

    def put(self, state: PageState, issues: list[Issue]) -> None:
        self._issues[state] = [issue.model_copy() for issue in issues]
        if len(self._issues) > self._size:
            self._issues.popitem(last=False)


AUDITS = Audits()
"""Shared by the sessions of this process."""


class Auditor:
    """Audits copies of pages in a page of its own, made in `browser` at the first audit."""

    def __init__(self, browser: Browser) -> None:
        self._browser = browser
        self._page: Page | None = None
        self._viewport: dict[str, int] = {}
        self._media: dict[str, str | None] = {}
        self._ids = itertools.count(1)
        self._running: set[int] = set()
        self._done: dict[int, list[dict[str, Any]]] = {}
        self._sheets: dict[str, str] = {}

    def start(self, copy: dict[str, Any], request: APIRequestContext) -> Pending:
        """Start auditing a copy made by `COPY`; returns at once, unless the copied page uses a style sheet it cannot
        read (from another origin) and no audit fetched it yet: `request` (the page's, with its cookies) fetches it."""
        if copy.get("elements", 0) > MAX_AUDIT_ELEMENTS:  # too large to audit within the bound: not audited
            return lambda: []
        copy = {**copy, "sheets": [self._sheet(url, request) for url in copy["sheets"]]}
        try:
            page = self._ready(copy)
            audit = next(self._ids)
            self._running.add(audit)
            # not waited for (the audit page may be busy with the last state's axe run): its answer is taken at collect
            started = bounded.begin(page, AUDIT_SECONDS, "evaluate", _AUDIT, [audit, copy, AXE_OPTIONS, MAX_EXAMPLES])
        except (PlaywrightError, PageUnresponsive):
            self._discard()
            return lambda: None

        def collect() -> list[Issue] | None:
            if audit not in self._done:  # still running: wait for it
                try:
                    started()
                    self._arrived(audit, bounded.evaluate(page, AUDIT_SECONDS, _COLLECT, audit))
                except (PlaywrightError, PageUnresponsive):
                    self._discard()
            self._running.discard(audit)
            violations = self._done.pop(audit, None)
            return None if violations is None else issues_from_axe(violations)

        return collect

    def _sheet(self, url: str, request: APIRequestContext) -> str:
        if url not in self._sheets:
            try:
                response = request.get(url, timeout=SHEET_TIMEOUT_MS)
                self._sheets[url] = response.text() if response.ok else ""
            except PlaywrightError:
                self._sheets[url] = ""  # the audit goes on without it, as the page would
        return self._sheets[url]

    def _arrived(self, audit: int, violations: list[dict[str, Any]] | None) -> None:
        """An audit's violations, handed over by the audit page as soon as axe is done: collecting them then costs
        no round trip."""
        if audit in self._running and violations is not None:
            self._done[audit] = violations

    def _discard(self) -> None:
        """After the audit page failed (crashed, closed, or stopped answering): the next audit makes another."""
        if self._page is not None:
            with bounded.quietly():
                bounded.call(self._page.context, AUDIT_SECONDS, "close")
        self._page = None

    def _ready(self, copy: dict[str, Any]) -> Page:
        """The audit page, made if need be, seeing as the copied page saw."""
        if self._page is None:
            context = self._browser.new_context(offline=True, viewport=copy["viewport"])
            self._page = context.new_page()
            bounded.call(self._page, AUDIT_SECONDS, "expose_function", "__useragentAudited", self._arrived)
            bounded.evaluate(self._page, AUDIT_SECONDS, AXE_SCRIPT)
            self._viewport, self._media = copy["viewport"], {}
        if copy["viewport"] != self._viewport:
            self._page.set_viewport_size(copy["viewport"])
            self._viewport = copy["viewport"]
        media = emulated(copy["media"])
        if media != self._media:
            self._page.emulate_media(**media)  # type: ignore[arg-type]
            self._media = media
        return self._page


_AUDITORS: WeakKeyDictionary[Browser, Auditor] = WeakKeyDictionary()


def auditor_for(page: Page) -> Auditor | None:
    """The Auditor of the page's browser, shared by the sessions of this process; None when the page's context has
    no browser we can open another context in."""
    browser = page.context.browser
    if browser is None:
        return None
    if browser not in _AUDITORS:
        _AUDITORS[browser] = Auditor(browser)
    return _AUDITORS[browser]


def audit_in_place(page: Page) -> list[Issue] | None:
    """axe on the page itself, now: for pages without an Auditor."""
    try:
        if (
            bounded.evaluate(page, AUDIT_SECONDS, "() => document.getElementsByTagName('*').length")
            > MAX_AUDIT_ELEMENTS
        ):
            return []  # too large to audit within the bound, as in an audit page
        if not bounded.evaluate(page, AUDIT_SECONDS, "() => typeof window.axe !== 'undefined'"):
            bounded.evaluate(page, AUDIT_SECONDS, AXE_SCRIPT)
        return issues_from_axe(bounded.evaluate(page, AUDIT_SECONDS, _IN_PLACE, [AXE_OPTIONS, MAX_EXAMPLES]))
    except PlaywrightError:
        return None


def issues_from_axe(violations: list[dict[str, Any]]) -> list[Issue]:
    """axe-core's violations as Issues, one per rule: the first element's evidence, the count of all (`count`, set
    by the page script that cut `nodes` to a few) and the few as examples. Pure."""
    return [
        _rule(violation, [_node(violation, node) for node in violation["nodes"]])
        for violation in violations
        if violation["nodes"]
    ]


def _rule(violation: dict[str, Any], nodes: list[Issue]) -> Issue:
    rule = grouped(nodes)[0]
    rule.count = violation.get("count", len(nodes))
    return rule


def _node(violation: dict[str, Any], node: dict[str, Any]) -> Issue:
    return Issue(
        source="check",
        rule=violation["id"],
        severity=AXE_IMPACT.get(violation.get("impact") or "", "minor"),
        heuristic="WCAG " + ", ".join(tag for tag in violation["tags"] if tag.startswith("wcag")),
        title=violation["help"],
        evidence=evidence_of(node, violation.get("helpUrl")),
        quote=violation["description"],
        element=node["html"][:200],
        locator=css_locator(node["target"]),
        box=Box.parse(node.get("box")),
    )


MAX_ELEMENT_CHARS = 120


def evidence_of(node: dict[str, Any], help_url: str | None) -> str:
    """An axe finding's evidence as a person would write it: the element by role and accessible name (else a short
    excerpt of its HTML), and where the rule is explained. Never axe's failure summary ("Fix any of the following:
    ..."): several lines of checks the element failed, noise in a prompt and a list item broken in a report. Pure."""
    element = node.get("name") or " ".join(str(node.get("html") or "").split())
    if len(element) > MAX_ELEMENT_CHARS:
        element = element[: MAX_ELEMENT_CHARS - 1] + "…"
    return f"{element}; the rule: {help_url}" if help_url else element
