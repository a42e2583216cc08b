"""A session whose goal was reached and shown on the page, as a plain pytest-playwright test: its recorded locators
as Playwright calls, the goal's evidence as an `expect(...)`. The test runs with no model and no useragent option,
against any deployment of the app (`pytest --base-url=...`): it passes while the journey still works and fails
where it breaks. Lines are built here (pure) and laid out by `journey.py.j2`.

The file is code only this module writes: whatever came from the page, the goal, the test id, a cassette or a
credential is a Python literal (`literal`), never text inside the docstring; a recorded locator is parsed and written
again from its parts, never pasted (a cassette is a file anyone may edit); the test's name is ASCII letters, digits
and `_`. A credential's placeholder `{{name}}` reads the environment variable `USERAGENT_NAME`.
"""

from __future__ import annotations

import ast
import errno
import hashlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pytest_useragent.files import atomic_write
from pytest_useragent.records import ON_FIELDS, Action, ActionOutcome, SessionResult
from pytest_useragent.records.actions import THEN_KEY
from pytest_useragent.replay.cassette import path_of
from pytest_useragent.secrets.credentials import pieces
from pytest_useragent.templates import environment

PREFIX = "USERAGENT_"
"""What a credential's environment variable starts with: `{{user}}` is USERAGENT_USER, never the USER of whoever
runs the test."""
MAX_NAME = 100
"""A test's name, and its file's, past which a parametrize id is cut (and a hash of the whole id keeps it apart)."""


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
    environment: list[str] = field(default_factory=list)
    """The environment variables the steps read (credentials typed as placeholders)."""


def journey(result: SessionResult, test: str, run: int = 1) -> Journey | None:
    """The journey of `result` (the `run`-th of its test), or None when its goal was not reached and shown on the
    page (evidence found elsewhere, or only a test's check, gives nothing to assert in a plain test), or when an
    element's recorded locator is not one this module can write."""
    claim = next((step.outcome.claim for step in reversed(result.steps) if step.outcome.claim), None)
    if claim is None or not claim.evidence or not result.goal_achieved:
        return None
    if not claim.accepted or claim.found_in != "page":
        return None
    start = path_of(result.start_url or (result.steps[0].url if result.steps else "/"))
    lines, variables = [], set()
    for step in result.steps:
        code = CODE.get(step.action.kind) if step.action is not None and step.outcome.ok else None
        if step.action is None or code is None:
            continue
        acts = _acts(step.action, step.outcome)
        if acts is None:
            return None
        for action, locator in acts:  # a fill's dropdown a select, a key a press: each its own kind's code
            element = _element(locator) if locator else None
            if locator and element is None:
                return None
            if line := CODE[action.kind](action, element):
                lines.append(line)
                variables |= {_variable(name) for name in pieces(action.text or "")[1::2]}
    name = _name(test + (f" {run}" if run > 1 else ""))
    return Journey(
        name=name,
        source=test,
        goal=result.goal,
        start=start,
        steps=lines,
        evidence=claim.evidence,
        environment=sorted(variables),
    )


def _acts(action: Action, outcome: ActionOutcome) -> list[tuple[Action, str | None]] | None:
    """A step's action with its element's locator; a fill's each field as an action of its own (its text; a
    dropdown's a select of its label), with that field's locator, so that the test types each field as the persona
    did; a `key` after the text as a press of its own on the field typed (a fill's last); None for a fill whose
    fields were not each recorded with a locator."""
    if action.kind == "press" and outcome.presses is not None:  # as often as the key was pressed, where it stopped
        return [(action.model_copy(update={"times": outcome.presses, "target": None}), outcome.locator)]
    if action.kind not in ON_FIELDS:
        typed = action.model_copy(update={"key": None}) if action.kind in THEN_KEY else action
        acts = [(typed, outcome.locator)]
    else:
        fields = action.fields or []
        if not fields or len(outcome.locators) != len(fields):
            return None
        acts = [
            (_field(action.kind, field.text, outcome.chosen.get(n)), outcome.locators[n])
            for n, field in enumerate(fields)
        ]
    if action.key and action.kind in THEN_KEY:
        acts.append((Action(kind="press", key=action.key), acts[-1][1]))
    return acts


def _field(kind: str, text: str, chosen: str | None) -> Action:
    """A fill's field as an action of its own: typed, or a dropdown selected by the label its option has on the page
    (the persona may have written it in another case); a text with a credential's placeholder keeps the placeholder."""
    if chosen is None:
        return Action(kind=kind, text=text)
    return Action(kind="select", text=text if len(pieces(text)) > 1 else chosen)


def write(found: Journey, directory: Path) -> Path:
    """The test file `test_<name>.py` in `directory`; OSError when it cannot be written there."""
    if directory.exists() and not directory.is_dir():  # what mkdir would call "File exists"
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(directory))
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{found.name}.py"
    text = environment("replay").get_template("journey.py.j2").render(journey=found, literal=literal)
    atomic_write(path, text)
    return path


