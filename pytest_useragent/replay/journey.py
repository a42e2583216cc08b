"""A session whose goal was reached and shown on the page, as a plain pytest-playwright test: its recorded locators
as Playwright calls, the goal's evidence as an `expect(...)`. The test runs with no model and no useragent option,
against any deployment of the app (`pytest --base-url=...`): it passes while the journey still works and fails
where it breaks. Lines are built here (pure) and laid out by `journey.py.j2`; every value is quoted by
`json.dumps`, never by hand.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pytest_useragent.files import atomic_write
from pytest_useragent.records import Action, SessionResult
from pytest_useragent.replay.cassette import path_of
from pytest_useragent.templates import environment

_PLACEHOLDER = re.compile(r"^\{\{(\w+)\}\}$")


@dataclass(frozen=True)
class Journey:
    """What an exported test holds."""

    name: str
    """The test function's name."""
    source: str
    """The pytest node id it was exported from."""
    goal: str
    start: str
    """The start URL's path, opened against pytest-playwright's base URL."""
    steps: list[str] = field(default_factory=list)
    evidence: str = ""

    @property
    def uses_environment(self) -> bool:
        return any("os.environ" in step for step in self.steps)


def journey(result: SessionResult, test: str, run: int = 1) -> Journey | None:
    """The journey of `result` (the `run`-th of its test), or None when its goal was not reached and shown on the
    page (evidence found elsewhere, or only a test's check, gives nothing to assert in a plain test)."""
    claim = next((step.outcome.claim for step in reversed(result.steps) if step.outcome.claim), None)
    if claim is None or not claim.evidence or not result.goal_achieved:
        return None
    if not claim.accepted or claim.found_in != "page":
        return None
    start = path_of(result.start_url or (result.steps[0].url if result.steps else "/"))
    lines = [
        line
        for step in result.steps
        if step.action is not None and step.outcome.ok
        for line in [_call(step.action, step.outcome.locator)]
        if line
    ]
    name = _name(test) + (f"_{run}" if run > 1 else "")
    return Journey(name=name, source=test, goal=result.goal, start=start, steps=lines, evidence=claim.evidence)


def write(found: Journey, directory: Path) -> Path:
    """The test file `test_<name>.py` in `directory`."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{found.name}.py"
    text = environment("replay").get_template("journey.py.j2").render(journey=found, quote=json.dumps)
    atomic_write(path, text)
    return path


def _call(action: Action, locator: str | None) -> str | None:
    """One action as a Playwright call on `page`; None for what is not done to the page (reads, notes, done)."""
    code = CODE.get(action.kind)
    return code(action, f"page.{locator}" if locator else None) if code is not None else None


Code = Callable[[Action, str | None], str | None]
"""One kind of action on the page as Python, given its element's locator code (`page.get_by_role(...)`) when it acts
on one; None when the test has nothing to do for it."""


def _on(element: str | None, call: str) -> str | None:
    return f"{element}.{call}" if element else None


def _press(action: Action, element: str | None) -> str:
    key = json.dumps(action.key or "Enter")
    return f"{element}.press({key})" if element else f"page.keyboard.press({key})"


def _scroll(action: Action, element: str | None) -> str:
    if element:
        return f"{element}.scroll_into_view_if_needed()"
    return f"page.mouse.wheel(0, {-500 if action.direction == 'up' else 500})"


CODE: dict[str, Code] = {
    "click": lambda action, element: _on(element, "click()"),
    "type": lambda action, element: _on(element, f"fill({_value(action.text or '')})"),
    "select": lambda action, element: _on(element, f"select_option(label={_value(action.text or '')})"),
    "hover": lambda action, element: _on(element, "hover()"),
    "press": _press,
    "scroll": _scroll,
    "navigate": lambda action, element: f"page.goto({json.dumps(path_of(action.url))})" if action.url else None,
    "back": lambda action, element: "page.go_back()",
    "wait": lambda action, element: None,  # the test's expect waits by itself
}
"""The page's kinds of `records.ACTIONS` as test code."""


def _value(text: str) -> str:
    """Typed text as Python: a credential's placeholder `{{password}}` reads the environment (`PASSWORD`)."""
    placeholder = _PLACEHOLDER.match(text)
    return f"os.environ[{json.dumps(placeholder[1].upper())}]" if placeholder else json.dumps(text)


def _name(test: str) -> str:
    """`test_shop.py::test_buy[chromium-Jana]` as `test_shop__test_buy_chromium_Jana`."""
    module, _, function = test.rpartition("::")
    stem = Path(module.split("::")[0]).stem
    name = re.sub(r"\W+", "_", f"{stem}__{function}").strip("_")
    return name if name.startswith("test_") else f"test_{name}"
