"""The typed records that flow through a session: what the model decides, what a step did, what a session found."""

from __future__ import annotations

import math
from collections.abc import Iterator
from datetime import datetime
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, RootModel, computed_field, model_validator

from pytest_useragent.errors import UserError
from pytest_useragent.keys import issue_key
from pytest_useragent.persona import Persona

Severity = Literal["critical", "major", "minor", "cosmetic"]
SEVERITY_ORDER: dict[str, int] = {"critical": 3, "major": 2, "minor": 1, "cosmetic": 0}
Verdict = Literal["met", "partial", "unmet", "surprised"]
Trust = Literal["objective", "reproduced", "opinion"]
"""How far an issue can be trusted: a check measured it; several sessions met it; one persona thought it."""
Source = Literal["persona", "check"]
ActionKind = Literal[
    "click",
    "type",
    "press",
    "select",
    "scroll",
    "hover",
    "navigate",
    "back",
    "wait",
    "write",
    "append",
    "update",
    "read",
    "find",
    "look",
    "plan",
    "check",
    "done",
    "give_up",
]
DOCUMENT_ACTIONS = ("write", "append", "update", "read")
TODO_ACTIONS = ("plan", "check")
PAGE_READS = ("find", "look")
"""Actions that read the page as it is, without touching it."""
SessionOutcome = Literal[
    "goal_achieved",
    "gave_up",
    "max_steps",
    "budget_exhausted",
    "provider_error",
    "page_error",
    "interrupted",
    "unverified",
    "unreachable",
    "diverged",
]
"""`diverged`: a replayed journey no longer fit the page (record mode none or once; see replay.py).
`unverified`: the persona said done at its last step, and neither its evidence nor the test's success check bore
it out. `unreachable`: the start URL could not be loaded; no model call was made."""
ERROR_OUTCOMES = ("budget_exhausted", "provider_error", "page_error", "interrupted", "unreachable")
"""Outcomes that say the session was stopped from outside, not how the persona fared."""


# ---- what the model returns ----
# These schemas go with every call as shape only: the descriptions below are for the code's readers. What the fields
# mean is told to the model once, in the system prompt (llm/prompts/system.j2, wrap_up.j2).


class Action(BaseModel):
    """One thing to do. Element actions name a ref from the snapshot (e.g. "e5")."""

    kind: ActionKind
    ref: str | None = Field(None, description="element ref, e.g. e5")
    text: str | None = Field(None, description="type: text; select: option label; write/append/update/plan: content")
    file: str | None = Field(None, description="write/append/update/read: document name, e.g. notes.md")
    target: str | None = Field(
        None, description="update: heading or JSON key path; read: query; check: item number; find: words"
    )
    key: str | None = Field(None, description="press: key, e.g. Enter")
    url: str | None = Field(None, description="navigate: URL")
    direction: Literal["up", "down"] | None = Field(None, description="scroll without ref")
    reason: str | None = Field(None, description="done / give_up: why")
    dialog: Literal["accept", "dismiss"] | None = Field(
        None, description="the next dialog this action opens: accept (a prompt with text) or dismiss (the default)"
    )
    evidence: str | None = Field(None, description="done: the text on the page or in a document that shows the goal")

    def describe(self) -> str:
        """A short human line: `click e5`, `type e3 "milk"`, `done: found it`."""
        parts: list[str] = [self.kind]
        if self.ref or self.file:
            parts.append(self.ref or self.file or "")
        for value in (self.text, self.key, self.url, self.direction, self.target if self.kind == "find" else None):
            if value and not (value is self.text and self.file):  # document content is too long for a line
                parts.append(f'"{value}"' if value is self.text or value is self.target else value)
        if self.dialog:
            parts.append(f"({self.dialog} the dialog)")
        line = " ".join(parts)
        return f"{line}: {self.reason}" if self.reason else line


class Evaluation(BaseModel):
    verdict: Verdict
    note: str = Field(description="why, in one sentence")


class IssueDraft(BaseModel):
    """A UX issue as the persona reports it."""

    severity: Severity
    heuristic: str = Field(description="e.g. Nielsen #1 visibility of system status")
    title: str
    evidence: str = Field(description="what on the page shows it")
    quote: str = Field(description='"As a user I expected ..."')
    ref: str | None = Field(None, description="the element it is about, by its ref in this step's snapshot, if one")
    """Where the step's screenshot marks it (`marks.py`); a ref holds for one look only, so cassettes drop it."""


