"""Pure: the language a block of text is clearly in when that is not the language it is marked in, told by its
script where its script says it (Japanese by its kana, Chinese by Han without kana, Korean by Hangul, Greek, Arabic,
Hebrew, Thai...) and by its commonest words where it is written in Latin letters (`language.clearly`).

A script tells a language only against a marked language whose scripts are known (`WRITTEN_IN`, or a script subtag
such as `ja-Latn`): Japanese marked `ja`, Chinese marked `zh-Hant`, Han marked `ko` are no finding, and neither is
anything marked in a language this table does not know. Cyrillic says "a Cyrillic language" unless its letters tell
Russian, Ukrainian or Belarusian. A block's size is counted in words: a run of letters of a script written with
spaces is a word, and two letters of a script written without (Han, kana, Thai, Lao, Khmer, Myanmar) are one."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from pytest_useragent.records.language import clearly, primary

MIN_WORDS = 8
"""The fewest words a block needs for its language to be told (two letters of Han or kana make a word)."""
UNSPACED = frozenset({"Han", "Kana", "Thai", "Lao", "Khmer", "Myanmar"})
"""Scripts written without spaces between words."""
FAMILY = {"Kana": "Han"}
"""Kana and Han are one writing, Japanese's, when their share of a block is measured."""
WRITTEN_IN: dict[str, frozenset[str]] = {
    script: frozenset(languages.split())
    for script, languages in {
        "Latin": "en de fr es it pt nl pl cs sk sl hr bs sr hu ro sv da no nb nn fi et lv lt is ga gd cy eu ca gl "
        "oc br lb fo mt sq tr az uz tk kk id ms jv su vi tl fil sw af zu xh st tn yo ha ig so om rw mg mi sm to "
        "haw eo la ku ht qu gn ay",
        "Cyrillic": "ru uk be bg sr mk kk ky mn tg tt ba cv ce os sah udm kv myv mdf ab av cu rue uz az tk",
        "Greek": "el grc",
        "Arabic": "ar fa ur ps ug sd ku ckb ks prs",
        "Hebrew": "he iw yi lad",
        "Han": "zh ja ko yue cmn wuu hak nan gan hsn lzh",
        "Kana": "ja",
        "Hangul": "ko",
        "Thai": "th",
        "Lao": "lo",
        "Khmer": "km",
        "Myanmar": "my",
        "Devanagari": "hi mr ne sa kok mai bho",
        "Bengali": "bn as",
        "Georgian": "ka",
        "Armenian": "hy",
        "Ethiopic": "am ti",
        "Tamil": "ta",
        "Telugu": "te",
        "Kannada": "kn",
        "Malayalam": "ml",
        "Gujarati": "gu",
        "Gurmukhi": "pa",
        "Sinhala": "si",
    }.items()
}
"""The scripts each language is written in, for the languages a script can be told from."""
SUBTAGS = {"Latn": "Latin", "Cyrl": "Cyrillic", "Grek": "Greek", "Arab": "Arabic", "Hebr": "Hebrew", "Hans": "Han",
           "Hant": "Han", "Hani": "Han", "Jpan": "Han Kana", "Kore": "Hangul Han", "Hang": "Hangul", "Thai": "Thai",
           "Deva": "Devanagari"}  # fmt: skip
"""A language tag's script subtag (`sr-Latn`, `zh-Hant`), as the scripts it says."""
TOLD = {"Han": "zh", "Kana": "ja", "Hangul": "ko", "Greek": "el", "Arabic": "ar", "Hebrew": "he", "Thai": "th",
        "Lao": "lo", "Khmer": "km", "Myanmar": "my", "Devanagari": "hi", "Bengali": "bn", "Georgian": "ka",
        "Armenian": "hy", "Ethiopic": "am", "Tamil": "ta", "Telugu": "te", "Kannada": "kn", "Malayalam": "ml",
        "Gujarati": "gu", "Gurmukhi": "pa", "Sinhala": "si"}  # fmt: skip
"""The language a script says when nothing else tells (Arabic's and Devanagari's most written)."""
LETTERS = {"Cyrillic": {"uk": "їєґ", "be": "ў", "ru": "ыэ"}, "Arabic": {"ur": "ٹڈڑںے", "fa": "پچژگ"}}
"""Letters that tell one language of a script several write, the first whose letters the text holds."""
NAMES = {"CJK": "Han", "IDEOGRAPHIC": "Han", "HIRAGANA": "Kana", "KATAKANA": "Kana", "LATIN": "Latin"}


@lru_cache(maxsize=4096)
def script_of(letter: str) -> str | None:
    """The script of one character when it is a letter (`Han`, `Kana`, `Latin`, `Cyrillic`...), None otherwise."""
    if not letter.isalpha():
        return None
    for word in unicodedata.name(letter, "").replace("-", " ").split()[:2]:  # FULLWIDTH LATIN, HALFWIDTH KATAKANA
        if word in NAMES:
            return NAMES[word]
        if word.title() in WRITTEN_IN:
            return word.title()
    return None


def words_by_script(text: str) -> dict[str, float]:
    """How many words of each script `text` holds: a run of letters of a spaced script is one, two letters of an
    unspaced one are one."""
    counted: dict[str, float] = {}
    before = None
    for letter in text:
        script = script_of(letter)
        if script in UNSPACED:
            counted[script] = counted.get(script, 0) + 0.5
        elif script is not None and script != before:
            counted[script] = counted.get(script, 0) + 1
        before = script
    return counted


def size(text: str) -> float:
    """`text`'s length in words (`words_by_script`)."""
    return sum(words_by_script(text).values())


def scripts_of(tag: str) -> frozenset[str] | None:
    """The scripts a language tag is written in; None for a language this table does not know."""
    subtags = (tag or "").strip().replace("_", "-").split("-")
    if len(subtags) > 1 and len(subtags[1]) == 4 and subtags[1].isalpha():
        said = SUBTAGS.get(subtags[1].title())
        return frozenset(said.split()) if said else None
    language = primary(tag)
    known = frozenset(script for script, languages in WRITTEN_IN.items() if language in languages)
    return known or None


def told(text: str, marked: str) -> str | None:
    """The language `text` is clearly in when it is not the `marked` one (a language tag): a language tag (`ja`) or,
    where its script says no one language, a phrase (`a Cyrillic language`); None when it is too short (MIN_WORDS),
    a mix (no writing holds more than twice the words of all others), in a script `marked` is written in, or marked
    in a language whose scripts are unknown. Latin letters are told by their words (`language.clearly`)."""
    counted = words_by_script(text)
    total = sum(counted.values())
    families: dict[str, float] = {}
    for script, words in counted.items():
        families[FAMILY.get(script, script)] = families.get(FAMILY.get(script, script), 0) + words
    if total < MIN_WORDS or not families:
        return None
    family = max(families, key=families.__getitem__)
    if families[family] <= 2 * (total - families[family]):
        return None
    if family == "Latin":
        return clearly(text, primary(marked))
    scripts = scripts_of(marked)
    kana = counted.get("Kana", 0) >= 0.05 * families[family] if family == "Han" else False
    script = "Kana" if kana else family
    if scripts is None or script in scripts:
        return None
    for language, letters in LETTERS.get(script, {}).items():
        if any(letter in text for letter in letters):
            return language
    return TOLD.get(script, f"a {script} language")
