"""A session's record: its steps and everything one `agent.run` found (session.json), told in a line and in a few."""

from __future__ import annotations

from datetime import datetime
from pathlib import PurePath
from typing import Literal

from pydantic import BaseModel, computed_field

from pytest_useragent.records.decision import SEVERITY_ORDER, Action, Evaluation, SessionOutcome, Verdict, WrapUp
from pytest_useragent.records.issue import Box, Issue, IssueList
from pytest_useragent.records.page import ActionOutcome, Claim, PageEvent, Signals
from pytest_useragent.records.persona import Persona
from pytest_useragent.records.replayed import ReplayReport
from pytest_useragent.records.research import Interview, Survey
from pytest_useragent.records.setting import Setting
from pytest_useragent.records.usage import Call, Usage


class Mark(BaseModel):
    """What the report draws over a step's screenshot: the element acted on, or an issue's element."""

    kind: Literal["acted", "issue"]
    box: Box
    label: str
    """The action's kind, or the issue's number on the step (its title is in the step's list, not on the image)."""


class Marks(BaseModel):
    """The marks of one step's screenshot, bounded (`marks.MAX_MARKS`), with the viewport they are measured in."""

    width: int
    height: int
    marks: list[Mark]


class Step(BaseModel):
    index: int
    url: str
    title: str
    screenshot: str | None
    """The screenshot the step looked at, relative to the session directory."""
    signals: Signals
    observation: str
    evaluation: Evaluation | None
    expectation: str
    action: Action | None
    outcome: ActionOutcome
    issues: list[Issue] = []
    calls: list[Call] = []
    seconds: float
    events: list[PageEvent] = []
    """What the browser did beside the page during the step: dialogs, new tabs, downloads, blocked navigations."""
    replayed: bool = False
    """Decided by a cassette, not a model: no call, no cost (replay/provider.py)."""
    marks: Marks | None = None
    """Boxes to draw over the screenshot: the element acted on, the elements of its check issues (`marks.py`)."""


class ExpectationStats(BaseModel):
    met: int = 0
    partial: int = 0
    unmet: int = 0
    surprised: int = 0

    @computed_field  # type: ignore[prop-decorator]
    @property
    def total(self) -> int:
        return self.met + self.partial + self.unmet + self.surprised

    @computed_field  # type: ignore[prop-decorator]
    @property
    def met_rate(self) -> float:
        """Share of evaluated expectations that were fully met (0.0 when none were evaluated)."""
        return self.met / self.total if self.total else 0.0


class DocumentEntry(BaseModel):
    """One line of the document index the model sees every step."""

    name: str
    format: str
    size: int
    headings: list[str]
    preview: str
    profile: str


class IncompleteDocument(BaseModel):
    """A large write that never finished, with what was recovered (`workspace/kept.py` says where)."""

    file: str
    operation: str
    bytes_recovered: int
    parts: int
    problem: str | None
    content_path: str


class OrphanedWrite(BaseModel):
    """A large write an earlier process left open (killed mid-write) where the session finds it (`workspace/kept.py`),
    and what the session did with it (`workspace/recovery.recover`)."""

    file: str
    operation: str
    parts: int
    bytes_saved: int
    idle_seconds: float
    """Since its files last changed."""
    fate: Literal["finished", "reported", "cleaned", "left", "unreadable"]
    """finished: its content was whole (DONE seen) and is now in place; reported: cut off, closed as failed, what
    it saved kept at `content_path`; cleaned: a failed write idle past the limit, removed; left: its process is
    writing it still; unreadable: its record is none of ours (broken, too large, a link), left as it is at
    `content_path`, `file` its name shown safely."""
    problem: str | None = None
    content_path: str | None = None
    """Where what it saved is kept (reported, left), or the record that could not be read (unreadable)."""


