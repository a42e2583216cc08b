"""Pure: a goal that steps something on until what it names shows ("En el carrusel de proyectos, avanza hasta que se
vea el quinto proyecto", "Go through the carousel until the Lake Retreat slide shows"), as a person presses a
carousel's Next until the slide is there. Its target is the clause after "until" (each language's `until_words`)
without the words that say it shows (`shown_words`); a clause that says no such word is no such goal ("jusqu'à
19 h"). The control it presses is the one named next or forward (each language's `next_words`, or an arrow: "›",
"→"), again and again, `MAX_STEPS_ON` times at most (a carousel that goes round never shows what it lacks: then it
gives up). The part is reached when an element names the whole target (all its words but one, for a target of
three or more: "the Lake Retreat slide")."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pytest_useragent.llm.offline.lexicon import Lexicon, Words, fold, tokens
from pytest_useragent.llm.offline.memory import Expected
from pytest_useragent.llm.offline.page import CLICKABLE, Element, goal_words, matches
from pytest_useragent.llm.offline.step import STOP, Move, Situation
from pytest_useragent.records import Action

UNTIL = re.compile(r"\b(?:until|till)\b", re.IGNORECASE)
SHOWN = Words.of(["shows", "show", "shown", "appears", "appear", "visible", "seen", "see", "displayed"])
"""English words that say the target shows: a clause after "until" without one is no such goal ("until 6 pm")."""
FILLER = Words.of(["is", "are", "you", "it"])
NEXT = re.compile(r"^(?:next|forward|right)\b|\b(?:next|forward)\b|^[›»→>▶❯]$", re.IGNORECASE)
"""A control that steps on, in English or by its arrow: "Next Slide", "forward button", "›"."""
STEPPED = "stepped on"
"""Remembered each time it presses the control that steps on (the same control, again and again)."""
MAX_STEPS_ON = 8


@dataclass(frozen=True)
class Until:
    target: list[str]
    """The words of what must show."""

    def shown(self, elements: list[Element]) -> Element | None:
        """The first element that names the whole target (all its words but one, for three or more)."""
        needed = len(self.target) - (len(self.target) >= 3)
        return next((e for e in elements if e.name and sum(matches(w, e.name) for w in self.target) >= needed), None)


def until_goal(part: str, lex: Lexicon) -> Until | None:
    """The target of a part that steps on until something shows; None for any other part."""
    clause = _clause(part, lex)
    if clause is None or not (SHOWN.said(clause) or lex.shown_words.said(clause)):
        return None
    target = [w for w in goal_words(clause, lex) if w not in SHOWN and w not in lex.shown_words and w not in FILLER]
    return Until(target) if target else None


def _clause(part: str, lex: Lexicon) -> str | None:
    """What the part says after its "until" (in English, or folded after the language's word), or None."""
    found = UNTIL.search(part)
    if found is not None:
        return part[found.end() :]
    folded, pattern = fold(part), lex.until_words.pattern()
    said = re.search(pattern, folded) if pattern else None
    return folded[said.end() :] if said is not None else None


def step_on(now: Situation) -> Move | None:
    """Press the control that steps on while the target does not show; give up once it was pressed `MAX_STEPS_ON`
    times; none to press: nothing (the other rules go on)."""
    until = until_goal(now.goal, now.lex)
    if until is None or until.shown(now.elements) is not None:
        return None
    if now.memory.tried.count(STEPPED) >= MAX_STEPS_ON:  # gone round: what it names is not among the slides
        why = f'{MAX_STEPS_ON} steps on did not show "{" ".join(until.target)}"'
        return Move("I have gone through it all: it is not there.", STOP, Action(kind="give_up", reason=why))
    control = next((e for e in now.elements if _steps(e, now.lex)), None)
    if control is None:
        return None
    expected = Expected(kind="plain", target=f'"{control.name}" shows the next one.')
    notice = f'"{" ".join(until.target)}" is not here yet; "{control.name}" goes on.'
    return Move(notice, expected, Action(kind="click", ref=control.ref), None, also=(STEPPED, control.key))


def evidence(now: Situation) -> str | None:
    """What shows the target: its element's name; under a heading that names it, the text after it (the slide's own
    words, not only its title)."""
    until = until_goal(now.goal, now.lex)
    found = until.shown(now.elements) if until is not None else None
    if found is None:
        return None
    if found.role != "heading":
        return found.name
    after = now.elements[now.elements.index(found) + 1 :]
    return next((e.name for e in after[:1] if e.name and e.role != "heading"), found.name)


def _steps(element: Element, lex: Lexicon) -> bool:
    if element.role not in CLICKABLE or not element.ref or not element.name or element.disabled:
        return False
    return bool(NEXT.search(element.name.strip())) or any(t in lex.next_words for t in tokens(element.name)[:2])
