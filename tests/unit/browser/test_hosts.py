"""Where the agent may take the page: the start URL's host, the allowed hosts, and nothing but web pages."""

from __future__ import annotations

import pytest

from pytest_useragent.browser.hosts import AllowedHosts, origin
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.errors import ConfigError


@pytest.mark.parametrize(
    "url",
    [
        "http://shop.example.com/",
        "https://shop.example.com:8443/cart?x=1",
        "http://SHOP.example.com./",
        "https://a.cdn.test/",
        "https://b.a.cdn.test/x",
        "about:blank",
    ],
)
def test_the_start_host_and_the_allowed_ones_are_allowed(url):
    assert AllowedHosts.around("http://shop.example.com/start", ("*.cdn.test",)).refusal(url) is None


@pytest.mark.parametrize(
    "url",
    [
        "http://localhost/",
        "http://example.com/",  # the start host's parent is another host
        "http://shop.example.com.evil.test/",
        "https://cdn.test/",  # *.cdn.test is for hosts under it
        "file:///etc/passwd",
        "data:text/html,<h1>hi</h1>",
        "javascript:alert(1)",
        "view-source:http://shop.example.com/",
        "chrome://settings",
        "about:config",
    ],
)
def test_everything_else_is_refused_with_a_reason(url):
    reason = AllowedHosts.around("http://shop.example.com/start", ("*.cdn.test",)).refusal(url)
    assert reason and ("not an allowed host" in reason or "addresses are not for the agent" in reason)


def test_a_session_on_about_blank_allows_only_the_named_hosts():
    assert AllowedHosts.around("about:blank").refusal("http://127.0.0.1/") is not None
    assert AllowedHosts.around("about:blank", ("127.0.0.1",)).refusal("http://127.0.0.1:8000/") is None
    assert "none (no start URL)" in (AllowedHosts.around("file:///tmp/x.html").refusal("http://a.test/") or "")


def test_a_refused_address_shows_its_origin_only():
    assert origin("http://localhost:8000/?leak=secret") == "http://localhost:8000"
    assert origin("file:///etc/passwd") == "file:"


def test_allowed_hosts_from_the_option_and_the_marker():
    config = UserAgentConfig.from_raw({"allowed-hosts": " Shop.Example.com, *.cdn.test ,"})
    assert config.allowed_hosts == ("shop.example.com", "*.cdn.test")
    assert config.with_overrides(allowed_hosts=["a.test", "b.test"]).allowed_hosts == ("a.test", "b.test")
    assert UserAgentConfig.from_raw({}).allowed_hosts == ()


@pytest.mark.parametrize("value", ["http://a.test", "a.test/path", "*", "a..test", "a_b.test"])
def test_a_bad_host_is_one_clear_line(value):
    with pytest.raises(ConfigError, match="not a host name"):
        UserAgentConfig.from_raw({"allowed-hosts": value})


def test_a_session_started_on_a_file_page_may_go_to_other_file_pages_only():
    local = AllowedHosts.around("file:///srv/site/index.html")
    assert local.refusal("file:///srv/site/about.html") is None
    assert local.refusal("http://a.test/") is not None
    assert AllowedHosts.around("http://a.test/").refusal("file:///srv/site/about.html") is not None


def test_a_scheme_relative_address_from_a_page_with_no_scheme_to_lend_is_said_plainly():
    # urljoin("chrome-error://chromewebdata/", "//host/x") leaves "//host/x": no scheme, and no garbled "this:"
    reason = AllowedHosts(("shop.test",)).refusal("//evil.test/x")
    assert reason == "//evil.test/x is not a whole address: give it with http:// or https://"


JUDGED = [
    "http://localhost/",
    "http://shop.example.com.evil.test/",
    "http://shop.example.com@evil.test/",
    "http://shop.example.com:8443@evil.test/",
    "http://shop.example.comx/",
    "http://SHOP.example.com./",  # allowed, but not plainly: judged
    "https://cdn.test/",
    "https://evil.test/?shop.example.com",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "view-source:http://shop.example.com/",
    "//shop.example.com/",
    "about:blank",
]
PASSED = [
    "http://shop.example.com",
    "http://shop.example.com/",
    "https://shop.example.com:8443/cart?x=1",
    "http://shop.example.com?x",
    "http://shop.example.com#top",
    "https://a.cdn.test/",
    "https://b.a.cdn.test/x",
]


def test_the_route_sees_every_address_that_may_be_refused_and_passes_the_plain_allowed_ones():
    hosts = AllowedHosts.around("http://shop.example.com/start", ("*.cdn.test",))
    unsure = hosts.unsure()
    assert [url for url in JUDGED if not unsure.search(url)] == []
    assert [url for url in PASSED if unsure.search(url)] == []
    assert all(hosts.refusal(url) is None for url in PASSED)  # what the route does not see is allowed
    assert all(AllowedHosts.around("about:blank").unsure().search(url) for url in PASSED + JUDGED)