class Completion(BaseModel):
    """Whether the goal was reached, beyond the persona's word: its claims of done, and the test's success check."""

    check: str | None = None
    """The test's `success=` check as written (a locator or a function's name); None without one."""
    success: bool | None = None
    """The check's answer at the session's end; None without one (or when the page was gone)."""
    claims: list[Claim] = []

    @property
    def false_dones(self) -> list[Claim]:
        """Claims of done that were not accepted."""
        return [claim for claim in self.claims if not claim.accepted]

    @property
    def accepted(self) -> Claim | None:
        """The last claim of done that was accepted (several may be made); None when none was."""
        return next((claim for claim in reversed(self.claims) if claim.accepted), None)

    def reached(self, outcome: str, *, explore: bool) -> bool | None:
        """`goal_achieved` of a session's record, whole or digested (`records/digest.py`) alike."""
        return None if explore else self.success if self.success is not None else outcome == "goal_achieved"


class CacheUse(BaseModel):
    """What the prompt cache did for a session's steps."""

    read_share: float
    """Cache reads as a share of all the input tokens of the steps' calls."""
    formed: bool | None
    """Whether any call after the first step read from the cache; None with fewer than two steps that called."""
    minimum: int = 0
    """The least prefix, in tokens, the model's cache takes (from the price book)."""


class SessionResult(BaseModel):
    """Everything one `agent.run` found; saved as session.json."""

    goal: str
    start_url: str | None
    persona: Persona
    provider: str
    model: str
    outcome: SessionOutcome
    error: str | None = None
    steps: list[Step]
    expectations: ExpectationStats
    issues: IssueList
    wrap_up: WrapUp | None
    usage: Usage
    cost_usd: float
    no_reply: int = 0
    """Requests sent that had no reply (timed out, cut off): billed, so in `usage` and `cost_usd` at worst case."""
    no_reply_usd: float = 0.0
    """What those were charged, part of `cost_usd`."""
    currency: str = "USD"
    exchange_rate: float = 1.0
    """Units of `currency` per USD when the session ran."""
    price_known: bool = True
    """False when the model had no known price and its calls were charged at the dearest known rate."""
    budget: float | None = None
    """This test's own budget in `currency`, when it set one."""
    started_at: datetime
    finished_at: datetime
    directory: str
    files: dict[str, str]
    """Everything the session wrote: path relative to the session directory -> absolute path."""
    docs: dict[str, str] = {}
    """The persona's documents: name -> path."""
    documents: list[DocumentEntry] = []
    """The same documents as the model last saw them: format, size, headings, preview, profile."""
    incomplete_docs: list[IncompleteDocument] = []
    orphaned_writes: list[OrphanedWrite] = []
    """Large writes an earlier process left open in this session's docs/, found when it started."""
    completion: Completion = Completion()
    survey: Survey | None = None
    """The questionnaire the persona answered after the wrap-up (--useragent-survey), with its score."""
    interviews: list[Interview] = []
    """Debrief questions asked after the session (`Agent.interview`) and the persona's answers."""
    replay: ReplayReport | None = None
    """How a cassette served this session, when a record mode was set."""
    report_copy: str | None = None
    """Where the run report copies this session's folder (`report/copies.py`), known before the session starts; its
    report.md is the session's account that outlives pytest's tmp_path."""
    cache: CacheUse | None = None
    """How much of the steps' input the prompt cache served; None when no step called a model."""
    setting: Setting | None = None
    """The browser the session ran in, read back from its page (`records/setting.py`); None in a session.json
    written before sessions recorded it."""
    explore: bool = False
    """The session had no goal (`agent.explore`): `goal` is the intent it was given, the persona's jobs-to-be-done,
    and whether it was reached is no question (`goal_achieved` is None)."""
    video: str | None = None
    """The session's video: `video.webm` in its folder, or pytest-playwright's file when its --video recorded it."""
    unaudited: list[str] = []
    """The pages (as issue keys name them, `keys.page_of`) of the states axe could not audit: their accessibility
    issues are unknown, not none, and a baseline's issues there are not resolved by this session."""
    checked: list[str] = []
    """The WCAG criteria (`1.1.1`) the checks that ran in this session stand for, whatever they found: axe's rules
    that ran, by their tags, and our rules by when they run (`records/covered.py`); what the run report calls tested."""

    def owned(self, test: str | None) -> list[str]:
        """What the harness wrote of its own into this session's record and files (`harness_texts`)."""
        cassette = self.replay.cassette if self.replay is not None else None
        return harness_texts(self.goal, test, self.directory, self.report_copy, cassette)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def goal_achieved(self) -> bool | None:
        """The test's success check when it gave one; otherwise a claim of done whose evidence was found. None for a
        session that explored: it had no goal to reach."""
        return self.completion.reached(self.outcome, explore=self.explore)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def evidence(self) -> str | None:
        """What the accepted `done` quoted (the last one, when several were made), for a test that asserts what the
        persona found: `assert "$349" in result.evidence`. None when no done was accepted."""
        return accepted.evidence if (accepted := self.completion.accepted) is not None else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def evidence_kind(self) -> str | None:
        """What the accepted `done`'s evidence is: "text" (found on the page or in a document) or "state" (an element
        in a state, `checkbox "Join Newsletter" [checked]`, that the page held when read again). None as `evidence`."""
        return accepted.kind if (accepted := self.completion.accepted) is not None else None

    @property
    def judgements(self) -> list[Judged | None]:
        """Each step's verdict on its own expectation (judged at the next step), in step order; see `judged`."""
        return judged(self.steps)

    @property
    def cost(self) -> float:
        """The cost in `currency`."""
        return self.cost_usd * self.exchange_rate

    def __repr__(self) -> str:
        """One line, what a failing `assert result.goal_achieved` shows; session.json has the rest."""
        return one_line(self)


