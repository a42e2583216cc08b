"""Long pages: the page state stays bounded, and what is far away is still found and acted on."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pytest_useragent import Agent, OfflineProvider, Persona
from pytest_useragent.browser.audit import MAX_AUDIT_ELEMENTS
from pytest_useragent.browser.condense import MAX_CHARS
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.testing import ScriptedProvider, decision, wrap_up

JANA = Persona(name="Jana", background="Jana, 45. Never used a shop like this.")
LAST = "Amber Bookend No. 150"
GOAL = f'Add the "{LAST}" to the cart'


def make_agent(page: Any, provider: Any, tmp_path: Path) -> Agent:
    return Agent(page, JANA, provider, UserAgentConfig(settle_timeout=2, max_steps=6), tmp_path)


def user_text(body: dict[str, Any]) -> str:
    return "\n".join(block.get("text", "") for block in body["messages"][0]["content"] if block["type"] == "text")


def has_image(body: dict[str, Any]) -> bool:
    return any(block["type"] == "image" for block in body["messages"][0]["content"])


def page_state(body: dict[str, Any]) -> str:
    return user_text(body).partition("Snapshot:\n")[2]


def add_to_cart_found(body: dict[str, Any]) -> Any:
    """Click the "Add to cart" button of the item the find result shows."""
    found = user_text(body).partition("You did: find")[2].partition(LAST)[2]
    ref = re.search(r'button "Add to cart" \[ref=(\w+)\]', found)
    assert ref, "the find result shows the product's button"
    return decision("click", ref.group(1), verdict="met", expectation="the product is in my cart")


def test_claude_finds_and_adds_a_product_from_the_bottom_of_a_long_listing(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        decision("find", target=LAST, expectation="the page has it"),
        add_to_cart_found,
        decision("done", verdict="met", reason="it is in my cart", evidence=f"last added {LAST}"),
        wrap_up(),
    )

    result = make_agent(page, claude, tmp_path).run(GOAL, url=f"{site}/listing")

    assert result.outcome == "goal_achieved", result.error
    assert page.evaluate("window.cart") == [LAST]
    steps = fake_api.requests[:3]
    assert all(len(page_state(body)) <= MAX_CHARS for body in steps)
    first = page_state(steps[0])
    assert "(Long page, condensed" in first and not re.search(f'"{LAST}[^"]*" \\[ref=', first)
    assert re.search(f'listitem ×\\d+ below, like \\w+ \\(.*"{LAST}"', first)  # counted, not dropped
    assert result.steps[0].outcome.ok and LAST in result.steps[0].outcome.message
    assert f"last added {LAST}" in page_state(steps[2])
    # a screenshot on the first view; the same page again goes as text only, and says one can be asked for
    assert has_image(steps[0]) and not has_image(steps[1]) and "look gets one" in user_text(steps[1])


def test_the_offline_engine_finds_and_adds_it_too(page, site, tmp_path):
    result = make_agent(page, OfflineProvider(), tmp_path).run(GOAL, url=f"{site}/listing")

    assert [step.action.kind for step in result.steps if step.action] == ["find", "click", "done"]
    assert page.evaluate("window.cart") == [LAST]
    assert result.outcome == "goal_achieved"


def test_look_sends_a_screenshot_of_a_page_already_seen(page, site, tmp_path, fake_api, claude):
    fake_api.push(decision("look"), decision("wait"), decision("done", evidence="Welcome to Corner Shop"), wrap_up())

    make_agent(page, claude, tmp_path).run("Look around", url=f"{site}/index.html")

    first, asked, after = fake_api.requests[:3]
    assert has_image(first) and "your first view of this page" in user_text(first)
    assert has_image(asked) and "you asked to look" in user_text(asked)
    assert not has_image(after)


def test_a_small_page_is_sent_whole(page, site, tmp_path, fake_api, claude):
    fake_api.push(decision("done", evidence="Welcome to Corner Shop"), wrap_up())

    result = make_agent(page, claude, tmp_path).run("Look around", url=f"{site}/index.html")

    state = page_state(fake_api.requests[0])
    assert "(Long page" not in state and "[box=" not in state and 'link "Pricing" [ref=e' in state
    assert result.steps[0].outcome.ok


def test_a_page_past_the_audit_bound_is_read_not_blamed_and_not_audited_by_axe(page, tmp_path):
    # past MAX_AUDIT_ELEMENTS (items of two elements and a text each) axe would take longer than its bound and hold a
    # core the page needs; our own checks and the look still run, and the session ends as the persona ends it, not
    # as page_error. How long a session on 100,000 nodes takes is benchmarks/big_page_benchmark.py's to measure.
    items = "".join(f"<div><span>item {i}</span></div>" for i in range(MAX_AUDIT_ELEMENTS // 2 + 1_000))
    page.route("http://big.test/", lambda route: route.fulfill(body=f"<h1>Big</h1><button></button>{items}"))
    steps = iter([decision("scroll", direction="down", expectation="more items"), decision("give_up", reason="ok")])
    config = UserAgentConfig(settle_timeout=5, max_steps=3)
    result = Agent(page, JANA, ScriptedProvider(lambda request: next(steps)), config, tmp_path).run(
        "Find item 49999", url="http://big.test/"
    )
    assert result.outcome == "gave_up" and result.error is None
    assert "button-name" not in {issue.rule for issue in result.issues}  # the twin below: axe was not run here


def test_the_twin_a_page_under_the_bound_is_audited_by_axe(page, tmp_path):
    page.route("http://small.test/", lambda route: route.fulfill(body="<h1>Small</h1><button></button>"))
    steps = iter([decision("give_up", reason="ok")])
    config = UserAgentConfig(settle_timeout=5, max_steps=2)
    result = Agent(page, JANA, ScriptedProvider(lambda request: next(steps)), config, tmp_path).run(
        "Look", url="http://small.test/"
    )
    assert "button-name" in {issue.rule for issue in result.issues}
