"""Every kind of action the model may send is carried out by exactly one row of the session's action table."""

from __future__ import annotations

from typing import get_args

from pytest_useragent.records import ActionKind
from pytest_useragent.session.carry_out import HANDLERS, PAGE_ACTIONS


def unhandled(table: dict[str, object]) -> set[str]:
    return set(get_args(ActionKind)) ^ set(table)


def test_every_kind_has_a_handler_and_no_other_kind_does() -> None:
    assert unhandled(HANDLERS) == set()


def test_a_kind_left_out_of_the_table_is_found() -> None:
    assert unhandled({kind: handler for kind, handler in HANDLERS.items() if kind != "look"}) == {"look"}
    assert unhandled({**HANDLERS, "teleport": HANDLERS["click"]}) == {"teleport"}


def test_page_actions_are_the_kinds_that_touch_the_page() -> None:
    assert {kind for kind, handler in HANDLERS.items() if handler is HANDLERS["click"]} == set(PAGE_ACTIONS)