class Decision(BaseModel):
    """The model's one answer per step."""

    observation: str = Field(description="what you see now, in your own voice")
    evaluation: Evaluation | None = Field(description="verdict on your previous expectation; null on step 1")
    summary: str = Field(description="what this step adds to the memory: a short note; the harness keeps the notes")
    issues: list[IssueDraft] = Field(description="new UX issues seen this step")
    expectation: str = Field(description="what you expect your action to do")
    action: Action


class WrapUp(BaseModel):
    """The model's closing verdict on the whole session."""

    intuitiveness: int = Field(ge=0, le=10, description="0-10")
    rationale: str = Field(description="one line")
    issues: list[IssueDraft] = Field(description="consolidated, deduplicated")
    suggestions: list[str]
    quotes: list[str]


# ---- what a session records ----


class Usage(BaseModel):
    model_config = ConfigDict(frozen=True)

    input_tokens: int = 0
    output_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(**{name: getattr(self, name) + getattr(other, name) for name in Usage.model_fields})


CallPurpose = Literal["decide", "repair", "wrap_up", "compose", "survey", "interview"]


class Call(BaseModel):
    """One request to the model."""

    purpose: CallPurpose
    model: str
    usage: Usage
    cost_usd: float
    seconds: float
    stop_reason: str | None = None
    """Why the model stopped: end_turn, max_tokens, refusal ..."""


class FailedRequest(BaseModel):
    """A request that failed outright or was answered with a status of 400 or more."""

    method: str
    url: str
    resource: str
    """Playwright's resource type: document, script, fetch, image ..."""
    status: int | None = None
    error: str | None = None

    def __str__(self) -> str:
        return f"{self.method} {self.url} -> {self.status if self.status is not None else self.error}"


class SlowResponse(BaseModel):
    method: str
    url: str
    milliseconds: int

    def __str__(self) -> str:
        return f"{self.method} {self.url} took {self.milliseconds} ms"


class Signals(BaseModel):
    """What the page reported since the last look."""

    console_errors: list[str] = []
    failed_requests: list[FailedRequest] = []
    slow_responses: list[SlowResponse] = []
    left_out: dict[str, int] = {}
    """Per list above, how many more the page reported than are kept (see `PageWatcher`)."""


class Observation(BaseModel):
    """What the agent sees of the page at one moment. Knows nothing of Playwright."""

    url: str
    title: str
    snapshot: str
    """The page state the model is shown: the ai snapshot with refs, condensed when the page is large."""
    elements: int = 0
    """Elements (snapshot lines) on the whole page."""
    shown: int = 0
    """Of those, the ones `snapshot` shows in full; the rest it counts."""
    full_snapshot: str = Field("", exclude=True, repr=False)
    """The whole ai snapshot with boxes, for `find`; never sent whole, never serialized."""
    signals: Signals = Signals()
    image: bytes | None = Field(None, exclude=True, repr=False)
    """The screenshot (JPEG) as taken; never serialized."""
    fingerprint: str = Field("", exclude=True, repr=False)
    """The viewport and the document's length and hash as the look found them: what tells page states apart."""


class Claim(BaseModel):
    """A `done` the persona claimed, and how the harness judged it (verdict.py)."""

    step: int
    evidence: str | None
    found_in: str | None = None
    """Where the evidence was found: "page", or a document as "docs/<name>"; None when it was not."""
    success: bool | None = None
    """The test's success check at that moment; None when the test gave none."""

    @property
    def accepted(self) -> bool:
        """The test's check decides when there is one; otherwise the evidence must be found."""
        return self.success if self.success is not None else self.found_in is not None

    @property
    def why_not(self) -> str:
        """Why the claim was not accepted, in one line for the persona and the reports."""
        if self.success is False:
            return "the test's success check says the goal is not reached"
        if not self.evidence:
            return "done came with no evidence: name the text on the page or in a document that shows the goal"
        return f'your evidence "{self.evidence}" is not on the page or in your documents'


class ActionOutcome(BaseModel):
    ok: bool
    message: str
    locator: str | None = None
    """The acted element as a stable Playwright locator, e.g. get_by_role("button", name="Buy")."""
    claim: Claim | None = None
    """For `done`: the claim as judged; `ok` is whether it was accepted."""
    dead_click: bool = False
    """A click that showed no effect on the page (the message says so too, for the model and the report)."""


class Box(BaseModel):
    """An element's box in CSS pixels of the viewport, as the look that took the step's screenshot saw it."""

    model_config = ConfigDict(allow_inf_nan=False)

    x: float
    y: float
    width: float
    height: float

    @classmethod
    def parse(cls, value: object) -> Box | None:
        """`x,y,width,height`, as the ai snapshot's `box=` and our page scripts write a box; None for anything else."""
        try:
            x, y, width, height = (float(part) for part in str(value).split(","))
        except ValueError:
            return None
        finite = all(math.isfinite(number) for number in (x, y, width, height))
        return cls(x=x, y=y, width=width, height=height) if finite else None


