"""WCAG 3.1.1 Language of Page and 3.1.2 Language of Parts as a screen-reader persona meets them (`browser/parts.py`,
`records.writing.told`): a page whose own text is clearly in another language than `<html lang>` is one finding on
`<html>`, a block clearly in another language than it is marked in one more; a marked part, a name, a short phrase,
a mix, a block the persona's tree does not hold, and a page with no lang are not."""

from __future__ import annotations

import pytest

from pytest_useragent.browser.parts import unmarked
from pytest_useragent.records.language import clearly

ENGLISH = "Our mission is to deliver innovative solutions that drive business growth and digital transformation."
SPANISH = "Somos una empresa líder en transformación digital con más de diez años de experiencia y clientes."
CZECH = "Jsme malý obchod, který prodává čaj a kávu už od roku 1998 a nikdy jsme nezavřeli."
JAPANESE = "駒井カメラは駅の東口から歩いて五分、市役所の向かいにあります。営業時間は午前十時から午後七時までです。"
JAPANESE_MORE = "駒瑠市では、地球温暖化を防ぐために市民の皆さまと一緒にさまざまな取り組みを進めています。"
PRODUCTS = "当店では今月から、Sony α7 IVとCanon EOS R6 Mark IIの取り扱いを始めました。"
QUOTE = "You don't take a photograph, you make it. There are no rules for good photographs, only good ones."
CHINESE = "城东图书馆周一至周五上午九点至晚上八点开放，周末及法定节假日上午十点至下午五点开放。"
SHORT = "He greeted us with a cheerful いらっしゃいませ and started with a clear soup, then twelve pieces of nigiri."
LONG_ENGLISH = " ".join(
    [ENGLISH, SHORT, QUOTE, "The rice was still slightly warm and every piece was seasoned already."]
)


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
        (
            [
                part(
                    "Por seguridad, deseamos protegerte de hacer esto en nuestra plataforma ya que no nos aseguramos de "
                    "vulnerabilidades de la plataforma de aprendizaje."
                )
            ],
            "es",
            "Spanish whose 'de' and 'en' are Dutch words too (it was taken for Dutch)",
        ),
        (
            [part("Brief de votre projet (Ajoutez autant de détails que nécessaire)")],
            "fr",
            "French whose 'de' and 'que' are Spanish words too (it was taken for Spanish)",
        ),
        (
            [
                part(
                    "Línea de atención: (000) 123 4567 · Lunes a viernes, 7:30 a. m. a 12:00 m. y 2:00 p. m. a 5:30 p. m."
                )
            ],
            "es",
            "Spanish opening hours whose 'a' is a French word too (it was taken for French, on the held-out valleclaro)",
        ),
    ],
)
def test_what_is_no_finding(parts, lang, why):
    assert unmarked(parts, lang, tree(*(p["text"] for p in parts))) == [], why


def test_a_block_the_persona_never_met_is_no_finding():
    assert unmarked([part(ENGLISH)], "es", tree(SPANISH)) == []  # aria-hidden, or outside what the tree holds


def test_clearly_needs_three_words_of_it_and_twice_those_of_the_marked_language():
    assert clearly(ENGLISH, "es") == "en" and clearly(SPANISH, "en") == "es" and clearly(CZECH, "de") == "cs"
    assert clearly(ENGLISH, "en") is None and clearly("the end", "es") is None


def test_a_japanese_page_marked_en_is_one_finding_on_html_not_one_per_block():
    parts = [part(JAPANESE), part(PRODUCTS), part(QUOTE, "en")]
    (issue,) = unmarked(parts, "en", tree(JAPANESE, PRODUCTS, QUOTE))
    assert issue.rule == "language-of-page" and issue.element == 'html lang="en"' and issue.count == 2
    assert issue.locator == 'locator("html")' and issue.criteria == ["3.1.1"]
    assert "reads as ja, marked en" in issue.evidence and '<html> wants lang="ja"' in issue.evidence


def test_a_block_in_a_third_language_on_a_page_marked_wrong_is_still_its_own_finding():
    korean = "우리 시는 지구 온난화를 막기 위해 시민 여러분과 함께 다양한 노력을 하고 있습니다."
    texts = (JAPANESE, PRODUCTS, JAPANESE_MORE, korean)
    page, block = unmarked([part(text) for text in texts], "en", tree(*texts))
    assert page.rule == "language-of-page" and block.rule == "language-of-parts"
    assert "reads as ko, marked ja" in block.evidence  # marked as the page will be, once set right


def test_a_long_japanese_paragraph_unmarked_on_an_english_page_is_a_part_not_the_page():
    (issue,) = unmarked([part(LONG_ENGLISH), part(JAPANESE)], "en", tree(LONG_ENGLISH, JAPANESE))
    assert issue.rule == "language-of-parts" and issue.element == "p: " + JAPANESE[:24]
    assert "reads as ja, marked en" in issue.evidence and 'lang="ja"' in issue.evidence


@pytest.mark.parametrize(
    ("parts", "lang", "why"),
    [
        ([part(JAPANESE), part(PRODUCTS), part(QUOTE, "en")], "ja", "Japanese marked ja, its quotation en"),
        ([part(CHINESE)], "zh", "Chinese marked zh"),
        ([part(CHINESE)], "zh-Hant", "Chinese marked by a script subtag"),
        ([part(LONG_ENGLISH), part(SHORT)], "en", "a short Japanese word in English"),
        ([part(JAPANESE, "ja"), part(LONG_ENGLISH)], "en", "a Japanese paragraph marked ja"),
        ([part(JAPANESE)], "tyv", "a language whose scripts the table does not know"),
    ],
)
def test_what_the_script_says_is_no_finding(parts, lang, why):
    assert unmarked(parts, lang, tree(*(p["text"] for p in parts))) == [], why


def test_a_japanese_block_is_found_in_the_tree_by_its_first_letters_across_a_line_break():
    assert unmarked([part(JAPANESE)], "en", tree(JAPANESE[:10] + "\n" + JAPANESE[10:]))
    assert unmarked([part(JAPANESE)], "en", tree(CHINESE)) == []
