"""Pure: what a goal asks of the offline engine beyond its words: the parts it has ("add a todo 'buy milk' and then
mark it as completed" is two, each with its own evidence), whether a part ticks, removes or signs in, the answer a
disclosure it opened reveals, and the list rows that hold its values (the kind of answer a find goal asks for, and
the text that gives it, are `answers`)."""

from __future__ import annotations

import re

from pytest_useragent.llm.offline.answers import MAX_ANSWER_CHARS
from pytest_useragent.llm.offline.lexicon import ENGLISH, Lexicon, fold, lexicon, tokens
from pytest_useragent.llm.offline.page import QUOTED, TEXT, Element, quoted, score

STEP_VERBS = (
    "add", "book", "buy", "check", "choose", "click", "close", "complete", "compare", "create", "delete", "dismiss",
    "find", "go", "log",
    "mark", "note", "open", "order", "pay", "pick", "read", "record", "register", "remove", "reserve", "save",
    "search", "select", "send", "sign", "submit", "subscribe", "tick", "write",
)  # fmt: skip
"""Verbs that start a part of a goal: a goal is cut only where one follows, so "milk, eggs and bread" stays one."""
_CUTS = r",\s*and then|,?\s+and then|,\s*then|\s+then|;|,\s*and|,"
_SEPARATOR = re.compile(rf"\s*(?:{_CUTS})\s+(?=(\w+))", re.IGNORECASE)

TICK_VERBS = ("mark", "tick", "check", "complete")
"""A part that starts with one of these ticks something already there (a todo as done)."""
REMOVE_VERBS = ("delete", "remove")
"""A part that starts with one of these takes a row away: reached when its value is gone."""

MIN_ANSWER_CHARS = 20
"""A revealed panel's text shorter than this is a label, not an answer."""


def parts(goal: str, lex: Lexicon | None = None) -> list[str]:
    """The goal's parts, in order: cut at "and then", "then", ";" and commas where a step's verb follows (in the
    goal's language also at its "and" or "then" without a comma: "wybierz „Tak” i wyślij"); a part that chooses
    several quoted values one after another ("wybierz „Rano” i „Wieczorem”") is a part for each."""
    lex = lexicon(goal) if lex is None else lex
    found, start = [], 0
    separators = list(_separators(lex).finditer(goal))
    for at, separator in enumerate(separators):
        ends = separators[at + 1].start() if at + 1 < len(separators) else len(goal)
        clause = tokens(goal[separator.end() : ends])  # a German clause may end with its verb: "dann ... absenden"
        if (
            separator.group(1).lower() in STEP_VERBS
            or separator.group(1) in lex.verbs
            or (clause and clause[-1] in lex.verbs)
        ):
            found.append(goal[start : separator.start()])
            start = separator.end()
    found.append(goal[start:])
    cut = [part.strip() for part in found if part.strip()] or [goal]
    return [each for part in cut for each in _one_choice_each(part, lex)]


def _separators(lex: Lexicon) -> re.Pattern[str]:
    if not lex.connectors:
        return _SEPARATOR
    words = sorted(lex.connectors.exact | set(lex.connectors.phrases), key=len, reverse=True)
    theirs = "|".join(r"\s+".join(re.escape(w) for w in word.split()) for word in words)
    return re.compile(rf"\s*(?:,?\s+(?:{theirs})|{_CUTS})\s+(?=(\w+))", re.IGNORECASE)


def _one_choice_each(part: str, lex: Lexicon) -> list[str]:
    """A part in the goal's language that chooses several quoted values joined only by "and" or commas, as one part
    a value ("Wybierz „Rano” i „Wieczorem”": "Wybierz „Rano”", "Wybierz „Wieczorem”"); any other part as it is."""
    verb = lead_word(part, lex)
    values = quoted(part)
    if len(values) < 2 or verb not in lex.operate_verbs or verb in lex.expand_verbs:
        return [part]
    spans = [found.span() for found in QUOTED.finditer(part)]
    between = [part[end:start] for (_, end), (start, _) in zip(spans, spans[1:], strict=False)]
    if not all(set(tokens(gap)) <= lex.connectors.exact for gap in between):
        return [part]
    head, tail = part[: spans[0][0]], part[spans[-1][1] :]
    return [f"{head}{part[start:end]}{tail}".strip() for start, end in spans]


def lead_word(part: str, lex: Lexicon = ENGLISH) -> str:
    """The part's first word, lowercase, after the goal's language's "please" ("proszę", "bitte")."""
    words = part.split()
    while words and lex.polite and tokens(words[0]) and all(t in lex.polite for t in tokens(words[0])):
        words = words[1:]
    return words[0].lower().strip(",.:;!?") if words else ""


def ticks(part: str, lex: Lexicon = ENGLISH) -> bool:
    """Whether this part ticks something already on the page ("mark it as completed")."""
    return _first_word(part) in TICK_VERBS or lead_word(part, lex) in lex.tick_verbs


