"""Pure: goals that pause, stop, play or mute something ("Pause the slideshow", "Stoppe die Diashow",
"カウンターを「一時停止」してください"): a click on a control so named, whose outcome is the control renamed to its
opposite (Pause: Play, Stop: Start, Mute: Unmute, 一時停止: 再生), as a person sees that the slideshow is paused
by the button that now offers to play it. The names and their opposites are English here and the goal's and page's
languages' (`lexicon`'s `toggles`). Of several controls of that name (a slideshow's and a counter's Pause), the one
in the section the goal's words name: the heading it sits under, or the region it is in, shares most of them."""

from __future__ import annotations

from dataclasses import dataclass

from pytest_useragent.llm.offline.lexicon import ENGLISH, Lexicon, Words, cjk, fold, tokens
from pytest_useragent.llm.offline.page import CLICKABLE, Element, quoted, score

TOGGLES: tuple[tuple[str, Words], ...] = (
    ("pause", Words.of(["play", "resume", "start"])),
    ("stop", Words.of(["start", "play", "resume"])),
    ("mute", Words.of(["unmute"])),
    ("play", Words.of(["pause", "stop"])),
    ("start", Words.of(["stop", "pause"])),
    ("unmute", Words.of(["mute"])),
)
"""A control's English name a click turns into another, and the names it turns into."""
TOGGLED = "toggled "
"""How a control clicked for a toggle goal is remembered: `toggled e12 button "Pause"` (its ref, then its key)."""
BOUNDS = frozenset(
    {"heading", "region", "navigation", "main", "complementary", "contentinfo", "banner", "form", "article"}
)
"""The elements that start a part of the page: a heading, a landmark."""
MIN_STEM = 4
"""A goal's verb names a control when they share so many first letters ("pausiere" ~ "Pause")."""


@dataclass(frozen=True)
class ToggleGoal:
    """The control name a goal asks to click (folded) and the names that show it clicked; and its English name, which
    a page in the goal's language may give its control ("STOP" for 停止)."""

    name: str
    into: Words
    english: str | None = None

    def names(self, element: Element) -> bool:
        return named(element, self.name) or (self.english is not None and named(element, self.english))


def toggles(lex: Lexicon = ENGLISH) -> tuple[tuple[str, Words], ...]:
    return TOGGLES + lex.toggles


def toggle_goal(goal: str, lex: Lexicon = ENGLISH) -> ToggleGoal | None:
    """The toggle the goal asks for: a quoted value that is a toggle's name ("Press 'Pause'", 「一時停止」), the goal's
    first word (its verb, after "please") that shares a toggle's first letters ("Pause the video", "Pausiere ..."),
    or, in text without spaces, a toggle's name anywhere in it (its verb comes last: 「…を停止してください」); the
    longest name first (一時停止 before 停止). None for any other goal."""
    said = {fold(value) for value in quoted(goal)}
    words = tokens(goal)
    while words and words[0] in lex.polite:
        words = words[1:]
    lead = words[0] if words else ""
    folded = fold(goal)
    merged: dict[str, Words] = {}
    for name, into in toggles(lex):  # a name in English and in the goal's language: all its opposites
        merged[name] = merged.get(name, Words()) | into
    english = dict(lex.toggles_english)
    for name, into in sorted(merged.items(), key=lambda pair: -len(pair[0])):
        also = english.get(name)
        asked = name in said or (cjk(name) and name in folded)
        if asked or (
            not cjk(name) and (lead == name or (len(lead) >= MIN_STEM and lead[:MIN_STEM] == name[:MIN_STEM]))
        ):
            return ToggleGoal(name, into | merged.get(also, Words()) if also else into, also)
    return None


def named(element: Element, name: str) -> bool:
    """The control's name is the toggle's, or holds it as a word ("スクロール 一時停止", "Pause slideshow")."""
    found = fold(element.name)
    return found == name or name in tokens(element.name) or (cjk(name) and name in found)


def renamed(element: Element, goal: ToggleGoal) -> bool:
    """The control now bears one of the names that show it clicked (and no longer the toggle's own)."""
    return bool(element.name) and goal.into.said(element.name) and not goal.names(element)


def controls(elements: list[Element], goal: ToggleGoal, words: list[str]) -> list[Element]:
    """The page's controls of the toggle's name, those whose section the goal's words name most first, then in page
    order."""
    found = [e for e in elements if e.role in CLICKABLE and e.ref and not e.disabled and goal.names(e)]
    return sorted(found, key=lambda e: -score(words, section(elements, e)))


def section(elements: list[Element], element: Element) -> str:
    """The text of the part of the page an element sits in: the heading (or region) it is under and the elements
    beside it, up to the next heading or region (the words that name what the control pauses: "CO2 emissions",
    "slideshow")."""
    at = elements.index(element)
    start = next((n for n in range(at, -1, -1) if elements[n].role in BOUNDS), 0)
    end = next((n for n in range(at + 1, len(elements)) if elements[n].role in BOUNDS), len(elements))
    return " ".join(e.name for e in elements[start:end] if e.name)
