"""The offline engine on ARIA widgets (tests/pages/widgets: APG-correct radio group, tabs, menu button, tree view,
select-only combobox, listbox, modal dialog, disclosure, slider, spin button and mixed checkbox), as a mouse, a keyboard and a screen-reader persona.

What is held is honesty, not cleverness: the outcome the engine claims is the page's true state, read here with
Playwright after the session and independent of the engine (`Task.reached`), and a reached goal's evidence is neither
a heading nor the goal's own words. The twins ask for what cannot be had (an option that does not exist, a control
that is disabled, a value beyond the widget's range): the engine must not claim them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pytest_useragent import Agent, OfflineProvider, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.session.verdict import normalized

PERSONAS = {
    "mouse": Persona("Sam, 31, uses a mouse."),
    "keyboard": Persona("Kai, 29, moves through every page with the keyboard alone.", uses="keyboard"),
    "screen-reader": Persona("Noor, 40, is blind and reads the web with a screen reader.", uses="screen-reader"),
}
WAIT_MS = 1_000


def _attribute(role: str, name: str, attribute: str, value: str) -> Callable[[Page], bool]:
    def read(page: Page) -> bool:
        element = page.get_by_role(role, name=name, exact=True)  # type: ignore[arg-type]
        return bool(element.count()) and element.first.get_attribute(attribute, timeout=WAIT_MS) == value

    return read


def _text(selector: str, wanted: str) -> Callable[[Page], bool]:
    def read(page: Page) -> bool:
        element = page.locator(selector)
        return bool(element.count()) and wanted in (element.first.text_content(timeout=WAIT_MS) or "")

    return read


def _checked(*ids: str) -> Callable[[Page], bool]:
    return lambda page: all(page.locator(f"#{id_}").is_checked(timeout=WAIT_MS) for id_ in ids)


def _shown(text: str) -> Callable[[Page], bool]:
    return lambda page: page.get_by_text(text).first.is_visible()


@dataclass(frozen=True)
class Task:
    page: str
    goal: str
    reached: Callable[[Page], bool]
    """The page's true state after the session: the goal reached, read with Playwright."""
    reachable: bool
    """Whether the goal can be reached on the page at all (a twin's cannot)."""