def removes(part: str, lex: Lexicon = ENGLISH) -> bool:
    """Whether this part takes something away ("delete 'water the plants'")."""
    return _first_word(part) in REMOVE_VERBS or lead_word(part, lex) in lex.remove_verbs


def _first_word(part: str) -> str:
    return part.split(maxsplit=1)[0].lower() if part.strip() else ""


def logs_in(part: str, lex: Lexicon = ENGLISH) -> bool:
    """Whether this part is signing in: the form's fields take the test's credentials, and it is reached when the
    page asks for a password no more."""
    english = bool(re.match(r"\s*(?:log|sign)\s*(?:in|on)\b|\s*login\b", part, re.IGNORECASE))
    return english or lead_word(part, lex) in lex.login or lex.login.said(" ".join(part.split()[:3]))


def revealed(elements: list[Element], words: list[str], tried: frozenset[str]) -> str | None:
    """For a goal that asks to find something out: the answer a disclosure the engine opened itself shows (a FAQ's
    question, now `[expanded]`), when the question or its answer holds at least half the goal's words; the answer's
    first sentence, which the page's text holds. A panel open on its own, or one beside the point, is no answer."""
    needed = max(1, (len(words) + 1) // 2)
    for index, button in enumerate(elements):
        if button.role != "button" or "expanded" not in button.states or button.key not in tried:
            continue
        depth = len(button.within)
        for after in elements[index + 1 :]:
            if len(after.within) < depth or after.role not in TEXT:  # a screen reader's text has no ref
                break
            if len(after.name) >= MIN_ANSWER_CHARS:
                if max(score(words, button.name), score(words, after.name)) < needed:
                    break
                return re.split(r"(?<=[.!?])\s+", after.name)[0][:MAX_ANSWER_CHARS]
    return None


def under_heading(elements: list[Element], values: list[str]) -> str | None:
    """For a question that names a section by a quoted value ("What does the agency offer in its « Stratégie »
    service?"): the first sentence of the text under the heading that value names, before the next heading."""
    named = {fold(value) for value in values}
    for index, heading in enumerate(elements):
        if heading.role != "heading" or fold(heading.name) not in named:
            continue
        for after in elements[index + 1 :]:
            if after.role == "heading":
                break
            if after.role in TEXT and len(after.name) >= MIN_ANSWER_CHARS:
                return re.split(r"(?<=[.!?])\s+", after.name)[0][:MAX_ANSWER_CHARS]
    return None


def headed(elements: list[Element], heading: str) -> list[str]:
    """The headings under the heading named `heading` (deeper, before the next at its level or above). Pure."""
    at = next((n for n, e in enumerate(elements) if e.role == "heading" and e.name == heading), None)
    if at is None:
        return []
    level, found = elements[at].level or 1, []
    for element in elements[at + 1 :]:
        if element.role != "heading" or not element.name:
            continue
        if (element.level or 1) <= level:
            break
        found.append(element.name)
    return found


ROWS = frozenset({"listitem", "row"})


def rows(elements: list[Element]) -> list[list[Element]]:
    """The page's list rows and table rows, each the elements inside one list item or table row; and its clickable
    cards (a `div` with a click handler holding a product's name, price and "Add": `Element.pointer`, with no text
    of its own), each the elements inside it."""
    found: list[list[Element]] = []
    inside = False
    card: int | None = None  # the depth of the card being read
    for element in elements:
        if card is not None and len(element.within) > card:
            found[-1].append(element)
            continue
        card = None
        if element.role in ROWS:
            found.append([])
            inside = True
        elif inside and ROWS.intersection(element.within):
            found[-1].append(element)
        elif element.pointer and not element.name and element.ref:
            found.append([])
            card, inside = len(element.within), False
        else:
            inside = False
    return found


def row_text(row: list[Element]) -> str:
    return " ".join(e.name for e in row if e.role in TEXT and e.name)


def row_of(elements: list[Element], values: list[str], words: list[str]) -> list[Element] | None:
    """The list row that holds every quoted value of the goal (or, without one, the goal's words)."""
    for row in rows(elements):
        text = fold(row_text(row))
        if (values and all(fold(value) in text for value in values)) or (not values and score(words, text)):
            return row
    return None


def ticked_row(elements: list[Element], values: list[str], words: list[str]) -> tuple[Element | None, str]:
    """The checkbox of the list row that holds the goal's value (or words), and the row's text."""
    row = row_of(elements, values, words)
    box = next((e for e in row or [] if e.role == "checkbox" and e.ref), None)
    return box, row_text(row or [])


_TELL = re.compile(r"\b(?:tell me|i want to know|i would like to know)\b", re.I)
"""An English goal that asks to be told something without a question mark."""


def asks(goal: str, lex: Lexicon) -> bool:
    """Whether a goal asks to be told something: it ends with a question mark, or says so ("tell me", 教えて)."""
    return goal.rstrip().endswith(("?", "？")) or bool(_TELL.search(goal)) or lex.questions.said(goal)
