"""Focus an element gives up the moment it takes it (`focus-discarded`, WCAG 2.1.1 by failure F55), found both ways
a keyboard user meets it: the scan once a document (every tabbable element focused in turn), and the persona's own
Tab that lands on the page itself; the scan leaves the page as a loaded page is, focus on it and Tab at its top."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pytest_useragent import Agent, Persona
from pytest_useragent.browser.keyboard import Listeners
from pytest_useragent.browser.scripts import script
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.records import Action
from pytest_useragent.session.keyboard import Keys
from pytest_useragent.testing import ScriptedProvider, decision

KAI = Persona("Kai, 29, moves through every page with the keyboard alone.", uses="keyboard")
SECONDS = 5.0
TAB = Action(kind="press", key="Tab")


def found_by_scan(page: Any, site: str, name: str) -> list[Any]:
    page.goto(f"{site}/rules/{name}")
    return [issue for issue in Listeners(page, SECONDS).scan() if issue.rule == "focus-discarded"]


def active(page: Any) -> str:
    return page.evaluate("document.activeElement.textContent.trim() || document.activeElement.localName")


@pytest.mark.parametrize(
    ("name", "element", "to"),
    [
        ("focus-discarded.html", 'link "News"', "the page itself (<body>)"),
        ("focus-moved-away.html", 'link "Contact"', 'searchbox "Search"'),
    ],
)
def test_the_scan_finds_the_element_that_gives_focus_up_and_where_it_went(page, site, name, element, to):
    (issue,) = found_by_scan(page, site, name)
    assert issue.element == element and issue.count == 1 and issue.trust == "objective"
    assert issue.evidence == f"focused (as Tab would), {element} gave focus up at once: focus went to {to}"
    assert issue.heuristic == "WCAG 2.1.1 Keyboard"


def test_the_scan_keeps_focus_an_element_leads_on_and_leaves_the_page_as_loaded(page, site):
    # the Products button moves focus into its submenu; the toolbar's roving tabindex; a dialog opened on click
    assert found_by_scan(page, site, "focus-kept.html") == []
    assert page.evaluate("document.activeElement === document.body")
    assert page.locator("#products-menu").is_hidden()  # the menu the scan's focus opened closed again
    page.keyboard.press("Tab")  # the next Tab starts at the top of the page, as on a page just loaded
    assert active(page) == "Skip to content"


def test_the_scan_runs_at_a_documents_first_look_and_only_with_focus_on_the_page(page, site):
    def scan() -> list[Any]:
        return [issue for issue in Listeners(page, SECONDS).scan() if issue.rule == "focus-discarded"]

    assert len(found_by_scan(page, site, "focus-discarded.html")) == 1
    assert scan() == []  # the same document again: once is enough
    page.reload()
    assert len(scan()) == 1  # a new document
    page.reload()
    page.keyboard.press("Tab")  # focus on the skip link: the persona is somewhere, the scan does not move it
    assert scan() == []
    assert active(page) == "Skip to content"
    page.evaluate("document.activeElement.blur()")  # focus on the page, Tab's start point the persona's: left so
    assert scan() == []
    page.goto("about:blank")
    page.goto(f"{site}/rules/focus-discarded.html#main")  # a new document at a fragment: its start point too
    assert page.evaluate("window.__useragentScanned") is None and scan() == []


@pytest.mark.parametrize(
    ("name", "presses", "evidence"),
    [
        (
            "focus-discarded.html",
            3,
            'Tab moved focus to link "News", which gave it up at once: focus is on the page itself (<body>)',
        ),
        (
            "focus-moved-away.html",
            6,
            'Tab moved focus to link "Contact", which gave it up at once: focus is on searchbox "Search"',
        ),
        ("focus-kept.html", 8, None),
    ],
)
def test_the_personas_own_tab_names_the_element_it_passed_through(page, site, name, presses, evidence):
    page.add_init_script(script("watch.js"))  # a session's watcher logs focus as it comes and goes
    page.goto(f"{site}/rules/{name}")
    keys = Keys()
    found = []
    for _ in range(presses):  # no scan here: the Tab alone tells
        before = keys.before(page, SECONDS)
        url = page.url
        page.keyboard.press("Tab")
        page.wait_for_timeout(100)
        found += [issue for issue in keys.after(page, TAB, before, url, SECONDS) if issue.rule == "focus-discarded"]
    assert [issue.evidence for issue in found] == ([evidence] if evidence else [])


def test_a_tab_files_nothing_new_on_an_element_the_scan_found(page, site):
    page.add_init_script(script("watch.js"))
    assert len(found_by_scan(page, site, "focus-discarded.html")) == 1
    keys = Keys()
    for _ in range(3):  # to link "News", which the scan counted already
        before = keys.before(page, SECONDS)
        page.keyboard.press("Tab")
        assert not [
            issue for issue in keys.after(page, TAB, before, page.url, SECONDS) if issue.rule == "focus-discarded"
        ]
    assert page.evaluate("document.activeElement === document.body")  # the Tab did land there


def test_a_session_files_one_finding_for_the_element_the_scan_and_the_tab_both_met(page, site, tmp_path: Path):
    steps = [decision("press", key="Tab", expectation="focus moves") for _ in range(3)]
    provider = ScriptedProvider([*steps, decision("give_up", reason="focus is nowhere")])
    agent = Agent(page, KAI, provider, UserAgentConfig(settle_timeout=2), tmp_path)
    result = agent.run("Read the news", url=f"{site}/rules/focus-discarded.html", max_steps=4)
    found = [issue for issue in result.issues if issue.rule == "focus-discarded"]
    assert [(issue.element, issue.count) for issue in found] == [('link "News"', 1)]
    assert found[0].evidence.startswith("focused (as Tab would)")  # the scan met it first, the Tab again: one


@pytest.mark.parametrize("scanned", [False, True])
def test_the_scan_leaves_the_form_as_a_keyboard_user_finds_it(page, site, scanned):
    """Focus by script is not free: a radio focused becomes where Tab enters its group, and a text field focused keeps
    the frame's selection, where a letter no key types ("ó") lands from a dropdown later. The scan leaves neither: the
    twin without a scan meets the same form."""
    page.goto(f"{site}/lang/pl-survey.html")
    if scanned:
        Listeners(page, SECONDS).scan()
    radio = None
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.type") == "radio":
            radio = page.evaluate("document.activeElement.value")
            break
    assert radio == "Często"  # the group's first: no radio is checked yet
    page.focus("select")
    page.keyboard.type("Kraków")
    assert page.evaluate("[document.forms[0].branch.value, document.forms[0].comment.value]") == ["Kraków", ""]
