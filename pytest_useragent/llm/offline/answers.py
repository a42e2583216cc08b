"""Pure: the text on a page that answers a find goal of a kind (`kinds.py`): "what does the Pro plan cost" wants a
price, not the heading "Pro plan" echoed back. An answer is never the goal's words alone: it shows an answer of the
kind, and it names the goal's other words with the headings it sits under."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from pytest_useragent.llm.offline.banner import site_name
from pytest_useragent.llm.offline.figures import cards, pair
from pytest_useragent.llm.offline.kinds import AnswerKind
from pytest_useragent.llm.offline.lexicon import ENGLISH, Lexicon, tokens
from pytest_useragent.llm.offline.page import READ, TEXT, Element, matches, score

MIN_OTHER = 2
"""A heading's word shorter than this names nothing (an article's letter)."""
CELLS = frozenset({"cell", "gridcell", "rowheader", "columnheader"})
MAX_ANSWER_CHARS = 160


def answer(elements: list[Element], kind: AnswerKind, words: list[str], title: str = "") -> str | None:
    """The text on the page that answers: one holding an answer of `kind`, that with the heading it is under (and,
    in a table, the cells before it in its row) names every one of `words` (the Pro plan's price, not the Team
    plan's); or with the headings above it and the page's first-level headings (what the page is about, wherever
    they sit) and the site's name (`banner`), when its own heading or row names one of them (a card "Forêt" under
    "Nos puzzles"). A kind a heading may give (a price) is read in a heading too (a card's `h4 "18 €"` under its
    `h3 "Forêt"`), a figure with its label in a row of cards (`_figure`). On a page whose first-level headings name
    every one of `words` (the page is about what the goal asks of: an event's page), a text of the kind labelled so
    by its row or heading answers too ("Date" | "8 Nov"). None when the page shows no such answer (its words alone
    are no answer)."""
    heading, row = "", ""
    said: tuple[tuple[str, ...], str] = ((), "")  # the text before, and what it sits in
    table = Table()
    outline: list[tuple[int, str]] = []  # the headings above, by level
    subject = _subject(elements)
    site = site_name(elements, title)
    rows = " ".join(e.name for e in elements if e.role == "rowheader")  # what a table's rows are of
    elements = [card for element in elements for card in cards(element, kind.shows)]

    @functools.cache
    def unsaid() -> tuple[str, ...]:  # read only once a figure's label names the goal: a page is read whole for it
        page = " ".join(e.name for e in elements)
        return tuple(w for w in words if not matches(w, page) and not re.search(r"\d", w))

    for index, element in enumerate(elements):
        before, heard = row, ""
        at = pair(elements, index, kind.shows) if _reads(element, kind) else None  # "500+" | "Projects"
        leads = at is not None and at > index  # the text before it is the label of the figure before
        if element.role == "row":
            row = before = ""  # a table's cell is read with the cells before it in its row ("Reduced" | "€5.50")
        elif element.role in CELLS:
            row = f"{row} {element.name}"
            if any(matches(word, rows) and not matches(word, before) for word in words):
                table.read(element)  # a goal's word that names a row ("Les Garçons") names another row than this
                continue
            heard = table.headers(element)  # and as a screen reader says it: with its headers, its table's name
        elif _reads(element, kind) and said[0] == element.within and not leads:
            before = said[1]  # the words before it in its paragraph ("Call: ")
        table.read(element)
        said = (element.within, element.name) if element.role in TEXT and element.role != "heading" else ((), "")
        above = " ".join([*(name for _, name in outline), subject, site])
        if element.role == "heading":
            if kind.headed and _answers(kind, words, element.name, heading, above):
                return element.name[:MAX_ANSWER_CHARS]
            outline = _under(outline, element)
            heading = element.name
        elif _reads(element, kind) and _answers(kind, words, element.name, f"{heading} {before} {heard}", above):
            return _shown(elements, index)[:MAX_ANSWER_CHARS]
        elif at is not None and (
            figure := _figure(elements, (index, at), kind, words, unsaid, f"{heading} {heard} {above}")
        ):
            return figure[:MAX_ANSWER_CHARS]
        elif element.role in CELLS and before.strip() and kind.shows(before) and not kind.shows(element.name):
            # the answer heads the row the goal's words are in: `rowheader "11:00"`, `cell "Science show"`
            text = f"{before.strip()} {element.name}"
            if element.name and _answers(kind, words, text, heading, above):
                return text[:MAX_ANSWER_CHARS]
        elif _reads(element, kind) and _labelled(kind, words, element.name, before or heading, subject, heading):
            return element.name[:MAX_ANSWER_CHARS]
    return None


@dataclass
class Table:
    """What a screen reader says of a table's cell besides its row: the table's name, its column's header, and the
    header of the part of the table it is in (a row that holds only a header cell, "Concessions"; before any, the
    header row's first cell, "Adults"), read as the cells come."""

    name: str = ""
    columns: tuple[str, ...] = ()
    part: str = ""
    cells: list[tuple[str, str]] = field(default_factory=list)
    """The row being read: each cell's role and name."""

    def headers(self, cell: Element) -> str:
        """The names a cell is read with (its own role and place decide), before `read` takes it."""
        if cell.role not in ("cell", "gridcell"):
            return ""
        column = self.columns[len(self.cells)] if len(self.cells) < len(self.columns) else ""
        return " ".join(name for name in (self.name, self.part, column) if name)

    def read(self, element: Element) -> None:
        if element.role in ("table", "grid", "treegrid"):
            self.name, self.columns, self.part, self.cells = element.name, (), "", []
        elif element.role == "row":
            self._ended()
        elif element.role in CELLS:
            self.cells.append((element.role, element.name))

    def _ended(self) -> None:
        """The row read ends: a row of header cells names the columns (its first the table's first part); a row whose
        one named cell is a header names the part of the table that follows."""
        heads = [name for role, name in self.cells if role == "columnheader"]
        named = [name for _, name in self.cells if name]
        if len(heads) >= 2 and len(heads) == len(self.cells):
            self.columns, self.part = tuple(heads), heads[0]
        elif len(heads) == 1 and named == heads:
            self.part = heads[0]
        self.cells = []


def _figure(
    elements: list[Element],
    pair: tuple[int, int],
    kind: AnswerKind,
    words: list[str],
    unsaid: Callable[[], tuple[str, ...]],
    above: str,
) -> str | None:
    """A figure and its label (indices, `figures.pair`: "500+" | "Proyectos"), as shown: the answer when the label
    names one of `words` and, with the headings `above`, every other one but one the page says nowhere (`unsaid`:
    the question's verb, "realizado": the page counts projects, it does not say it made them; never a word with a
    digit, a year asked about)."""
    if not score(words, elements[pair[1]].name):
        return None
    first, second = sorted(pair)
    text = f"{elements[first].name} {elements[second].name}"
    spared = [w for w in words if w not in unsaid()] if len(unsaid()) == 1 else words
    return text if _answers(kind, spared, text, "", above) else None


def _labelled(kind: AnswerKind, words: list[str], text: str, label: str, subject: str, heading: str) -> bool:
    """Whether `text` is an answer of `kind` that its row or heading (`label`) labels so ("Date", 日時), on a page about
    the goal's words (`_about`)."""
    return kind.shows(text) and kind.asks(label) and _about(words, subject, heading)


def _about(words: list[str], subject: str, heading: str) -> bool:
    """Whether the page's first-level headings (`subject`) name every one of `words`, and the heading a text is under
    names nothing else they name (not "Team" of "Pro and Team plans": that section is another thing's)."""
    if not words or score(words, subject) < len(words):
        return False
    others = [word for word in tokens(heading) if len(word) >= MIN_OTHER and not score(words, word)]
    return not score(others, subject)


def _answers(kind: AnswerKind, words: list[str], text: str, near: str, above: str) -> bool:
    """Whether `text` shows an answer of `kind` for `words`: named by it with its heading and row (`near`), or with
    the headings `above` too when those name one of them."""
    if not text or not kind.shows(text):
        return False
    close = score(words, f"{near} {text}")
    return close == len(words) or (close > 0 and score(words, f"{above} {near} {text}") == len(words))


_NAME = re.compile(r"^(?:name|names|who|whom|called)$", re.I)
"""Words that ask for a name, which no label need repeat ("the name of the representative": 代表者名)."""


def _reads(element: Element, kind: AnswerKind) -> bool:
    """Text that may answer: what `page.READ` reads, and a link that calls a number (`tel:`, or any link for a
    telephone number: a screen reader's tree writes no address), which shows it."""
    calls = (element.url or "").startswith("tel:") or kind.name == "phone"
    return element.role in READ or (element.role == "link" and calls)


def _shown(elements: list[Element], index: int) -> str:
    """The words an answer shows: its text; for a link, the text it holds (a `tel:` link named "Call us on +57 302
    444 9999" shows "+57 302 444 9999"), what the page shows and the session finds on it."""
    element = elements[index]
    if element.role != "link":
        return element.name
    inside = next((e for e in elements[index + 1 : index + 2] if element.role in e.within and e.role == "text"), None)
    return inside.name if inside is not None and inside.name else element.name


def asks_name(goal: str, lex: Lexicon = ENGLISH) -> bool:
    """Whether a question asks for a name ("who is", "what is the CEO called", "¿cómo se llama?", 「名前」)."""
    return any(_NAME.match(word) for word in tokens(goal)) or lex.name_words.said(goal)


def labelled(elements: list[Element], words: list[str], lex: Lexicon = ENGLISH) -> str | None:
    """For a question no kind of answer fits: the value a label names, a definition list's definition after its term
    (代表者名 | 鵜狩五郎) or a table row's cell after its row header, when the label names one of the goal's words
    and, with the headings above it and the page's first-level headings, every one of them but those that ask for a
    name. None when no label names them."""
    needed = [word for word in words if not _NAME.match(word) and not lex.name_words.said(word)]
    subject = _subject(elements)
    outline: list[tuple[int, str]] = []  # the headings above, by level
    label = ""
    for element in elements:
        if element.role == "heading":
            outline = _under(outline, element)
        elif element.role in ("term", "rowheader"):
            label = element.name
        elif element.role == "row":
            label = ""
        elif element.role in ("definition", "cell") and label and element.name and needed:
            above = " ".join([*(name for _, name in outline), subject])
            if score(needed, label) and score(needed, f"{label} {element.name} {above}") == len(needed):
                return element.name[:MAX_ANSWER_CHARS]
    return None


def _subject(elements: list[Element]) -> str:
    """What the page is about: its first-level headings."""
    return " ".join(e.name for e in elements if e.role == "heading" and e.level == 1)


def _under(outline: list[tuple[int, str]], heading: Element) -> list[tuple[int, str]]:
    """The headings above, by level, once `heading` is passed: it replaces those of its level and below."""
    level = heading.level or 1
    return [(at, name) for at, name in outline if at < level] + [(level, heading.name)]
