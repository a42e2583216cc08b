"""A persona's finding and a check's about one problem, made one issue: the check's rule, trust, criteria and key
(so a gate and a baseline read it as the measured finding it is), the persona's title, quote and evidence (what the
problem does to a person) with what the check measured after it, the more severe of the two severities. Pure.

They are one problem when both hold:

- **the same element, on the same page**: the persona's finding names it by its ref, read at its step as the
  element's role, name and box (`session/placed.py`); a check names it by a locator by role and name, a description
  `role "name"`, or a box. Equal roles and names (a name required: two unnamed buttons are not one), or, at the same
  step, boxes that cover each other (four fifths of their union: the same box, not a card around a link); and
- **a compatible heuristic**: a WCAG criterion the persona names is one of the check's; a Nielsen heuristic it names
  is the check's own, or one a person uses for that guideline's barriers (`NIELSEN_FOR`: an unnamed button is a
  matter of recognition, #6, or of words, #2, never of looks, #8); a heuristic naming neither does not contradict.

A title is never compared: "Pricing link skipped by Tab" and `keyboard-unreachable` share no words, and two titles
alike on two elements are two problems. A persona's finding with no element (no ref, or one its step did not show)
is never merged.

The severity kept is the higher: a check's is the rule's for any user, a persona's is what the problem did to this
task (critical: it could not go on). A persona who met it as a blocker makes it critical; one who rated it lower
never weakens the measured finding, so a gate on the check's severity fails as it did.
"""

from __future__ import annotations

import re

from pytest_useragent.records.decision import SEVERITY_ORDER
from pytest_useragent.records.issue import Box, Issue
from pytest_useragent.records.keys import locator_chain, text_of

NIELSEN_FOR: dict[str, frozenset[int]] = {
    "1.1": frozenset({2, 4, 6}),  # text alternatives: an icon or image that says nothing
    "1.3": frozenset({2, 4, 6}),  # structure and labels a person relies on
    "1.4": frozenset({4, 8}),  # what is seen: contrast, reflow, spacing
    "2.1": frozenset({3, 4, 7}),  # keyboard: reached, and left again
    "2.4": frozenset({1, 3, 4, 6, 7}),  # navigating: focus seen, its order, bypassing, link purpose
    "2.5": frozenset({4, 7}),  # pointer: target size, the name that matches the label
    "3.2": frozenset({3, 4}),  # predictable: nothing changes on focus or input unasked
    "3.3": frozenset({5, 6, 9}),  # input: labels, errors and their repair
    "4.1": frozenset({1, 2, 4, 6}),  # name, role, value; status messages
}
"""For each WCAG guideline, the Nielsen heuristics under which a person reports its barriers."""
COVERED = 0.8
"""The share of their union two boxes must share to be one element's."""

_WCAG = re.compile(r"\b(\d\.\d{1,2}\.\d{1,2})\b")
_NIELSEN = re.compile(r"nielsen\s*#?\s*(\d{1,2})", re.IGNORECASE)
_DESCRIBED = re.compile(r'^([a-z]+) "(.+)"$')


def one_per_problem(issues: list[Issue]) -> list[Issue]:
    """`issues` with each persona finding that is a check's problem merged into that check's, in the check's place;
    a persona finding merges into one check at most (the first), and a check takes one persona finding (the first)."""
    result: list[Issue | None] = list(issues)
    open_checks = [index for index, issue in enumerate(issues) if issue.source == "check" and issue.check_title is None]
    for at, mine in enumerate(issues):  # each persona finding against the checks still open, never every issue
        if mine.source != "persona" or not open_checks:
            continue
        other = next((index for index in open_checks if same(mine, issues[index])), None)
        if other is not None:
            result[other] = merged(mine, issues[other])
            result[at] = None
            open_checks.remove(other)
    return [issue for issue in result if issue is not None]


def same(mine: Issue, check: Issue) -> bool:
    """Whether a persona's finding and a check's are one problem (see the module)."""
    return mine.page == check.page and same_element(mine, check) and compatible(mine.heuristic, check)


def same_element(mine: Issue, check: Issue) -> bool:
    named, theirs = role_and_name(mine), role_and_name(check)
    if named is not None and theirs is not None:
        return named == theirs
    at_one_step = mine.step is not None and mine.step == check.step
    return at_one_step and mine.box is not None and check.box is not None and covered(mine.box, check.box)


def compatible(heuristic: str, check: Issue) -> bool:
    """Whether the persona's heuristic can name the check's problem (see the module)."""
    theirs = set(check.criteria) | set(_WCAG.findall(check.heuristic))
    named = set(_WCAG.findall(heuristic))
    if named:
        return bool(named & theirs)
    nielsen = {int(number) for number in _NIELSEN.findall(heuristic)}
    if not nielsen:
        return True
    own = {int(number) for number in _NIELSEN.findall(check.heuristic)}
    if own:
        return bool(nielsen & own)
    allowed = set().union(*(NIELSEN_FOR.get(number.rsplit(".", 1)[0], frozenset()) for number in theirs))
    return bool(nielsen & allowed)


def merged(mine: Issue, check: Issue) -> Issue:
    """The check's finding with the persona's words (see the module)."""
    worse = max(mine.severity, check.severity, key=SEVERITY_ORDER.__getitem__)
    return check.model_copy(
        update={
            "title": mine.title,
            "quote": mine.quote,
            "severity": worse,
            "evidence": f"{mine.evidence} (measured: {check.evidence})",
            "check_title": check.title,
            "met": True,
        }
    )


def role_and_name(issue: Issue) -> tuple[str, str] | None:
    """The element an issue names, as its role and its name folded; None without a name."""
    for call, args, keywords in (locator_chain(issue.locator) if issue.locator else None) or []:
        if call == "get_by_role" and args and isinstance(keywords.get("name"), str) and keywords["name"].strip():
            return str(args[0]), text_of(keywords["name"])
    described = _DESCRIBED.match((issue.element or "").strip())
    return (described[1], text_of(described[2])) if described else None


def covered(one: Box, other: Box) -> bool:
    width = min(one.x + one.width, other.x + other.width) - max(one.x, other.x)
    height = min(one.y + one.height, other.y + other.height) - max(one.y, other.y)
    shared = max(width, 0) * max(height, 0)
    union = one.width * one.height + other.width * other.height - shared
    return union > 0 and shared / union >= COVERED