def harness_texts(
    goal: str, test: str | None, directory: str, report_copy: str | None = None, cassette: str | None = None
) -> list[str]:
    """What the harness writes of its own into a session's records and files, which redaction keeps whole
    (`Secrets.own`): the goal as the test wrote it, the test id, the session's folder (so every path under it) and its
    name as todo.md gives it, where the run report copies it, the cassette's path. The author wrote them, and a
    record that names a folder that is not there cannot be counted, copied or linked to."""
    folder = PurePath(directory)
    named = f"{folder.parent.name}/{folder.name}"
    return [text for text in (goal, test, directory, named, report_copy, cassette) if text]


# ---- the session told: in a line (its repr) and in a few lines (the `useragent` section under a failing test) ----
# Both are built from the result alone, which is redacted before it is returned, so neither can hold a secret. A
# reader of a failure wants how it ended, the last thing the persona expected and whether it happened, the worst
# issues, and where the full account (report.md) is.

TOP_ISSUES = 3
"""How many issues a failure shows; the rest are counted, and all are in report.md."""


def one_line(result: SessionResult) -> str:
    """The session as a repr: outcome first, report.md last, both kept by pytest's cut of a long repr (the middle)."""
    verdict = last_verdict(result)
    parts = [
        f"outcome={result.outcome!r}",
        f"goal_achieved={result.goal_achieved}",
        f"steps={len(result.steps)}",
        f"last expectation={verdict[0]!r} {verdict[1]}" if verdict else "",
        f"issues={_counts(result) or 'none'}",
        f"report={report_of(result)!r}",
    ]
    return f"{type(result).__name__}({', '.join(part for part in parts if part)})"  # a RepeatedResult says so