def literal(text: str) -> str:
    """`text` as a Python string literal that reads back as exactly `text` (quotes, backslashes, newlines, any
    character): repr's, double-quoted as the house writes them where that needs no escape."""
    code = repr(text)
    return f'"{code[1:-1]}"' if code.startswith("'") and '"' not in text else code


Code = Callable[[Action, str | None], str | None]
"""One kind of action on the page as Python, given its element's locator code (`page.get_by_role(...)`) when it acts
on one; None when the test has nothing to do for it."""


def _on(element: str | None, call: str) -> str | None:
    return f"{element}.{call}" if element else None


def _press(action: Action, element: str | None) -> str:
    key = literal(action.key or "Enter")
    once = f"{element}.press({key})" if element else f"page.keyboard.press({key})"
    return f"for _ in range({action.presses}): {once}" if action.presses > 1 else once


def _scroll(action: Action, element: str | None) -> str:
    if element:
        return f"{element}.scroll_into_view_if_needed()"
    return f"page.mouse.wheel(0, {-500 if action.direction == 'up' else 500})"


CODE: dict[str, Code] = {
    "click": lambda action, element: _on(element, "click()"),
    "type": lambda action, element: _on(element, f"fill({_value(action.text or '')})"),
    "fill": lambda action, element: _on(element, f"fill({_value(action.text or '')})"),  # one field (`_acts`)
    "select": lambda action, element: _on(element, f"select_option(label={_value(action.text or '')})"),
    "hover": lambda action, element: _on(element, "hover()"),
    "press": _press,
    "scroll": _scroll,
    "navigate": lambda action, element: f"page.goto({literal(path_of(action.url))})" if action.url else None,
    "back": lambda action, element: "page.go_back()",
    "wait": lambda action, element: None,  # the test's expect waits by itself
}
"""The page's kinds of `records.ACTIONS` as test code."""


def _value(text: str) -> str:
    """Typed text as Python: each credential's placeholder (`{{password}}`) reads the environment
    (`USERAGENT_PASSWORD`), the rest is literal."""
    code = [
        f"os.environ[{literal(_variable(part))}]" if index % 2 else literal(part)
        for index, part in enumerate(pieces(text))
        if index % 2 or part
    ]
    return " + ".join(code) or literal("")


def _variable(name: str) -> str:
    return PREFIX + name.upper()


_CALLS = frozenset(
    {
        "get_by_role",
        "get_by_text",
        "get_by_label",
        "get_by_placeholder",
        "get_by_alt_text",
        "get_by_title",
        "get_by_test_id",
        "locator",
        "frame_locator",
        "nth",
    }
)
"""The calls a recorded locator may chain (`snapshot`'s `get_by_role(...).nth(n)`, Playwright's `normalize()`)."""
_PROPERTIES = frozenset({"first", "last", "content_frame"})


def _element(locator: str) -> str | None:
    """A recorded locator (`get_by_role("link", name="Pricing")`) as code on `page`, written again from its parse
    with every argument a literal; None for anything but a chain of those calls and properties with literal
    arguments."""
    try:
        return _chain(ast.parse(f"page.{locator}", mode="eval").body)
    except (SyntaxError, ValueError, RecursionError):  # not Python; a null byte; a chain deeper than the stack
        return None


def _chain(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return "page" if node.id == "page" else None
    if isinstance(node, ast.Attribute) and node.attr in _PROPERTIES:
        inner = _chain(node.value)
        return f"{inner}.{node.attr}" if inner else None
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _CALLS):
        return None
    inner = _chain(node.func.value)
    values = [_constant(argument) for argument in node.args + [keyword.value for keyword in node.keywords]]
    names = [""] * len(node.args) + [f"{keyword.arg}=" if keyword.arg else "**" for keyword in node.keywords]
    if inner is None or None in values or "**" in names:
        return None
    written = ", ".join(name + str(value) for name, value in zip(names, values, strict=True))
    return f"{inner}.{node.func.attr}({written})"


def _constant(node: ast.expr) -> str | None:
    """A literal argument, written again; None for anything else (a name, a call, an expression)."""
    if not isinstance(node, ast.Constant):
        return None
    value = node.value
    if isinstance(value, str):
        return literal(value)
    if isinstance(value, bool | int | float) and value == value:  # not a NaN
        return repr(value)
    return None


def _name(test: str) -> str:
    """`test_shop.py::test_buy[chromium-Jana]` as `test_shop__test_buy_chromium_Jana`: ASCII letters, digits and
    `_`; a long one cut, with a hash of the whole id so that two long ids stay two tests."""
    module, _, function = test.rpartition("::")
    stem = Path(module.split("::")[0]).stem
    name = re.sub(r"[^A-Za-z0-9_]+", "_", f"{stem}__{function}").strip("_")
    name = name if name.startswith("test_") else f"test_{name}"
    if len(name) > MAX_NAME:
        name = f"{name[: MAX_NAME - 9]}_{hashlib.sha256(test.encode()).hexdigest()[:8]}"
    return name
