"""What a person does in one breath, in one step (issue 40, "a cheaper session"): a form's dropdown set in its fill
(tests/pages/booking.html), a todo typed and Enter pressed after it (tests/pages/todo-alike.html). Each recorded
session is replayed from its cassette with no model and exported as a plain test that runs; a keyboard persona keeps
its rules (a key on a field focus is not on is refused; typed where focus is, it is pressed there)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_fill import ALONE_CONFTEST, NoModel

from pytest_useragent import Agent, Persona, SessionResult
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.replay.journey import journey, write
from pytest_useragent.testing import ScriptedProvider, decision, ref_of

JANA = Persona(name="Jana", background="Jana, 45.")
NOOR = Persona(name="Noor", background="Noor, 40, is blind.", uses="screen-reader")
KAI = Persona(name="Kai", background="Kai, 29, keyboard only.", uses="keyboard")
BOOKED = "Booked: Saturday 14:00, for Jana Novak."


def run(page: Any, persona: Persona, script: Any, directory: Path, url: str, cassette: Path | None = None) -> Any:
    provider = script if isinstance(script, NoModel) else ScriptedProvider(script)
    config = UserAgentConfig(settle_timeout=2, record_mode="once" if cassette else None)
    return Agent(page, persona, provider, config, directory, cassette=cassette).run("Book", url=url, max_steps=4)


@pytest.fixture(scope="module")
def recorded(browser, site, tmp_path_factory) -> dict[str, Any]:
    """The booking (Jana: a dropdown's label no option has, then the fill again, then Book) and the todo (Noor: typed,
    then Enter), each recorded to a cassette; the pages as they were left."""
    out = tmp_path_factory.mktemp("breath")

    def fill(time: str) -> Any:
        return lambda request: decision(
            "fill",
            fields=[
                {"ref": ref_of(request, "Your name"), "text": "Jana Novak"},
                {"ref": ref_of(request, "Time"), "text": time},
            ],
            expectation="my name in, 14:00 chosen",
        )

    booking = iter(
        [
            fill("Sunday 9:00"),
            fill("saturday 14:00"),  # the label in another case: the option is still the one meant
            lambda request: decision("click", ref_of(request, "Book"), expectation="booked"),
            lambda request: decision("done", evidence=BOOKED),
        ]
    )
    todo = iter(
        [
            lambda request: decision(
                "type", ref_of(request, "New todo"), text="Buy oat milk", key="Enter", expectation="added"
            ),
            lambda request: decision("done", evidence="Buy oat milk"),
        ]
    )
    context = browser.new_context()
    try:
        pages = {name: context.new_page() for name in ("booking", "todo")}
        sessions = {
            "booking": run(
                pages["booking"],
                JANA,
                lambda request: next(booking)(request),
                out / "b",
                f"{site}/booking.html",
                out / "booking.yaml",
            ),
            "todo": run(
                pages["todo"],
                NOOR,
                lambda request: next(todo)(request),
                out / "t",
                f"{site}/todo-alike.html",
                out / "todo.yaml",
            ),
        }
        left = {
            "time": pages["booking"].locator("select[name=time]").input_value(),
            "todos": pages["todo"].locator("li label").all_text_contents(),
        }
    finally:
        context.close()
    return {"out": out, "left": left, **sessions}


def test_a_fill_sets_a_dropdown_by_its_label_and_says_so_and_a_label_no_option_has_is_told_at_once(recorded):
    result: SessionResult = recorded["booking"]
    assert result.goal_achieved and [step.action.kind for step in result.steps if step.action] == [
        "fill",
        "fill",
        "click",
        "done",
    ]
    missed, filled = result.steps[0].outcome, result.steps[1].outcome
    assert not missed.ok and "field 2 of 2" in missed.message
    assert "no option 'Sunday 9:00': the dropdown offers 'Saturday 10:00', 'Saturday 14:00'" in missed.message
    assert (
        filled.ok and filled.message.startswith("typed 2 fields; e") and "selected 'Saturday 14:00'" in filled.message
    )
    assert filled.chosen == {1: "Saturday 14:00"} and recorded["left"]["time"] == "Saturday 14:00"


def test_a_type_with_enter_adds_the_todo_in_one_step_and_the_reader_says_what_the_key_did(recorded):
    result: SessionResult = recorded["todo"]
    typed = result.steps[0].outcome
    assert result.goal_achieved and len(result.steps) == 2
    assert typed.ok and typed.message.startswith("typed; pressed Enter")
    assert "Added: Buy oat milk" in [said.text for said in typed.announced]  # the press's announcement, told
    assert recorded["left"]["todos"] == ["Buy milk", "Walk the dog", "Call Jana", "Buy oat milk"]


def test_both_cassettes_replay_with_no_model_to_the_same_page(recorded, context, site):
    out = recorded["out"]
    booking, todo = context.new_page(), context.new_page()
    again = run(booking, JANA, NoModel(), out / "rb", f"{site}/booking.html", out / "booking.yaml")
    assert again.goal_achieved and again.replay is not None and again.replay.replayed == 4
    assert booking.locator("select[name=time]").input_value() == "Saturday 14:00"
    again = run(todo, NOOR, NoModel(), out / "rt", f"{site}/todo-alike.html", out / "todo.yaml")
    assert again.goal_achieved and again.steps[0].outcome.message.startswith("typed; pressed Enter")
    assert todo.locator("li label").all_text_contents()[-1] == "Buy oat milk"


def test_both_journeys_export_the_select_and_the_press_and_run_as_plain_tests(recorded, site, pytester):
    booking = journey(recorded["booking"], "tests/test_book.py::test_book[chromium]")
    todo = journey(recorded["todo"], "tests/test_todo.py::test_todo[chromium]")
    assert booking is not None and todo is not None
    assert booking.steps == [
        'page.get_by_role("textbox", name="Your name").fill("Jana Novak")',
        'page.get_by_role("combobox", name="Time").select_option(label="Saturday 14:00")',
        'page.get_by_role("button", name="Book").click()',
    ]
    assert todo.steps == [
        'page.get_by_role("textbox", name="New todo").fill("Buy oat milk")',
        'page.get_by_role("textbox", name="New todo").press("Enter")',
    ]
    for found in (booking, todo):
        write(found, pytester.path)
    pytester.makeconftest(ALONE_CONFTEST)
    pytester.makeini("[pytest]\n")
    args = ("-p", "no:useragent", "-p", "no:cacheprovider", f"--base-url={site}")
    pytester.runpytest_subprocess(*args, timeout=240).assert_outcomes(passed=2)


def test_a_keyboard_persona_is_refused_a_key_on_a_field_focus_is_not_on_and_presses_it_where_focus_is(
    page, site, tmp_path
):
    steps = iter(
        [
            lambda request: decision("type", ref_of(request, "New todo"), text="Buy oat milk", key="Enter"),
            lambda request: decision("press", key="Tab", target="New todo", expectation="on the field"),
            lambda request: decision("type", text="Buy oat milk", key="Enter", expectation="added"),
            lambda request: decision("give_up", reason="seen enough"),
        ]
    )
    result = run(page, KAI, lambda request: next(steps)(request), tmp_path, f"{site}/todo-alike.html")
    refused, walked, typed = (step.outcome for step in result.steps[:3])
    assert (
        not refused.ok
        and refused.message.startswith("a keyboard acts where focus is")
        and "not pressed" in refused.message
    )
    assert walked.ok and "reached it" in walked.message
    assert typed.ok and typed.message.startswith("typed; pressed Enter") and typed.locator is not None
    labels = page.locator("li label").all_text_contents()
    assert labels.count("Buy oat milk") == 1  # once: the refused step typed nothing and pressed nothing
    assert page.evaluate("() => document.activeElement.className") == "new-todo"
