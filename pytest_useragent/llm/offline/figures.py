"""Pure: figures and their labels, as a page shows what it counts: a run of short texts that alternate a figure and
its label ("500+", "Projects", "50+", "Clients", or the label first), and a row of such cards that a screen reader reads
as one text. What a figure is, is the kind of answer's to say (`Shows`: "500+" for a number, "70%" for a share)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from pytest_useragent.llm.offline.page import READ, Element

Shows = Callable[[str], bool]
"""Whether a text shows an answer of the kind asked for (`answers.AnswerKind.shows`)."""
MAX_LABEL_WORDS = 4
"""The most words of a figure's label, or of a figure ("500+", "Projects delivered"): longer text is a sentence."""
STOPS = (".", "!", "?", "。", "！", "？")
"""How a sentence ends: text that ends so is no figure's label and no row of cards."""
_DIGIT = re.compile(r"\d")
MAX_CARDS = 12
"""The most figures a row of cards holds: a longer run of numbers and words is a list (a page of 10,000 rows is not
walked back from each of its figures)."""


def cards(element: Element, shows: Shows) -> list[Element]:
    """A text that reads as figures and their labels in turn ("500+ Proyectos 50+ Clientes 15+ Países", a row of
    cards as a screen reader reads it, one run of text) as one element a figure or a label each; any other element
    as it is. A label begins with a capital (a card's); a figure is one word that shows an answer of the kind."""
    if element.role not in READ or not _DIGIT.search(element.name) or element.name.rstrip().endswith(STOPS):
        return [element]  # a figure has a digit: most texts are passed at once
    parts: list[list[str]] = []
    for word in element.name.split():
        figure = figure_word(word, shows)
        if parts and not figure and not figure_word(parts[-1][0], shows):
            parts[-1].append(word)
        else:
            parts.append([word])
    figures = [part for part in parts if figure_word(part[0], shows)]
    labels = [part for part in parts if not figure_word(part[0], shows)]
    if len(figures) < 2 or any(len(part) > 1 for part in figures):
        return [element]
    if any(len(part) > MAX_LABEL_WORDS or part[0][0].islower() for part in labels):
        return [element]
    return [replace(element, name=" ".join(part)) for part in parts]


def figure_word(word: str, shows: Shows) -> bool:
    """A word that is a figure of the kind and nothing else, so one with a digit: "500+", "70%"; not "70%、不満"."""
    return shows(word) and not any(letter.isalpha() for letter in word)


def short(element: Element) -> bool:
    """A figure or a label: text of a few words that is no heading and no sentence (a sentence ends with its stop)."""
    name = element.name.strip()
    return (
        element.role in READ
        and element.role != "heading"
        and 0 < len(name.split()) <= MAX_LABEL_WORDS
        and not name.endswith(STOPS)
    )


def pair(elements: list[Element], index: int, shows: Shows) -> int | None:
    """Where the label of the figure at `index` is, when the figure stands in a run of short texts that alternate
    figure and label ("500+", "Projects", "50+", "Clients", or "Projects", "500+", ...): after it when the run begins
    with a figure, before it otherwise. None when the figure stands in no such run."""
    element = elements[index]
    if not shows(element.name) or not short(element):
        return None
    start, end = _run(elements, index, -1, shows), _run(elements, index, 1, shows)
    if end - start >= 2 * MAX_CARDS:
        return None  # a long list of numbers and words, not a row of cards
    at = index + 1 if shows(elements[start].name) else index - 1  # in the run, a label: figures and labels alternate
    return at if start <= at <= end else None


def _run(elements: list[Element], index: int, step: int, shows: Shows) -> int:
    """Where the run of alternating figures and labels that holds `index` ends, going by `step` (-1: back, 1: on);
    walked at most a row of cards and one element past it, so no page is walked whole from each of its figures."""
    within, at = elements[index].within, index
    while abs(at - index) <= 2 * MAX_CARDS:
        near = at + step
        if not 0 <= near < len(elements) or not short(elements[near]) or elements[near].within != within:
            break
        if shows(elements[near].name) == shows(elements[at].name):
            break
        at = near
    return at
