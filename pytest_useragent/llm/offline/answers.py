"""Pure: the kind of answer a find goal asks for, and the text on a page that gives it: "what does the Pro plan cost"
wants a price, not the heading "Pro plan" echoed back; "until what time is the shop open" a time of day ("19:00",
"7 pm", "19h", "19 h 30", "19 Uhr"); "which days is it open" the days of the week; "the hotline's number" a
telephone number; "how many" a number; "when" a date.
Each kind is asked and shown in English (here) and in the goal's and page's languages (`lexicon`'s tables). An
answer is never the goal's words alone: it shows an answer of the kind, and it names the goal's other words with the
headings it sits under."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from pytest_useragent.llm.offline.banner import site_name
from pytest_useragent.llm.offline.figures import cards, pair
from pytest_useragent.llm.offline.lexicon import CJK, ENGLISH, Lexicon, Words, fold, tokens
from pytest_useragent.llm.offline.page import READ, TEXT, Element, matches, score

NOTHING = re.compile(r"(?!)")
"""A pattern that matches nothing."""


@dataclass(frozen=True)
class AnswerKind:
    name: str
    asked: re.Pattern[str]
    """In the goal: it asks for this kind of answer."""
    shown: re.Pattern[str]
    """In a page's text: an answer of this kind."""
    hints: tuple[str, ...] = ()
    """Words that lead to such an answer, beside the goal's own ("price": a Pricing link)."""
    asked_words: Words = Words()
    """In the goal, in its language: it asks for this kind of answer ("ile kosztuje", "Preis")."""
    shown_folded: re.Pattern[str] | None = None
    """In a page's folded text, in its language: an answer of this kind ("2,50 zł", "lundi")."""
    headed: bool = False
    """Whether a heading may be the answer (a card's `h4 "$15"`), a short label of a kind: a price, days, hours."""
    spare: re.Pattern[str] = NOTHING
    """A goal's words that an answer need not repeat, beside those that ask ("days", "open")."""
    spare_words: Words = Words()
    """Those words in the goal's language ("jours", "ouvert", "geöffnet")."""

    def asks(self, text: str) -> bool:
        return bool(self.asked.search(text)) or self.asked_words.said(text)

    def shows(self, text: str) -> bool:
        return bool(self.shown.search(text)) or (
            self.shown_folded is not None and bool(self.shown_folded.search(fold(text)))
        )

    def needs(self, words: list[str]) -> list[str]:
        """The goal's words an answer must name (with the headings it is under): not those that ask for it."""
        return [w for w in words if not self.asks(w) and not self.spare.search(w) and not self._spared(w)]

    def _spared(self, word: str) -> bool:
        """One of `spare_words`, or a stem of one (a goal's word cut: "godzin" of "godziny")."""
        folded = fold(word)
        return word in self.spare_words or any(spare.startswith(folded) for spare in self.spare_words.exact)


_MONEY = r"[$€£¥]\s?\d[\d.,]*|\d[\d.,]*\s?(?:[$€£¥]|usd|eur|gbp|czk|kč|dollars?|euros?)(?!\w)"
_DATE = (
    r"\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}:\d{2}\b|"
    r"\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d"
)
_TIME = r"\b\d{1,2}:\d{2}\b|\b\d{1,2}(?:[.:]\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.|o'clock)(?!\w)"
_DAY = r"(?:mon|tue|wed|thu|fri|sat|sun)"
_DAYS = (
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b|\bdaily\b|\bevery day\b|"
    rf"\b{_DAY}\.?\s*(?:-|–|—|to|through)\s*{_DAY}\b"
)
_OPEN = r"open|opens|opened|close|closes|closed"
_PHONE = (
    r"(?<![\w.,])(?!\d{4}-\d\d-\d\d\b|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\d+\.\d+(?!\S*[\s/-]\d))"
    r"\+?(?:\(\d{1,4}\)\s?)?\d(?:[\s./-]?\d){6,14}(?![\w,]|\.\d)"
)
"""A telephone number: 7 to 15 digits, grouped by spaces, dots, dashes or slashes, a country or area code in
parentheses or after a plus ("(1) 269 68742", "+48 22 123 45 67", "030/1234567")."""
_HELD = r"held|happen|happens|take|takes|place|start|starts|begin|begins"
"""The words of a question about when something happens ("when is the fair held"): no answer need repeat them."""
ANSWER_KINDS = (
    AnswerKind(
        "price",
        re.compile(r"\b(?:costs?|price|prices|how much|fees?)\b", re.I),
        re.compile(_MONEY, re.I),
        ("price",),
        headed=True,
    ),
    AnswerKind(
        "time",
        re.compile(r"\b(?:what time|how late|closing time|opening time)\b", re.I),
        re.compile(_TIME, re.I),
        ("hours", "opening"),
        headed=True,
        spare=re.compile(rf"^(?:time|hours?|until|till|{_OPEN}|{_HELD})$", re.I),
    ),
    AnswerKind(
        "days",
        re.compile(r"\b(?:which|what) days?\b|\bdays? of the week\b", re.I),
        re.compile(_DAYS, re.I),
        ("hours", "opening"),
        headed=True,
        spare=re.compile(rf"^(?:days?|week|{_OPEN})$", re.I),
    ),
    AnswerKind(
        "phone",
        re.compile(r"\b(?:(?:tele)?phone|hotline|helpline|call)\b", re.I),
        re.compile(_PHONE),
        ("contact", "help", "support"),
        spare=re.compile(r"^(?:numbers?|lines?)$", re.I),
    ),
    AnswerKind(
        "percent",
        re.compile(r"\b(?:percentage|percent|per cent)\b|\bwhat (?:share|proportion)\b", re.I),
        re.compile(r"\d(?:[.,]?\d)*\s?(?:%|％|percent\b|per cent\b)", re.I),
        spare=re.compile(r"^(?:share|proportion|people|persons?|respondents?|answered|said|voted|chose)$", re.I),
    ),
    AnswerKind("number", re.compile(r"\b(?:how many|number of)\b", re.I), re.compile(r"\b\d+\b")),
    AnswerKind(
        "date",
        re.compile(r"\b(?:when|what date|opening hours)\b", re.I),
        re.compile(_DATE, re.I),
        spare=re.compile(rf"^(?:{_HELD})$", re.I),
    ),
)
"""In the order a goal is read: a time of day before a date ("quelle heure" asks the first), a share in per cent
before a number ("how many percent")."""
MIN_OTHER = 2
"""A heading's word shorter than this names nothing (an article's letter)."""
CELLS = frozenset({"cell", "gridcell", "rowheader", "columnheader"})
MAX_ANSWER_CHARS = 160


