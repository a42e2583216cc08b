"""A screen-reader persona's session through the real SDK and the fake Messages API, and offline: no image in any
request, the page as its accessibility tree, what a screen reader announces after an action, `look` refused as the
model's mistake, and `status-not-announced` on a message in a plain div but not in its role=status twin."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pytest_useragent import Agent, OfflineProvider, Persona, SessionResult
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.records import SusItem, SusReply
from pytest_useragent.testing import ScriptedProvider, decision, ref_of, wrap_up

MAREK = Persona("Marek, 52, blind since birth; reads the web with a screen reader.", uses="screen-reader")
MOUSE = Persona("Marek, 52, reads the web with a mouse and his eyes.")
GOAL = 'Send the message "Hello"'
SENT = "Thank you, your message was sent."


def run(page: Any, provider: Any, tmp_path: Path, persona: Persona, url: str, **settings: Any) -> SessionResult:
    config = UserAgentConfig(settle_timeout=2, **settings)
    return Agent(page, persona, provider, config, tmp_path).run(GOAL, url=url)


def texts(body: dict[str, Any]) -> str:
    content = body["messages"][0]["content"]
    return content if isinstance(content, str) else "\n".join(block.get("text", "") for block in content)


def images(body: dict[str, Any]) -> int:
    return sum(
        1
        for message in body["messages"]
        if isinstance(message["content"], list)
        for block in message["content"]
        if block.get("type") == "image"
    )


def script(fake_api: Any) -> None:
    """Type, send, ask to look (refused), then done on the confirmation; the wrap-up and the survey after."""
    sus = SusReply(answers=[SusItem(item=item, score=3, reason="so so") for item in range(1, 11)])
    fake_api.push(
        lambda body: decision("type", ref_of(body, "Your message"), text="Hello", expectation="the field holds it"),
        lambda body: decision("click", ref_of(body, "Send message"), verdict="met", expectation="I hear it was sent"),
        decision("look", verdict="unmet", expectation="I see the page"),
        decision("done", verdict="unmet", evidence=SENT),
        wrap_up(),
        sus,
    )


def checked(result: SessionResult, rule: str) -> list[Any]:
    return [issue for issue in result.issues if issue.rule == rule]


def test_a_message_in_a_plain_div_is_not_announced_and_is_found(page, site, tmp_path, fake_api, claude):
    script(fake_api)
    result = run(page, claude, tmp_path, MAREK, f"{site}/a11y/status-plain.html", survey="sus")

    assert result.outcome == "goal_achieved" and result.survey is not None and not fake_api.problems
    steps = [body for body in fake_api.requests if body.get("tool_choice") == {"type": "auto"}]  # the wrap-up: none
    assert len(steps) == 4 and len(fake_api.requests) == 6  # four steps, the wrap-up, the survey
    assert [images(body) for body in fake_api.requests] == [0] * 6  # never an image, after the steps neither
    first = texts(steps[0])
    assert 'textbox "Your message" [ref=' in first and 'button "Send message" [ref=' in first
    assert "[cursor" not in first and "[url=" not in first and "/url" not in first and "[active]" not in first
    assert "✉" not in first  # aria-hidden: seen, never read
    own = steps[0]["system"][-1]["text"]  # the persona's own part, after the part every persona shares
    assert "- look:" not in own and "You use a screen reader" in own
    after_send = texts(steps[2])
    assert SENT not in after_send.split("Page now:")[0]  # not announced ...
    assert SENT in after_send.split("Page now:")[1]  # ... though there to read
    looked = result.steps[2]
    assert looked.action is not None and looked.action.kind == "look"
    assert not looked.outcome.ok and "refused: a screen reader gives no screenshot" in looked.outcome.message
    assert "refused: a screen reader gives no screenshot" in texts(steps[3])  # told, and the session went on
    (finding,) = checked(result, "status-not-announced")
    assert finding.step == 2 and finding.trust == "objective" and finding.source == "check"
    assert finding.heuristic == "WCAG 4.1.3 Status Messages"
    assert finding.element == f'generic "{SENT}"' and 'button "Send message"' in finding.evidence
    assert finding.locator == 'get_by_role("button", name="Send message")'
    # the report keeps the first view of the page; the steps after it on the same page take no screenshot
    assert [step.screenshot for step in result.steps] == ["screenshots/step-001.jpg", None, None, None]


def test_a_role_status_message_is_announced_and_no_check_fires(page, site, tmp_path, fake_api, claude):
    script(fake_api)
    result = run(page, claude, tmp_path, MAREK, f"{site}/a11y/status-announced.html")

    assert result.outcome == "goal_achieved" and not fake_api.problems
    assert [images(body) for body in fake_api.requests] == [0] * len(fake_api.requests)
    sent = result.steps[1].outcome
    assert [(said.kind, said.text) for said in sent.announced] == [("polite", SENT)]
    assert f'Your screen reader then said: "{SENT}"' in texts(fake_api.requests[2])
    assert not checked(result, "status-not-announced")
    saved = SessionResult.model_validate_json((tmp_path / "useragent" / "session.json").read_text())
    assert saved.steps[1].outcome.announced == sent.announced


def test_a_mouse_persona_sees_the_page_and_no_announcement_is_checked(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        lambda body: decision("type", ref_of(body, "Your message"), text="Hello"),
        lambda body: decision("click", ref_of(body, "Send message"), verdict="met"),
        decision("done", verdict="met", evidence=SENT),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, MOUSE, f"{site}/a11y/status-plain.html")

    assert result.outcome == "goal_achieved" and images(fake_api.requests[0]) == 1
    assert "[url=" in texts(fake_api.requests[0]) and "screen reader" not in texts(fake_api.requests[2])
    assert not checked(result, "status-not-announced") and not result.steps[1].outcome.announced
    assert all(step.screenshot for step in result.steps)  # a persona who sees has one each step


def test_the_offline_engine_drives_a_screen_reader_persona_to_the_finding(page, site, tmp_path):
    plain = run(page, OfflineProvider(), tmp_path / "plain", MAREK, f"{site}/a11y/status-plain.html")
    fixed = run(page, OfflineProvider(), tmp_path / "fixed", MAREK, f"{site}/a11y/status-announced.html")

    for result in (plain, fixed):
        kinds = [step.action.kind for step in result.steps if step.action]
        assert "click" in kinds and "look" not in kinds
        assert all(step.action is None or step.action.ref is None or step.outcome.ok for step in result.steps)
    assert [issue.step for issue in checked(plain, "status-not-announced")] == [2]
    assert not checked(fixed, "status-not-announced")
    assert any(said.text == SENT for step in fixed.steps for said in step.outcome.announced)


def test_focus_moving_elsewhere_is_announced_by_role_and_name_and_a_toggle_in_place_by_its_new_state(
    page, site, tmp_path
):
    names = iter(["Open settings", "Close", "Dark mode"])
    scripted = ScriptedProvider(
        lambda request: (
            decision("click", ref_of(request, next(names)))
            if request.step <= 3
            else decision("give_up", reason="seen enough")
        )
    )
    result = run(page, scripted, tmp_path, MAREK, f"{site}/a11y/focus-moves.html")

    opened, closed, toggled = (step.outcome for step in result.steps[:3])
    assert [str(said) for said in opened.announced] == ['focus on button "Close"']
    assert [str(said) for said in closed.announced] == ['focus on button "Open settings"']
    # focus stays on the button acted on: only its new state is said, as NVDA and VoiceOver say "pressed"
    assert toggled.ok and [str(said) for said in toggled.announced] == ['button "Dark mode", pressed']
    assert not [issue for issue in result.issues if issue.rule == "status-not-announced"]