class Issue(IssueDraft):
    """A UX issue with its evidence: reported by the persona, or found by an objective check."""

    source: Source = "persona"
    rule: str | None = None
    """For checks: the rule that found it, e.g. axe's "button-name", or "dead-click"."""
    step: int | None = None
    element: str | None = None
    """The element concerned, as HTML or a description."""
    locator: str | None = None
    box: Box | None = None
    """For an axe finding: where the step's screenshot shows its element (measured when the page state was copied
    for the audit, the same state the screenshot shows); the report marks it there (`marks.py`)."""
    screenshot: str | None = None
    count: int = 1
    """For checks: how many elements (or requests, messages) of one page state this issue stands for."""
    examples: list[str] = []
    """For checks: a few of them (locators or elements), the first included; see `issues.grouped`."""
    page: str | None = None
    """The page it was met on, as keys name pages (host and path: `keys.page_of`); stamped when its step is kept."""
    key: str = ""
    """What makes two issues the same flaw, in a session, a run and across runs (`keys.issue_key`): computed once,
    when the issue is made or stamped with its page, and kept as written, so runs can be compared by it."""
    trust: Trust = "opinion"
    """`objective` for a check; a persona's finding is an `opinion` until the run's report sees it in two sessions
    or more (`reproduced`, see `issues.trust_of`)."""

    @model_validator(mode="after")
    def _keyed(self) -> Issue:
        if not self.key:
            self.key = issue_key(
                source=self.source,
                rule=self.rule,
                title=self.title,
                locator=self.locator,
                element=self.element,
                page=self.page,
            )
        if self.source == "check":
            self.trust = "objective"
        elif self.trust == "objective":
            self.trust = "opinion"
        return self


class IssueList(RootModel[list[Issue]]):
    """The issues of a session, deduplicated, most severe first."""

    def __iter__(self) -> Iterator[Issue]:  # type: ignore[override]
        return iter(self.root)

    def __len__(self) -> int:
        return len(self.root)

    def __getitem__(self, index: int) -> Issue:
        return self.root[index]

    def at_least(
        self,
        severity: Severity,
        *,
        source: Source | tuple[Source, ...] | None = None,
        trust: Trust | tuple[Trust, ...] | None = None,
    ) -> list[Issue]:
        """The issues of this severity or worse; of these sources and trust levels only, when given. A CI gate:
        `at_least("major", trust=("objective", "reproduced"))`, opinions left as advice."""
        floor = SEVERITY_ORDER[chosen("severity", severity, Severity)[0]]
        sources = None if source is None else chosen("source", source, Source)
        trusts = None if trust is None else chosen("trust", trust, Trust)
        return [
            issue
            for issue in self.root
            if SEVERITY_ORDER[issue.severity] >= floor
            and (sources is None or issue.source in sources)
            and (trusts is None or issue.trust in trusts)
        ]


def chosen(what: str, value: str | tuple[str, ...], allowed: Any) -> tuple[str, ...]:
    """A gate's argument (`at_least`) as a tuple of known names: a misspelt one would silently gate on nothing."""
    names = (value,) if isinstance(value, str) else tuple(value)
    unknown = [name for name in names if name not in get_args(allowed)]
    if unknown:
        raise UserError(f"issues.at_least: unknown {what} {unknown[0]!r}; one of {', '.join(get_args(allowed))}")
    return names


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
    """Decided by a cassette, not a model: no call, no cost (replay.py)."""
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
    """A large write that never finished, with what was recovered (in docs/.pending/)."""

    file: str
    operation: str
    bytes_recovered: int
    parts: int
    problem: str | None
    content_path: str


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
    completion: Completion = Completion()
    survey: Survey | None = None
    """The questionnaire the persona answered after the wrap-up (--useragent-survey), with its score."""
    interviews: list[Interview] = []
    """Debrief questions asked after the session (`Agent.interview`) and the persona's answers."""
    replay: ReplayReport | None = None
    """How a cassette served this session, when a record mode was set."""
    report_copy: str | None = None
    """Where the run report copies this session's folder (`report/copies.py`), set by the `agent` fixture; its
    report.md is the session's account that outlives pytest's tmp_path."""
    cache: CacheUse | None = None
    """How much of the steps' input the prompt cache served; None when no step called a model."""

    @computed_field  # type: ignore[prop-decorator]
    @property
    def goal_achieved(self) -> bool:
        """The test's success check when it gave one; otherwise a claim of done whose evidence was found."""
        if self.completion.success is not None:
            return self.completion.success
        return self.outcome == "goal_achieved"

    @property
    def cost(self) -> float:
        """The cost in `currency`."""
        return self.cost_usd * self.exchange_rate

    def __repr__(self) -> str:
        """One line, what a failing `assert result.goal_achieved` shows (`brief.py`); session.json has the rest."""
        from pytest_useragent.brief import one_line  # brief reads records: imported when first asked

        return one_line(self)


