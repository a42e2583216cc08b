"""Screenshots follow the screen (issue 40): after an action a person sees something new from (a status line, a list
row, a new document, a listbox opened, a tree node expanded, a tab's content loaded, focus on another element), the
model gets a new image; after its twin, an action that changed nothing visible, it gets none and is told the screen
looks as it last saw it. Each case is measured as a session does it: a look, the action, the page settled, a look."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pytest_useragent import Agent, Persona
from pytest_useragent.browser.observe import observe
from pytest_useragent.browser.settle import QUIET_MS, settle
from pytest_useragent.browser.watch import PageWatcher
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.records.screenshots import Glance, ScreenshotPolicy
from pytest_useragent.secrets.redaction import Secrets
from pytest_useragent.testing import decision, ref_of, wrap_up

SIGNUP = """<!doctype html><title>Sign up</title><style>body{font:16px system-ui;margin:2rem}</style>
<main><h1>Create your account</h1>
<form method="post" action="/signup"><label>Email <input name="email"></label> <button>Sign up</button></form>
%s</main>"""
"""A sign-up form whose POST returns a new document at the same address: with an error, or (its twin) the same."""

Act = Callable[[Any], None]


def press(*keys: str) -> Act:
    def act(page: Any) -> None:
        for key in keys:
            page.keyboard.press(key)

    return act


def click(name: str, role: str = "button") -> Act:
    return lambda page: page.get_by_role(role, name=name).click()


def focus(selector: str) -> Act:
    return lambda page: page.focus(selector)


def type_todo(text: str) -> Act:
    def act(page: Any) -> None:
        page.get_by_label("New todo").fill(text)
        page.keyboard.press("Enter")

    return act


CASES = [
    # page, made ready (not seen by the model), the action, whether a person sees a change
    ("screen/booked.html", None, click("Book"), True),
    ("screen/booked.html", None, click("Check the date"), False),
    ("todo.html", None, type_todo("buy milk"), True),
    ("todo.html", None, type_todo(""), False),
    ("signup", None, click("Sign up"), True),
    ("signup-same", None, click("Sign up"), False),
    ("patterns/combobox-select-only.html", focus("[role=combobox]"), press("ArrowDown"), True),
    ("patterns/combobox-select-only.html", focus("[role=combobox]"), press("Escape"), False),
    ("patterns/tree-view.html", focus("[role=treeitem]"), press("ArrowRight"), True),
    ("patterns/tree-view.html", focus("[role=treeitem]"), press("ArrowLeft"), False),
    ("screen/lazy-tab.html", None, click("Harbour", "tab"), True),
    ("screen/lazy-tab.html", None, click("City", "tab"), False),
    ("patterns/tabs.html", focus("#tab-overview"), press("Tab"), True),  # focus moves to the panel
    ("patterns/tabs.html", focus("#tab-overview"), press("Shift"), False),
]


def _open(page: Any, site: str, where: str) -> None:
    if where.startswith("signup"):
        error = "" if where == "signup-same" else '<p style="color:#b00">This email is already registered.</p>'
        page.route(
            "http://forms.test/signup",
            lambda route: route.fulfill(
                content_type="text/html", body=SIGNUP % (error if route.request.method == "POST" else "")
            ),
        )
        page.goto("http://forms.test/signup")
    else:
        page.goto(f"{site}/{where}")


@pytest.mark.parametrize(
    ("where", "ready", "act", "changed"), CASES, ids=[f"{c[0]}-{'changed' if c[3] else 'same'}" for c in CASES]
)
def test_a_screen_that_changed_gets_an_image_and_its_unchanged_twin_none(page, site, where, ready, act, changed):
    _open(page, site, where)
    if ready is not None:
        ready(page)
    watcher = PageWatcher(page).start()
    policy = ScreenshotPolicy()

    def look() -> str | None:
        settle(page, watcher, minimum=0, timeout=3, quiet_ms=QUIET_MS)
        seen = observe(page, watcher, Secrets())
        return policy.reason(Glance.seen(seen), asked=False)

    assert look() == "your first view of this page"
    act(page)
    reason = look()
    assert (reason is not None) == changed, reason
    assert reason == ("the screen changed since you last saw it" if changed else None)
    if not changed:
        assert policy.why_not == "the screen looks as you last saw it"


def test_the_step_after_enter_adds_a_todo_has_its_image(page, site, tmp_path, fake_api, claude):
    """Tried as a user would (issue 40): type a todo in a TodoMVC-like page and press Enter; the next step shows the
    list with the new row, and a step that changed nothing has no image."""
    fake_api.push(
        lambda body: decision("type", ref_of(body, "New todo"), text="buy milk"),
        lambda body: decision("press", ref_of(body, "New todo"), key="Enter", verdict="met"),
        lambda body: decision("press", key="Shift", verdict="met"),
        decision("give_up", reason="seen enough", verdict="met"),
        wrap_up(),
    )
    config = UserAgentConfig(max_steps=4, settle_timeout=2)
    result = Agent(page, Persona("Jana, 45."), claude, config, tmp_path).run("Add a todo", url=f"{site}/todo.html")

    assert len(result.steps) == 4 and not fake_api.problems
    told = [" ".join(b.get("text", "") for b in r["messages"][-1]["content"]) for r in fake_api.requests[:4]]
    images = [any(b.get("type") == "image" for b in r["messages"][-1]["content"]) for r in fake_api.requests[:4]]
    assert "buy milk" in told[2] and images[2], told[2]
    assert not images[3] and "No screenshot: the screen looks as you last saw it" in told[3]
