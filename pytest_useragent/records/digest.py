"""What a run report reads of every session, and nothing more (`SessionDigest`): its figures, its issues and the
steps that met them, its persona's name, its browser, its replay, its interviews and its folder.

Why a record of its own: `useragent combine` reads 10,000 sessions from its shards' report.json and shows a hundred
of them in full (report.html's timelines). Reading every step of every session as a `SessionResult` (its page, its
decision, its model calls: 50,000 steps) took longer than the 3 s the whole combine may take, and held the run
twice. So each session is read as a digest, the few the report shows in full are read whole, and report.json carries
each session's record through as its shard wrote it (`report/shards.py`). The fields have `SessionResult`'s names
and meanings, so the aggregator and the templates read either (`AnySession`).
"""

from __future__ import annotations

from pathlib import PureWindowsPath
from typing import Annotated

from pydantic import AfterValidator, BaseModel, model_validator

from pytest_useragent.records.decision import SessionOutcome, Source, Trust
from pytest_useragent.records.issue import IssueList
from pytest_useragent.records.keys import issue_key
from pytest_useragent.records.replayed import ReplayReport
from pytest_useragent.records.research import Interview
from pytest_useragent.records.result import Completion, ExpectationStats, SessionResult
from pytest_useragent.records.setting import Setting


def inside(path: str) -> bool:
    """`path` names a place under the folder it is relative to: not absolute (in POSIX or Windows terms), no `..`,
    no backslash or NUL, not empty. Pure; on strings (a `PurePath` of each of 60,000 paths took a second)."""
    if not path or "\\" in path or "\0" in path or path.startswith("/") or ".." in path.split("/"):
        return False
    return ":" not in path or not PureWindowsPath(path).drive  # `C:x`: no backslash, so only a drive makes one


def _within(path: str) -> str:
    if not inside(path):
        raise ValueError("not a path inside the session's folder (absolute, or climbing out with ..)")
    return path


Inside = Annotated[str, AfterValidator(_within)]
"""A path relative to a session's folder that stays in it (a step's screenshot: `screenshots/step-001.jpg`). A digest
is read from a file another machine wrote, and a report reads the screenshot by it."""


class PersonaName(BaseModel):
    name: str


class StepIssue(BaseModel):
    """An issue as a step's digest keeps it: what makes it the flaw the session's list has (its `Issue.key`), to
    say at which steps it was met. The session's own list holds the issue whole."""

    title: str
    source: Source = "persona"
    rule: str | None = None
    locator: str | None = None
    element: str | None = None
    page: str | None = None
    trust: Trust = "opinion"
    key: str = ""

    @model_validator(mode="after")
    def _keyed(self) -> StepIssue:
        """As `Issue` keys itself when the record does not say."""
        if not self.key:
            self.key = issue_key(
                source=self.source,
                rule=self.rule,
                title=self.title,
                locator=self.locator,
                element=self.element,
                page=self.page,
                review=self.source == "check" and self.trust == "review",
            )
        return self


class StepDigest(BaseModel):
    """A step as the run's figures see it: where it was, what it looked at, the issues met at it."""

    index: int
    url: str
    screenshot: Inside | None = None
    issues: list[StepIssue] = []


class SurveyScore(BaseModel):
    score: float


class WrapUpScore(BaseModel):
    intuitiveness: int


class SessionDigest(BaseModel):
    """A session's record (session.json, an entry of report.json) read for a run's report: what the aggregator, the
    baseline, the tables of report.md and report.html and their links read of every session. Every other field of
    the record is left unread (its timeline's steps in full, its usage, its documents)."""

    start_url: str | None
    persona: PersonaName
    provider: str
    model: str
    outcome: SessionOutcome
    error: str | None = None
    steps: list[StepDigest]
    expectations: ExpectationStats
    issues: IssueList
    wrap_up: WrapUpScore | None
    cost_usd: float
    no_reply_usd: float = 0.0
    exchange_rate: float = 1.0
    price_known: bool = True
    budget: float | None = None
    directory: str
    completion: Completion = Completion()
    survey: SurveyScore | None = None
    interviews: list[Interview] = []
    replay: ReplayReport | None = None
    report_copy: str | None = None
    setting: Setting | None = None
    explore: bool = False
    video: str | None = None
    unaudited: list[str] = []
    checked: list[str] = []

    @property
    def goal_achieved(self) -> bool | None:
        return self.completion.reached(self.outcome, explore=self.explore)

    @property
    def evidence(self) -> str | None:
        return accepted.evidence if (accepted := self.completion.accepted) is not None else None

    @property
    def evidence_kind(self) -> str | None:
        return accepted.kind if (accepted := self.completion.accepted) is not None else None


AnySession = SessionResult | SessionDigest
"""A session as the aggregator and the run report read it: whole (pytest's run) or digested (a combined one)."""
