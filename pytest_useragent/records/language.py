"""Pure: the language a persona is written in, when its author did not say (`language:`), so that a persona written
in Czech thinks, quotes and answers in Czech. A count of each language's commonest words and of its own letters.

Why not a detector library: py3langid (the well-kept one small enough to ship) takes 1-2 s to load its model and
pulls in numpy, paid by every pytest worker whose persona is plain text, and still needs a list of languages and a
confidence floor to tell "Kai, 29" is nothing in particular; lingua is a 96 MB wheel. A persona is a few sentences,
and what tells such short texts apart is their commonest words and letters: measured on persona texts in the tests
(tests/unit/records/test_language.py), as right as py3langid restricted to these languages."""

from __future__ import annotations

import re

STOP_WORDS: dict[str, frozenset[str]] = {
    language: frozenset(words.split())
    for language, words in {
        "en": "the and is are was with for who has have never she he her his not but to of in on at a an it uses "
        "likes wants often does doesn't don't",
        "cs": "je jsou se ve že ale nikdy jako pro má nemá když už jen nebo byla byl ráda rád chce nakupuje "
        "používá let také velmi často jsem jsme takovém tomto obchodě",
        "sk": "sú sa vo ako pre keď alebo rokov tiež veľmi som sme ste nie aj ktorý ktorá takom takomto tomto "
        "obchode nikdy nemá používa",
        "de": "und ist sind der die das mit für nicht nie sie er hat ein eine auch aber wenn noch oft kauft "
        "benutzt jahre gerne will",
        "es": "y es son el la los las con para no nunca ella él tiene un una también pero cuando muy años "
        "compra usa quiere suele de del que en por se lo su al nos a",
        "fr": "et est sont le la les avec pour ne pas jamais elle il a un une aussi mais quand très ans "
        "achète utilise veut souvent de des du que qui vous votre vos nous notre nos au aux dans sur par ce cette",
        "it": "e è sono il lo la gli le con per non mai lei lui ha un una anche ma quando molto anni "
        "compra usa vuole spesso",
        "pl": "i jest są się na w we z że ale nigdy jak dla ma nie kiedy już tylko lub była był lat też "
        "bardzo często kupuje używa chce",
        "pt": "e é são o a os as com para não nunca ela ele tem um uma também mas quando muito anos compra usa quer",
        "nl": "en is zijn de het met voor niet nooit zij hij heeft een ook maar als vaak jaar koopt gebruikt wil",
    }.items()
}
LETTERS: dict[str, str] = {
    "cs": "ěřůčšžťďň",
    "sk": "ľĺŕôäčšžťďň",
    "de": "äöüß",
    "es": "ñ¿¡",
    "fr": "çèêëàâîïœù",
    "it": "àèìòù",
    "pl": "ąćęłńśźż",
    "pt": "ãõçâêô",
}
"""Letters that say a language: each counts as two of its words."""
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
DEFAULT = "en"


def scores(text: str) -> dict[str, int]:
    """How much `text` says each language: its commonest words in it, and twice each of its own letters."""
    words = [word.lower() for word in _WORD.findall(text)]
    lowered = text.lower()
    return {
        language: sum(word in common for word in words)
        + 2 * sum(lowered.count(letter) for letter in LETTERS.get(language, ""))
        for language, common in STOP_WORDS.items()
    }


def detected(text: str) -> str:
    """The language `text` is most likely written in, as a two-letter tag; English when nothing tells."""
    said = scores(text)
    best = max(said, key=lambda language: (said[language], language == DEFAULT))
    return best if said[best] >= 2 and said[best] > said[DEFAULT] else DEFAULT


def primary(tag: str) -> str:
    """A language tag's primary subtag, folded: `pl` of `pl-PL` (or of a written `pl_PL`)."""
    return (tag or "").strip().split("-")[0].split("_")[0].casefold()


def clearly(text: str, marked: str) -> str | None:
    """The language `text` is clearly in when it is not `marked` (a two-letter tag): its words and letters say it at
    least three times and more than twice as often as they say `marked`; None when they do not (a short text, a name,
    a mix), or say `marked`."""
    said = scores(text)
    best = max(said, key=lambda language: (said[language], language == marked))
    other = said.get(marked, 0)
    return best if best != marked and said[best] >= 3 and said[best] > 2 * other else None
