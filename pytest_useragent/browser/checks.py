"""Objective UX checks, every step: accessibility (axe-core), dead clicks, failed and slow requests, console errors,
controls smaller than 24x24 CSS px, and horizontal overflow (`reflow.py` at 320 CSS px or less). Findings are Issues
with source="check".

The page-state checks (axe and the layout) run once per distinct page state: a session reports a state's issues
the first time it sees it, and their results are kept for the process (a test run, or one xdist worker), so the
next session that meets the same state (the same start page, test after test) gets them without running axe again.
axe runs on a copy of the state elsewhere (see `audit`): `inspect` starts it, `audited` collects it after the action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pytest_useragent.browser import bounded
from pytest_useragent.browser.announce import ScreenReader
from pytest_useragent.browser.audit import AUDITS, COPY, Audits, PageState, Pending, audit_in_place, auditor_for
from pytest_useragent.browser.keyboard import Listeners
from pytest_useragent.browser.locators import css_locator
from pytest_useragent.browser.observe import Rider
from pytest_useragent.browser.reading import read
from pytest_useragent.browser.reflow import applies, reflow
from pytest_useragent.browser.scripts import script
from pytest_useragent.browser.settle import QUIET_MS
from pytest_useragent.records import Box, Issue, Signals
from pytest_useragent.records.grouping import MAX_EXAMPLES, counted, grouped, unrepeated
from pytest_useragent.records.rules import rule

MIN_TARGET_PX = 24
LATE_EVENT_SECONDS = 1.0
"""How long a click that changed nothing on the page is given to open a tab or start a download, which the browser
announces a moment after the click returned (later still on a busy machine)."""

_LAYOUT = script("layout.js", describe=True)
_LAYOUT_AND_COPY = f"args => ({{layout: ({_LAYOUT})(args), copy: ({COPY})()}})"
_LAYOUT_ONLY = f"args => ({{layout: ({_LAYOUT})(args)}})"
_CLICK_EFFECT = script("click_effect.js")
_LABELS = script("label_in_name.js")
MAX_CONTROLS = 200
"""The most controls named by aria-label or aria-labelledby a page state's label-in-name check measures."""


