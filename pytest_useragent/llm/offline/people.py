"""Pure: a person's name, for a question that asks who or asks a name ("comment s'appelle-t-il ?", "What is the name
of the chief executive?"), where no label names it: a short text that is a name, or begins with one before its
role ("Maxime Guibard, PDG de À vos fourchettes", "Mario, nuestro Director Ejecutivo"), beside what the question is
about (the testimonial it signs, the role it holds). A heading, a link and the question's own subject are no name."""

from __future__ import annotations

import re

from pytest_useragent.llm.offline.lexicon import ENGLISH, Lexicon, Words
from pytest_useragent.llm.offline.page import TEXT, Element, matches, score

_WORD = r"[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ'’-]+"
_PARTICLE = r"(?:de|da|del|della|di|du|van|von|der|den|la|le)"
NAME = re.compile(rf"\s*(?:[—–-]\s*)?({_WORD}(?:\s+(?:{_PARTICLE}\s+)?{_WORD}){{1,2}})\s*(?:[,(—–-]\s*(.*))?", re.S)
"""Two or three capitalised words (a particle between them), alone or before a comma or dash and what follows."""
ALONE = re.compile(rf"\s*({_WORD})\s*,\s*(.+)", re.S)
"""One capitalised word before a comma: a first name, when what follows says the role the question asks about."""
MAX_WORDS = 12
"""A longer text is a paragraph that mentions people, not a name signed or shown."""
NEAR = 2
"""The texts just before a name that may say what it is about (the testimonial above its signature)."""
SAID = Words.of(["testimonial*", "testimony", "review*", "quote*", "says", "said", "recommends"])
"""English words of a question about who said something (`Lexicon.said_words`: the other languages')."""
QUOTE = re.compile(r"\s*[\"“”«„'‘]")


def person(elements: list[Element], words: list[str], goal: str, title: str = "", lex: Lexicon = ENGLISH) -> str | None:
    """The text that names the person the question asks about: a name among the page's short texts whose role, or
    the texts just before it, name a word of the question other than the page's own subject (its title, its
    first-level headings); or, for a question about who said something, the name signed under a quotation. The
    best so placed, first on ties; None when none is."""
    subject = " ".join([title, *(e.name for e in elements if e.role == "heading" and e.level == 1)])
    asked = [word for word in words if not matches(word, subject)]
    said = SAID.said(goal) or lex.said_words.said(goal)
    best: tuple[int, str] | None = None
    for index, element in enumerate(elements):
        if element.role not in TEXT or element.role == "heading" or len(element.name.split()) > MAX_WORDS:
            continue
        found = _named(element.name, words)
        if found is None:
            continue
        name, role = found
        texts = [e.name for e in elements[max(0, index - NEAR) : index] if e.role in TEXT]
        signed = said and bool(texts) and bool(QUOTE.match(texts[-1]))
        near = score(asked, role) * 2 + score(asked, " ".join(texts)) + signed
        if near and (best is None or near > best[0]):
            best = (near, element.name.strip())
    return best[1] if best else None


def _named(text: str, words: list[str]) -> tuple[str, str] | None:
    """The name a text gives, and what follows it; None when it gives none, when it holds a number (an address,
    "Palacio Municipal, Calle 10 # 5-20"), or the name is the question's own subject (a word of the question:
    "Agence La Panthère" asked about is no one who answers)."""
    match = NAME.fullmatch(text) or ALONE.fullmatch(text)
    if match is None or re.search(r"\d", text):  # "Palacio Municipal, Calle 10 # 5-20" is an address
        return None
    name, role = match[1], match[2] or ""
    if score(words, name):
        return None
    if len(name.split()) == 1 and not score(words, role):  # "Bonjour, ..." is nobody
        return None
    return name, role