class ReplayReport(BaseModel):
    """What a cassette did for one session (replay.py)."""

    mode: str
    cassette: str
    """Its path, relative to the directory pytest ran in."""
    replayed: int = 0
    """Steps decided by the cassette."""
    live: int = 0
    """Steps decided by the provider."""
    diverged_at: int | None = None
    """The step at which the page no longer fit the recording; None when it never stopped fitting."""
    why: str | None = None
    """Why it no longer fit, in one line."""
    saved_usd: float = 0.0
    """What the replayed steps (and wrap-up) cost when they were recorded: what this run did not pay."""
    recorded: bool = False
    """The cassette was written (or rewritten) by this session."""


PageEventKind = Literal["dialog", "popup", "download", "blocked"]


class PageEvent(BaseModel):
    """Something the browser did beside the page: a dialog it showed (and how it was answered), a new tab or popup
    (which became the session's page), a download, or a navigation refused by the allowed hosts."""

    kind: PageEventKind
    url: str | None = None
    """popup: its URL; blocked: the refused address's origin only (its path and query may carry data)."""
    dialog: Literal["alert", "confirm", "prompt", "beforeunload"] | None = None
    message: str | None = None
    """dialog: its text."""
    answer: Literal["accepted", "dismissed"] | None = None
    file: str | None = None
    """download: the file name the site suggested."""
    size: int | None = None
    """download: its bytes; None when it did not finish in time or failed."""
    reason: str | None = None
    """blocked: why; download: why it failed; popup: why it was closed."""

    def __str__(self) -> str:
        if self.kind == "dialog":
            article = "an" if self.dialog == "alert" else "a"
            return f'{article} {self.dialog} dialog said "{self.message}"; it was {self.answer}'
        if self.kind == "popup":
            if self.reason:
                return f"a new tab opened, but {self.reason}"
            return f"a new tab opened: {self.url} (you are on it now; the old page stays open)"
        if self.kind == "download":
            size = f"{self.size} bytes" if self.size is not None else (self.reason or "not finished")
            return f"a download: {self.file} ({size})"
        return f"blocked: {self.reason}"


# ---- after the session: the questionnaire and the debrief ----

SurveyKind = Literal["sus"]


class SusItem(BaseModel):
    """The persona's answer to one System Usability Scale statement."""

    item: int = Field(ge=1, le=10)
    score: int = Field(ge=1, le=5, description="1 strongly disagree ... 5 strongly agree")
    reason: str = Field(description="one line, in the persona's language")


class SusReply(BaseModel):
    """What the model returns for the SUS: all ten statements, each once."""

    answers: list[SusItem]

    @model_validator(mode="after")
    def _all_ten(self) -> SusReply:
        items = sorted(answer.item for answer in self.answers)
        if items != list(range(1, 11)):
            raise ValueError(f"answer each of the items 1-10 exactly once; got {items}")
        self.answers.sort(key=lambda answer: answer.item)
        return self


class SurveyAnswer(SusItem):
    statement: str
    """The statement as the standard questionnaire words it."""


class Survey(BaseModel):
    """A questionnaire the persona answered after its session, scored the standard way (`sus.py`)."""

    kind: SurveyKind = "sus"
    answers: list[SurveyAnswer]
    score: float
    """0-100."""
    answered_by: str
    """Who answered: the persona through the model, or the offline engine from its counts."""


class InterviewReply(BaseModel):
    """What the model returns for a debrief question."""

    answer: str = Field(description="in the persona's voice and language")


class Interview(BaseModel):
    """One debrief question asked after a session, and the persona's answer (None when no valid one came)."""

    question: str
    answer: str | None
    problem: str | None = None
    """Why there is no answer: an invalid reply, a refusal."""
    cost_usd: float = 0.0


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


# SessionResult names records defined after it (the survey, the interviews, the replay, the marks): resolved here, once
# all exist, so a subclass made elsewhere (repeats.RepeatedResult) inherits complete fields
SessionResult.model_rebuild()
