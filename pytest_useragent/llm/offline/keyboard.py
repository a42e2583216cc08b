"""Pure: the offline engine's move made with the keyboard, for a persona that `uses` one. The move it would make with
a mouse names its element; with the keyboard it gets there by the keys the element's widget defines (the WAI-ARIA
APG patterns): Tab to the widget (Shift+Tab to one before focus), then, inside a radio group (a fieldset of native
radios too), tab list, listbox, tree or menu, the arrows towards the item (one Tab stop holds them all); in an open
combobox, whose current option (aria-activedescendant) no snapshot shows, Home and then ArrowDown as many times as
the option's place. There it activates: Space on a box or a radio,
ArrowRight on a folder to open, ArrowDown on a combobox to open it, Enter on anything else; it types into a field
(a dropdown's option by its label). Each key's expectation is read off the next snapshot: the focus marker (or the
selected item of a widget that keeps focus itself) moved, or the state asked for shown. When Tab has come round
without reaching the element, it presses Escape once (a dialog that holds focus may let go), and after that gives
up: what it wants no keyboard reaches."""

from __future__ import annotations

from dataclasses import replace

from pytest_useragent.llm.base import StepRequest
from pytest_useragent.llm.offline.memory import Expected
from pytest_useragent.llm.offline.page import Element
from pytest_useragent.llm.offline.step import STOP, Move
from pytest_useragent.llm.offline.widget import COMPOSITES, container, current, focused, items, place
from pytest_useragent.records import Action

KEYBOARD = frozenset({"keyboard"})
"""The persona's `uses` the engine moves with the keyboard for."""
SPACE_ROLES = frozenset({"checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"})
"""Controls Space works (Enter does nothing on a checkbox)."""
ESCAPED = "pressed Escape"
"""What the engine remembers after pressing Escape where Tab came round."""


def by_keyboard(made: Move, request: StepRequest, elements: list[Element], tried: tuple[str, ...]) -> Move:
    """`made`, done with the keyboard: as it is when it needs no element or its element has focus (a click becomes
    the key the element's role takes); arrows inside the widget that has focus; otherwise a Tab towards it, Escape
    where Tab came round, then giving up."""
    if made.action.kind == "fill" and made.action.fields and request.persona.uses in KEYBOARD:
        first = made.action.fields[0]  # one field at a time, where focus is: the next step Tabs on to the next
        made = replace(made, action=Action(kind="type", ref=first.ref, text=first.text), also=())
    focus, action = request.focus, made.action
    if focus is None or request.persona.uses not in KEYBOARD or not action.ref:
        return made
    target = next((element for element in elements if element.ref == action.ref), None)
    if action.ref == focus.ref:
        return _activate(made, target)
    on = focused(elements)
    if on is not None and target is not None and on.key == target.key and on.ref != target.ref:
        expected = Expected(kind="moves", target=place(elements))  # a namesake (another row's "Add"): one Tab on
        return Move(f'This "{target.name}" is another one.', expected, Action(kind="press", key="Tab"))
    inside = within(made, elements, target, tried)
    if inside is not None:
        return inside
    name = target.name if target is not None and target.name else action.ref
    last = request.last_outcome
    tabbed = (request.last_action or "").startswith(
        "press Tab"
    )  # after Shift+Tab, focus is back where it was: no round
    round_ = (focus.round and tabbed) or (last is not None and last.came_round)
    if round_ and ESCAPED not in tried:
        expected = Expected(kind="plain", target="Escape lets focus out.")
        notice = f'Tab comes back round without reaching "{name}".'
        return Move(notice, expected, Action(kind="press", key="Escape"), ESCAPED)
    if round_:
        why = f'Tab never reaches "{name}": I cannot get to it with the keyboard'
        return Move(f'I cannot reach "{name}".', STOP, Action(kind="give_up", reason=why))
    expected = Expected(kind="moves", target=place(elements))
    key = "Shift+Tab" if behind(elements, target) else "Tab"
    notice = f'I {"Shift+" if key != "Tab" else ""}Tab towards "{name}".'
    return Move(notice, expected, Action(kind="press", key=key, target=stop_at(elements, target)))


