"""The session's seam to its page: `SessionPage`, the few things the coordinator and the action table ask of the page
they test, and `Handled`, what carrying out an action gives back. `BrowserPage` (`session/browser_page.py`) is the
Playwright one; `testing.FakePage` is one in memory, so a session's outcomes are tested without a browser."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from pytest_useragent.errors import RunError
from pytest_useragent.records import Action, ActionOutcome, Issue, Observation, PageEvent

if TYPE_CHECKING:
    from playwright.sync_api import Page, ViewportSize

    from pytest_useragent.browser.hosts import AllowedHosts
    from pytest_useragent.secrets.redaction import Secrets
    from pytest_useragent.session.verdict import SuccessCheck


@dataclass(frozen=True)
class Handled:
    """What one action came to: its outcome, for the model, and what the harness found while carrying it out (a dead
    click, a false done, a focus lost), for the step's issues."""

    outcome: ActionOutcome
    found: list[Issue] = field(default_factory=list)


FOUND_BEFORE = "useragent_found_before"


@contextmanager
def keeping(found: list[Issue]) -> Iterator[None]:
    """What an action had found (`found`, as it grows) when a failure ended the session in it goes on with that
    failure (`found_before`), so the step it cut short keeps it as any step keeps what it found."""
    try:
        yield
    except (RunError, KeyboardInterrupt) as failure:
        setattr(failure, FOUND_BEFORE, [*found, *found_before(failure)])
        raise


def found_before(failure: BaseException) -> list[Issue]:
    """What the action a failure cut short had found (`keeping`)."""
    return list(getattr(failure, FOUND_BEFORE, []))


class SessionPage(Protocol):
    """The page a session tests, as the session asks for it: open it, look at it, check it, act on it, judge a done on
    it. A page that stops answering raises `PageUnresponsive` (or Playwright's `Error`); one that never opens,
    `Unreachable`: the coordinator maps each to the session's outcome."""

    @property
    def url(self) -> str:
        """Where the session's page is now (the start page, or the last tab it opened)."""
        ...

    @property
    def viewport(self) -> ViewportSize | None:
        """The viewport the screenshots are taken in, for a step's marks."""
        ...

    @property
    def playwright(self) -> Page | None:
        """The Playwright page behind it, for what only a browser does (a keyboard persona's focus checks); None for a
        page with no browser behind it."""
        ...

    @property
    def blocked(self) -> bool:
        """The harness refused a navigation or a page since the last action began: not the page's doing."""
        ...

    def start(self, hosts: AllowedHosts) -> None:
        """Begin watching the page; the session may go to `hosts` (the start page's own, once it is open)."""
        ...

    def close(self) -> None:
        """Stop watching; never raises: what the session wrote matters more than a listener left behind."""
        ...

    def open(self, url: str) -> ActionOutcome:
        """Go to the start page and settle; how it went for the model, or `Unreachable` when nothing of the app
        opened."""
        ...

    def text(self) -> str:
        """The page's title and visible text."""
        ...

    def look(self, secrets: Secrets, shoot: bool) -> Observation:
        """One look at the page, with a screenshot when `shoot`."""
        ...

    def inspect(self, observation: Observation) -> list[Issue]:
        """The objective checks of what the look saw (none off the app's pages)."""
        ...

    def audited(self) -> list[Issue]:
        """What the checks still had pending, waited for."""
        ...

    @property
    def criteria(self) -> set[str]:
        """The WCAG criteria of the axe rules that ran on the session's pages (`SessionResult.checked`)."""
        ...

    @property
    def unaudited(self) -> list[str]:
        """The pages whose states axe could not audit (`SessionResult.unaudited`)."""
        ...

    def act(self, action: Action, secrets: Secrets, snapshot: str, goal: str) -> Handled:
        """A page action carried out and settled, with what it came to (a dead click, a new tab, a redirect)."""
        ...

    def drain(self) -> list[PageEvent]:
        """What the browser did beside the page since the last drain."""
        ...

    def shot(self, secrets: Secrets) -> bytes | None:
        """The page as it is now, masked; None when it gives none."""
        ...

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
        """A `done` judged on the page as it is now (`verdict.judge_done`)."""
        ...

    def succeeded(self, check: SuccessCheck) -> bool:
        """The test's own success check, asked of the page (`verdict.succeeded`)."""
        ...
