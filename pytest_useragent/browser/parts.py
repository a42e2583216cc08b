"""WCAG 3.1.2 Language of Parts, as a screen-reader persona meets it: a block of text the page script measured (its
own words, a part marked with a lang of its own left out) whose words clearly say another language than the one it
is marked in (the nearest lang around it, else the page's), so a screen reader reads it in the wrong voice. Pure.

"Clearly" is `records.language.clearly`: the commonest words and letters of the other language at least three times,
and more than twice as often as those of the marked one, in a block of at least 8 words; a name, a product, a short
quote or a mix says nothing. A page with no lang at all is axe's `html-has-lang`, not this."""

from __future__ import annotations

from pytest_useragent.records import Issue
from pytest_useragent.records.language import clearly, primary
from pytest_useragent.records.rules import rule

MIN_WORDS = 8
"""The fewest words a block needs for its language to be told (the page script sends only such blocks)."""


def unmarked(parts: list[dict[str, str]], lang: str, tree: str) -> list[Issue]:
    """The blocks in another language than they are marked in, of those whose words the persona's tree holds (it
    met them): one finding naming the first, counting them all."""
    if not lang.strip():
        return []
    read = " ".join(tree.split()).casefold()
    wrong = [
        (part, said)
        for part in parts
        if len(part["text"].split()) >= MIN_WORDS
        and " ".join(part["text"].split()[:6]).casefold() in read
        and (said := clearly(part["text"], primary(part["lang"] or lang))) is not None
    ]
    if not wrong:
        return []
    (first, said), marked = wrong[0], primary(wrong[0][0]["lang"] or lang)
    words = " ".join(first["text"].split()[:12])
    return [
        rule("language-of-parts").issue(
            f'"{words}" reads as {said}, marked {marked}: a screen reader reads it in the {marked} voice; the part '
            f'wants lang="{said}"',
            f"{first['tag']}: {words}",
            box=first.get("box"),
            count=len(wrong),
            examples=[" ".join(part["text"].split()[:8]) for part, _ in wrong[:5]],
        )
    ]
