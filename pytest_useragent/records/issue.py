"""A UX issue with its evidence, and a session's list of them with its CI gate."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any, get_args

from pydantic import BaseModel, ConfigDict, RootModel, model_validator

from pytest_useragent.errors import UserError
from pytest_useragent.records.decision import GATED_TRUST, SEVERITY_ORDER, IssueDraft, Severity, Source, Trust
from pytest_useragent.records.keys import issue_key
from pytest_useragent.templates import MAX_TEXT, bounded


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

    @property
    def line(self) -> str:
        """The issue in one line, as a failed gate shows it: severity, trust, title, rule, step, page."""
        rule = f" [{self.rule}]" if self.rule else ""
        where = "".join(f" {part}" for part in (f"step {self.step}" if self.step else "", self.page or "") if part)
        count = f" x{self.count}" if self.count > 1 else ""
        return f"{self.severity} ({self.trust}) {self.title}{rule}{count}:{where} {self.evidence[:120]}".rstrip()

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
    """`objective` for a check, `review` for one that could not decide (axe's "needs review", an experimental
    rule): a person must look; a persona's finding is an `opinion` until the run's report sees it in two sessions
    or more (`reproduced`, see `issues.trust_of`)."""
    experimental: bool = False
    """Found by a rule its makers still call experimental (axe's `experimental` tag): a `review` finding."""
    criteria: list[str] = []
    """The WCAG success criteria it stands for, by number (`1.3.1`): an axe rule's `wcag131` tags, our rule's row
    (`records/wcag.py` names them). Empty where no criterion applies (a best practice, a heuristic)."""
    met: bool | None = None
    """For a check: whether its session's persona met it at its step (made by its action, on the element it acted
    on, in its view or in what its screen reader said: `session/placed.py`); None where not decided. The wrap-up
    lists only what the persona met."""
    check_title: str | None = None
    """A check finding its persona reported too, made one issue (`records/same_problem.py`): the rule's own title;
    the issue's title and quote are then the persona's, its evidence the persona's with what the check measured."""

    @model_validator(mode="after")
    def _keyed(self) -> Issue:
        if self.source == "check":
            self.trust = "review" if self.trust == "review" or self.experimental else "objective"
        elif self.trust in ("objective", "review"):
            self.trust = "opinion"
        if not self.key:
            self.key = issue_key(
                source=self.source,
                rule=self.rule,
                title=self.title,
                locator=self.locator,
                element=self.element,
                page=self.page,
                review=self.trust == "review",
            )
        return self

    def bounded(self) -> Issue:
        """The issue as a run's own list and aggregates keep it: each of its texts at most `MAX_TEXT` characters,
        saying how much was cut (its session's record keeps it whole; a 200 MB title in the run's issues and each
        test's figures too was that title three times in report.json). Itself when nothing is that long."""
        long = {name: bounded(value) for name, value in self if isinstance(value, str) and len(value) > MAX_TEXT}
        if any(len(example) > MAX_TEXT for example in self.examples):
            long["examples"] = [bounded(example) for example in self.examples]
        return self.model_copy(update=long) if long else self


class Found(list[Issue]):
    """Issues a gate picked (`IssueList.at_least`): a list, shown as each issue's line, so a failed
    `assert not result.issues.at_least("critical")` says what failed without the records' every field (pytest shows
    a repr on one line: the issues are separated by `; `)."""

    def __repr__(self) -> str:
        return "[" + "; ".join(issue.line for issue in self) + "]"


class IssueList(RootModel[list[Issue]]):
    """The issues of a session, deduplicated, most severe first."""

    def __iter__(self) -> Iterator[Issue]:  # type: ignore[override]
        return iter(self.root)

    def __len__(self) -> int:
        return len(self.root)

    def __getitem__(self, index: int) -> Issue:
        return self.root[index]

    def __repr__(self) -> str:
        """Each issue's line (`Found`): what pytest shows of the list in a failed gate's explanation."""
        return f"IssueList{Found(self.root)!r}"

    def at_least(
        self,
        severity: Severity,
        *,
        source: Source | tuple[Source, ...] | None = None,
        trust: Trust | tuple[Trust, ...] | None = None,
    ) -> Found:
        """The issues of this severity or worse; of these sources and trust levels only, when given. A CI gate:
        `at_least("major", trust=("objective", "reproduced"))`, opinions left as advice. No trust given: every level
        but `review` (`GATED_TRUST`): what a check left for a person fails a gate only where it is named,
        `at_least("major", trust="review")`."""
        floor = SEVERITY_ORDER[chosen("severity", severity, Severity)[0]]
        sources = None if source is None else chosen("source", source, Source)
        trusts = GATED_TRUST if trust is None else chosen("trust", trust, Trust)
        return Found(
            issue
            for issue in self.root
            if SEVERITY_ORDER[issue.severity] >= floor
            and (sources is None or issue.source in sources)
            and issue.trust in trusts
        )


def chosen(what: str, value: str | tuple[str, ...], allowed: Any) -> tuple[str, ...]:
    """A gate's argument (`at_least`) as a tuple of known names: a misspelt one would silently gate on nothing."""
    names = (value,) if isinstance(value, str) else tuple(value)
    unknown = [name for name in names if name not in get_args(allowed)]
    if unknown:
        raise UserError(f"issues.at_least: unknown {what} {unknown[0]!r}; one of {', '.join(get_args(allowed))}")
    return names
