"""Every locator a session records is Python that Playwright runs, and finds its element; one flaw met on several
pages is one issue. Proved on the sessions themselves: the offline engine on the flawed shop and the test pages."""

from __future__ import annotations

import ast
from typing import Any

import pytest

from pytest_useragent import SessionResult
from pytest_useragent.report.aggregate import SessionEntry, aggregate

# goal, site ("flawed" shop or test "pages"), start path: between them every kind of recorded locator — actions by
# role, with and without a name; axe targets with quotes of their own (input[type="checkbox"]); layout targets
SESSIONS = [
    ("Find the pricing", "flawed", "/"),
    ("Sign up for the Pro plan", "flawed", "/"),
    ("Find a job opening in careers", "flawed", "/"),
    ("Add a todo 'buy milk'", "pages", "/todo.html"),
    ("Send the message 'See you on Monday' to the team", "pages", "/contact.html"),
]


@pytest.fixture(scope="module")
def recorded(browser: Any, flawed: str, site: str, tmp_path_factory: pytest.TempPathFactory) -> list[SessionResult]:
    from pytest_useragent import Agent, OfflineProvider, Persona
    from pytest_useragent.config import UserAgentConfig

    sites = {"flawed": flawed, "pages": site}
    results = []
    for number, (goal, where, path) in enumerate(SESSIONS):
        page = browser.new_page()
        directory = tmp_path_factory.mktemp(f"locators-{number}")
        agent = Agent(page, Persona(name="Jana"), OfflineProvider(), UserAgentConfig(settle_timeout=3), directory)
        results.append(agent.run(goal, url=sites[where] + path))
        page.close()
    return results


def locators(result: SessionResult) -> list[tuple[str, str, bool]]:
    """(url, code, must find) of every locator the session recorded: the acted element and each issue's first
    (looked for on a fresh load of the step's page), and each issue's other examples written as code (the page may
    have had them only later, so they need only run)."""
    found = []
    for step in result.steps:
        if step.outcome.locator:
            found.append((step.url, step.outcome.locator, True))
        for issue in step.issues:
            if issue.locator:
                found.append((step.url, issue.locator, True))
            found += [(step.url, example, False) for example in issue.examples[1:] if not example.startswith("<")]
    return found


def test_every_recorded_locator_is_python_that_finds_its_element(recorded: list[SessionResult], browser: Any):
    codes = [found for result in recorded for found in locators(result)]
    rules = {issue.rule for result in recorded for issue in result.issues if issue.locator}
    assert {"button-name", "label", "target-size"} <= rules  # axe's targets and the layout's, not only actions
    assert any('"checkbox"' in code for _, code, _ in codes)  # a selector with quotes of its own
    page = browser.new_page()
    try:
        for url, code, must_find in dict.fromkeys(codes):
            ast.parse("page." + code, mode="eval")  # Python, as recorded
            if page.url != url:
                page.goto(url)
            count = eval("page." + code).count()  # and Playwright accepts it
            assert count >= 1 or not must_find, f"{code} finds nothing on {url}"
    finally:
        page.close()


def test_one_icon_button_met_on_several_pages_is_one_issue(recorded: list[SessionResult]):
    """axe names the shop's icon button `.icon` on one page and `button` on another (the shortest unique selector)."""
    sessions = [SessionEntry(nodeid=f"t::{number}", result=result) for number, result in enumerate(recorded)]
    summary = aggregate(sessions, [])
    named = [entry for entry in summary.issues if entry.issue.rule == "button-name"]
    met = [issue for result in recorded for step in result.steps for issue in step.issues]
    selectors = {issue.locator for issue in met if issue.rule == "button-name"}
    assert len(selectors) >= 2  # the run met it under more than one selector
    (entry,) = named
    assert entry.trust == "objective" and entry.tests == ["t::0", "t::1", "t::2"]
    assert all(seen.steps for seen in entry.seen)