def behind(elements: list[Element], target: Element | None) -> bool:
    """Whether the element comes before the one focus is on, in page order: Shift+Tab goes back to it (Tab would
    walk off the page's end first). Not from inside a dialog: a person Tabs there first, and Tab coming round in it is
    what tells a dialog that holds focus (then Escape)."""
    on = focused(elements)
    if on is None or target is None or {"dialog", "alertdialog"} & {on.role, *on.within}:
        return False
    return elements.index(target) < elements.index(on)


def stop_at(elements: list[Element], target: Element | None) -> str | None:
    """Where a Tab walk towards `target` stops, as a press's target: the target itself by role and name, or, for an
    item of a composite widget (one Tab stop for all its items), the first element of its kind, from where the
    arrows go on; None when it cannot be named (a Tab at a time)."""
    if target is None or not target.name:
        return None
    box = container(elements, target)
    if box is None or elements[box] is target:
        return f"{target.role} {target.name}"
    return "listbox" if target.role == "option" else target.role


def within(made: Move, elements: list[Element], target: Element | None, tried: tuple[str, ...]) -> Move | None:
    """The keys that reach `target` from inside the widget that has focus: an open combobox's option (Home, then
    ArrowDown to its place, then Enter, which is `made` pressed), or the arrow towards an item of the same radio
    group, tab list, listbox, tree or menu; None when focus is not in the target's widget."""
    on = focused(elements)
    if on is None or target is None:
        return None
    if on.role == "combobox" and "expanded" in on.states and target.role == "option":
        return _down_to(made, elements, on, target, tried)
    box = container(elements, target)
    if box is None or container(elements, on) != box:
        return None
    own, now = items(elements, box), current(elements, box)
    if target not in own or now is None or now == target:
        return None
    forward = own.index(target) > own.index(now)
    horizontal = COMPOSITES.get(elements[box].role) == "horizontal"
    key = ("ArrowRight" if forward else "ArrowLeft") if horizontal else ("ArrowDown" if forward else "ArrowUp")
    expected = Expected(kind="moves", target=place(elements))
    return Move(f'I move with the arrows towards "{target.name}".', expected, Action(kind="press", key=key))


def _down_to(made: Move, elements: list[Element], box: Element, option: Element, tried: tuple[str, ...]) -> Move:
    """In an open combobox: Home to its first option, ArrowDown once a step to the option's place (counted, as
    the current option is not in the snapshot), then Enter; the list staying open is what each key is judged by."""
    still = Expected(kind="state", role="combobox", name=box.name, state="expanded")
    homed = f"homed {box.key}"
    if homed not in tried:
        return Move(f'I go to the first option of "{box.name}".', still, Action(kind="press", key="Home"), homed)
    at = elements.index(box)
    options = [e for e in elements[at + 1 :] if e.role == "option"]
    moved = sum(1 for key in tried if key.startswith(f"arrowed {box.key} "))
    if moved < options.index(option):
        notice = f'I move down towards "{option.name}".'
        return Move(notice, still, Action(kind="press", key="ArrowDown"), f"arrowed {box.key} {moved + 1}")
    return replace(made, action=Action(kind="press", key="Enter"))


def _activate(made: Move, target: Element | None) -> Move:
    """The move on the focused element: a click pressed (Space on a box or a radio, ArrowRight on a folder to open,
    ArrowDown on a combobox, Enter on anything else), an option of a dropdown typed (the browser picks the option its
    label starts with)."""
    action = made.action
    if action.kind == "select":
        return replace(made, action=Action(kind="type", ref=action.ref, text=action.text))
    if action.kind != "click":
        return made
    role = target.role if target is not None else ""
    key = "Space" if role in SPACE_ROLES else "Enter"
    if role == "treeitem" and made.expected.state == "expanded":
        key = "ArrowRight"
    elif role == "combobox":
        key = "ArrowDown"
    return replace(made, action=Action(kind="press", ref=action.ref, key=key))
