"""WCAG 3.1.1 Language of Page and 3.1.2 Language of Parts, as a screen-reader persona meets them: the blocks of text
the page script measured (each its own words, a part marked with a lang of its own left out, and the nearest lang
around it), of those the persona's tree holds, told by `records.writing.told` (their script where it says, else their
commonest words), so that a screen reader does not read them in the wrong voice. Pure.

The page's own text (its blocks marked by `<html lang>` alone: their `lang` is "") clearly in another language than
`<html lang>` is ONE finding on `<html>` (3.1.1), not one per block; a block clearly in another language than it is
marked in, once the page's language is set right, is 3.1.2 (one finding naming the first, counting them all). A name,
a product, a short quote or a mix says nothing. A page with no lang at all is axe's `html-has-lang`, and an invalid
one its `html-lang-valid`, not this."""

from __future__ import annotations

from pytest_useragent.records import Issue
from pytest_useragent.records.language import primary
from pytest_useragent.records.rules import rule
from pytest_useragent.records.writing import MIN_WORDS, size, told


def wants(said: str) -> str:
    """What a block or page told as `said` wants: `lang="ja"`, or the lang of a language its script does not name."""
    return f'lang="{said}"' if " " not in said else "the lang of its language"


def unmarked(parts: list[dict[str, str]], lang: str, tree: str) -> list[Issue]:
    """The page's text and its blocks in another language than they are marked in, of those whose words the
    persona's tree holds (it met them): a finding on the page's `<html>`, and one naming the first block."""
    if not lang.strip():
        return []
    read = "".join(tree.split()).casefold()
    met = [part for part in parts if size(part["text"]) >= MIN_WORDS and _lead(part["text"]) in read]
    own = [part for part in met if not part["lang"]]
    page = told(" ".join(part["text"] for part in own), lang) if own else None
    found = [_page(page, lang, own)] if page is not None else []
    ours = {id(part) for part in own}

    def marked(part: dict[str, str]) -> str | None:  # a block of the page's once its lang is set right
        if page is not None and id(part) in ours:
            return page if " " not in page else None
        return part["lang"] or lang

    wrong = [(part, said) for part in met if (tag := marked(part)) and (said := told(part["text"], tag)) is not None]
    if not wrong:
        return found
    (first, said), tag = wrong[0], marked(wrong[0][0]) or lang
    words = _words(first["text"], 12)
    return [
        *found,
        rule("language-of-parts").issue(
            f'"{words}" reads as {said}, marked {primary(tag)}: a screen reader reads it in the {primary(tag)} '
            f"voice; the part wants {wants(said)}",
            f"{first['tag']}: {words}",
            box=first.get("box"),
            count=len(wrong),
            examples=[_words(part["text"], 8) for part, _ in wrong[:5]],
        ),
    ]


def _page(said: str, lang: str, own: list[dict[str, str]]) -> Issue:
    """The page's text told as `said`, its `<html>` marked `lang`."""
    marked = primary(lang)
    return rule("language-of-page").issue(
        f'the page\'s text reads as {said}, marked {marked} (<html lang="{lang}">): a screen reader reads the whole '
        f'page in the {marked} voice; <html> wants {wants(said)}. First: "{_words(own[0]["text"], 12)}"',
        f'html lang="{lang}"',
        locator='locator("html")',
        count=len(own),
        examples=[_words(part["text"], 8) for part in own[:5]],
    )


def _words(text: str, count: int) -> str:
    """The first `count` words of `text`, or of a text written without spaces its first 2 x `count` letters."""
    words = " ".join(text.split()[:count])
    return words if size(words) <= count + 1 else words[: 2 * count]


def _lead(text: str) -> str:
    """How a block is found in the tree: its first words (`_words`), spaces and case set aside (a line break)."""
    return "".join(_words(text, 6).split()).casefold()
