"""A key after the text (`{"kind": "type", "ref": "e5", "text": "Buy oat milk", "key": "Enter"}`, issue 40's "a
cheaper session"): the text typed, then the key pressed on the field as a press of its own, in one step; a text that
failed is not pressed; what a persona may not do stays refused, key or none; an exported journey presses it too."""

from __future__ import annotations

from typing import Any

from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.ledger import Spending
from pytest_useragent.records import Action, ActionOutcome, FormField, Persona
from pytest_useragent.replay.journey import CODE, _acts
from pytest_useragent.session.coordinator import Session
from pytest_useragent.session.state import Setup
from pytest_useragent.testing import FakePage, ScriptedProvider, decision

START = "https://todo.test/"
PAGES = {START: "todos\ntextbox What needs to be done?"}


def one_step(tmp_path, page: FakePage, kind: str, persona: Persona | None = None, **fields: Any) -> ActionOutcome:
    """The outcome of a session's one step of `kind` (then a give_up)."""
    steps = [decision(kind, **fields), decision("give_up", reason="that is all")]
    config = UserAgentConfig(max_steps=3)
    finished: list[Any] = []
    setup = Setup(
        page=page,
        persona=persona or Persona(name="Jana"),
        provider=ScriptedProvider(steps),
        config=config,
        directory=tmp_path / "s",
        spending=Spending.start(config, tmp_path / "ledger.json"),
        finished=finished.append,
    )
    Session(setup).run("Add a todo", START)
    result = finished[0]
    assert len(result.steps) == 2  # one step, however many things it did on the page
    return result.steps[0].outcome


def test_a_type_with_a_key_types_then_presses_it_on_the_same_field_in_one_step(tmp_path):
    page = FakePage(PAGES)
    outcome = one_step(tmp_path, page, "type", ref="e2", text="Buy oat milk", key="Enter")
    assert [(a.kind, a.ref, a.text, a.key) for a in page.acted] == [
        ("type", "e2", "Buy oat milk", None),
        ("press", "e2", None, "Enter"),
    ]
    assert outcome.ok and outcome.message == "type done; press done"


def test_the_twin_a_type_without_a_key_presses_nothing(tmp_path):
    page = FakePage(PAGES)
    outcome = one_step(tmp_path, page, "type", ref="e2", text="Buy oat milk")
    assert [a.kind for a in page.acted] == ["type"] and outcome.message == "type done"


def test_a_fill_with_a_key_presses_it_on_its_last_field(tmp_path):
    page = FakePage(PAGES)
    fields = [FormField(ref="e2", text="jana"), FormField(ref="e3", text="{{password}}")]
    outcome = one_step(tmp_path, page, "fill", fields=fields, key="Enter")
    assert [(a.kind, a.ref, a.key) for a in page.acted] == [("fill", None, None), ("press", "e3", "Enter")]
    assert outcome.ok


def test_a_text_that_failed_is_not_pressed_and_a_key_that_failed_fails_the_step(tmp_path):
    typed = FakePage(PAGES, act=lambda action: ActionOutcome(ok=False, message="no element e2 on the page now"))
    outcome = one_step(tmp_path, typed, "type", ref="e2", text="Buy oat milk", key="Enter")
    assert [a.kind for a in typed.acted] == ["type"]
    assert not outcome.ok and outcome.message == "no element e2 on the page now; Enter was not pressed"

    said = {"type": ActionOutcome(ok=True, message="typed"), "press": ActionOutcome(ok=False, message="Unknown key")}
    pressed = FakePage(PAGES, act=lambda action: said[action.kind])
    outcome = one_step(tmp_path / "2", pressed, "type", ref="e2", text="Buy oat milk", key="Submit")
    assert not outcome.ok and outcome.message == "typed; Unknown key"


def test_a_keyboard_persona_is_refused_a_fill_key_or_none_and_nothing_is_typed_or_pressed(tmp_path):
    page = FakePage(PAGES)
    kai = Persona(name="Kai", uses="keyboard")
    outcome = one_step(tmp_path, page, "fill", kai, fields=[FormField(ref="e2", text="x")], key="Enter")
    assert page.acted == [] and not outcome.ok and outcome.message.startswith("refused: a keyboard user fills one")


def test_an_exported_journey_types_then_presses_on_the_same_field():
    todo = 'get_by_role("textbox", name="What needs to be done?")'
    typed = Action(kind="type", ref="e2", text="Buy oat milk", key="Enter")
    acts = _acts(typed, ActionOutcome(ok=True, message="typed; pressed Enter", locator=todo))
    assert acts is not None
    lines = [CODE[action.kind](action, f"page.{locator}") for action, locator in acts]
    assert lines == [f'page.{todo}.fill("Buy oat milk")', f'page.{todo}.press("Enter")']
    (alone,) = _acts(typed.model_copy(update={"key": None}), ActionOutcome(ok=True, message="typed", locator=todo))
    assert alone[0].key is None  # the twin: no key, no press
    # a press keeps its own key
    ((press, _),) = _acts(Action(kind="press", key="Escape"), ActionOutcome(ok=True, message="pressed Escape"))
    assert CODE["press"](press, None) == 'page.keyboard.press("Escape")'
    assert typed.describe() == 'type e2 "Buy oat milk" Enter'
