"""What the model returns each step and at the end, and the names every layer shares: severities, verdicts,
action kinds, outcomes."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from pytest_useragent.records.actions import ON_FIELDS

Severity = Literal["critical", "major", "minor", "cosmetic"]
SEVERITY_ORDER: dict[str, int] = {"critical": 3, "major": 2, "minor": 1, "cosmetic": 0}
Verdict = Literal["met", "partial", "unmet", "surprised"]
Trust = Literal["objective", "reproduced", "review", "opinion"]
"""How far an issue can be trusted: a check measured it; several sessions met it; a check could not decide and a
person must look (axe's "needs review" results, its experimental rules); one persona thought it."""
GATED_TRUST: tuple[Trust, ...] = ("objective", "reproduced", "opinion")
"""What a gate that names no trust level picks (`IssueList.at_least`): every level but `review`, which fails a gate
only where its author names it (`trust="review"`, `--fail-on=major,review`, `review_issues:N`)."""
Source = Literal["persona", "check"]
ActionKind = Literal[
    "click",
    "type",
    "press",
    "select",
    "scroll",
    "hover",
    "fill",
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
    "explored",
    "timed_out",
]
"""`explored`: a session with no goal (`agent.explore`) ended as the persona said it had seen enough, or at its last
step. `timed_out`: the session's wall clock (--useragent-session-timeout) ran out.
`diverged`: a replayed journey no longer fit the page (record mode none or once; see replay/provider.py).
`unverified`: the persona said done at its last step, and neither its evidence nor the test's success check bore
it out. `unreachable`: the start URL could not be loaded; no model call was made."""
ERROR_OUTCOMES = ("budget_exhausted", "provider_error", "page_error", "interrupted", "unreachable", "timed_out")
"""Outcomes that say the session was stopped from outside, not how the persona fared."""


# These schemas go with every call as shape only: the descriptions below are for the code's readers. What the fields
# mean is told to the model once, in the system prompt (llm/prompts/system.j2, wrap_up.j2).


MAX_FIELDS = 12
"""The most fields one `fill` types: a long form is filled a part at a time, each part checked on the next page."""


class FormField(BaseModel):
    """One field of a `fill`: the ref of a field and what to type into it, each as `type` takes them; on a dropdown
    (a `<select>`), the label of the option to choose, as `select` takes it."""

    ref: str
    text: str


MAX_TIMES = 40
"""The most presses of one `press` with `times`: more is no breath a person takes."""


class Action(BaseModel):
    """One thing to do. Element actions name a ref from the snapshot (e.g. "e5")."""

    kind: ActionKind
    ref: str | None = Field(None, description="element ref, e.g. e5")
    text: str | None = Field(None, description="type: text; select: option label; write/append/update/plan: content")
    file: str | None = Field(None, description="write/append/update/read: document name, e.g. notes.md")
    target: str | None = Field(
        None,
        description="update: heading or JSON key path; read: query; check: item number; find: words; press: where "
        "focus is to stop",
    )
    key: str | None = Field(None, description="press: key, e.g. Enter; type, fill: a key pressed after the text")
    """On `type` and `fill`, pressed on the field typed (a fill's last) once the text is in, as a person presses Enter
    after typing a todo: the press is one of its own to the checks (`session/carry_out._then_key`)."""
    times: int | None = Field(None, description="press: how often")
    """Read as `presses`, 1 to MAX_TIMES: bounds in the schema would cost every step's prefix tokens."""
    url: str | None = Field(None, description="navigate: URL")
    direction: Literal["up", "down"] | None = Field(None, description="scroll without ref")
    reason: str | None = Field(None, description="done / give_up: why")
    dialog: Literal["accept", "dismiss"] | None = Field(
        None, description="the next dialog this action opens: accept (a prompt with text) or dismiss (the default)"
    )
    evidence: str | None = Field(None, description="done: the text on the page or in a document that shows the goal")
    fields: list[FormField] | None = Field(
        None, max_length=MAX_FIELDS, description="fill: the form's fields, typed in this order in one step"
    )

    @property
    def refs(self) -> list[str]:
        """The elements it acts on: its ref, or a fill's each field's (whatever else its kind left set)."""
        if self.kind in ON_FIELDS:
            return [field.ref for field in self.fields or []]
        return [self.ref] if self.ref else []

    @property
    def presses(self) -> int:
        """How often a press presses: its `times`, 1 to MAX_TIMES."""
        return min(max(self.times or 1, 1), MAX_TIMES)

    def describe(self) -> str:
        """A short human line: `click e5`, `type e3 "milk"`, `fill e3 "Jana", e4 "{{password}}"`, `done: found it`."""
        parts: list[str] = [self.kind]
        if self.fields and self.kind in ON_FIELDS:
            # a cassette's fields have no ref: "fill "Jana", "jana@example.com""
            parts.append(", ".join(f'{field.ref} "{field.text}"'.lstrip() for field in self.fields))
        if self.ref or self.file:
            parts.append(self.ref or self.file or "")
        for value in (
            self.text,
            self.key,
            self.url,
            self.direction,
            self.target if self.kind in ("find", "press") else None,
        ):
            if value and not (value is self.text and self.file):  # document content is too long for a line
                parts.append(f'"{value}"' if value is self.text or value is self.target else value)
        if self.presses > 1:
            parts.append(f"x{self.presses}")
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