TASKS = {
    "radio": Task(
        "radio.html", 'Select the "Anchovies" radio', _attribute("radio", "Anchovies", "aria-checked", "true"), True
    ),
    "radio-disabled": Task(
        "radio.html", 'Select the "Pineapple" radio', _attribute("radio", "Pineapple", "aria-checked", "true"), False
    ),
    "radio-missing": Task(
        "radio.html", 'Select the "Mushrooms" radio', _attribute("radio", "Mushrooms", "aria-checked", "true"), False
    ),
    "tabs": Task("tabs.html", 'Open the "Settings" tab', _attribute("tab", "Settings", "aria-selected", "true"), True),
    "tabs-unquoted": Task(
        "tabs.html", "Open the Settings tab", _attribute("tab", "Settings", "aria-selected", "true"), True
    ),
    "tree-unquoted": Task(
        "tree.html", "Expand the Reports folder", _attribute("treeitem", "Reports", "aria-expanded", "true"), True
    ),
    "tabs-unquoted-disabled": Task(
        "tabs.html", "Open the Security tab", _attribute("tab", "Security", "aria-selected", "true"), False
    ),
    "radio-unquoted-missing": Task(
        "radio.html", "Select the Mushrooms radio", _attribute("radio", "Mushrooms", "aria-checked", "true"), False
    ),
    "tabs-disabled": Task(
        "tabs.html", 'Open the "Security" tab', _attribute("tab", "Security", "aria-selected", "true"), False
    ),
    "menu": Task("menu-button.html", 'Choose "Copy" from the Actions menu', _text("#action_output", "Copy"), True),
    "menu-disabled": Task(
        "menu-button.html", 'Choose "Paste" from the Actions menu', _text("#action_output", "Paste"), False
    ),
    "tree": Task(
        "tree.html", 'Expand the "Projects" folder', _attribute("treeitem", "Projects", "aria-expanded", "true"), True
    ),
    "tree-missing": Task(
        "tree.html", 'Expand the "Music" folder', _attribute("treeitem", "Music", "aria-expanded", "true"), False
    ),
    "combobox": Task("combobox.html", 'Choose "Banana" as your favorite fruit', _text("#combo1", "Banana"), True),
    "combobox-disabled": Task(
        "combobox.html", 'Choose "Durian" as your favorite fruit', _text("#combo1", "Durian"), False
    ),
    "combobox-missing": Task(
        "combobox.html", 'Choose "Mango" as your favorite fruit', _text("#combo1", "Mango"), False
    ),
    "listbox": Task(
        "listbox.html",
        'Select "Express" as the shipping method',
        _attribute("option", "Express", "aria-selected", "true"),
        True,
    ),
    "listbox-disabled": Task(
        "listbox.html",
        'Select "Overnight" as the shipping method',
        _attribute("option", "Overnight", "aria-selected", "true"),
        False,
    ),
    "dialog": Task(
        "dialog.html", 'Add a delivery address "Harbour Street 5"', _text("#saved", "Harbour Street 5"), True
    ),
    "dialog-disabled": Task(
        "dialog.html?locked", 'Add a delivery address "Harbour Street 5"', _text("#saved", "Harbour Street 5"), False
    ),
    "slider": Task(
        "slider.html",
        "Set the oven temperature to 100 degrees",
        _attribute("slider", "Oven temperature", "aria-valuenow", "100"),
        True,
    ),
    "slider-out-of-range": Task(
        "slider.html",
        "Set the oven temperature to 40 degrees",
        _attribute("slider", "Oven temperature", "aria-valuenow", "40"),
        False,
    ),
    "spinbutton": Task(
        "spinbutton.html", "Book 4 seats", _attribute("spinbutton", "Seats", "aria-valuenow", "4"), True
    ),
    "spinbutton-out-of-range": Task(
        "spinbutton.html", "Book 9 seats", _attribute("spinbutton", "Seats", "aria-valuenow", "9"), False
    ),
    "checkbox-mixed": Task(
        "checkbox-mixed.html", "Select every salad dressing", _checked("oil", "vinegar", "lemon"), True
    ),
    "checkbox-mixed-disabled": Task(
        "checkbox-mixed.html",
        "Select the croutons and seeds",
        _attribute("checkbox", "Croutons and seeds", "aria-checked", "true"),
        False,
    ),
    "dialog-open-close": Task(
        "dialog.html",
        "Open the delivery address dialog, then close it",
        lambda page: page.locator("body[data-opened=yes]").count() == 1 and not page.locator("#dialog1").is_visible(),
        True,
    ),
    "dialog-open-close-missing": Task(
        "dialog.html",
        "Open the gift wrapping options, then close them",
        lambda page: page.locator("body[data-opened=yes]").count() == 1 and not page.locator("#dialog1").is_visible(),
        False,
    ),
    "carousel": Task(
        "carousel.html",
        "Go through the carousel until the Lake Retreat slide shows",
        lambda page: page.locator("body[data-slide='5']").count() == 1,
        True,
    ),
    "carousel-missing": Task(
        "carousel.html", "Go through the carousel until the Desert Camp slide shows", lambda page: False, False
    ),
    "disclosure": Task("disclosure.html", "What does a return cost?", _shown("A return by post is €4.90"), True),
    "disclosure-missing": Task("disclosure.html", "What does gift wrapping cost?", _shown("gift wrapping"), False),
}


def run(page: Any, site: str, tmp_path: Path, task: Task, uses: str) -> Any:
    agent = Agent(page, PERSONAS[uses], OfflineProvider(), UserAgentConfig(settle_timeout=2, max_steps=14), tmp_path)
    return agent.run(task.goal, url=f"{site}/widgets/{task.page}")


def truly_reached(page: Page, task: Task) -> bool:
    """The goal's state on the page under test; a session that left it reached nothing there."""
    if f"/widgets/{task.page.split('?')[0]}" not in page.url:
        return False
    try:
        return task.reached(page)
    except PlaywrightError:
        return False


def echo(evidence: str, goal: str, headings: list[str]) -> bool:
    """Evidence that shows nothing: a heading of the page, or the goal's words given back."""
    said = normalized(evidence)
    return said in {normalized(heading) for heading in headings} or said in normalized(goal)


@pytest.mark.parametrize("uses", list(PERSONAS))
@pytest.mark.parametrize("name", list(TASKS))
def test_the_offline_engine_claims_only_the_true_outcome_on_widgets(page, site, tmp_path, name, uses):
    task = TASKS[name]
    result = run(page, site, tmp_path, task, uses)
    truth = truly_reached(page, task)
    claimed = result.outcome == "goal_achieved"
    told = [(step.action.kind if step.action else None, step.outcome.message) for step in result.steps]
    assert claimed is truth, (result.outcome, told)
    assert truth or not task.reachable  # a twin is never reached
    where = f"/widgets/{task.page.split('?')[0]}"
    left = [step.url for step in result.steps if where not in step.url] + [page.url] * (where not in page.url)
    blocked = [event for step in result.steps for event in step.events if event.kind == "blocked"]
    assert not left and not blocked, (left, blocked)  # never a stylesheet, another example or another host
    if claimed:
        evidence = result.steps[-1].action.evidence or ""
        assert not echo(evidence, task.goal, page.get_by_role("heading").all_inner_texts()), evidence
