"""Keyboard personas in whole sessions: through the fake Messages API (what the model is told and refused) and driven
by the offline engine (the checks in CI without a key)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pytest_useragent import Agent, OfflineProvider, Persona
from pytest_useragent.browser import bounded
from pytest_useragent.browser.actions import act
from pytest_useragent.browser.keyboard import _KEYBOARD
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.records import Action
from pytest_useragent.secrets.redaction import Secrets
from pytest_useragent.session.keyboard import Keys
from pytest_useragent.testing import ScriptedProvider, decision, ref_of, wrap_up

KAI = Persona("Kai, 29, moves through every page with the keyboard alone.", uses="keyboard")
SAM = Persona("Sam, 31, uses a mouse.")


def make_agent(page: Any, provider: Any, tmp_path: Path, persona: Persona = KAI, **settings: Any) -> Agent:
    return Agent(page, persona, provider, UserAgentConfig(settle_timeout=2, **settings), tmp_path)


def user_text(body: dict[str, Any]) -> str:
    return "\n".join(block.get("text", "") for block in body["messages"][0]["content"] if block["type"] == "text")


def press(key: str, verdict: str | None = "met") -> Any:
    return lambda body: decision("press", key=key, verdict=verdict, expectation="focus moves")


def test_a_keyboard_personas_click_is_refused_as_its_mistake_and_the_session_goes_on(
    page, site, tmp_path, fake_api, claude
):
    fake_api.push(
        lambda body: decision("click", ref_of(body, "Back to top"), expectation="it scrolls up"),
        press("Tab", verdict="unmet"),
        decision("give_up", verdict="met", reason="enough"),
        wrap_up(),
    )
    result = make_agent(page, claude, tmp_path).run("Subscribe", url=f"{site}/a11y/kb-div-button-fixed.html")

    first, second, last = result.steps
    assert not first.outcome.ok and first.outcome.message.startswith("refused: a keyboard user cannot click")
    assert result.outcome == "gave_up" and second.outcome.ok and last.action.kind == "give_up"
    told = user_text(fake_api.requests[1])
    assert "You did: click" in told and "failed: refused: a keyboard user cannot click: Tab to it" in told
    assert "Focus: on the page itself" in told  # nothing was clicked: focus is where it was
    assert "You use the keyboard alone" in fake_api.requests[0]["system"][-1]["text"]
    assert not [issue for issue in result.issues if issue.rule == "keyboard-unreachable"]  # a link Tab reaches


def test_the_focused_element_is_marked_and_the_walk_shown(page, site, tmp_path, fake_api, claude):
    fake_api.push(press("Tab", None), press("Tab"), press("Tab"), decision("give_up", reason="enough"), wrap_up())
    make_agent(page, claude, tmp_path).run("Subscribe", url=f"{site}/a11y/kb-div-button-fixed.html")

    texts = [user_text(body) for body in fake_api.requests[:4]]
    assert "Focus: on the page itself" in texts[0]
    assert 'Focus: link "Back to top" [ref=' in texts[1] and "Your focus went" not in texts[1]
    assert 'link "Back to top" [active] [ref=' in texts[1].partition("Snapshot:")[2]
    assert 'Focus: textbox "Email" [ref=' in texts[2] and 'Your focus went: link "Back to top"' in texts[2]
    assert 'Focus: button "Send"' in texts[3]


def test_a_mouse_persona_is_told_no_focus_and_may_click(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        lambda body: decision("click", ref_of(body, "Back to top")), decision("give_up", reason="ok"), wrap_up()
    )
    result = make_agent(page, claude, tmp_path, SAM).run("Subscribe", url=f"{site}/a11y/kb-div-button.html")

    assert result.steps[0].outcome.ok and "Focus:" not in user_text(fake_api.requests[0])
    assert "You use the keyboard alone" not in fake_api.requests[0]["system"][-1]["text"]
    assert not [issue for issue in result.issues if issue.rule and issue.rule.startswith(("keyboard", "focus"))]


def test_typing_goes_where_focus_is_and_elsewhere_is_refused(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        lambda body: decision("type", ref_of(body, "Email"), text="kai@example.com"),  # Email has no focus yet
        press("Tab"),
        press("Tab"),
        decision("type", text="kai@example.com", verdict="met"),  # no ref: the focused field
        decision("give_up", reason="ok"),
        wrap_up(),
    )
    result = make_agent(page, claude, tmp_path).run("Subscribe", url=f"{site}/a11y/kb-div-button-fixed.html")

    refused, _, _, typed, _ = result.steps
    assert not refused.outcome.ok and "a keyboard acts where focus is" in refused.outcome.message
    assert typed.outcome.ok and page.get_by_label("Email").input_value() == "kai@example.com"


def test_a_click_on_what_no_tab_reaches_is_a_finding_where_the_persona_looked(page, site, tmp_path, fake_api, claude):
    fake_api.push(lambda body: decision("click", ref_of(body, "Send")), decision("give_up", reason="ok"), wrap_up())
    result = make_agent(page, claude, tmp_path).run("Subscribe", url=f"{site}/a11y/kb-div-button.html")

    issues = [issue for issue in result.steps[0].issues if issue.rule == "keyboard-unreachable"]
    assert issues and issues[0].element == 'div "Send"' and issues[0].trust == "objective"
    assert issues[0].step == 1


def test_a_trap_is_found_when_escape_does_not_leave(page, site, tmp_path, fake_api, claude):
    fake_api.push(press("Tab", None), press("Tab"), press("Escape"), decision("give_up", reason="stuck"), wrap_up())
    result = make_agent(page, claude, tmp_path).run("Find the pricing", url=f"{site}/a11y/kb-trap.html")

    texts = [user_text(body) for body in fake_api.requests[:3]]
    assert "Tab has come round" in texts[2]
    (trap,) = [issue for issue in result.issues if issue.rule == "keyboard-trap"]
    assert trap.step == 3 and trap.severity == "critical"


@pytest.mark.parametrize(
    ("name", "outcome", "rules"),
    [
        ("kb-div-button.html", "gave_up", {"keyboard-unreachable"}),
        ("kb-div-button-fixed.html", "goal_achieved", set()),
    ],
)
def test_the_offline_engine_moves_with_keys(page, site, tmp_path, name, outcome, rules):
    result = make_agent(page, OfflineProvider(), tmp_path, max_steps=12).run(
        'Subscribe to the newsletter with "kai@example.com"', url=f"{site}/a11y/{name}"
    )
    kinds = {step.action.kind for step in result.steps if step.action}
    assert result.outcome == outcome and kinds <= {"press", "type", "done", "give_up"}
    assert {issue.rule for issue in result.issues if issue.source == "check"} & {
        "keyboard-unreachable",
        "keyboard-trap",
        "focus-not-visible",
        "focus-lost",
    } == rules


@pytest.mark.parametrize(("name", "rules"), [("kb-trap.html", {"keyboard-trap"}), ("kb-trap-fixed.html", set())])
def test_the_offline_engine_escapes_where_tab_comes_round(page, site, tmp_path, name, rules):
    result = make_agent(page, OfflineProvider(), tmp_path, max_steps=12).run(
        "Find the pricing", url=f"{site}/a11y/{name}"
    )
    presses = [step for step in result.steps if step.action and step.action.kind == "press"]
    keys = [step.action.key for step in presses]
    assert keys[:2] == ["Tab", "Escape"]  # Tab, pressed until Pricing, came round in the dialog: Escape, as a person
    assert presses[0].action.target == "link Pricing" and presses[0].outcome.came_round
    assert ("Enter" in keys) is not bool(rules)  # the fixed dialog let go, and Pricing was reached
    assert {issue.rule for issue in result.issues if issue.rule in ("keyboard-trap", "focus-lost")} == rules


def test_tab_past_the_last_control_is_no_lost_focus(page, site, tmp_path):
    result = make_agent(page, OfflineProvider(), tmp_path, max_steps=12).run(
        "Find the pricing", url=f"{site}/a11y/kb-span-link.html"
    )
    presses = [step for step in result.steps if step.action and step.action.kind == "press"]
    assert [step.action.key for step in presses] == ["Tab", "Escape", "Tab"]  # a walk, Escape, a walk again
    assert "Tab x3 towards 'link Pricing'" in presses[0].outcome.message  # Home, Search, the browser's bar: round
    assert presses[0].outcome.came_round and presses[2].outcome.came_round
    assert result.outcome == "gave_up" and "keyboard-unreachable" in {issue.rule for issue in result.issues}
    assert not [issue for issue in result.issues if issue.rule == "focus-lost"]


@pytest.mark.parametrize(("name", "found"), [("kb-focus-lost.html", True), ("kb-focus-lost-fixed.html", False)])
def test_a_session_finds_focus_a_closing_dialog_drops_asking_the_page_once_a_step(
    page, site, tmp_path, fake_api, claude, monkeypatch, name, found
):
    asked: list[str] = []
    evaluate = bounded.evaluate

    def counted(target: Any, seconds: float, script: str, arg: Any = None) -> Any:
        asked.extend([arg[0]] if script == _KEYBOARD and isinstance(arg, list) else [])
        return evaluate(target, seconds, script, arg)

    monkeypatch.setattr(bounded, "evaluate", counted)
    # Tab to "Delivery options", Enter opens the dialog with focus on its Close, Enter closes it
    fake_api.push(press("Tab"), press("Enter"), press("Enter"), decision("give_up", reason="done looking"), wrap_up())
    result = make_agent(page, claude, tmp_path).run("Choose a delivery option", url=f"{site}/a11y/{name}")
    lost = [issue for issue in result.issues if issue.rule == "focus-lost"]
    assert bool(lost) is found
    if lost:
        assert 'button "Close"' in lost[0].evidence  # where the last action left focus, on the same page
    # where focus is before an action is where the last one left it: the page is asked once before the first
    assert asked.count("focus") == 3 + 1


def test_a_keyboard_persona_fills_a_form_one_field_at_a_time(page, site, tmp_path):
    # a mouse persona's offline engine fills the five fields in one `fill`; a keyboard one Tabs to each and types
    result = make_agent(page, OfflineProvider(), tmp_path, max_steps=30).run(
        "Sign up for an account", url=f"{site}/signup.html"
    )
    kinds = [step.action.kind for step in result.steps if step.action]
    assert "fill" not in kinds and kinds.count("type") >= 2 and "press" in kinds


def test_a_keyboard_personas_fill_is_refused_as_its_mistake(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        decision("fill", fields=[{"ref": "e7", "text": "kai@example.com"}, {"ref": "e8", "text": "x"}]),
        decision("give_up", reason="stop"),
        wrap_up(),
    )
    result = make_agent(page, claude, tmp_path).run("Subscribe", url=f"{site}/a11y/kb-div-button-fixed.html")
    first = result.steps[0]
    assert not first.outcome.ok and first.outcome.message.startswith("refused: a keyboard user fills one field")


@pytest.mark.parametrize("persona", [KAI, SAM], ids=["keyboard", "mouse"])
def test_the_offline_engine_chooses_from_a_dropdown_with_keys_as_a_mouse_persona_selects(page, site, tmp_path, persona):
    result = make_agent(page, OfflineProvider(), tmp_path, persona=persona, max_steps=20).run(
        'Book a tour on "Saturday 14:00" for "Kai"', url=f"{site}/booking.html"
    )
    assert result.outcome == "goal_achieved", [step.outcome.message for step in result.steps]
    assert page.get_by_role("status").text_content() == "Booked: Saturday 14:00, for Kai. See you at the harbour gate."
    chose = [step for step in result.steps if step.action and step.outcome.message == "chose 'Saturday 14:00'"]
    selected = [step for step in result.steps if step.action and step.action.kind == "select"]
    # the keyboard persona typed the option's label on the focused dropdown; the mouse persona selected it
    assert (len(chose), len(selected)) == ((1, 0) if persona is KAI else (0, 1))


def test_typing_on_a_dropdown_picks_the_option_its_label_starts_with_and_says_when_none_does(page, site):
    page.goto(f"{site}/booking.html")
    snapshot = page.aria_snapshot(mode="ai")
    ref = next(line for line in snapshot.splitlines() if "combobox" in line).split("[ref=")[1].split("]")[0]
    secrets = Secrets()
    chose = act(page, Action(kind="type", ref=ref, text="Saturday 14"), secrets, 2.0, snapshot)
    assert chose.ok and chose.message == "chose 'Saturday 14:00'"
    assert page.locator("select").input_value() == "Saturday 14:00"
    missed = act(page, Action(kind="type", ref=ref, text="Sunday"), secrets, 2.0, snapshot)
    assert not missed.ok and "no option starts with 'Sunday'" in missed.message


def test_the_option_a_dropdown_chose_is_told_without_a_secret_it_holds(page, site):
    page.goto(f"{site}/booking.html")
    snapshot = page.aria_snapshot(mode="ai")
    ref = next(line for line in snapshot.splitlines() if "combobox" in line).split("[ref=")[1].split("]")[0]
    secrets = Secrets()
    secrets.add("Saturday 14:00")
    told = act(page, Action(kind="type", ref=ref, text="Saturday 14"), secrets, 2.0)
    assert told.ok and "Saturday 14:00" not in told.message  # the twin above, with no secret, names it


def test_a_navigation_the_harness_refused_is_not_focus_lost_on_the_page(page, site, tmp_path):
    provider = ScriptedProvider(
        [
            decision("press", key="Tab", expectation="focus moves to the partner's link"),
            decision("press", key="Enter", expectation="the partner's shop opens"),
            decision("give_up", reason="the shop is elsewhere"),
        ]
    )
    result = make_agent(page, provider, tmp_path).run(
        "Open the partner's shop", url=f"{site}/a11y/kb-link-elsewhere.html"
    )

    assert [event.kind for event in result.steps[1].events] == ["blocked"]  # the harness's refusal, told
    # neither focus lost nor a failed request: the harness's refusal is not the page's doing
    assert [issue.rule for issue in result.issues if issue.rule in ("focus-lost", "http-error")] == []


def test_focus_dropped_where_the_harness_blocked_the_action_is_not_filed_against_the_page(page, site):
    page.goto(f"{site}/a11y/kb-focus-lost.html")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # the planted dialog opens
    keys, enter = Keys(), Action(kind="press", key="Enter")
    before = keys.before(page, 5)
    page.keyboard.press("Escape")  # it closes and drops focus: the page's doing, unless the harness stopped it
    page.evaluate("document.activeElement.blur()")
    assert [issue.rule for issue in keys.after(page, enter, before, page.url, 5)] == ["focus-lost"]
    assert keys.after(page, enter, before, page.url, 5, blocked=True) == []


@pytest.mark.parametrize(("page_name", "stuck"), [("focus-stolen", True), ("focus-free", False)])
def test_a_tab_that_left_focus_where_it_was_is_never_met_and_the_page_taking_it_back_is_a_trap(
    page, site, tmp_path, page_name, stuck
):
    moves = [decision("press", key="Tab", verdict="met", expectation="focus moves on towards Email")] * 4
    steps = iter([*moves, decision("give_up", reason="enough", verdict="met")])
    agent = Agent(page, KAI, ScriptedProvider(lambda request: next(steps)), UserAgentConfig(settle_timeout=2), tmp_path)
    result = agent.run("Sign up", url=f"{site}/rules/{page_name}.html", max_steps=6)
    verdicts = [step.evaluation.verdict for step in result.steps[2:]]  # from the second Tab on, judged
    if stuck:  # the persona said met each time; the harness saw focus stay on the search field
        assert verdicts == ["unmet"] * 3
        assert all(
            'focus stayed on searchbox "Search", as the harness measured' in s.evaluation.note for s in result.steps[2:]
        )
        assert [issue.rule for issue in result.issues if issue.rule == "keyboard-trap"] == ["keyboard-trap"]
    else:  # the twin: focus moved each time, the persona's word stands
        assert verdicts == ["met"] * 3 and "keyboard-trap" not in {issue.rule for issue in result.issues}


@pytest.mark.parametrize(
    ("target", "said", "reached"),
    [
        (
            "button Sign up",
            'pressed Tab x5 towards \'button Sign up\': link "Help" -> searchbox "Search" -> textbox '
            '"Name" -> textbox "Email" -> button "Sign up"; reached it',
            True,
        ),
        ("button Nowhere", "came round without reaching it", False),  # the twin: no such element, the walk stops
    ],
)
def test_a_key_pressed_until_focus_reaches_an_element_is_one_step_with_its_trail(
    page, site, tmp_path, target, said, reached
):
    steps = iter([decision("press", key="Tab", target=target, expectation="on it"), decision("give_up", reason="ok")])
    agent = Agent(page, KAI, ScriptedProvider(lambda request: next(steps)), UserAgentConfig(settle_timeout=2), tmp_path)
    result = agent.run("Sign up", url=f"{site}/rules/focus-free.html", max_steps=3)
    first = result.steps[0].outcome
    assert first.ok and said in first.message
    focused = page.evaluate("() => document.activeElement.textContent.trim()")
    assert (focused == "Sign up") is reached


def test_a_walk_until_an_element_goes_through_a_player_s_and_a_date_field_s_own_stops(page, site, tmp_path):
    # Tab stays on the <audio> through its six controls and on the date field through its parts: no trap, no stop
    steps = iter([decision("press", key="Tab", target="button Book", expectation="on it"), decision("give_up")])
    agent = Agent(page, KAI, ScriptedProvider(lambda request: next(steps)), UserAgentConfig(settle_timeout=2), tmp_path)
    result = agent.run("Book a visit", url=f"{site}/rules/focus-inner.html", max_steps=3)
    first = result.steps[0].outcome
    assert first.ok and first.message.endswith('-> button "Book"; reached it'), first.message
    assert "focus stayed" not in first.message and first.presses == 12
    assert "keyboard-trap" not in {issue.rule for issue in result.issues}


def test_a_walk_until_an_element_stops_where_the_page_takes_focus_back(page, site, tmp_path):
    steps = iter([decision("press", key="Tab", target="button Sign up", expectation="on it"), decision("give_up")])
    agent = Agent(page, KAI, ScriptedProvider(lambda request: next(steps)), UserAgentConfig(settle_timeout=2), tmp_path)
    result = agent.run("Sign up", url=f"{site}/rules/focus-stolen.html", max_steps=3)
    first = result.steps[0].outcome
    assert 'focus stayed on searchbox "Search"' in first.message and "reached it" not in first.message
    assert "keyboard-trap" in {issue.rule for issue in result.issues}  # the walk's Tabs are Tabs to the checks


def test_controls_alike_in_a_row_are_stops_of_their_own_not_focus_that_stayed(page, site, tmp_path):
    # TodoMVC's tick boxes have no name: each Tab moves focus on, to a box named as the last one was
    steps = iter(
        [
            decision("press", key="Tab", expectation="on the first box"),
            decision("press", key="Tab", expectation="on the second box"),
            decision("press", key="Tab", target="link All", expectation="on All"),
            decision("give_up", reason="ok"),
        ]
    )
    agent = Agent(page, KAI, ScriptedProvider(lambda request: next(steps)), UserAgentConfig(settle_timeout=2), tmp_path)
    result = agent.run("Tick the second todo", url=f"{site}/todo-alike.html", max_steps=5)
    second, walk = result.steps[1].outcome, result.steps[2].outcome
    assert "focus stayed" not in second.message and second.focus_stayed is None
    assert walk.message.startswith("pressed Tab x2 towards 'link All': checkbox") and "reached it" in walk.message
    assert "keyboard-trap" not in {issue.rule for issue in result.issues}
