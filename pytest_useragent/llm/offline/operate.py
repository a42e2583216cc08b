"""Pure: the offline engine's rule for a goal that operates a widget on the page (`widget.widget_goal`), as a mouse
or a screen reader makes it; `keyboard.by_keyboard` makes the same move with the keys the widget's APG pattern
defines. What hides the target is opened first (a combobox, a menu button); a target that is not there, or is
disabled, is given up on at once, never looked for on the demo's other pages; a target chosen that does not show
the state asked for is given up on too. It is done only on the state read off the snapshot (`evidence`)."""

from __future__ import annotations

import re

from pytest_useragent.llm.offline.clicks import clickable
from pytest_useragent.llm.offline.lexicon import ENGLISH, Lexicon, fold
from pytest_useragent.llm.offline.memory import Expected
from pytest_useragent.llm.offline.page import Element, notable, refuses
from pytest_useragent.llm.offline.step import CHOSE, STOP, Move, Situation
from pytest_useragent.llm.offline.value import DOWN_WORDS, PRESSED, UP_WORDS, learned, number, plan, shown, widget_of
from pytest_useragent.llm.offline.widget import evidence_line, names, opener, target_of, wanted_state
from pytest_useragent.records import Action
from pytest_useragent.records.evidence import StateClaim

MENU_ITEM = CHOSE + "menuitem "


def evidence(now: Situation) -> str | None:
    """What shows a widget goal done: the target with the state asked for, as the snapshot writes it (`radio
    "Anchovies" [checked]`), which the harness reads back in the page's snapshot; for a menu item, chosen by the
    engine, a new status or alert that names it, and is more than the goal's words."""
    goal = now.widget
    if goal is None:
        return None
    target = target_of(now.elements, goal)
    state = wanted_state(target, goal) if target is not None else None
    if target is not None and target.role == "option" and state not in target.states:
        box = _showing(now.elements, target.name)  # an autocomplete's list forgets the choice its box shows
        if box is not None:
            return str(StateClaim(role="combobox", name=box.name or "", value=box.value))
    if target is not None and state is not None:
        return evidence_line(target, state) if state in target.states else None
    if not any(key.startswith(CHOSE) for key in now.memory.tried):
        return None
    said = set(now.memory.said)
    news = [
        text
        for text in notable(now.elements, [], now.lex)
        if text not in said and not refuses(text, now.lex)
        if names(Element("text", text, None), goal.target) and text.casefold() not in now.request.goal.casefold()
    ]
    return news[0] if news else None


def operate(now: Situation) -> Move | None:
    """The next move on the widget the goal names; None for any other goal."""
    goal = now.widget
    if goal is None:
        return None
    target = target_of(now.elements, goal)
    if target is None:
        chosen = next((key for key in now.tried if key.startswith(MENU_ITEM) and names(_named(key), goal.target)), None)
        if chosen is not None:  # a menu item chosen, gone with its menu: no text or state of the page shows it
            return _give_up(f'I chose "{_named(chosen).name}"; nothing on the page shows it')
        return _uncover(now, goal.target)
    if target.disabled:
        return _give_up(f'"{target.name}" is disabled: it cannot be chosen')
    key = CHOSE + target.key
    state = wanted_state(target, goal)
    if key in now.tried:
        return _give_up(f'I chose "{target.name}", and the page does not show it {state or "answered"}')
    box = next((e for e in now.elements if e.role == "combobox" and "expanded" in e.states), None)
    if target.role == "option" and box is not None:  # choosing closes the list: the box shows what was chosen
        expected = Expected(kind="state", role="combobox", name=box.name, state="value", target=target.name)
    elif state is not None:
        expected = Expected(kind="state", role=target.role, name=target.name, state=state)
    else:
        expected = Expected(kind="confirms", target=target.name)
    notice = f'There is {target.role} "{target.name}".'
    native = next((e for e in reversed(now.elements[: now.elements.index(target)]) if e.role == "combobox"), None)
    if "combobox" in target.within and native is not None:  # a <select>'s option: chosen by its label
        return Move(notice, expected, Action(kind="select", ref=native.ref, text=target.name), key)
    return Move(notice, expected, Action(kind="click", ref=target.ref), key)


def _showing(elements: list[Element], name: str | None) -> Element | None:
    """The combobox whose value is the option's name: the choice made, as its box shows it."""
    wanted = (name or "").casefold()
    return next((e for e in elements if e.role == "combobox" and wanted and (e.value or "").casefold() == wanted), None)


