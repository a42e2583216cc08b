"""Pure: a goal's quoted values, each with the form field the words just before it name ("el nombre «Ana García», el
teléfono «+34 600 123 456»": "Nombre" takes "Ana García", "Teléfono" the number). The words before a value are those
since the previous quote, or since its sentence began; read from the nearest back, the first that names a field by
its label (case and diacritics folded, an inflected ending cut: "komentarzem" ~ "Komentarz"; a whole word before
one that shares only its first four letters: "Nachricht" is not "Nachname") names it; of several
fields that word names ("name": "First name", "Last name"), the one the other words before the value name too
("last"). A word that names no label may name a field by its kind, in English or the goal's and page's languages
(`lexicon`'s `email_fields`, `phone_fields`, `password_fields`: "email" ~ "Correo electrónico" ~ "Courriel" ~
"E-Mail-Adresse"). A value whose words name no field has none here, and is typed where it always was
(`Situation.field`)."""

from __future__ import annotations

import re

from pytest_useragent.llm.offline.lexicon import ENGLISH, MIN_CJK, Lexicon, Words, cjk, tokens
from pytest_useragent.llm.offline.page import FIELDS, QUOTED, STOPWORDS, Element, matches

SENTENCE = re.compile(r"[.!?;]+(?:\s+|$)|[。！？]+")
"""Where a sentence ends: the words before a value never reach past it."""
MIN_LETTERS = 3
"""A shorter word ("el", "e" of "e-mail") names no field."""
MAX_BETWEEN = 3
"""The most words between a value and the quoted label after it that names its field ("into the field")."""
MIN_WHOLE = 4
"""A label's word shorter than this is no stem of the goal's word ("nom" of "nombre")."""
KINDS: tuple[tuple[str, Words], ...] = (
    ("email_fields", Words.of(["email*", "mail*", "e-mail"])),
    ("phone_fields", Words.of(["phone*", "telephone*", "tel", "mobile*", "cell"])),
    ("password_fields", Words.of(["password*", "passcode"])),
)
"""The kinds of field a word may name beside its label, each with its English words (the tables add theirs)."""


def before_values(goal: str) -> list[tuple[str, str]]:
    """Each quoted value of `goal`, in order, with the text just before it: since the previous quote, or since the
    sentence it is in began."""
    found, start = [], 0
    for quote in QUOTED.finditer(goal):
        value = next(group for group in quote.groups() if group is not None)
        found.append((value, SENTENCE.split(goal[start : quote.start()])[-1]))
        start = quote.end()
    return found


def field_words(text: str, lex: Lexicon = ENGLISH) -> list[str]:
    """The words of `text` that may name a field, nearest the value (its end) first."""
    words = [word for word in tokens(text) if len(word) >= (MIN_CJK if cjk(word) else MIN_LETTERS)]
    kept = [word for word in words if word not in STOPWORDS and word not in lex.stopwords]
    return [lex.stem(word) if lex.endings else word for word in reversed(kept)]


def named_field(text: str, fields: list[Element], lex: Lexicon = ENGLISH) -> Element | None:
    """The text field the words of `text` name (the words just before a value), or None when they name none."""
    words = field_words(text, lex)
    for word in words:
        named = (
            [field for field in fields if _whole(word, field.name)]
            or [field for field in fields if matches(word, field.name)]
            or _of_kind(word, fields, lex)
        )
        if named:
            return max(named, key=lambda field: sum(1 for other in words if matches(other, field.name)))
    return None


def _whole(word: str, label: str) -> bool:
    """A word of the label starts with `word`, or `word` with it ("komentarzem": "Komentarz"): "Nachricht" names
    "Nachricht" before "Vor- und Nachname", which `matches` by its first four letters alone."""
    found = tokens(label)
    return any(token.startswith(word) or (len(token) >= MIN_WHOLE and word.startswith(token)) for token in found)


def _of_kind(word: str, fields: list[Element], lex: Lexicon) -> list[Element]:
    """The fields of the kind `word` names (an e-mail, a telephone, a password), by their labels' words."""
    for attribute, english in KINDS:
        kind = english | getattr(lex, attribute)
        if word in kind:
            return [field for field in fields if kind.said(field.name)]
    return []


def paired(goal: str, elements: list[Element], lex: Lexicon = ENGLISH) -> dict[str, Element]:
    """Each quoted value of `goal` whose words name one of the page's text fields, with that field; a quoted field's
    label names the field of the value after it (「その他の良いところ」に「デザインがきれい」, "into «Comment» type
    «Fast»") and is no value itself."""
    fields = [e for e in elements if e.role in FIELDS and e.ref and e.name]
    found: dict[str, Element] = {}
    label: Element | None = None
    unpaired: str | None = None  # the value just before, which no words named a field for
    for value, before in before_values(goal):
        if (named := labelled(value, fields)) is not None:
            if unpaired is not None and len(tokens(before)) <= MAX_BETWEEN:  # "type «Fast» into «Comment»"
                found.setdefault(unpaired, named)
                unpaired = None
            else:  # 「コメント」に「早い」
                label = named
            continue
        field = label or named_field(before, fields, lex)
        label, unpaired = None, (value if field is None else None)
        if field is not None:
            found.setdefault(value, field)
    return found


def labelled(value: str, fields: list[Element]) -> Element | None:
    """The field whose label `value` is, its letters alone compared (case, marks and punctuation aside: "Name *")."""
    letters = _letters(value)
    return next((field for field in fields if letters and _letters(field.name) == letters), None)


def _letters(text: str) -> str:
    return "".join(tokens(text))
