"""The WCAG criteria a session's checks covered: what the run report calls tested (`SessionResult.checked`). A check
covers its criterion when it ran, whatever it found (a rule that passed, or found nothing to judge, tested too): axe's
rules by the tags of those that ran (`browser/audit.py`), our rules (`records/rules.py`) by when each runs. Pure."""

from __future__ import annotations

from collections.abc import Iterable

from pytest_useragent.records.result import Step
from pytest_useragent.records.rule import Runs
from pytest_useragent.records.rules import RULES
from pytest_useragent.records.wcag import number_of, ordered


def ran(runs: Runs, steps: list[Step], *, keyboard: bool, screen_reader: bool, success_check: bool) -> bool:
    """Whether a rule that runs so ran in a session of these steps, for this persona. A kind of run this table does not
    know is not counted as run: a criterion is said tested only when a check surely ran."""
    looked = bool(steps)
    kinds = {step.action.kind for step in steps if step.action is not None}
    return {
        "page-state": looked,
        "signals": looked,
        "click": "click" in kinds,
        "keyboard-scan": looked and keyboard,
        "keyboard-step": looked and keyboard,
        "screen-reader-step": looked and screen_reader,
        "screen-reader-page": looked and screen_reader,
        "done": "done" in kinds and success_check,
    }.get(runs, False)


def checked(
    audited: Iterable[str], steps: list[Step], *, keyboard: bool, screen_reader: bool, success_check: bool
) -> list[str]:
    """The criteria a session's checks covered: those of axe's rules that ran (`audited`) and of our rules that ran."""
    ours = {
        number
        for rule in RULES.values()
        if (number := number_of(rule.criterion))
        and ran(rule.runs, steps, keyboard=keyboard, screen_reader=screen_reader, success_check=success_check)
    }
    return ordered({*audited, *ours})
