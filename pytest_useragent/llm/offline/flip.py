"""The offline engine's rule for a goal that pauses, stops, plays or mutes something (`toggle.toggle_goal`): click
the control so named that sits where the goal's words are (`toggle.controls`), once each, and read the outcome off
the next page: that control renamed to its opposite (Pause: Play, 一時停止: 再生) is the goal reached, claimed with
the renamed control as evidence (`link "再生"`, which the harness finds on the page read again). A control that keeps
its name was no toggle of the goal's: the next one is tried; when none is left, the engine gives up."""

from __future__ import annotations

from pytest_useragent.llm.offline.memory import Expected
from pytest_useragent.llm.offline.page import CLICKABLE, Element
from pytest_useragent.llm.offline.step import STOP, Move, Situation
from pytest_useragent.llm.offline.toggle import TOGGLED, controls, renamed
from pytest_useragent.records import Action
from pytest_useragent.records.evidence import StateClaim


def clicked(now: Situation) -> list[tuple[str, str]]:
    """The controls clicked for the toggle goal, each as its place (`e12@3`: its ref, and its rank among the page's
    controls, which a control renamed keeps where its ref may not) and its key then."""
    found = []
    for key in now.memory.tried:
        if key.startswith(TOGGLED):
            place, _, was = key.removeprefix(TOGGLED).partition(" ")
            found.append((place, was))
    return found


def place(elements: list[Element], control: Element) -> str:
    """Where a control is: its ref and its rank among the page's controls (`e12@3`)."""
    ranked = [e for e in elements if e.role in CLICKABLE and e.ref]
    return f"{control.ref}@{ranked.index(control) if control in ranked else -1}"


def at(elements: list[Element], where: str) -> Element | None:
    """The control at a place: the one with its ref, else the one of its rank."""
    ref, _, rank = where.partition("@")
    same = next((e for e in elements if e.ref == ref), None)
    ranked = [e for e in elements if e.role in CLICKABLE and e.ref]
    return same or (ranked[int(rank)] if rank.isdigit() and int(rank) < len(ranked) else None)


def evidence(now: Situation) -> str | None:
    """The last control clicked, now renamed to an opposite of the toggle's name (`link "再生"`); None otherwise."""
    goal = now.toggle
    if goal is None or not clicked(now):
        return None
    where, was = clicked(now)[-1]
    control = at(now.elements, where)
    if control is None or not was.startswith(f"{control.role} ") or not renamed(control, goal):
        return None
    return str(StateClaim(role=control.role, name=control.name))


def flip(now: Situation) -> Move | None:
    """The next control of the toggle's name to click, nearest the goal's subject first; a give-up when each was
    clicked and none was renamed; None for any other goal."""
    goal = now.toggle
    if goal is None:
        return None
    places = {where for where, _ in clicked(now)}
    left = [e for e in controls(now.elements, goal, now.words) if place(now.elements, e) not in places]
    if not left:
        into = ", ".join(sorted(goal.into.exact)) or "its opposite"
        why = f'no control named "{goal.name}" here turned into {into}' if places else f'no "{goal.name}" here'
        return Move("What I press does not change.", STOP, Action(kind="give_up", reason=why))
    target: Element = left[0]
    expected = Expected(kind="plain", target=f'"{target.name}" turns into its opposite.')
    key = f"{TOGGLED}{place(now.elements, target)} {target.key}"
    notice = f'"{target.name}" is the control my goal names.'
    return Move(notice, expected, Action(kind="click", ref=target.ref), key, also=(target.key,))
