"""A state claimed on a control with no name (TodoMVC's tick boxes, named by no label): the persona names it by its
ref, as its snapshot shows it, and the page read again holds the claim only for that box in that state."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pytest_useragent import Agent, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.testing import ScriptedProvider, decision

SAM = Persona("Sam, 31, uses a mouse.")


@pytest.mark.parametrize(("claimed", "done"), [(1, True), (0, False)])  # the twin: the box left unticked
def test_a_ticked_unnamed_box_is_claimed_by_its_ref(page, site, tmp_path, claimed, done):
    boxes: list[str] = []

    def tick(request: Any) -> Any:
        boxes.extend(re.findall(r"- checkbox \[checked=false\] \[ref=(e\d+)\]", request.observation.snapshot))
        return decision("click", boxes[1], expectation="the second todo ticked")

    steps = iter([tick, lambda request: decision("done", evidence=f"checkbox [checked] [ref={boxes[claimed]}]")])
    agent = Agent(
        page, SAM, ScriptedProvider(lambda request: next(steps)(request)), UserAgentConfig(settle_timeout=2), tmp_path
    )
    result = agent.run("Tick the second todo", url=f"{site}/todo-alike.html", max_steps=2)
    assert len(boxes) == 3
    assert (result.outcome == "goal_achieved") is done, result.steps[-1].outcome.message
