"""A key pressed N times in one step (`{"kind": "press", "key": "ArrowDown", "times": 5}`, issue 40's "or N presses"):
each press one of its own on the page, a failing one stops them there, the outcome says how many were made; and an
exported journey presses as often."""

from __future__ import annotations

from typing import Any

from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.ledger import Spending
from pytest_useragent.records import Action, ActionOutcome, Persona
from pytest_useragent.replay.journey import CODE, _acts
from pytest_useragent.session.coordinator import Session
from pytest_useragent.session.state import Setup
from pytest_useragent.testing import FakePage, ScriptedProvider, decision

START = "https://shop.test/"
PAGES = {START: "Volume\nslider Volume 5"}


def pressed(tmp_path, page: FakePage, **fields: Any) -> tuple[list[Action], str]:
    """The presses a session's one press step made on the page, and its outcome."""
    steps = [decision("press", key="ArrowDown", **fields), decision("give_up", reason="that is all")]
    config = UserAgentConfig(max_steps=3)
    finished: list[Any] = []
    setup = Setup(
        page=page,
        persona=Persona(name="Jana"),
        provider=ScriptedProvider(steps),
        config=config,
        directory=tmp_path / "s",
        spending=Spending.start(config, tmp_path / "ledger.json"),
        finished=finished.append,
    )
    Session(setup).run("Turn the volume down", START)
    outcome = finished[0].steps[0].outcome
    assert outcome.presses == (len([a for a in page.acted if a.kind == "press"]) if fields.get("times") else None)
    return [action for action in page.acted if action.kind == "press"], outcome.message


def test_a_key_pressed_five_times_is_five_presses_told_as_such(tmp_path):
    presses, said = pressed(tmp_path, FakePage(PAGES), times=5)
    assert len(presses) == 5 and all(action.times is None for action in presses)
    assert said == "pressed ArrowDown x5: press done"


def test_the_twin_a_press_without_times_is_one_press(tmp_path):
    presses, said = pressed(tmp_path, FakePage(PAGES))
    assert len(presses) == 1 and said == "press done"


def test_a_failing_press_stops_the_presses_there(tmp_path):
    outcomes = iter([ActionOutcome(ok=True, message="pressed"), ActionOutcome(ok=False, message="the page is gone")])
    page = FakePage(PAGES, act=lambda action: next(outcomes, ActionOutcome(ok=True, message="more")))
    presses, said = pressed(tmp_path, page, times=5)
    assert len(presses) == 2 and said == "pressed ArrowDown x2: the page is gone"


def test_an_exported_journey_presses_as_often():
    assert CODE["press"](Action(kind="press", key="ArrowDown", times=3), None) == (
        'for _ in range(3): page.keyboard.press("ArrowDown")'
    )
    assert CODE["press"](Action(kind="press", key="Enter"), None) == 'page.keyboard.press("Enter")'
    assert Action(kind="press", key="ArrowDown", times=3).describe() == "press ArrowDown x3"


def test_times_out_of_bounds_is_read_within_them():
    # the schema carries no bounds (each would cost every step's cached prefix tokens): the record reads them
    assert Action(kind="press", key="Tab", times=500).presses == 40
    assert Action(kind="press", key="Tab", times=-3).presses == 1 and Action(kind="press", key="Tab").presses == 1


def test_an_exported_journey_presses_a_walk_as_often_as_it_pressed():
    # a press until an element: the journey presses the key as often as the walk did, with no target
    walk = Action(kind="press", key="Tab", target="link Pricing")
    ((action, _),) = _acts(walk, ActionOutcome(ok=True, message="pressed Tab x9 towards ...; reached it", presses=9))
    assert CODE["press"](action, None) == 'for _ in range(9): page.keyboard.press("Tab")'
    ((once, _),) = _acts(Action(kind="press", key="Tab"), ActionOutcome(ok=True, message="pressed Tab"))  # the twin
    assert CODE["press"](once, None) == 'page.keyboard.press("Tab")'
