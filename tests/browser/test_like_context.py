"""A session in a context of its own (a persona's browser fields, each repeat after the first) meets the site as the
test set it up (browser/context.py): its routes, its context's options and its cookies are carried; a route the test
used up is not. Each against its twin: the same session on the test's own page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route

from pytest_useragent import Agent, Persona, SessionResult
from pytest_useragent.browser.context import carried
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.errors import UserAgentWarning
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.testing import ScriptedProvider, decision


@pytest.fixture
def their_page(browser: Browser, site: str) -> Iterator[Page]:
    """The test's page, in a context the test made: an extra header, a context route that answers with it, a page
    route with two answers, one with a single answer, and a cookie."""
    context = browser.new_context(extra_http_headers={"X-Team": "blue"}, base_url=site)
    context.add_cookies([{"name": "seen", "value": "yes", "url": site}])

    def plan(route: Route) -> None:
        route.fulfill(body=f"Pro for team {route.request.headers.get('x-team', 'none')}")

    context.route("**/api/plan", plan)
    page = context.new_page()
    page.route("**/api/note", lambda route: route.fulfill(body="the test's note"), times=2)
    yield page
    context.close()


def seen(page: Page, site: str, tmp_path: Path, persona: Persona, repeat: int = 1) -> list[str]:
    """What each session's persona read on /carried.html (its first step's snapshot)."""
    snapshots: list[str] = []

    def decide(request: StepRequest) -> Any:
        snapshots.append(request.observation.snapshot)
        return decision("done", evidence="What the test set up")

    config = UserAgentConfig(settle_timeout=5, survey="off", repeat=repeat)
    result = Agent(page, persona, ScriptedProvider(decide), config, tmp_path).run(
        "Read what the test set up", url=f"{site}/carried.html"
    )
    assert isinstance(result, SessionResult) or repeat > 1
    return snapshots


def test_a_persona_in_a_context_of_its_own_meets_the_tests_routes_header_and_cookie(their_page, site, tmp_path):
    own = seen(their_page, site, tmp_path / "zoomed", Persona("Vera, 78", zoom=200))
    assert "plan: Pro for team blue" in own[0]
    assert "note: the test's note" in own[0]
    assert "cookie: seen=yes" in own[0]
    # the twin: the same persona without a browser of its own, on the test's page, reads the same
    plain = seen(their_page, site, tmp_path / "plain", Persona("Jana, 45"))
    assert "plan: Pro for team blue" in plain[0] and "note: the test's note" in plain[0]


def test_a_route_the_test_used_up_is_not_carried(their_page, site, tmp_path):
    def visit() -> None:  # the test's own visit takes one of the note's two answers
        their_page.goto(f"{site}/carried.html")
        their_page.get_by_text("the test's note").wait_for(timeout=5000)

    visit()
    assert "note: the test's note" in seen(their_page, site, tmp_path / "one", Persona("Vera, 78", zoom=200))[0]
    visit()
    assert "note: none" in seen(their_page, site, tmp_path / "none", Persona("Vera, 78", zoom=200))[0]


def test_each_repeat_meets_the_tests_routes(their_page, site, tmp_path):
    both = seen(their_page, site, tmp_path, Persona("Jana, 45"), repeat=2)
    assert len(both) == 2
    assert all("plan: Pro for team blue" in snapshot for snapshot in both)


def test_a_playwright_that_keeps_its_routes_elsewhere_is_one_warning_and_the_session_runs(
    their_page, site, tmp_path, monkeypatch
):
    monkeypatch.delattr(their_page.context._impl_obj, "_options")
    with pytest.warns(UserAgentWarning, match="routes are not carried into a new context"):
        own = seen(their_page, site, tmp_path, Persona("Vera, 78", zoom=200))
    assert "plan: none" in own[0] and "cookie: seen=yes" in own[0]  # the storage state is still carried


def test_the_options_a_context_was_made_with_are_turned_back_into_new_contexts_keywords():
    kept = carried(
        {
            "baseURL": "http://shop.test/",
            "extraHTTPHeaders": [{"name": "X-Team", "value": "blue"}],
            "httpCredentials": [{"username": "u", "password": "p"}],
            "acceptDownloads": "deny",
            "recordVideo": {"dir": "/tmp/video", "size": {"width": 640, "height": 360}},
            "selectorEngines": [],
            "noDefaultViewport": False,
        }
    )
    assert kept == {
        "base_url": "http://shop.test/",
        "extra_http_headers": {"X-Team": "blue"},
        "http_credentials": {"username": "u", "password": "p"},
        "accept_downloads": False,
        "record_video_dir": "/tmp/video",
        "record_video_size": {"width": 640, "height": 360},
        "no_viewport": False,
    }
    assert carried({}) == {}
