"""Agent: what the `agent` fixture gives a test. `agent.run(goal, url=...)` runs one session and returns its result."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pytest_useragent.browser import bounded
from pytest_useragent.browser.context import again
from pytest_useragent.browser.setting import persona_page, read_back
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.ledger import Spending
from pytest_useragent.errors import GoalError, UserError, warn
from pytest_useragent.llm.base import Provider, conforming
from pytest_useragent.records import Interview, SessionResult, Setting
from pytest_useragent.records.persona import Persona
from pytest_useragent.regression.repeats import repeated
from pytest_useragent.replay.cassette import numbered
from pytest_useragent.replay.journey import journey, write
from pytest_useragent.replay.provider import around
from pytest_useragent.report.copies import copied_path, test_folder
from pytest_useragent.research.debrief import interview
from pytest_useragent.secrets.credentials import Credentials
from pytest_useragent.session.browser_page import BrowserPage
from pytest_useragent.session.coordinator import Session
from pytest_useragent.session.state import Progress, Setup
from pytest_useragent.session.verdict import SuccessCheck, validate
from pytest_useragent.workspace.kept import Kept

VIDEO = "video.webm"
"""The video's name in a session's folder."""
MAX_GOAL_CHARS = 2_000
"""A goal is a task a person would be given, a few sentences; it goes with every model call, so a pasted page or file
would be paid for at every step. 2,000 characters is ten times what a real test's goal needs."""


