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
from dataclasses import dataclass
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
from pytest_useragent.records.wcag import from_tags, named

EXPERIMENTAL = ("td-has-header", "p-as-heading", "table-fake-caption")
"""axe's experimental rules ("Rules we are still testing and developing. They are disabled by default", axe-core's
doc/rule-descriptions.md) that name a WCAG criterion (1.3.1 each), run beside the tags' rules (doc/API.md: "By
combining runOnly with type: tags and the rules option ... include rules with unspecified tags"). axe documents none
of them as reliable, so their findings are `review`, marked experimental. Left out: css-orientation-lock (1.3.4)
reads the style sheets axe preloads, and without `preload` it answers "needs review" on every page;
label-content-name-mismatch (2.5.3), which our screen-reader checks measure from what the persona heard; those
tagged best-practice only but `STRUCTURE`'s (focus-order-semantics, hidden-content)."""
STRUCTURE = {
    "region": ("1.3.1", "2.4.1"),
    "landmark-one-main": ("1.3.1",),
    "page-has-heading-one": ("1.3.1",),
    "heading-order": ("1.3.1",),
}
"""axe's best-practice rules on a page's structure, with the criteria an audit files them under (WCAG's sufficient
techniques ARIA11 and H42 for 1.3.1, ARIA11 and H69 for 2.4.1): content outside every landmark, no main landmark, no
first-level heading, a heading level skipped. axe tags them best practice, not a failure of WCAG (a page can meet 1.3.1
and 2.4.1 other ways), so their findings are `review`, marked as best practice, each on its element (the block
outside the landmarks: the `div` that should have been a `header` or a `nav`)."""
AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
    "rules": {rule: {"enabled": True} for rule in (*EXPERIMENTAL, *STRUCTURE)},
    # "incomplete": what axe could neither pass nor fail ("needs review", doc/API.md's Results Object): a person
    # must look (a page with no skip link, landmark or heading for `bypass`; text over an image for color-contrast)
    "resultTypes": ["violations", "incomplete"],
    "preload": False,  # fetches the style sheets for css-orientation-lock, left out (see EXPERIMENTAL)
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


@dataclass(frozen=True)
class Audited:
    """One audit: the issues axe found and left for review, and the WCAG criteria its rules that ran stand for
    (whatever their result: a rule that passed, or found nothing to judge, covered its criterion too)."""

    issues: list[Issue]
    criteria: frozenset[str] = frozenset()


Pending = Callable[[], Audited | None]
"""An audit under way: called, it waits for its result (None when the audit failed)."""


class Audits:
    """The page-state checks' issues by page state, and the criteria its audit covered, the most recent `size`
    states kept."""

    def __init__(self, size: int = 256) -> None:
        self._size = size
        self._issues: OrderedDict[PageState, list[Issue]] = OrderedDict()
        self._criteria: dict[PageState, frozenset[str]] = {}

    def get(self, state: PageState) -> list[Issue] | None:
        issues = self._issues.get(state)
        if issues is None:
            return None
        self._issues.move_to_end(state)
        return [issue.model_copy() for issue in issues]

    def criteria(self, state: PageState) -> frozenset[str]:
        """The criteria the state's audit covered (none for a state not kept)."""
        return self._criteria.get(state, frozenset())

    def fingerprints(self, url: str) -> list[str]:
        """The fingerprints of the states kept at `url`."""
        return [fingerprint for address, fingerprint in self._issues if address == url]

    def clear(self) -> None:
        self._issues.clear()
        self._criteria.clear()

    def put(self, state: PageState, issues: list[Issue], criteria: frozenset[str] = frozenset()) -> None:
        self._issues[state] = [issue.model_copy() for issue in issues]
        self._criteria[state] = criteria
        if len(self._issues) > self._size:
            dropped, _ = self._issues.popitem(last=False)
            self._criteria.pop(dropped, None)


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
        self._done: dict[int, dict[str, Any]] = {}
        self._sheets: dict[str, str] = {}

    def start(self, copy: dict[str, Any], request: APIRequestContext) -> Pending:
        """Start auditing a copy made by `COPY`; returns at once, unless the copied page uses a style sheet it cannot
        read (from another origin) and no audit fetched it yet: `request` (the page's, with its cookies) fetches it."""
        if copy.get("elements", 0) > MAX_AUDIT_ELEMENTS:  # too large to audit within the bound: not audited
            return lambda: None
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

        def collect() -> Audited | None:
            if audit not in self._done:  # still running: wait for it
                try:
                    started()
                    self._arrived(audit, bounded.evaluate(page, AUDIT_SECONDS, _COLLECT, audit))
                except (PlaywrightError, PageUnresponsive):
                    self._discard()
            self._running.discard(audit)
            results = self._done.pop(audit, None)
            return None if results is None else audited_from_axe(results)

        return collect

    def _sheet(self, url: str, request: APIRequestContext) -> str:
        if url not in self._sheets:
            try:
                response = request.get(url, timeout=SHEET_TIMEOUT_MS)
                self._sheets[url] = response.text() if response.ok else ""
            except PlaywrightError:
                self._sheets[url] = ""  # the audit goes on without it, as the page would
        return self._sheets[url]

    def _arrived(self, audit: int, results: dict[str, Any] | None) -> None:
        """An audit's results, handed over by the audit page as soon as axe is done: collecting them then costs
        no round trip."""
        if audit in self._running and results is not None:
            self._done[audit] = results

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


