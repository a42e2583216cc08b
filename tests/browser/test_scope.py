"""Checks judge the app under test only: not about:blank, not Chrome's error page, not a start URL that never
loaded. Such pages are what a navigation did, said on its step; nothing to open is the author's one-line error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pytest_useragent import Agent, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.errors import NothingToOpen
from pytest_useragent.records import ERROR_OUTCOMES
from pytest_useragent.testing import decision, ref_of, wrap_up

JANA = Persona(name="Jana")


def make_agent(page: Any, provider: Any, tmp_path: Path, **settings: Any) -> Agent:
    return Agent(page, JANA, provider, UserAgentConfig(settle_timeout=2, **settings), tmp_path)


def test_a_blank_page_and_no_url_is_one_line_and_nothing_is_paid(page, tmp_path, fake_api, claude):
    with pytest.raises(NothingToOpen, match=r"^agent.run\(\) has nothing to open: the page is about:blank") as raised:
        make_agent(page, claude, tmp_path).run("Find the pricing")
    assert "\n" not in str(raised.value)
    assert fake_api.requests == [] and not (tmp_path / "useragent").exists()


@pytest.mark.parametrize("url", ["http://127.0.0.1:9/", "http://nowhere.invalid/"])
def test_an_unreachable_start_url_ends_the_session_without_a_model_call(page, tmp_path, fake_api, claude, url):
    result = make_agent(page, claude, tmp_path).run("Find the pricing", url=url)
    assert result.outcome == "unreachable" and "unreachable" in ERROR_OUTCOMES
    assert (result.error or "").startswith(f"{url} could not be opened: ") and "net::ERR_" in (result.error or "")
    assert fake_api.requests == [] and result.steps == [] and result.cost_usd == 0
    assert not result.issues


def test_chromes_error_page_after_a_link_is_the_steps_outcome_not_a_finding(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        lambda body: decision("click", ref_of(body, "Nowhere Deliveries"), expectation="their site opens"),
        decision("back", verdict="unmet"),
        decision("give_up", reason="the partner site is down"),
        wrap_up(),
    )
    result = make_agent(page, claude, tmp_path, allowed_hosts=("nowhere.invalid",)).run(
        "See who delivers", url=f"{site}/partner.html"
    )
    left = result.steps[0].outcome.message
    assert "the page is now the browser's error page" in left
    assert "net::ERR_NAME_NOT_RESOLVED at http://nowhere.invalid/deliveries" in left
    on_error_page = result.steps[1]
    assert on_error_page.url.startswith("chrome-error://")
    assert [issue for issue in on_error_page.issues if issue.source == "check"] == []
    assert not {"meta-viewport", "http-error", "document-title", "html-has-lang"} & {i.rule for i in result.issues}
    # back on the app, it is checked again
    assert result.steps[2].url == f"{site}/partner.html"