class PageChecks:
    """Runs the checks on one page for one session."""

    def __init__(
        self,
        page: Page,
        audits: Audits = AUDITS,
        seconds: float = 5.0,
        keyboard: bool = False,
        reader: ScreenReader | None = None,
    ) -> None:
        self._page = page
        self._listeners = Listeners(page, seconds) if keyboard or reader is not None else None
        """A keyboard or screen-reader persona's: what responds to a pointer, scanned once a page state for what no
        Tab reaches (keyboard), or what the tree reads as text (screen reader)."""
        self._keyboard = keyboard
        self._reader = reader
        """A screen-reader persona's: the tree it read, which its own rules read once a page state."""
        self._read: list[Issue] = []
        """Those rules' findings on the state last inspected: axe's findings of the same barrier give way to them."""
        self._seconds = seconds
        """The bound of each call on the page (see `bounded`)."""
        self._audits = audits
        self._auditor = auditor_for(page)
        self._seen: set[PageState] = set()
        self._pending: tuple[PageState, list[Issue], Pending] | None = None
        self._rider: Rider | None = None
        self.unaudited: list[str] = []
        """The pages of the states axe could not audit (the audit page crashed or outran its bound, a page too large
        to audit): their axe issues are not known, which is not "none"."""
        self.criteria: set[str] = set()
        """The WCAG criteria of the axe rules that ran on this session's page states (`Audited.criteria`)."""

    def rider(self) -> Rider:
        """What the next look runs along with its own script when it finds a page state these checks have not met
        (not seen by this session, not audited by an earlier one): the layout check, and the copy axe audits. So a
        new state costs the page one call, not two (~3 ms); `inspect` takes what it found."""
        url = self._page.url
        known = [seen for address, seen in self._seen if address == url] + self._audits.fingerprints(url)
        self._rider = Rider(self._new_state_script, [MIN_TARGET_PX, MAX_EXAMPLES], tuple(known))
        return self._rider

    @property
    def _new_state_script(self) -> str:
        """What runs on the page for a new state: the layout check, and the copy where axe audits one."""
        return _LAYOUT_AND_COPY if self._auditor is not None else _LAYOUT_ONLY

    def inspect(self, signals: Signals, fingerprint: str) -> list[Issue]:
        """Issues visible now: from the signals since the last look and, for a page state this session has not
        seen yet (see `Observation.fingerprint`), from the layout, and from axe when an earlier session audited the
        state; otherwise its audit starts, for `audited`."""
        self._pending = None
        state: PageState = (self._page.url, fingerprint)
        if not fingerprint or state in self._seen:
            return issues_from_signals(signals)
        # a keyboard or screen-reader persona's own, never kept for the sessions of other personas
        self._read = self._reading()
        keyed = self._listeners.scan() if self._listeners and self._keyboard else []
        seen_now = issues_from_signals(signals) + keyed + self._read
        known = self._audits.get(state)
        if known is not None:
            self._seen.add(state)
            self.criteria |= self._audits.criteria(state)
            # where an earlier session's screenshot showed the elements: this one may be scrolled elsewhere
            return seen_now + [issue.model_copy(update={"box": None}) for issue in unrepeated(known, self._read)]
        along, self._rider = self._rider, None
        try:
            if along is not None and along.found is not None and along.found[:2] == state:
                found: dict[str, Any] = along.found[2]
            else:  # a look without a rider, or one that found the page elsewhere by now
                args = [MIN_TARGET_PX, MAX_EXAMPLES]
                found = bounded.evaluate(self._page, self._seconds, self._new_state_script, args)
            if self._auditor is None:
                in_place = audit_in_place(self._page)
                pending: Pending = lambda: in_place  # noqa: E731
            else:
                pending = self._auditor.start(found["copy"], self._page.request)
        except PlaywrightError:  # the document is going away: its successor is the state to check
            return issues_from_signals(signals)
        self._seen.add(state)
        layout = self._layout(found["layout"])
        self._pending = (state, layout, pending)
        return seen_now + layout

    def audited(self) -> list[Issue]:
        """axe's issues for the state `inspect` last started auditing (waiting for them while axe still runs); the
        state's issues are then kept for later sessions. Nothing when the audit failed: the state's page is then in
        `unaudited` (a session must say its checks did not run, not read as no issue), and a later session retries."""
        if self._pending is None:
            return []
        (state, layout, pending), self._pending = self._pending, None
        audited = pending()
        if audited is None:
            if state[0] not in self.unaudited:
                self.unaudited.append(state[0])
            return []
        self._audits.put(state, layout + audited.issues, audited.criteria)
        self.criteria |= audited.criteria
        return unrepeated(audited.issues, self._read)

    def _reading(self) -> list[Issue]:
        """A screen-reader persona's findings on the tree of the look just taken (`reading.read`), with the page's
        language and the controls whose label the tree does not show, measured on the page; and what responds to a
        pointer but the tree reads as text (`Listeners.unexposed`)."""
        tree = self._reader.last if self._reader is not None else None
        if tree is None:
            return []
        try:
            found = bounded.evaluate(self._page, self._seconds, _LABELS, [MAX_CONTROLS])
        except PlaywrightError:  # the document is going away: its tree is read without its labels
            found = {"lang": "", "controls": [], "parts": []}
        unexposed = self._listeners.unexposed() if self._listeners is not None else []
        return read(tree, found["lang"], found["controls"], found.get("parts", [])) + unexposed

    def dead_click(
        self, locator: str | None, url_before: str, *, event: Callable[[float], bool] = lambda seconds: False
    ) -> Issue | None:
        """Right after a click (and its settling): an Issue when nothing changed (no URL, DOM, focus or scroll change,
        no field the browser's own validation called invalid), not even within QUIET_MS for a late effect. Clicks on
        form fields, clicks that never reached the page's document (in a frame), and clicks after which the browser
        did something beside the page (`event(seconds)`, asked last and given LATE_EVENT_SECONDS: a dialog, a new tab,
        a download, a blocked navigation) are never dead. Needs the page's PageWatcher, whose script saw the click."""
        try:
            changed = (
                self._page.url != url_before
                or bounded.evaluate(self._page, self._seconds, _CLICK_EFFECT, QUIET_MS) is not False
            )
        except PlaywrightError:
            return None  # the document went away: something happened
        if changed or event(LATE_EVENT_SECONDS):
            return None
        return rule("dead-click").issue(
            f"no URL, DOM, focus or scroll change within {QUIET_MS} ms of the click, no field the browser called "
            "invalid, no player started or stopped, and no dialog, tab or download",
            locator,
            locator=locator,
        )

    def _layout(self, found: dict[str, Any]) -> list[Issue]:
        """The page script sends the first few cramped targets and the count of all: one issue that says how many."""
        cramped = [
            rule("target-size").issue(
                f"{small['name']}: {small['width']}x{small['height']} px, too close to another control",
                small["html"],
                locator=css_locator([small["selector"]]),
                box=Box.parse(small.get("box")),
            )
            for small in found["small"]
        ]
        issues = counted(cramped, found["smallCount"])
        if applies(self._page):  # WCAG's reflow width: the stricter check, naming what does not reflow
            issues += reflow(self._page, self._seconds)
        elif found["overflow"] > 1:
            issues.append(
                rule("horizontal-overflow").issue(
                    f"content is {found['overflow']} px wider than the viewport", self._page.url
                )
            )
        return issues


def issues_from_signals(signals: Signals) -> list[Issue]:
    """Failed requests, console errors and slow responses as Issues, grouped (see `issues.grouped`); what the
    watcher counted but did not keep is in the counts. Pure."""
    issues = [
        rule("http-error").issue(
            str(failure),
            failure.url,
            title=f"A request failed ({failure.status or failure.error})",
            severity="major" if failure.resource == "document" else None,
        )
        for failure in signals.failed_requests
    ]
    issues += [rule("console-error").issue(message, message[:200]) for message in signals.console_errors]
    issues += [rule("slow-response").issue(str(slow), slow.url) for slow in signals.slow_responses]
    issues += [_left_out(kind, count) for kind, count in signals.left_out.items() if count > 0]
    return grouped(issues)


def _left_out(kind: str, count: int) -> Issue:
    """Signals the watcher counted but did not keep, as an issue that joins its kind's group (same rule and title);
    failed requests, whose statuses were not kept, cannot join a status's group: one of their own."""
    evidence = f"{count} more not kept"
    if kind == "console_errors":
        return rule("console-error").issue(evidence, count=count)
    if kind == "slow_responses":
        return rule("slow-response").issue(evidence, count=count)
    return rule("http-error").issue(evidence, title="More requests failed", count=count)