def audit_in_place(page: Page) -> Audited | None:
    """axe on the page itself, now: for pages without an Auditor."""
    try:
        if (
            bounded.evaluate(page, AUDIT_SECONDS, "() => document.getElementsByTagName('*').length")
            > MAX_AUDIT_ELEMENTS
        ):
            return None  # too large to audit within the bound, as in an audit page: not audited
        if not bounded.evaluate(page, AUDIT_SECONDS, "() => typeof window.axe !== 'undefined'"):
            bounded.evaluate(page, AUDIT_SECONDS, AXE_SCRIPT)
        return audited_from_axe(bounded.evaluate(page, AUDIT_SECONDS, _IN_PLACE, [AXE_OPTIONS, MAX_EXAMPLES]))
    except PlaywrightError:
        return None


def audited_from_axe(results: dict[str, Any]) -> Audited:
    """An audit's results (the page scripts' `{found, ran}`) as issues and the criteria its rules cover. Pure."""
    criteria = frozenset(number for _, tags in results.get("ran", []) for number in from_tags(tags))
    return Audited(issues_from_axe(results["found"]), criteria)


def issues_from_axe(found: list[dict[str, Any]]) -> list[Issue]:
    """axe-core's results as Issues, one per rule and kind: the first element's evidence, the count of all (`count`,
    set by the page script that cut `nodes` to a few) and the few as examples. A violation of a rule axe calls
    stable is `objective`; what axe left for review (its "incomplete" results), any finding of an experimental
    rule (marked `experimental`) and of a best-practice rule on the page's structure (`STRUCTURE`, marked in its
    evidence) are `review`. Pure."""
    return [_rule(result, [_node(result, node) for node in result["nodes"]]) for result in found if result["nodes"]]


def _rule(result: dict[str, Any], nodes: list[Issue]) -> Issue:
    rule = grouped(nodes)[0]
    rule.count = result.get("count", len(nodes))
    return rule


def _node(result: dict[str, Any], node: dict[str, Any]) -> Issue:
    practice = STRUCTURE.get(result["id"])
    criteria = list(practice) if practice else from_tags(result["tags"])
    experimental = "experimental" in result["tags"]
    review = bool(result.get("review")) or experimental or practice is not None
    evidence = evidence_of(node, result.get("helpUrl"), node.get("messages") if review else None)
    marked = "experimental rule: " if experimental else "axe best practice: " if practice else ""
    return Issue(
        source="check",
        rule=result["id"],
        severity=AXE_IMPACT.get(result.get("impact") or "", "minor"),
        heuristic="WCAG " + "; ".join(named(number) for number in criteria) if criteria else "axe best practice",
        title=result["help"],
        evidence=marked + evidence,
        quote=result["description"],
        element=node["html"][:200],
        locator=css_locator(node["target"]),
        box=Box.parse(node.get("box")),
        trust="review" if review else "objective",
        experimental=experimental,
        criteria=criteria,
    )


MAX_ELEMENT_CHARS = 120


MAX_MESSAGE_CHARS = 300


def evidence_of(node: dict[str, Any], help_url: str | None, messages: list[str] | None = None) -> str:
    """An axe finding's evidence as a person would write it: the element by role and accessible name (else a short
    excerpt of its HTML), and where the rule is explained. Never axe's failure summary ("Fix any of the following:
    ..."): several lines of checks the element failed, noise in a prompt and a list item broken in a report. For a
    result left for review, axe's own words on why it could not decide (its checks' messages: "Element's background
    color could not be determined due to a background image"), on one line. Pure."""
    element = node.get("name") or " ".join(str(node.get("html") or "").split())
    if len(element) > MAX_ELEMENT_CHARS:
        element = element[: MAX_ELEMENT_CHARS - 1] + "…"
    said = " ".join("; ".join(str(message) for message in messages or [] if message).split())
    if len(said) > MAX_MESSAGE_CHARS:
        said = said[: MAX_MESSAGE_CHARS - 1] + "…"
    if said:
        element = f"{element}: {said}"
    return f"{element}; the rule: {help_url}" if help_url else element
