"""FakePage: a `SessionPage` in memory (as httpx's `MockTransport` stands for the network), so a session's coordinator,
its action table and its end run with no browser: pages by address, each its text; what the checks find; a failure
raised by any of its calls, at the call it is scripted for."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, cast

from playwright.sync_api import Locator, Page, ViewportSize

from pytest_useragent.errors import Unreachable
from pytest_useragent.records import Action, ActionOutcome, Claim, Issue, Observation, PageEvent
from pytest_useragent.session.page import Handled
from pytest_useragent.session.verdict import SuccessCheck, judged, locate, succeeded

if TYPE_CHECKING:
    from pytest_useragent.browser.hosts import AllowedHosts
    from pytest_useragent.secrets.redaction import Secrets

Raises = BaseException | Sequence[BaseException | None]
"""What a call raises: an exception at every call, or one per call in order (None: that call goes through; past the
end, every call does)."""


class FakePage:
    """A page with no browser behind it. `pages` maps an address to the text shown there (the title is its first line);
    `open` and a `navigate` go to one (an address it has not: `Unreachable` on open, a 404 on navigate). Every
    other page action succeeds and changes nothing, unless `act` says what it comes to. `issues` is what the checks
    find at every look. `raises` scripts a failure by the call's name (`look`, `open`, `act`, `text`, `start`,
    `inspect`, ...), as a browser's page raises `PageUnresponsive` or Playwright's `Error`. What was asked of it is
    kept in `calls`, and the actions in `acted`.

        FakePage({"https://shop.test/": "Shop\\nWelcome"}, raises={"look": [None, PageUnresponsive("frozen")]})
    """

    playwright: Page | None = None
    blocked: bool = False

    def __init__(
        self,
        pages: Mapping[str, str] | None = None,
        *,
        url: str = "about:blank",
        issues: Sequence[Issue] = (),
        act: Callable[[Action], ActionOutcome | Handled] | None = None,
        raises: Mapping[str, Raises] | None = None,
        events: Sequence[PageEvent] = (),
    ) -> None:
        self.pages = dict(pages or {})
        self._url = url
        self._issues = list(issues)
        self._act = act
        self._raises = dict(raises or {})
        self._events = list(events)
        self.calls: list[str] = []
        self.acted: list[Action] = []
        self.hosts: AllowedHosts | None = None
        self.closed = False
        self.criteria: set[str] = set()
        """The WCAG criteria its "audits" covered: none, unless a test sets them."""
        self.unaudited: list[str] = []
        """The pages its "audits" could not audit: none, unless a test sets them."""

    @property
    def url(self) -> str:
        return self._url

    @property
    def viewport(self) -> ViewportSize | None:
        return {"width": 1280, "height": 720}

    def start(self, hosts: AllowedHosts) -> None:
        self._call("start")
        self.hosts = hosts

    def close(self) -> None:
        self.calls.append("close")
        self.closed = True

    def open(self, url: str) -> ActionOutcome:
        self._call("open")
        if url not in self.pages:
            raise Unreachable(f"{url} could not be opened: net::ERR_NAME_NOT_RESOLVED")
        self._url = url
        return ActionOutcome(ok=True, message=f"opened {url} (200)")

    def text(self) -> str:
        self._call("text")
        return self.pages.get(self._url, "")

    def look(self, secrets: Secrets, shoot: bool) -> Observation:
        self._call("look")
        text = self.pages.get(self._url, "")
        lines = text.splitlines() or [""]
        snapshot = "\n".join(f'- text "{line}" [ref=e{index}]' for index, line in enumerate(lines, 1))
        return Observation(url=self._url, title=lines[0], snapshot=snapshot, full_snapshot=snapshot, fingerprint=text)

    def inspect(self, observation: Observation) -> list[Issue]:
        self._call("inspect")
        return list(self._issues)

    def audited(self) -> list[Issue]:
        self._call("audited")
        return []

    def act(self, action: Action, secrets: Secrets, snapshot: str, goal: str) -> Handled:
        self._call("act")
        self.acted.append(action)
        if self._act is not None:
            done = self._act(action)
            return done if isinstance(done, Handled) else Handled(done)
        if action.kind == "navigate" and action.url:
            if action.url not in self.pages:
                return Handled(ActionOutcome(ok=True, message=f"went to {action.url} (404)"))
            self._url = action.url
            return Handled(ActionOutcome(ok=True, message=f"went to {action.url}"))
        return Handled(ActionOutcome(ok=True, message=f"{action.kind} done"))

    def drain(self) -> list[PageEvent]:
        events, self._events = self._events, []
        return events

    def shot(self, secrets: Secrets) -> bytes | None:
        return None

    def judge(
        self,
        step: int,
        evidence: str | None,
        documents: dict[str, str],
        check: SuccessCheck | None,
        seen_as: Callable[[str], str],
        goal: str,
        before: str,
        dialogs: Sequence[str] = (),
    ) -> tuple[ActionOutcome, Issue | None]:
        """Evidence as text only: found on the page or in a document (the browser's page also reads states)."""
        self._call("judge")
        found_in = locate(evidence, seen_as(self.pages.get(self._url, "")), documents, dialogs)
        success = None if check is None else self.succeeded(check)
        return judged(Claim(step=step, evidence=evidence, found_in=found_in, success=success), self._url)

    def succeeded(self, check: SuccessCheck) -> bool:
        """A function of the page, given this page (a Locator needs a browser)."""
        self._call("succeeded")
        if isinstance(check, Locator):
            raise TypeError("a Locator success check needs a browser's page")
        return succeeded(cast(Page, self), check)

    def _call(self, name: str) -> None:
        self.calls.append(name)
        scripted = self._raises.get(name)
        if isinstance(scripted, BaseException):
            raise scripted
        if scripted:  # one per call, in order
            first, *rest = scripted
            self._raises[name] = rest
            if first is not None:
                raise first
