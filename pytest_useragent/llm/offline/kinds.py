"""Pure: the kinds of answer a find goal asks for, one row each: "what does the Pro plan cost" a price; "until what
time is the shop open" a time of day ("19:00", "7 pm", "19h", "19 h 30", "19 Uhr"); "which days is it open" the days
of the week; "the hotline's number" a telephone number; a share in per cent; "how long does it take" a duration ("15
días hábiles"); "what size is the file" a file's size ("61 KB"); "how many" a number; "when" a date. Each kind is
asked and shown in English (here) and in the goal's and page's languages (`lexicon`'s tables)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pytest_useragent.llm.offline.lexicon import CJK, ENGLISH, Lexicon, Words, fold, tokens

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
_UNITS = r"(?:minutes?|hours?|days?|weeks?|months?|years?)"
"""What a duration counts ("15 days", "2 working days")."""
_SIZE = r"\b\d+(?:[.,]\d+)?\s?(?:[kKMGT]i?B|kb|bytes?|[kKMG]o|octets?)(?!\w)"
"""A file's size: "61 KB", "1,2 MB", "350 Ko" (French), "4 MiB"."""
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
    AnswerKind(
        "duration",
        re.compile(r"\bhow long\b|\bhow many (?:working |business )?(?:days|hours|weeks)\b", re.I),
        re.compile(rf"\b\d+\s?(?:working |business )?{_UNITS}\b", re.I),
        spare=re.compile(rf"^(?:long|takes?|within|maximum|most|working|business|{_UNITS})$", re.I),
    ),
    AnswerKind(
        "size",
        re.compile(r"\b(?:what size|file size|how (?:big|large))\b|\bsize of\b", re.I),
        re.compile(_SIZE),
        spare=re.compile(r"^(?:size|big|large|file|weighs?)$", re.I),
    ),
    AnswerKind("number", re.compile(r"\b(?:how many|number of)\b", re.I), re.compile(r"\b\d+\b")),
    AnswerKind(
        "date",
        re.compile(r"\b(?:when|what date|opening hours)\b", re.I),
        re.compile(_DATE, re.I),
        spare=re.compile(rf"^(?:{_HELD})$", re.I),
    ),
)
"""In the order a goal is read: a time of day before a date ("quelle heure" asks the first), a share in per cent, a
duration ("how many days") and a size before a number ("how many percent")."""


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
    price, time, days, phone, percent, duration, size, number, date = ANSWER_KINDS
    units = lex.duration_units.pattern()
    lasting = re.compile(rf"\d+\s?{units}") if units else None
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
        AnswerKind(duration.name, duration.asked, duration.shown, (), lex.duration_asked, lasting,
                   spare=duration.spare, spare_words=_spare(lex.duration_asked, lex) | lex.duration_units),
        AnswerKind(size.name, size.asked, size.shown, (), lex.size_asked, spare=size.spare,
                   spare_words=_spare(lex.size_asked, lex)),
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
