"""Which pages are the app under test: the one rule the session asks before running checks."""

from __future__ import annotations

import re

import pytest

from pytest_useragent.browser.hosts import AllowedHosts
from pytest_useragent.browser.scope import left_app, not_an_address, outside, require_start
from pytest_useragent.errors import NotAnAddress, NothingToOpen, UserError

HOSTS = AllowedHosts.around("http://shop.test/", ("nowhere.invalid",))


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("about:blank", "a blank page"),
        ("chrome-error://chromewebdata/", "the browser's error page"),
        ("http://elsewhere.test/", "outside the app under test: elsewhere.test is not an allowed host"),
        ("data:text/html,hi", "outside the app under test: data: addresses"),
    ],
)
def test_pages_that_are_not_the_app(url: str, why: str) -> None:
    assert why in (outside(url, HOSTS) or "")


@pytest.mark.parametrize("url", ["http://shop.test/pricing", "https://shop.test/", "http://nowhere.invalid/x"])
def test_pages_of_the_app_and_its_allowed_hosts(url: str) -> None:
    assert outside(url, HOSTS) is None


def test_leaving_the_app_says_where_and_why() -> None:
    said = left_app("chrome-error://chromewebdata/", HOSTS, "net::ERR_NAME_NOT_RESOLVED at http://nowhere.invalid/x")
    assert said.startswith("the page is now the browser's error page")
    assert "(net::ERR_NAME_NOT_RESOLVED at http://nowhere.invalid/x)" in said


def test_nothing_to_open_is_the_authors_mistake() -> None:
    with pytest.raises(NothingToOpen) as raised:
        require_start(None, "about:blank")
    assert isinstance(raised.value, UserError)
    require_start("http://shop.test/", "about:blank")
    require_start(None, "http://shop.test/")


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("not a url", "not a whole address: give one with its scheme, such as"),
        ("example.com/shop", "not a whole address"),
        ("//127.0.0.1/x", "not a whole address"),
        ("http:///nohost", "no host in it"),
        ("ftp://x.org/", "ftp: is not a page the agent opens; give an http(s) or file: URL"),
    ],
)
def test_a_start_url_no_browser_opens_as_a_page_is_one_line_before_anything_runs(url, problem):
    with pytest.raises(NotAnAddress, match=rf"^agent.run\(url={re.escape(repr(url))}\): {re.escape(problem)}"):
        require_start(url, "about:blank")


@pytest.mark.parametrize(
    "url", ["http://127.0.0.1:8000/", "https://shop.example.com/a?b=1", "file:///srv/site/index.html"]
)
def test_pages_are_opened(url):
    assert not_an_address(url) is None
    require_start(url, "about:blank")
