"""What the persona chose to do is never filed as a flaw of the app: being signed out after it logged out, a missing
page at an address it typed. What the app did unasked still is: signing the persona out behind a link, a link to a
missing page, a missing image on the page the persona typed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pytest_useragent import Agent, OfflineProvider, Persona, SessionResult
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.records import Decision
from pytest_useragent.testing import ScriptedProvider, decision, ref_of

JANA = Persona(name="Jana", background="Jana, 45, orders from the corner shop every week.")


def run(page: Any, provider: Any, directory: Path, goal: str, url: str) -> SessionResult:
    config = UserAgentConfig(settle_timeout=2, max_steps=3)
    return Agent(page, JANA, provider, config, directory).run(goal, url=url)


def titles(result: SessionResult) -> list[str]:
    return [issue.title for issue in result.issues]


def test_a_persona_that_logs_out_is_not_filed_an_issue_for_being_signed_out(page, site, tmp_path):
    result = run(page, OfflineProvider(), tmp_path, "Log out of my account", f"{site}/account.html")

    first = result.steps[0]
    assert first.action is not None and first.outcome.locator == 'get_by_role("link", name="Log out")'
    assert result.steps[1].url.endswith("/signed-out.html")
    judged = result.steps[1].evaluation
    assert judged is not None and judged.verdict == "met" and "signed out" in judged.note
    assert not [issue for issue in result.issues if issue.source == "persona"], titles(result)


def test_an_app_that_signs_the_persona_out_unasked_is_still_filed(page, site, tmp_path):
    result = run(page, OfflineProvider(), tmp_path, "Find my orders", f"{site}/account.html")

    assert result.steps[0].outcome.locator == 'get_by_role("link", name="Your orders")'
    assert result.steps[1].url.endswith("/orders.html")  # a sign-in page where the orders should be
    assert '"Your orders" did not lead where its label says' in titles(result)


def test_a_logout_that_leaves_the_persona_signed_in_is_the_apps(page, site, tmp_path):
    page.route("**/signed-out.html", lambda route: route.fulfill(path=Path(__file__).parents[1] / "pages/account.html"))
    result = run(page, OfflineProvider(), tmp_path, "Log out of my account", f"{site}/account.html")

    assert '"Log out" left me signed in' in titles(result)


def typing(address: str) -> ScriptedProvider:
    """A persona that types `address`, then gives up."""

    def decide(request: StepRequest) -> Decision:
        if request.step == 1:
            return decision("navigate", url=address, expectation="the page I typed opens")
        return decision("give_up", reason="enough")

    return ScriptedProvider(decide)


def test_a_missing_page_at_an_address_the_persona_typed_is_its_own_doing(page, site, tmp_path):
    result = run(page, typing("/no-such-page.html"), tmp_path, "Find the careers page", f"{site}/index.html")

    assert result.steps[0].outcome.message.endswith("/no-such-page.html (404)")  # the persona is told
    assert [i for i in result.issues if i.rule == "http-error"] == []
    assert [f.status for f in result.steps[1].signals.failed_requests] == []


def test_a_link_to_a_missing_page_and_a_missing_image_on_a_typed_page_are_the_apps(page, site, tmp_path):
    def follow(request: StepRequest) -> Decision:
        if request.step == 1:
            return decision("click", ref_of(request, "Careers"), expectation="the careers page")
        return decision("give_up", reason="enough")

    linked = run(page, ScriptedProvider(follow), tmp_path / "linked", "Find the careers page", f"{site}/index.html")
    assert [i.evidence for i in linked.issues if i.rule == "http-error"] == [f"GET {site}/missing.html -> 404"]

    typed = run(page, typing("/crowded?buttons=1"), tmp_path / "typed", "Find the careers page", f"{site}/index.html")
    failed = [i.element for i in typed.issues if i.rule == "http-error" and i.element]
    assert failed and all("/missing-" in element for element in failed)  # its images: 150 that do not load
