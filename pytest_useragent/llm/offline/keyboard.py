"""Pure: the offline engine's move made with the keyboard, for a persona that `uses` one. The move it would make with
a mouse names its element; with the keyboard it Tabs until that element has focus, then activates it (Enter, or
Space for a box to tick) or types into it (a dropdown's option by its label). When Tab has come round without
reaching it, it presses Escape once (a dialog that holds focus may let go), and after that gives up: what it wants no
keyboard reaches."""

from __future__ import annotations

from dataclasses import replace

from pytest_useragent.llm.base import StepRequest
from pytest_useragent.llm.offline.memory import Expected
from pytest_useragent.llm.offline.moves import STOP, Move
from pytest_useragent.llm.offline.page import Element
from pytest_useragent.records import Action

KEYBOARD = frozenset({"keyboard"})
"""The persona's `uses` the engine moves with the keyboard for."""
SPACE_ROLES = frozenset({"checkbox", "radio", "switch"})
"""Controls Space works (Enter does nothing on a checkbox)."""
ESCAPED = "pressed Escape"
"""What the engine remembers after pressing Escape where Tab came round."""


def by_keyboard(made: Move, request: StepRequest, elements: list[Element], tried: tuple[str, ...]) -> Move:
    """`made`, done with the keyboard: as it is when it needs no element or its element has focus (a click becomes
    Enter or Space); otherwise a Tab towards it, Escape where Tab came round, then giving up."""
    if made.action.kind == "fill" and made.action.fields and request.persona.uses in KEYBOARD:
        first = made.action.fields[0]  # one field at a time, where focus is: the next step Tabs on to the next
        made = replace(made, action=Action(kind="type", ref=first.ref, text=first.text), also=())
    focus, action = request.focus, made.action
    if focus is None or request.persona.uses not in KEYBOARD or not action.ref:
        return made
    if action.ref == focus.ref:
        return _activate(made, elements)
    target = next((element for element in elements if element.ref == action.ref), None)
    name = target.name if target is not None and target.name else action.ref
    if focus.round and ESCAPED not in tried:
        expected = Expected(kind="plain", target="Escape lets focus out.")
        notice = f'Tab comes back round without reaching "{name}".'
        return Move(notice, expected, Action(kind="press", key="Escape"), ESCAPED)
    if focus.round:
        why = f'Tab never reaches "{name}": I cannot get to it with the keyboard'
        return Move(f'I cannot reach "{name}".', STOP, Action(kind="give_up", reason=why))
    expected = Expected(kind="plain", target=f'Focus moves on towards "{name}".')
    return Move(f'I Tab towards "{name}".', expected, Action(kind="press", key="Tab"))


def _activate(made: Move, elements: list[Element]) -> Move:
    """The move on the focused element: a click pressed (Space on a box, Enter on anything else), an option of a
    dropdown typed (the browser picks the option its label starts with)."""
    action = made.action
    if action.kind == "select":
        return replace(made, action=Action(kind="type", ref=action.ref, text=action.text))
    if action.kind != "click":
        return made
    role = next((element.role for element in elements if element.ref == action.ref), "")
    key = "Space" if role in SPACE_ROLES else "Enter"
    return replace(made, action=Action(kind="press", ref=action.ref, key=key))
