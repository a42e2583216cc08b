"""The language a block is clearly in when it is not the one it is marked in (`records.writing`): told by its script
where its script says it, by its words where it is written in Latin letters; its size counted in words, two letters of
a script written without spaces making one."""

from __future__ import annotations

import pytest

from pytest_useragent.records.writing import scripts_of, size, told, words_by_script

JAPANESE = "駒瑠市では、地球温暖化を防ぐために市民の皆さまと一緒にさまざまな取り組みを進めています。"
CHINESE = "本市致力于应对全球变暖，与市民一起推进各种节能减排措施，共同建设绿色城市。"
KOREAN = "우리 시는 지구 온난화를 막기 위해 시민 여러분과 함께 다양한 노력을 하고 있습니다."
RUSSIAN = "Наш город вместе с жителями принимает различные меры для борьбы с глобальным потеплением."
UKRAINIAN = "Наше місто разом із мешканцями вживає різноманітних заходів, щоб запобігти глобальному потеплінню."
BULGARIAN = "Нашият град заедно с гражданите предприема различни мерки срещу глобалното затопляне на климата."
GREEK = "Η πόλη μας λαμβάνει διάφορα μέτρα μαζί με τους κατοίκους για την καταπολέμηση της υπερθέρμανσης."
ARABIC = "تتخذ مدينتنا تدابير مختلفة مع السكان لمكافحة الاحتباس الحراري العالمي وحماية البيئة."
HEBREW = "העיר שלנו נוקטת צעדים שונים יחד עם התושבים כדי להילחם בהתחממות הגלובלית."
THAI = "เมืองของเราร่วมกับประชาชนดำเนินมาตรการต่างๆ เพื่อป้องกันภาวะโลกร้อน"
ENGLISH = "The new camera is built for travel and has a longer battery life than any we sold before."
MIXED = "新しいMacBook Proは、Apple Siliconを搭載し、バッテリーの持続時間が大幅に向上しました。"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (JAPANESE, "ja"),
        (MIXED, "ja"),
        (CHINESE, "zh"),
        (KOREAN, "ko"),
        (RUSSIAN, "ru"),
        (UKRAINIAN, "uk"),
        (BULGARIAN, "a Cyrillic language"),
        (GREEK, "el"),
        (ARABIC, "ar"),
        (HEBREW, "he"),
        (THAI, "th"),
    ],
)
def test_a_script_tells_its_language_against_a_page_marked_en(text, language):
    assert told(text, "en") == language and told(text, "en-US") == language


@pytest.mark.parametrize(
    ("text", "marked"),
    [
        (JAPANESE, "ja"),
        (MIXED, "ja-JP"),
        (CHINESE, "zh"),
        (CHINESE, "zh-Hant"),
        (CHINESE, "ja"),  # kanji alone may be Japanese
        (KOREAN, "ko"),
        (BULGARIAN, "bg"),
        (UKRAINIAN, "ru"),  # the script is right: which Cyrillic language is not the script's to say
        (JAPANESE, "tyv"),  # a language whose scripts are unknown
        (JAPANESE, "en-Jpan"),  # a script subtag says the scripts
        (ENGLISH, "en"),
    ],
)
def test_a_script_the_marked_language_is_written_in_is_no_finding(text, marked):
    assert told(text, marked) is None


def test_a_script_subtag_overrides_the_language():
    assert told(JAPANESE, "ja-Latn") == "ja" and scripts_of("sr-Latn") == {"Latin"}
    assert scripts_of("sr") == {"Latin", "Cyrillic"} and scripts_of("x-klingon") is None


def test_kana_tell_japanese_from_chinese_and_a_page_marked_zh_finds_japanese():
    assert told(JAPANESE, "zh") == "ja" and told(CHINESE, "ja") is None and told(CHINESE, "ko") is None


def test_latin_letters_are_told_by_their_words():
    assert (
        told(ENGLISH, "ja") == "en"
        and told(ENGLISH, "es") == "en"
        and told("TechSolutions Cloud Suite Pro", "ja") is None
    )


def test_size_counts_two_letters_of_an_unspaced_script_as_a_word():
    assert words_by_script("日本語です") == {"Han": 1.5, "Kana": 1.0} and size("日本語です") == 2.5
    assert size("One two three") == 3 and size("Sony α7 IV") == 3
    assert size("いらっしゃいませ") == 4  # under the 8 words a block needs


def test_a_short_word_or_a_mix_says_nothing():
    assert told("Dinner at いらっしゃいませ was wonderful.", "en") is None
    assert told("We bought 東京タワーの写真 and this is the end of it.", "en") is None  # neither holds twice the other
    assert told("ありがとう", "en") is None
