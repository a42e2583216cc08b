"""Every rule of the table (`records/rules.py`) held to its pages: each correct page yields no finding of the rule
(the correct widgets of `tests/pages/patterns/`, built as the WAI-ARIA Authoring Practices define them, yield no
objective finding of ours at all), each broken twin exactly one, of its rule, on the element it names.

A page says how it is driven in its own `<meta>` tags (`tests/pages/patterns/README.md`): the keys a keyboard user
presses, the rule it must be found by (none on a correct page) and the element. Each rule is driven as its row's
`runs` says, by a whole session of a scripted persona, so what is tested is what a session files."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from pytest_useragent import Agent, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.records import Issue
from pytest_useragent.records.rule import WHEN, Rule
from pytest_useragent.records.rules import RULES
from pytest_useragent.testing import ScriptedProvider, decision, ref_of

PAGES = Path(__file__).parents[1] / "pages"
KAI = Persona("Kai, 29, moves through every page with the keyboard alone.", uses="keyboard")
MAREK = Persona("Marek, 52, reads every page with a screen reader.", uses="screen-reader")
SAM = Persona("Sam, 31, uses a mouse.")
OURS = set(RULES)


def meta(path: str, name: str) -> str | None:
    """The content of the page's `<meta name="useragent-NAME">`, None when it has none."""
    html = (PAGES / path).read_text(encoding="utf-8")
    tag = re.search(rf"<meta\s+name=\"useragent-{name}\"\s+content=(\"[^\"]*\"|'[^']*')", html)
    return unescape(tag.group(1)[1:-1]) if tag else None


def session(page: Any, tmp_path: Path, url: str, persona: Persona, moves: list[Any], **run: Any) -> list[Issue]:
    """Our own rules' findings of a session that makes `moves` and gives up."""
    steps = [*moves, decision("give_up", reason="that is all")]
    queue = iter(steps)

    def decide(request: Any) -> Any:  # a move is a Decision, or a function of the request (a ref to find)
        move = next(queue)
        return move(request) if callable(move) else move

    agent = Agent(page, persona, ScriptedProvider(decide), UserAgentConfig(settle_timeout=2), tmp_path)
    result = agent.run("Use the widget", url=url, max_steps=len(steps), **run)
    return [issue for issue in result.issues if issue.source == "check" and issue.rule in OURS]


def keys(path: str) -> list[Any]:
    return [decision("press", key=key, expectation="focus moves") for key in (meta(path, "keys") or "").split()]


def by_keyboard(page: Any, site: str, tmp_path: Path, path: str) -> list[Issue]:
    return session(page, tmp_path, f"{site}/{path}", KAI, keys(path))


def by_screen_reader(page: Any, site: str, tmp_path: Path, path: str) -> list[Issue]:
    return session(page, tmp_path, f"{site}/{path}", MAREK, keys(path))


def by_layout(page: Any, site: str, tmp_path: Path, path: str) -> list[Issue]:
    width = int(meta(path, "width") or 1280)
    page.set_viewport_size({"width": width, "height": 720})
    return session(page, tmp_path, f"{site}/{path}", SAM, [])


def by_click(page: Any, site: str, tmp_path: Path, path: str) -> list[Issue]:
    target = meta(path, "click") or ""
    return session(
        page,
        tmp_path,
        f"{site}/{path}",
        SAM,
        [lambda request: decision("click", ref_of(request, target), expectation="something happens")],
    )


def by_claim(page: Any, site: str, tmp_path: Path, path: str) -> list[Issue]:
    evidence = meta(path, "evidence") or ""
    return session(
        page,
        tmp_path,
        f"{site}/{path}",
        SAM,
        [decision("done", evidence=evidence)],
        success=lambda page: page.locator("#count").text_content() == "1",
    )


DRIVERS: dict[str, Callable[[Any, str, Path, str], list[Issue]]] = {
    "keyboard-scan": by_keyboard,
    "keyboard-step": by_keyboard,
    "screen-reader-page": by_screen_reader,
    "screen-reader-step": by_screen_reader,
    "page-state": by_layout,
    "signals": by_layout,
    "click": by_click,
    "done": by_claim,
}
"""How each `runs` of the table is driven; a kind of `runs` without a driver fails `test_every_rule_has_its_pages`."""


def correct_pages() -> list[tuple[str, str]]:
    """(driver, page) once each: the rules one session of a page checks are checked together."""
    return sorted({(DRIVERS[row.runs].__name__, path) for row in RULES.values() for path in row.passes})


def twins() -> list[tuple[Rule, str]]:
    return [(row, path) for row in RULES.values() for path in row.finds]


def test_every_rule_has_its_pages_a_driver_and_a_twin_that_says_what_it_finds():
    assert set(DRIVERS) == set(WHEN)
    for row in RULES.values():
        assert row.passes and row.finds, f"{row.id}: a rule needs a correct page and a broken twin"
        for path in (*row.passes, *row.finds):
            assert (PAGES / path).is_file(), f"{row.id}: {path} is missing"
        for path in row.finds:
            assert meta(path, "finds") == row.id, f"{path} must say it is found by {row.id}"
            assert meta(path, "element"), f"{path} must name the element it is found on"
    patterns = {path.name for path in (PAGES / "patterns").glob("*.html")}
    named = {Path(path).name for row in RULES.values() for path in (*row.passes, *row.finds)}
    assert patterns <= named, f"pages no row names: {sorted(patterns - named)}"


@pytest.mark.parametrize(("driver", "path"), correct_pages())
def test_a_correct_page_yields_no_finding(page, site, tmp_path, driver, path):
    assert meta(path, "finds") in (None, ""), f"{path} is a correct page"
    checked = {row.id for row in RULES.values() if path in row.passes and DRIVERS[row.runs].__name__ == driver}
    drive = next(function for function in DRIVERS.values() if function.__name__ == driver)
    found = [issue for issue in drive(page, site, tmp_path, path) if issue.rule in checked]
    assert found == [], [f"{issue.rule}: {issue.evidence}" for issue in found]


@pytest.mark.parametrize(("row", "path"), twins(), ids=lambda value: value.id if isinstance(value, Rule) else value)
def test_a_broken_twin_yields_one_finding_of_its_rule_on_its_element(page, site, tmp_path, row, path):
    found = [issue for issue in DRIVERS[row.runs](page, site, tmp_path, path) if issue.rule == row.id]
    assert len(found) == 1, [f"{issue.element}: {issue.evidence}" for issue in found]
    (issue,) = found
    # a widget's twin has one defect on one element; a layout twin may count the neighbours it crowds
    assert issue.count == 1 or not path.startswith("patterns/"), issue.examples
    element = meta(path, "element") or ""
    named = (issue.element or "", issue.locator or "", issue.evidence)
    assert any(element in text for text in named), (issue.element, issue.evidence)
    assert issue.heuristic == row.heuristic and issue.trust == "objective"


def reader_twins() -> list[tuple[Rule, str]]:
    return [(row, path) for row, path in twins() if row.runs.startswith("screen-reader")]


@pytest.mark.parametrize(
    ("row", "path"), reader_twins(), ids=lambda value: value.id if isinstance(value, Rule) else value
)
def test_a_mouse_user_is_not_given_what_a_screen_reader_meets(page, site, tmp_path, row, path):
    found = [issue for issue in by_layout(page, site, tmp_path, path) if issue.rule == row.id]
    assert found == [], [f"{issue.element}: {issue.evidence}" for issue in found]
