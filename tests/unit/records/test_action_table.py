"""The action table (`records.ACTIONS`) and each layer's handlers of it: every kind the model may send is in the table,
the session carries out each, and the browser and the journey export each of the page's kinds, and no other."""

from __future__ import annotations

from typing import get_args

import pytest

from pytest_useragent.browser.actions import PERFORM
from pytest_useragent.records import ACTIONS, ON_ELEMENTS, ON_FIELDS, PAGE_ACTIONS, Action, ActionKind
from pytest_useragent.replay.journey import CODE
from pytest_useragent.session.carry_out import HANDLERS


def differs(table: dict[str, object], kinds: tuple[str, ...] | set[str]) -> set[str]:
    """The kinds one table has and the other lacks."""
    return set(kinds) ^ set(table)


def test_the_table_holds_every_kind_the_model_may_send() -> None:
    assert differs(ACTIONS, get_args(ActionKind)) == set()


@pytest.mark.parametrize(("layer", "table", "kinds"), [
    ("session", HANDLERS, tuple(ACTIONS)),
    ("browser", PERFORM, PAGE_ACTIONS),
    ("journey export", CODE, PAGE_ACTIONS),
])  # fmt: skip
def test_each_layer_handles_the_kinds_the_table_gives_it(layer: str, table: dict[str, object], kinds: tuple) -> None:
    assert differs(table, kinds) == set(), f"{layer}: these kinds have no handler, or one the table does not know"


def test_a_kind_left_out_or_made_up_is_found() -> None:
    assert differs({kind: h for kind, h in HANDLERS.items() if kind != "look"}, tuple(ACTIONS)) == {"look"}
    assert differs({**PERFORM, "teleport": PERFORM["click"]}, PAGE_ACTIONS) == {"teleport"}


def test_the_kinds_on_an_element_are_page_actions_whose_export_needs_the_element() -> None:
    assert set(ON_ELEMENTS) == {"click", "type", "select", "hover"} and set(ON_ELEMENTS) <= set(PAGE_ACTIONS)
    assert set(ON_FIELDS) == {"fill"} and set(ON_FIELDS) <= set(PAGE_ACTIONS) and not set(ON_FIELDS) & set(ON_ELEMENTS)
    for kind in ON_ELEMENTS + ON_FIELDS:  # a fill's export is a line per field, each given as its own action
        action = Action(kind=kind, ref="e1", text="x")  # type: ignore[arg-type]
        assert CODE[kind](action, None) is None and CODE[kind](action, "page.get_by_text('x')")