def lines(result: SessionResult) -> list[str]:
    """The session in a few lines, for a failing test."""
    ending = "explored" if result.explore else "goal achieved" if result.goal_achieved else "goal not achieved"
    ending = "no UX verdict" if result.outcome == "unreachable" else ending  # the site is down, or the address wrong
    steps = f"{len(result.steps)} step" + ("" if len(result.steps) == 1 else "s")
    told = [f"{result.outcome} after {steps}, {ending} ({_engine(result)}): {result.goal}"]
    if result.error:
        told.append(f"stopped: {result.error}")
    last = result.steps[-1].action if result.steps else None
    if last is not None and last.kind in ("give_up", "done") and last.reason:
        told.append(f"{'gave up' if last.kind == 'give_up' else 'said done'}: {last.reason}")
    if verdict := last_verdict(result):
        expectation, judged, note = verdict
        told.append(f"last expectation: {expectation} -> {judged}" + (f" ({note})" if note else ""))
    worst = sorted(result.issues, key=_severity_rank)
    if worst:
        told.append(f"issues: {_counts(result)}")
        told.extend(f"  {_issue(issue)}" for issue in worst[:TOP_ISSUES])
        if len(worst) > TOP_ISSUES:
            told.append(f"  ... and {len(worst) - TOP_ISSUES} more")
    if blind := result.unaudited:  # said as report.md says it: not found is not none
        pages = f"{len(blind)} page{'s' * (len(blind) > 1)} ({', '.join(blind[:5])}{', ...' * (len(blind) > 5)})"
        told.append(f"not audited: axe could not audit {pages}: their accessibility issues are unknown, not none")
    told.append(f"report: {report_of(result)}")
    return told


class Judged(BaseModel):
    """A step's expectation with the verdict it received: at the next step, whose evaluation judges the one before."""

    verdict: Verdict
    note: str
    at: int
    """The step that judged it."""


def judged(steps: list[Step]) -> list[Judged | None]:
    """Each step's verdict, beside the step whose expectation it judges (the model writes it one step later); None
    for a step not judged: the last, or one followed by a step with no valid decision. Pure."""
    return [
        Judged(verdict=after.evaluation.verdict, note=after.evaluation.note, at=after.index)
        if after is not None and after.evaluation is not None and step.expectation
        else None
        for step, after in zip(steps, [*steps[1:], None][: len(steps)], strict=True)
    ]


def last_verdict(result: SessionResult) -> tuple[str, str, str] | None:
    """The last expectation that was judged, its verdict and why."""
    for step, verdict in reversed(list(zip(result.steps, judged(result.steps), strict=True))):
        if verdict is not None:
            return step.expectation, verdict.verdict, verdict.note
    return None


def report_of(result: SessionResult) -> str:
    """The session's report.md: its copy in the report's folder (what CI uploads, outliving tmp_path), else its own."""
    if result.report_copy is not None:
        return f"{result.report_copy}/report.md"
    return result.files.get("report.md", f"{result.directory}/report.md")


def _engine(result: SessionResult) -> str:
    return result.provider if result.model == result.provider else f"{result.provider}, {result.model}"


def _counts(result: SessionResult) -> str:
    """`1 major, 2 minor; 3 to review`: what is left for a person to review counted apart, as the run's line does."""
    counts: dict[str, int] = {}
    review = 0
    for issue in sorted(result.issues, key=_severity_rank):
        if issue.trust == "review":
            review += 1
        else:
            counts[issue.severity] = counts.get(issue.severity, 0) + 1
    said = ", ".join(f"{count} {severity}" for severity, count in counts.items())
    return "; ".join(part for part in (said, f"{review} to review" if review else "") if part)


def _severity_rank(issue: Issue) -> tuple[bool, int]:
    return issue.trust == "review", -SEVERITY_ORDER[issue.severity]


def _issue(issue: Issue) -> str:
    return f"{issue.severity}{f' [{issue.rule}]' if issue.rule else ''} {issue.title}"


def progress_line(step: Step, max_steps: int) -> str:
    """A step in one line, as debug mode shows it live: `step 2/8 [met] click get_by_role(...) -> clicked`."""
    verdict = f" [{step.evaluation.verdict}]" if step.evaluation else ""
    verdict += " (replayed)" if step.replayed else ""
    action = step.action.describe() if step.action else "(no valid decision)"
    if step.action and step.action.ref and step.outcome.locator:  # what was clicked, not the snapshot's `e16`
        action = step.action.model_copy(update={"ref": step.outcome.locator}).describe()
    first_line = step.outcome.message.splitlines()[0] if step.outcome.message else ""
    return f"step {step.index}/{max_steps}{verdict} {action} -> {first_line}"
