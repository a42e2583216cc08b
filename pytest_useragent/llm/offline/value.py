"""Pure: goals that set a value widget to a number ("Set the temperature to 20 degrees", "3 adults"): a slider or a
spin button whose name the goal's words share, moved the way the APG slider and spin button patterns define, until
the value it shows is the number asked for. The value is read off the snapshot, never assumed: the widget's own
value (`spinbutton "Adults": "1"`, the screen reader's `slider "Temperature": 25.0°C`) or the texts it holds (the ai
snapshot writes a slider's value text as its children). How far each key goes is learned from what the last key did
(the keys pressed are remembered with the value they started from), so no step size is guessed: arrows for a small
way, Page Up / Page Down for a long one, Home or End first when the big steps do not land on the number. A mouse
clicks the widget's own increase and decrease buttons when it has them. Done only when the value shows the number,
and the evidence is the widget's line (`slider "Temperature" = 20.0°C`), which the verdict reads back in either tree."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pytest_useragent.llm.offline.lexicon import ENGLISH, Lexicon
from pytest_useragent.llm.offline.page import Element, goal_words, matches
from pytest_useragent.records.evidence import StateClaim

VALUED = frozenset({"slider", "spinbutton"})
"""The roles whose state is a number the goal may name."""
NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
"""Numbers a goal may spell out ("two adults")."""
UP_WORDS = ("increase", "increment", "add", "more", "plus", "raise", "up", "+")
DOWN_WORDS = ("decrease", "decrement", "remove", "less", "minus", "lower", "down", "−", "-")
"""What a widget's own buttons are named (or show) that move its value up or down."""
PRESSED = "valued "
"""How a key (or button) pressed on a value widget is remembered: `valued PageDown slider "Temperature" at 25.0`."""
NEAR = 3
"""At most so many small steps (arrows, a button) are taken one by one; a longer way takes the big ones."""
TOLERANCE = 1e-6


@dataclass(frozen=True)
class ValueGoal:
    """What a value goal asks: the widget (by role and name) and the number it should show."""

    role: str
    name: str
    wanted: float


def value_goal(goal: str, elements: list[Element] | tuple[Element, ...], lex: Lexicon = ENGLISH) -> ValueGoal | None:
    """The value widget the goal sets and the number: a slider or spin button whose name shares a content word with
    the goal ("temperature", "adults"), and one number in the goal (a decimal comma too: "21,5"; spelled out in
    English or `lex`'s languages: "dwa", "zwei"); None otherwise (no number, several, no such widget)."""
    numbers = {float(n.replace(",", ".")) for n in NUMBER.findall(goal)}
    numbers |= {float(WORDS[word]) for word in re.findall(r"[a-z]+", goal.lower()) if word in WORDS}
    spelled = (lex.number(word) for word in re.findall(r"[^\W\d_]+", goal))
    numbers |= {float(n) for n in spelled if n is not None}
    if len(numbers) != 1:
        return None
    words = goal_words(goal, lex)
    widget = next(
        (e for e in elements if e.role in VALUED and e.ref and e.name and any(matches(w, e.name) for w in words)), None
    )
    return ValueGoal(role=widget.role, name=widget.name, wanted=numbers.pop()) if widget is not None else None


def shown(elements: list[Element], element: Element) -> str | None:
    """The value the snapshot shows for the widget: its own value, else the texts it holds (the ai snapshot writes a
    slider's value text as its children), joined as the screen reader's tree writes them."""
    if element.value:
        return element.value.strip('"')
    at, depth = elements.index(element), len(element.within)
    held = []
    for inner in elements[at + 1 :]:
        if len(inner.within) <= depth:
            break
        if inner.role in ("generic", "text") and inner.name:
            held.append(inner.name)
    return " ".join(held) or None


def number(value: str | None) -> float | None:
    """The first number a value shows ("25.0°C" -> 25.0)."""
    found = NUMBER.search(value or "")
    return float(found.group().replace(",", ".")) if found else None


def widget_of(elements: list[Element], goal: ValueGoal) -> Element | None:
    return next((e for e in elements if e.role == goal.role and e.name == goal.name and e.ref), None)


def evidence(elements: list[Element], goal: ValueGoal) -> str | None:
    """The widget's line with the value asked for (`slider "Temperature" = 20.0°C 20.0°C`), when it shows it."""
    widget = widget_of(elements, goal)
    value = shown(elements, widget) if widget is not None else None
    now = number(value)
    if value is None or now is None or abs(now - goal.wanted) > TOLERANCE:
        return None
    return str(StateClaim(role=goal.role, name=goal.name, value=value))


def learned(tried: tuple[str, ...], goal: ValueGoal, now: float) -> dict[str, float]:
    """How far each key went (the longest way it went: a step cut short at the widget's end is no step), from the
    keys pressed in turn and the value each started from, the last one's effect being the value now."""
    pressed = [key.removeprefix(PRESSED).rsplit(" at ", 1) for key in tried if key.startswith(PRESSED)]
    named = f'{goal.role} "{goal.name}"'
    mine = [(press.split(" ", 1)[0], float(at)) for press, at in pressed if press.endswith(named)]
    found: dict[str, float] = {}
    for index, (key, start) in enumerate(mine):
        went = (mine[index + 1][1] if index + 1 < len(mine) else now) - start
        found[key] = max(found.get(key, 0.0), went, key=abs)
    return found


def plan(learnt: dict[str, float], now: float, wanted: float) -> str:
    """The next key towards `wanted` from `now` (APG: the arrows a step, Page Up / Page Down a bigger one, Home and
    End the ends): the big step when whole big steps land on the number; an arrow for a short way; a big step to
    learn how far it goes; else, once, the end beyond the number (Home going down, End going up), since from an end
    a round number is usually whole big steps away; else the biggest step that does not pass it."""
    gap = wanted - now
    up = gap > 0
    arrow, page = ("ArrowUp", "PageUp") if up else ("ArrowDown", "PageDown")
    small = max(abs(learnt.get("ArrowUp", 0.0)), abs(learnt.get("ArrowDown", 0.0)))
    big = max(abs(learnt.get("PageUp", 0.0)), abs(learnt.get("PageDown", 0.0)))
    if big and _whole(abs(gap) / big):
        return page
    if abs(gap) <= NEAR * (small or 1.0) + TOLERANCE:
        return arrow
    if not big and page not in learnt:
        return page
    end = "End" if up else "Home"
    if end not in learnt and big:
        return end
    return page if big and abs(gap) > big else arrow


def _whole(ratio: float) -> bool:
    return abs(ratio - round(ratio)) < 1e-3
