"""A persona's language, when its author did not say: from its own words, so that it thinks and answers in them."""

from __future__ import annotations

import pytest

from pytest_useragent import Persona
from pytest_useragent.records.language import detected

PERSONAS = {
    "cs": [
        "Jana, 45. Nikdy nenakupovala v takovém obchodě.",
        "Petr, 30, spěchá a chce rychle zaplatit.",
        "Marek je nevidomý a pohybuje se po nadpisech.",
        "Vera, 72, zvětšuje stránku na 200 %.",
        "Jana, 45, ráda nakupuje online",
    ],
    "sk": ["Jana, 45. Nikdy nenakupovala v takomto obchode.", "Peter, 30, sa ponáhľa a chce rýchlo zaplatiť."],
    "de": [
        "Jana, 45. Hat noch nie in so einem Laden eingekauft.",
        "Peter, 30, hat es eilig und will schnell bezahlen.",
    ],
    "es": ["Ana, 45. Nunca ha comprado en una tienda como esta.", "Pedro, 30, tiene prisa y quiere pagar rápido."],
    "fr": ["Jeanne, 45 ans. N'a jamais utilisé une boutique comme celle-ci."],
    "en": [
        "Jana, 45. Never used a shop like this.",
        "Petr, 30, in a hurry, wants to pay fast.",
        "Marek is blind and moves by headings.",
        "Jana",  # nothing to tell by: English, the default
        "Kai, 29",
    ],
}


@pytest.mark.parametrize(("language", "text"), [(lang, text) for lang, texts in PERSONAS.items() for text in texts])
def test_a_short_persona_text_is_told_by_its_words_and_letters(language, text):
    assert detected(text) == language


def test_a_persona_without_a_language_gets_the_one_it_is_written_in_and_a_stated_one_is_kept():
    assert Persona("Jana, 45. Nikdy nenakupovala v takovém obchodě.").language == "cs"
    assert Persona(name="Ana", background="Nunca ha comprado en una tienda como esta.").language == "es"
    assert Persona("Jana, 45. Never used a shop like this.").language == "en"
    assert Persona(name="Jana", background="Nikdy nenakupovala v takovém obchodě.", language="en").language == "en"