def answer_kind(goal: str, lex: Lexicon = ENGLISH) -> AnswerKind | None:
    """The kind of answer a find goal asks for, when it says ("what does X cost": a price; "ile kosztuje": one too)."""
    return next((kind for kind in answer_kinds(lex) if kind.asks(goal)), None)


def answer_kinds(lex: Lexicon) -> tuple[AnswerKind, ...]:
    """The kinds of answer, asked and shown in English and in `lex`'s languages."""
    if not lex.langs:
        return ANSWER_KINDS
    currencies = lex.currencies.pattern()
    money = re.compile(rf"\d[\d.,]*\s?{currencies}") if currencies else None
    dates = lex.dates | lex.weekdays
    dated = re.compile(dates.pattern()) if dates else None
    price, time, days, phone, percent, number, date = ANSWER_KINDS
    hours = tuple(sorted(lex.hours_hints.exact))
    return (
        AnswerKind(price.name, price.asked, price.shown, price.hints + tuple(sorted(lex.price_hints.exact)),
                   lex.price_asked, money, headed=True),
        AnswerKind(time.name, time.asked, time.shown, time.hints + hours, lex.time_asked, _clock(lex.time_units),
                   headed=True, spare=time.spare, spare_words=_spare(lex.time_asked, lex) | lex.event_words),
        AnswerKind(days.name, days.asked, days.shown, days.hints + hours, lex.days_asked,
                   re.compile(lex.weekdays.pattern()) if lex.weekdays else None,
                   headed=True, spare=days.spare, spare_words=_spare(lex.days_asked, lex)),
        AnswerKind(phone.name, phone.asked, phone.shown, phone.hints + tuple(sorted(lex.phone_hints.exact)),
                   lex.phone_asked, spare=phone.spare,
                   spare_words=lex.phone_words),
        AnswerKind(percent.name, percent.asked, percent.shown, (), lex.percent_asked, spare=percent.spare,
                   spare_words=lex.percent_words),
        AnswerKind(number.name, number.asked, number.shown, (), lex.number_asked),
        AnswerKind(date.name, date.asked, date.shown, (), lex.date_asked, dated, spare=date.spare,
                   spare_words=lex.event_words),
    )  # fmt: skip


def _clock(units: Words) -> re.Pattern[str] | None:
    """A time of day in folded text, its hour's number followed by one of `units` ("19h", "19 h 30", "19.30 uhr")."""
    if not units:
        return None
    words = "|".join(re.escape(unit) for unit in sorted(units.exact | set(units.phrases), key=len, reverse=True))
    latin = rf"(?![{CJK}])\w"  # a letter that is not CJK: "午前10時30分" holds a time, "a19h" none
    return re.compile(rf"(?<![:.])(?<!{latin})\d{{1,2}}(?:[.:]\d{{2}})?\s?(?:{words})\.?(?:\s?\d{{2}})?(?!{latin})")


def _spare(asked: Words, lex: Lexicon) -> Words:
    """The words of the phrases that ask ("quels jours": "jours"), and of opening hours ("ouvert", "jusqu"): no answer
    need repeat them."""
    return Words.of([word for phrase in asked.phrases for word in tokens(phrase)]) | lex.hours_words


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
