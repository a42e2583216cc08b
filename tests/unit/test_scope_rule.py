"""Which pages are the app under test: the one rule the session asks before running checks."""

from __future__ import annotations

import pytest

from pytest_useragent.browser.hosts import AllowedHosts
from pytest_useragent.browser.scope import left_app, outside, require_start
from pytest_useragent.errors import NothingToOpen, UserError

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