class Agent:
    """Drives `page` as `persona`. Each run writes to its own directory under the test's tmp_path."""

    def __init__(
        self,
        page: Page,
        persona: Persona,
        provider: Provider,
        config: UserAgentConfig,
        directory: Path,
        progress: Progress | None = None,
        spending: Spending | None = None,
        test: str | None = None,
        credentials: Credentials | Mapping[str, str] | None = None,
        cassette: Path | None = None,
        report_dir: Path | None = None,
        video: str | None = None,
        state_dir: Path | None = None,
    ) -> None:
        """`credentials` (name -> value, `$NAME` from the environment) are typed as `{{name}}` by the persona.
        `cassette` is the first run's cassette, used when `config.record_mode` is set (replay/provider.py).
        `state_dir`: a folder kept between runs (the plugin gives `<rootdir>/.useragent`): with a `test`, each
        session keeps its large writes in progress there, where the test's next run finds a write a killed run left
        open (`workspace/kept.py`); without one, in its docs/.pending/."""
        self.page = page
        self.persona = persona
        self.provider = conforming(provider)
        self.config = config
        self.directory = directory
        self.test = test
        self.report_dir = report_dir
        """The run report's folder, where each session's folder is copied at the end of the run."""
        """The pytest node id the agent serves, for the run's ledger."""
        self.results: list[SessionResult] = []
        self._pages: list[Page] = []
        """Each result's page, for its video."""
        self.credentials = credentials if isinstance(credentials, Credentials) else Credentials.resolve(credentials)
        self.cassette = cassette
        self.video = video
        self.state_dir = state_dir
        """pytest-playwright's video of the test's page, when its --video records it (linked, not recorded again)."""
        self._progress = progress or (lambda line: None)
        # outside a pytest run (no plugin), an agent keeps a ledger of its own, capped at config.budget
        self.spending = spending or Spending.start(config, directory / "useragent-ledger.json")

    def run(
        self,
        goal: str,
        url: str | None = None,
        *,
        max_steps: int | None = None,
        budget: float | None = None,
        model: str | None = None,
        credentials: Mapping[str, str] | None = None,
        success: SuccessCheck | None = None,
    ) -> SessionResult:
        """Pursue `goal` as the persona, starting at `url` (or wherever the page is), and return what happened.

        `credentials` are added to the agent's (same name: these win). `success` (a Locator that must be visible, or
        a function of the page returning True/False) decides whether the goal was reached, over the persona's word;
        a persona that said done when it says no is a finding. The result is redacted of every secret.
        With `repeat` above 1 (option or marker) the goal is pursued that many times, each in a fresh context, and a
        `RepeatedResult` (every session and their `stats`) is returned (`repeats.py`)."""
        config = self.config.with_overrides(max_steps=max_steps, budget=budget, model=model)
        return self._sessions(checked_goal(goal), url, config, self.credentials.merged(credentials), validate(success))

    def explore(
        self,
        url: str | None = None,
        *,
        max_steps: int | None = None,
        budget: float | None = None,
        model: str | None = None,
        credentials: Mapping[str, str] | None = None,
    ) -> SessionResult:
        """Look around as the persona, with its jobs-to-be-done as its only intent, starting at `url` (or wherever
        the page is): it notes what it expects and meets, reports issues, and ends when it says it has seen enough
        (a done needs no evidence) or at its last step. The result's outcome is `explored` (`gave_up`, or what
        stopped it, otherwise), `goal_achieved` is None and `goal` is the intent it was given; reports say "explored"
        where a goal would be, and baselines compare it by its issues and rates only."""
        config = self.config.with_overrides(max_steps=max_steps, budget=budget, model=model)
        known = self.credentials.merged(credentials)
        return self._sessions(intent(self.persona), url, config, known, None, explore=True)

    def _sessions(
        self,
        goal: str,
        url: str | None,
        config: UserAgentConfig,
        known: Credentials,
        check: SuccessCheck | None,
        explore: bool = False,
    ) -> SessionResult:
        """One session, or `config.repeat` of them in fresh contexts."""

        def once(page: Page, start: str | None = url) -> SessionResult:
            seconds = bounded.bound(config.settle_timeout)
            with persona_page(page, self.persona, seconds) as own:  # a context of its own when its fields ask
                if own is not page and start is None and page.url != "about:blank":
                    start = page.url  # where the test's page stands is where the persona's starts
                return session(own, start, read_back(own, self.persona, seconds))

        def session(page: Page, start: str | None, setting: Setting) -> SessionResult:
            name = "useragent" if not self.results else f"useragent-{len(self.results) + 1}"
            cassette = self.cassette and numbered(self.cassette, len(self.results) + 1)  # a repeat is a run too
            replay = around(self.provider, config, cassette)
            setup = Setup(
                page=BrowserPage(page, self.persona, config),
                persona=self.persona,
                provider=replay or self.provider,
                replay=replay,
                config=config,
                directory=self.directory / name,
                spending=self.spending,
                progress=self._progress,
                test=self.test,
                credentials=known,
                success=check,
                report_copy=self._report_copy(name, known),
                finished=lambda result: keep(result, name, page),
                setting=setting,
                explore=explore,
                video=self._video(page, name),
                kept=self._kept(name, known),
            )
            return Session(setup).run(goal, start)

        def keep(result: SessionResult, name: str, page: Page) -> None:
            self.results.append(result)
            self._pages.append(page)
            if config.export is not None and (found := journey(result, self.test or name, len(self.results))):
                try:
                    write(found, config.export)
                except OSError as error:  # the session and its test stand; only the copy was not made
                    warn(f"useragent: {found.source} not exported to {config.export}: {error.strerror or error}")

        if config.repeat == 1:
            return once(self.page)
        start = url or (self.page.url if self.page.url != "about:blank" else None)
        fresh = again(self.page, bounded.bound(config.settle_timeout))
        return repeated(lambda page: once(page, start), self.page, config.repeat, fresh)

    def _video(self, page: Page, name: str) -> str | None:
        """Where the session's video goes: pytest-playwright's file when its --video records the test's page and the
        session ran there (`self.video`), else `video.webm` in the session's folder when the page's context records
        one (a persona's or a repeat's own context records as the test's does; `save_videos` puts it there)."""
        if self.config.video == "off":
            return None
        if self.video is not None and page is self.page:
            return self.video
        return str(self.directory / name / VIDEO) if _recording(page) else None

    def save_videos(self) -> list[Path]:
        """Close each session's page and save its video where its result links it: a page's video is whole only
        once the page is closed, so the owner of the page calls this after the test (the fixture's teardown, or the
        `useragent` command). Returns the files written; a video Playwright could not save is left out."""
        saved = []
        for result, page in zip(self.results, self._pages, strict=False):
            if result.video is None or Path(result.video).is_absolute():
                continue
            target = Path(result.directory) / result.video
            try:
                page.close()
                if page.video is not None:
                    page.video.save_as(target)
                    page.video.delete()
                    saved.append(target)
            except PlaywrightError:
                continue
        return saved

    def _report_copy(self, name: str, credentials: Credentials) -> str | None:
        """Where the run report will copy the session's folder, named knowing the credentials (`copies.py`)."""
        if self.report_dir is None or self.test is None:
            return None
        hidden = credentials.values.values()
        return str(copied_path(self.report_dir, self.test, str(self.directory / name), hidden))

    def _kept(self, name: str, credentials: Credentials) -> Kept | None:
        """Where the session keeps its large writes in progress: its own folder under `state_dir`, in its test's
        (named knowing the credentials, as its copy is); None: in its docs/.pending/."""
        if self.state_dir is None or self.test is None:
            return None
        return Kept.in_state(self.state_dir, test_folder(self.test, credentials.values.values()), name)

    def interview(self, question: str, result: SessionResult | None = None) -> Interview:
        """Ask the persona about a session it ran (the last one by default): one priced call, answered in its voice
        from the session's record. The answer is kept on `result.interviews`, in session.json, report.md and the run
        report; see `debrief.py` for why this is the agent's and not the result's."""
        if result is None and not self.results:
            raise UserError("agent.interview asks about a session: call agent.run(...) first")
        return interview(
            self.provider,
            result if result is not None else self.results[-1],
            question,
            spending=self.spending,
            credentials=self.credentials,
            test=self.test,
            session_limit=self.config.session_budget,
        )


def intent(persona: Persona) -> str:
    """What a persona with no goal looks around for: its jobs-to-be-done, or, without any, what anyone new to a site
    wants to know. It stands where a goal would, in every prompt and report."""
    jobs = "; ".join(persona.jobs_to_be_done) or "find out what the site offers and whether it is for me"
    return f"Explore the site as myself, with no task given: {jobs}"


def _recording(page: Page) -> bool:
    try:
        return page.video is not None
    except PlaywrightError:
        return False


def checked_goal(goal: object) -> str:
    """The goal, stripped; a GoalError, before anything runs or is paid, when there is none or it is too long."""
    if not isinstance(goal, str):
        raise GoalError(f"agent.run needs a goal, a sentence saying what the persona should do; got {goal!r:.60}")
    goal = goal.strip()
    if not goal:
        raise GoalError("agent.run needs a goal, a sentence saying what the persona should do; it is empty")
    if len(goal) > MAX_GOAL_CHARS:
        raise GoalError(f"the goal is {len(goal):,} characters; at most {MAX_GOAL_CHARS:,} (it goes with every call)")
    return goal
