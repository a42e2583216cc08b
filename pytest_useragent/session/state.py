"""What a session is given (`Setup`, frozen) and what one run of it accumulates (`State`), the two together its
`Context`, which the coordinator, the action table and the session's end take."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.billing import Meter
from pytest_useragent.cost.ledger import Spending
from pytest_useragent.errors import UserError
from pytest_useragent.llm.base import Provider
from pytest_useragent.records import ActionOutcome, OrphanedWrite, PageEvent, SessionResult, Setting, Step
from pytest_useragent.records.persona import Persona
from pytest_useragent.records.result import harness_texts
from pytest_useragent.records.screenshots import ScreenshotPolicy
from pytest_useragent.replay.provider import Replay
from pytest_useragent.report.artifacts import SessionFiles
from pytest_useragent.secrets.credentials import Credentials
from pytest_useragent.secrets.redaction import Secrets
from pytest_useragent.session.clock import Clock
from pytest_useragent.session.keyboard import Keys
from pytest_useragent.session.page import SessionPage
from pytest_useragent.session.verdict import SuccessCheck
from pytest_useragent.workspace.documents import Documents
from pytest_useragent.workspace.kept import Kept
from pytest_useragent.workspace.todo import Todo

Progress = Callable[[str], None]


@dataclass(frozen=True)
class Setup:
    """What a session is given: the page (a `SessionPage`: the browser's, or a fake), the persona, the model, the
    run's settings and spending, the test's credentials and success check."""

    page: SessionPage
    persona: Persona
    provider: Provider
    config: UserAgentConfig
    directory: Path
    spending: Spending
    progress: Progress = lambda line: None  # noqa: E731
    test: str | None = None
    """The test's node id, for the run's ledger."""
    credentials: Credentials = field(default_factory=Credentials)
    success: SuccessCheck | None = None
    """The test's own check that the goal is reached; it decides over the persona's word."""
    replay: Replay | None = None
    """The cassette's provider, when the session is answered through one (it is then `provider` too): it reports
    what it replayed and records the session at its end."""
    report_copy: str | None = None
    """Where the run report will copy the session's folder (`report/copies.py`), when there is a run report."""
    finished: Callable[[SessionResult], None] = lambda result: None  # noqa: E731
    """Given the finished session before `run` returns it, or raises (a divergence, the test's own mistake, an
    interrupt): so the test's reports carry it either way."""
    setting: Setting | None = None
    """The browser the session runs in, as its page reported it (`browser/setting.py`)."""
    explore: bool = False
    """No goal (`agent.explore`): the goal is the persona's intent, a done needs no evidence, and the session ends
    as `explored`."""
    video: str | None = None
    """Where the page's video will be once its context closes (the owner of the context saves it there), when one is
    recorded; the result links it when it is kept (`config.video`)."""
    kept: Kept | None = None
    """Where the session's large writes in progress are kept, when not in its docs/.pending/: a pytest session's own
    folder in the project's `.useragent/`, beside the earlier runs' of its test (`workspace/kept.py`)."""

    def secrets(self, goal: str) -> Secrets:
        """The session's one redaction boundary: its credentials, and what the harness writes of its own, kept."""
        cassette = self.replay.shown if self.replay is not None else None
        owned = harness_texts(goal, self.test, str(self.directory), self.report_copy, cassette)
        return Secrets(self.credentials, owned)


@dataclass(frozen=True)
class Last:
    """What the persona expected and did at the previous step, for the next prompt."""

    expectation: str | None = None
    action: str | None = None
    outcome: ActionOutcome | None = None
    """What it did; for a done, the claim as judged, so the persona learns when its word was not taken."""
    events: list[PageEvent] = field(default_factory=list)
    """What the browser did beside the page during the previous step, redacted."""


@dataclass
class State:
    """What one run of a session accumulates."""

    goal: str
    files: SessionFiles
    secrets: Secrets
    meter: Meter
    model: str
    documents: Documents
    todo: Todo
    clock: Clock = field(default_factory=lambda: Clock.start(None))
    """The session's wall clock (`clock.py`)."""
    screenshots: ScreenshotPolicy = field(default_factory=ScreenshotPolicy)
    look: bool = False
    """The model asked to see the next screenshot."""
    full_snapshot: str = ""
    """The whole ai snapshot of the last look, for `find`."""
    keys: Keys = field(default_factory=Keys)
    """A keyboard persona's focus walk and what its checks have measured."""
    steps: list[Step] = field(default_factory=list)
    summary: str = ""
    last: Last = field(default_factory=lambda: Last())
    mistake: UserError | None = None
    """The test's success check raised or answered neither True nor False: raised once the session is written."""
    started_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    interrupted: bool = False
    """Ctrl-C came during the wrap-up or the survey: raised once the session is written."""
    start_text: str = ""
    """The start page's visible text, as the persona first found it: text evidence of a state goal that was already
    there shows nothing done."""
    orphaned: list[OrphanedWrite] = field(default_factory=list)
    """The large writes an earlier run left open in docs/, found at the start (`begin.take_over_writes`)."""


@dataclass(frozen=True)
class Context:
    """One run of a session: what it is given and what it accumulates, handed as one to whatever the session calls
    (the action table's handlers, the session's start and end)."""

    setup: Setup
    state: State

    @property
    def page(self) -> SessionPage:
        return self.setup.page