def _named(key: str) -> Element:
    """The element a `chose role "name"` key names, as a text to match the target's words against."""
    return Element("text", key.removeprefix(CHOSE).split(" ", 1)[-1].strip('"'), None)


def _uncover(now: Situation, wanted: str) -> Move:
    """The target is not on the page as it is: open what hides it (again, to read back a choice the box shows), or
    give up, since it is not there."""
    shown = next(
        (e for e in now.elements if e.role == "combobox" and e.ref and (e.value or "").casefold() == wanted.casefold()),
        None,
    )
    if shown is not None and f"reopened {shown.key}" not in now.tried:
        expected = Expected(kind="state", role="combobox", name=shown.name, state="expanded")
        notice = f'"{shown.name}" shows "{shown.value}"; I open it to see it chosen.'
        return Move(notice, expected, Action(kind="click", ref=shown.ref), f"reopened {shown.key}")
    hiding = opener(now.elements, now.words, frozenset(key.removeprefix("opened ") for key in now.tried))
    if hiding is not None and f"opened {hiding.key}" not in now.tried:
        expected = Expected(kind="state", role=hiding.role, name=hiding.name, state="expanded")
        notice = f'"{hiding.name}" may hold "{wanted}".'
        return Move(notice, expected, Action(kind="click", ref=hiding.ref), f"opened {hiding.key}")
    shows = [e for e in now.elements if clickable(e) and e.ref and len(wanted.split()) >= 3 and now.untried(e)]
    shows = [e for e in shows if fold(wanted) in fold(e.name)]  # a picture's link named by its alt: it opens it
    if shows:
        expected = Expected(kind="mentions", target=wanted)
        return Move(
            f'"{shows[0].name}" shows "{wanted}".', expected, Action(kind="click", ref=shows[0].ref), shows[0].key
        )
    return _give_up(f'there is no "{wanted}" here to choose')


def _give_up(why: str) -> Move:
    return Move("What my goal names cannot be had here.", STOP, Action(kind="give_up", reason=why))


def adjust(now: Situation) -> Move | None:
    """The next move on the value widget the goal names (`value.value_goal`): the key `value.plan` picks, pressed on
    it (a mouse clicks the widget's own increase or decrease button for an arrow, when it has one), expecting the
    value to change; a key that leaves it where it was twice is stuck (`moves._stuck`), and the engine gives up."""
    goal = now.value
    if goal is None:
        return None
    widget = widget_of(now.elements, goal)
    value = number(shown(now.elements, widget)) if widget is not None and not widget.disabled else None
    if widget is None or value is None:
        return _give_up(f'{goal.role} "{goal.name}" shows no value I can set')
    key = plan(learned(now.memory.tried, goal, value), value, goal.wanted)
    said = f'{goal.role} "{goal.name}" shows {value:g}; I want {goal.wanted:g}.'
    expected = Expected(kind="state", role=goal.role, name=goal.name, state="changed", target=f"{value:g}")
    remembered = f'{PRESSED}{key} {goal.role} "{goal.name}" at {value!r}'
    button = _button(now.elements, widget, key, now.lex) if now.request.persona.uses != "keyboard" else None
    if button is not None:
        return Move(said, expected, Action(kind="click", ref=button.ref), remembered)
    return Move(said, expected, Action(kind="press", ref=widget.ref, key=key), remembered)


def _button(elements: list[Element], widget: Element, key: str, lex: Lexicon = ENGLISH) -> Element | None:
    """The widget's own button for an arrow (a spin button's + and -, APG's quantity spin button): the nearest button
    beside it that is named (or shows) increase or decrease; none for the other keys."""
    if key not in ("ArrowUp", "ArrowDown"):
        return None
    words = set(UP_WORDS if key == "ArrowUp" else DOWN_WORDS)
    theirs = lex.up_words if key == "ArrowUp" else lex.down_words
    at = elements.index(widget)
    beside = [
        (abs(index - at), e)
        for index, e in enumerate(elements[max(0, at - 2) : at + 3], start=max(0, at - 2))
        if e.role == "button" and e.ref and not e.disabled
        if words & set(re.findall(r"[^\W\d_]+|[+\-−]", f"{e.name} {e.value or ''}".lower()))
        or theirs.said(f"{e.name} {e.value or ''}")
    ]
    return min(beside, key=lambda pair: pair[0])[1] if beside else None
