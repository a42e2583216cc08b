"""WCAG 3.1.2 Language of Parts as a screen-reader persona meets it (`browser/parts.py`, `records.language.clearly`):
a block clearly in another language than it is marked in is one finding; a marked part, a name, a short phrase, a
mix, a block the persona's tree does not hold, and a page with no lang are not."""

from __future__ import annotations

import pytest

from pytest_useragent.browser.parts import unmarked
from pytest_useragent.records.language import clearly

ENGLISH = "Our mission is to deliver innovative solutions that drive business growth and digital transformation."
SPANISH = "Somos una empresa líder en transformación digital con más de diez años de experiencia y clientes."
CZECH = "Jsme malý obchod, který prodává čaj a kávu už od roku 1998 a nikdy jsme nezavřeli."


def part(text: str, lang: str = "") -> dict[str, str]:
    return {"text": text, "lang": lang, "tag": "p", "box": "0,0,600,40"}


def tree(*texts: str) -> str:
    return "\n".join(f"- paragraph: {text}" for text in texts)


def test_an_english_sentence_unmarked_on_a_spanish_page_is_one_finding_naming_it():
    (issue,) = unmarked([part(SPANISH), part(ENGLISH)], "es-ES", tree(SPANISH, ENGLISH))
    assert issue.rule == "language-of-parts" and issue.trust == "objective" and issue.count == 1
    assert issue.element == "p: Our mission is to deliver innovative solutions that drive business growth and"
    assert "reads as en, marked es" in issue.evidence and 'lang="en"' in issue.evidence


@pytest.mark.parametrize(
    ("parts", "lang", "why"),
    [
        ([part(ENGLISH, "en")], "es", "marked with its own lang"),
        ([part(SPANISH), part(CZECH, "cs")], "es", "each in the language it is marked in"),
        (
            [part("Ofrecemos Web design, desarrollo de aplicaciones y consultoría para pequeñas empresas.")],
            "es",
            "a phrase",
        ),
        ([part("TechSolutions Cloud Suite Pro Max Edition Release Notes Version Two")], "es", "names say nothing"),
        ([part(ENGLISH)], "", "no page lang: axe's html-has-lang"),
        ([part(ENGLISH)], "en-GB", "the page's own language"),
    ],
)
def test_what_is_no_finding(parts, lang, why):
    assert unmarked(parts, lang, tree(*(p["text"] for p in parts))) == [], why


def test_a_block_the_persona_never_met_is_no_finding():
    assert unmarked([part(ENGLISH)], "es", tree(SPANISH)) == []  # aria-hidden, or outside what the tree holds


def test_clearly_needs_three_words_of_it_and_twice_those_of_the_marked_language():
    assert clearly(ENGLISH, "es") == "en" and clearly(SPANISH, "en") == "es" and clearly(CZECH, "de") == "cs"
    assert clearly(ENGLISH, "en") is None and clearly("the end", "es") is None
