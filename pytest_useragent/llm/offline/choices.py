"""Pure: the choices a goal names on a form, made before the form is sent. A goal that sends a form and names its
answers ("Send the survey with 'Often' and 'Evenings'", "Wyślij ankietę z odpowiedzią „Często”") has each named
choice made first: the radio or box whose name is the value (case and diacritics aside), or the option of a list or
a dropdown so named; a value the page offers as a choice is never typed into a field (`step.Situation.pending`).
A box of a group of choices (a survey's answers) is ticked only when the goal names it, never as a form's one box to
tick (its terms)."""

from __future__ import annotations

from dataclasses import replace

from pytest_useragent.llm.offline.lexicon import fold
from pytest_useragent.llm.offline.memory import Expected
from pytest_useragent.llm.offline.page import Element, parse_snapshot
from pytest_useragent.llm.offline.pairing import before_values, named_field
from pytest_useragent.llm.offline.step import CHOSE, SHOWN_CHOSEN, Move, Situation
from pytest_useragent.llm.offline.widget import names
from pytest_useragent.records import Action

TICKED = frozenset({"radio", "checkbox", "switch"})
GROUPS = frozenset({"group", "radiogroup", "list", "listbox"})


def choose(now: Situation) -> Move | None:
    """The next choice the goal's quoted values name that the page does not show made: a click on the radio, box or
    listbox option, a select on the dropdown that holds the option; None when every named choice is made."""
    for value in now.values:
        element = _choice(now.elements, value)
        if element is None or CHOSE + element.key in now.tried or element.disabled:
            continue
        box = _dropdown(now.elements, element) if element.role == "option" else None
        if not element.ref and not (box is not None and box.ref):  # a `<select>`'s option is chosen through it
            continue
        key = CHOSE + element.key
        if element.role in TICKED and not element.checked:
            expected = Expected(kind="state", role=element.role, name=element.name, state="checked")
            notice = f'The form asks; I choose "{element.name}".'
            return Move(notice, expected, Action(kind="click", ref=element.ref), key)
        if element.role == "option" and not element.selected and "selected" not in element.states:
            if box is not None and box.ref:
                expected = Expected(kind="plain", target=f'"{box.name}" shows "{element.name}".')
                action = Action(kind="select", ref=box.ref, text=element.name)  # the dropdown is then answered
                return Move(f'I can choose "{element.name}".', expected, action, key, also=(box.key,))
            expected = Expected(kind="state", role="option", name=element.name, state="selected")
            return Move(f'I choose "{element.name}".', expected, Action(kind="click", ref=element.ref), key)
    return None


def choose_found(now: Situation) -> Move | None:
    """Right after `find`: a choice the goal names that the page shows only counted (a dropdown's two hundred options
    are one line), chosen from what `find` showed of it (an option under its dropdown's line)."""
    last = now.request.last_outcome
    if not (now.request.last_action or "").startswith("find") or last is None or not last.ok:
        return None
    return choose(replace(now, elements=parse_snapshot(last.message)))


def choose_named(now: Situation) -> Move | None:
    """A quoted value the page offers no choice of in sight, whose words name a dropdown ("the city «Warsaw»":
    "City"): chosen there, as a person types it on the dropdown (the browser goes to the option it begins: "Warsaw,
    Poland"); never typed into a text field. A screen reader reads a closed dropdown as its one chosen option."""
    boxes = [e for e in now.elements if e.role == "combobox" and e.ref and e.name and now.untried(e)]
    if not boxes:
        return None
    for value, before in before_values(now.goal):
        if value not in now.pending and f'found "{value}"' not in now.tried:  # typed, or chosen where it is in sight
            continue
        box = named_field(before, boxes, now.lex)
        if box is not None and box.ref:
            expected = Expected(kind="plain", target=f'"{box.name}" shows "{value}".')
            action = Action(kind="select", ref=box.ref, text=value)
            return Move(
                f'"{box.name}" asks; I choose "{value}".', expected, action, f'{CHOSE}option "{value}"', also=(box.key,)
            )
    return None


def _choice(elements: list[Element], value: str) -> Element | None:
    """The choice named `value`: its whole name first, else the shortest name that holds it as whole words."""
    offered = [e for e in elements if e.role in TICKED or e.role == "option"]
    same = next((e for e in offered if e.name and fold(e.name) == fold(value)), None)
    holding = [e for e in offered if e.name and names(e, value)]
    return same or min(holding, key=lambda e: len(e.name), default=None)


def _dropdown(elements: list[Element], option: Element) -> Element | None:
    """The dropdown (a `<select>`'s combobox) that holds the option, when it sits in one."""
    if "combobox" not in option.within:
        return None
    return next((e for e in reversed(elements[: elements.index(option)]) if e.role == "combobox"), None)


def in_group(elements: list[Element], box: Element) -> bool:
    """Whether the box is one of several in a group (a fieldset, a list): one answer of a question, not a form's own
    box to tick."""
    at, depth = elements.index(box), len(box.within)
    start = None
    for before in range(at - 1, -1, -1):
        if len(elements[before].within) < depth and elements[before].role in GROUPS:
            start = before
            break
    if start is None:
        return False
    inside = len(elements[start].within)
    boxes = 0
    for element in elements[start + 1 :]:
        if len(element.within) <= inside:
            break
        boxes += element.role == "checkbox"
    return boxes >= 2


def shown_chosen(elements: list[Element], values: list[str], tried: tuple[str, ...]) -> tuple[str, ...]:
    """The goal's choices the page shows made, however they were (an arrow key moves a native radio group's check
    along), to remember: once the form is sent and gone, a value chosen is still no value to type."""
    found = []
    for value in values:
        element = _choice(elements, value)
        made = element is not None and (element.checked or element.selected or "selected" in element.states)
        if element is not None and made and SHOWN_CHOSEN + element.key not in tried:
            found.append(SHOWN_CHOSEN + element.key)
    return tuple(found)
