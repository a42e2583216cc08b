"""Pure: a question no kind of answer fits, answered by the sentence of the page that says what it asks about, as a
reader skims a paragraph for it: "¿Qué estudió Juliana en la universidad?" by "Después de estudiar comunicación social
y ciencia política en la universidad, trabajé ...". The sentence names at least two of the question's words, and its
paragraph or the page's subject (its title, its first-level headings) names every other one: a question whose words
the page does not say together is left unanswered ("Where is she from?" names nothing a sentence says)."""

from __future__ import annotations

import re

from pytest_useragent.llm.offline.lexicon import fold
from pytest_useragent.llm.offline.page import Element, matches, score

PROSE = frozenset({"paragraph", "text", "listitem", "generic", "blockquote", "definition", "cell"})
"""Where running text is: not a heading (it names what a question asks about, it does not answer it), a link or a
control."""
SENTENCE_END = re.compile(r"(?<=[.!?…。！？\u2600-\u27bf\U0001f300-\U0001faff])\s+")
"""After a full stop, a question or exclamation mark, or an emoji, which informal text ends a sentence with."""
MIN_SHARED = 2
"""The question's words a sentence must name itself: one word shared is a topic, not an answer."""
MAX_SENTENCE_CHARS = 240
ASKING = frozenset({"what", "which", "who", "whom", "whose", "where", "why", "how", "did", "does", "do", "was", "were"})
"""English words that ask, which no answer repeats (a language's table has them among its stopwords)."""


def sentence(elements: list[Element], words: list[str], title: str) -> str | None:
    """The sentence of the page's text that names the most of the question's `words` (at least `MIN_SHARED`), every
    other one named by its paragraph or the page's subject; the first of those as good. None when none does."""
    asked = [word for word in words if fold(word) not in ASKING]
    if len(asked) < MIN_SHARED:
        return None
    subject = " ".join([title, *(e.name for e in elements if e.role == "heading" and e.level == 1)])
    best: tuple[int, str] | None = None
    for element in elements:
        if element.role not in PROSE or not element.name:
            continue
        for text in SENTENCE_END.split(element.name.strip()):
            shared = score(asked, text)
            if shared < MIN_SHARED or len(text) > MAX_SENTENCE_CHARS or (best is not None and shared <= best[0]):
                continue
            if all(matches(word, f"{element.name} {subject}") for word in asked):
                best = (shared, text)
    return best[1] if best is not None else None
