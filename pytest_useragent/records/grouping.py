"""Issues kept bounded: the check issues of one rule on one page state as ONE issue with a count and a few examples,
and a session's issues deduplicated by key (see `keys`); how far one can be trusted. Pure.

A page of 10,000 tiny buttons is one target-size issue ("×10,000"), not 10,000: otherwise a single page state would
swamp session.json, the run reports and every prompt that lists issues.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import unescape

from pytest_useragent.records import SEVERITY_ORDER, Issue, Source, Step, Trust
from pytest_useragent.records.keys import page_of
from pytest_useragent.records.rules import RULES
from pytest_useragent.records.same_problem import one_per_problem

MAX_EXAMPLES = 5
"""Examples kept per grouped issue: enough to find the pattern, few enough for a prompt line."""
MAX_EXAMPLE_CHARS = 200
MAX_EVIDENCE_CHARS = 500
"""A check's evidence comes from the page (a console message, a URL): a page can make it any length."""


def example_of(issue: Issue) -> str:
    """What points at one instance of a check issue: its locator, else its element, else its evidence."""
    return _clip(issue.locator or issue.element or issue.evidence, MAX_EXAMPLE_CHARS)


def grouped(issues: Iterable[Issue], *, examples: int = MAX_EXAMPLES) -> list[Issue]:
    """Check issues of one rule (with the same severity and title) as one, first come first: its count is the sum
    of theirs, its examples the first few distinct ones. Persona issues stay as they are. The text the page put in
    a check issue is clipped, so the result is bounded by the number of rules, not of elements."""
    result: list[Issue] = []
    groups: dict[tuple[str | None, str, str, str], int] = {}
    for issue in issues:
        if issue.source != "check":
            result.append(issue)
            continue
        found = _examples(issue)
        group_key = (issue.rule, issue.severity, issue.title, issue.trust)  # a failure and a "needs review" apart
        at = groups.get(group_key)
        if at is None:
            groups[group_key] = len(result)
            result.append(
                issue.model_copy(
                    update={
                        "evidence": _clip(issue.evidence, MAX_EVIDENCE_CHARS),
                        "element": issue.element and _clip(issue.element, MAX_EXAMPLE_CHARS),
                        "examples": found[:examples],
                    }
                )
            )
            continue
        group = result[at]
        more = [example for example in found if example not in group.examples]
        result[at] = group.model_copy(
            update={"count": group.count + issue.count, "examples": (group.examples + more)[:examples]}
        )
    return result


def counted(issues: Iterable[Issue], count: int) -> list[Issue]:
    """A page scan's findings of one rule as one issue that says how many the scan counted: it sends back the first
    few elements (`grouped` keeps them as examples) and the count of all."""
    found = grouped(issues)
    if found:
        found[0].count = count
    return found


def stamped(issue: Issue, step: int, url: str, screenshot: str | None) -> Issue:
    """The issue as its step keeps it: with the step, its screenshot and its page, and keyed again with the page
    (a persona's finding is its title on a page). A copy: check issues are shared with later sessions (`Audits`)."""
    placed = issue.model_copy(update={"step": step, "screenshot": screenshot, "page": page_of(url), "key": ""})
    return Issue.model_validate(placed.model_dump())


def trust_of(source: Source, sessions: int, trust: Trust = "objective") -> Trust:
    """How far an issue met by this many sessions can be trusted. A check measured it: `objective`; a check that
    could not decide (`trust` `review`) stays `review` however often it is met: the same doubt, not a measure. A
    persona's finding met by two sessions or more (other personas, other tests, repeats) is `reproduced`; by one, an
    `opinion`, however many of its steps repeat it: a session's steps share one memory (the rolling summary), so a
    persona reporting again what it noted before is remembering, not reproducing."""
    if source == "check":
        return "review" if trust == "review" else "objective"
    return "reproduced" if sessions >= 2 else "opinion"


def deduplicated(steps: Iterable[Step]) -> list[Issue]:
    """Issues of all steps, the first of each key kept (see `Issue.key`), a persona's finding of a check's problem
    merged into it (`same_problem.one_per_problem`), most severe first."""
    seen: dict[str, Issue] = {}
    for issue in (issue for step in steps for issue in step.issues):
        seen.setdefault(issue.key, issue)
    return sorted(one_per_problem(list(seen.values())), key=lambda issue: -SEVERITY_ORDER[issue.severity])


def _examples(issue: Issue) -> list[str]:
    return [_clip(example, MAX_EXAMPLE_CHARS) for example in issue.examples] or [example_of(issue)]


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def unrepeated(axe: list[Issue], ours: list[Issue]) -> list[Issue]:
    """axe's findings without those one of ours makes on the same element (`Rule.replaces`: axe's rule, and a box
    inside our finding's box, or, for an element out of view that axe gave no box, its HTML's text beginning as our
    finding's example reads, `table "Hours" reads: Day Shop...`), so a barrier is filed once, in our words. An axe
    finding out of view whose HTML axe cut to its tag (`<table>`) cannot be told: it stays."""

    def inside(issue: Issue, outer: Issue) -> bool:
        box, around = issue.box, outer.box
        return (
            box is not None
            and around is not None
            and around.x <= box.x + 1
            and around.y <= box.y + 1
            and box.x + box.width <= around.x + around.width + 1
            and box.y + box.height <= around.y + around.height + 1
        )

    def among(issue: Issue, mine: Issue) -> bool:
        text = " ".join(unescape(re.sub(r"<[^>]*>", " ", issue.element or "")).split())
        reads = [example.partition(" reads: ")[2] for example in mine.examples]
        return issue.box is None and any(_alike(text, read) for read in reads)

    def replaced(issue: Issue) -> bool:
        return any(
            issue.rule in RULES[mine.rule].replaces and (inside(issue, mine) or among(issue, mine))
            for mine in ours
            if mine.rule in RULES
        )

    return [issue for issue in axe if not replaced(issue)]


def _alike(one: str, other: str) -> bool:
    """Whether two texts, each maybe cut, begin alike over 20 characters or more (either may end in a cut word)."""
    shorter = min(len(one), len(other))
    cut = one[:shorter].rsplit(" ", 1)[0]
    return len(cut) >= 20 and other.startswith(cut)
