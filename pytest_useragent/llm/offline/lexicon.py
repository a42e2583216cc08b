"""Pure: the offline engine's words in the persona's and the page's language, one data table a language
(`words/<lang>.toml`: Czech, German, Spanish, French, Polish; English's words stay in the engine's code, where they
always were). A table holds the verbs that make a goal a task, operate a widget, tick, remove, type or read; the
words that cut a goal into parts, the stop words, the words of a page's submit buttons, confirmations, errors and
waits, the nouns that name a widget, numbers, currencies and dates. Its language is read off the goal (its letters
and words, `detect`) and the page's `lang` attribute; English is always spoken besides (`lexicon`).

Words are compared folded, for matching only: case and diacritics away (`fold`: "Wyślij" and "wyslij" are one word),
so a goal typed without them still finds the page's names; what the engine says and claims keeps the page's own
text. A table's word that ends in `*` is a stem (any word it starts: "wyśl*" holds "wyślij", "wyślę"); a word with a
space is a phrase, found in the folded text as whole words; any other word is matched whole. A table's keys are the
`Lexicon`'s fields: a key no field has is an error when the tables are read, never a word silently dropped.

Text without spaces (Japanese, Chinese: `CJK`) is cut into words where its script changes (kanji, hiragana,
katakana, latin: "温暖化の状況" is 温暖化 / の / 状況), and a table's word of two or more such characters is found
anywhere in a word or a text (「登録」 in 「新規登録」), as nothing marks where such a word ends; a word of
space-separated letters is matched exactly as before."""

from __future__ import annotations

import re
import tomllib
import unicodedata
from dataclasses import dataclass, field, fields
from functools import cache, cached_property, lru_cache
from importlib.resources import files

from pytest_useragent.records.language import primary

_LETTERS = str.maketrans({"ł": "l", "đ": "d", "ø": "o", "æ": "ae", "œ": "oe", "ı": "i", "ß": "ss"})
TOKEN = re.compile(r"[^\W\d_]+")
CJK = "\u3041-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3005\u3006"
"""Hiragana, katakana (with its long mark ー, not the middle dot ・), the CJK ideographs and 々〆: letters of text
written without spaces."""
_CJK = re.compile(f"[{CJK}]")
_SCRIPT_RUN = re.compile(
    r"[\u3041-\u309f]+|[\u30a1-\u30fa\u30fc-\u30ff]+|[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3005\u3006]+"
    f"|[^{CJK}]+"
)
"""A run of one script: hiragana, katakana, ideographs, or anything else (latin letters)."""
MIN_CJK = 2
"""A table's word of at least so many CJK characters is found inside a longer word; a shorter one only whole."""
MIN_STEM = 3
"""A word's stem keeps at least so many letters."""
MIN_SCORE = 1
"""How many of a language's words or letters a goal must hold to be read in that language rather than English."""


def fold(text: str) -> str:
    """`text` for matching: case folded, diacritics away (ł, ø, æ, œ too); never shown."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_LETTERS))
    return "".join(char for char in decomposed if not unicodedata.combining(char))


_TOGGLE_SIGN = re.compile(r"\s+[+−–\-▾▸▴▼▲►◄]\s*$")


def unmarked(name: str) -> str:
    """A name without the sign a disclosure draws after it to say it opens or closes ("¿Cuánto tarda? +", then "−"):
    the same control, whichever state it is in."""
    return _TOGGLE_SIGN.sub("", name.strip())


def cjk(word: str) -> bool:
    """Whether `word` holds a letter of text written without spaces (`CJK`)."""
    return bool(_CJK.search(word))


def split(folded: str) -> list[str]:
    """The words of folded text: runs of letters, a run that holds CJK letters cut where its script changes."""
    return [run for token in TOKEN.findall(folded) for run in (_SCRIPT_RUN.findall(token) if cjk(token) else [token])]


def tokens(text: str) -> list[str]:
    """The folded words of `text` (CJK text cut where its script changes: `split`)."""
    return split(fold(text))


def edged(word: str) -> str:
    """A regular expression for `word` (escaped) as a whole word: not inside a longer word of letters; a CJK word
    anywhere, since nothing marks where one ends."""
    escaped = re.escape(word)
    return escaped if cjk(word) else rf"(?<!\w){escaped}(?!\w)"


@dataclass(frozen=True)
class Words:
    """One kind of word of one or more languages, folded: whole words, stems and phrases."""

    exact: frozenset[str] = frozenset()
    stems: tuple[str, ...] = ()
    phrases: tuple[str, ...] = ()

    @classmethod
    def of(cls, entries: list[str]) -> Words:
        folded = [fold(entry).strip() for entry in entries if fold(entry).strip()]
        return cls(
            exact=frozenset(e for e in folded if not e.endswith("*") and " " not in e),
            stems=tuple(e.rstrip("*") for e in folded if e.endswith("*") and " " not in e),
            phrases=tuple(e for e in folded if " " in e),
        )

    def __or__(self, other: Words) -> Words:
        return Words(self.exact | other.exact, self.stems + other.stems, self.phrases + other.phrases)

    def __bool__(self) -> bool:
        return bool(self.exact or self.stems or self.phrases)

    @cached_property
    def inside(self) -> tuple[str, ...]:
        """The words (and stems) of `MIN_CJK` or more CJK letters, longest first: found anywhere in a word or text."""
        found = {word for word in (*self.exact, *self.stems, *self.phrases) if cjk(word) and len(word) >= MIN_CJK}
        return tuple(sorted(found, key=len, reverse=True))

    def entry(self, word: str) -> str | None:
        """The table's word that holds `word` (itself, or the stem it starts with; a CJK word of the table anywhere
        in it), folded; None when none does."""
        word = fold(word)
        if word in self.exact:
            return word
        stem = next((stem for stem in self.stems if word.startswith(stem)), None)
        if stem is not None or not cjk(word):
            return stem
        return next((inside for inside in self.inside if inside in word), None)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.entry(word) is not None

    def said(self, text: str) -> bool:
        """Whether `text` holds one of these words, or one of these phrases as whole words."""
        folded = fold(text)
        if any(re.search(edged(phrase), folded) for phrase in self.phrases):
            return True
        if any(inside in folded for inside in self.inside):
            return True
        return any(token in self for token in split(folded))

    def pattern(self) -> str:
        """A regular expression (of folded text) for these words, or "" when there are none (a CJK word anywhere)."""
        words = sorted(self.exact | set(self.phrases), key=len, reverse=True)
        parts = [re.escape(w) for w in words if not cjk(w)]
        parts += [re.escape(stem) + r"\w*" for stem in self.stems if not cjk(stem)]
        edged_parts = [rf"(?<![^\W\d_])(?:{'|'.join(parts)})(?!\w)"] if parts else []  # "5,500원": a digit may lead
        every = edged_parts + [re.escape(w) for w in (*words, *self.stems) if cjk(w)]
        return f"(?:{'|'.join(every)})" if every else ""


NOUN_ROLES = ("tab", "treeitem", "checkbox", "radio", "option", "switch", "menuitem", "any")
"""The roles a table's nouns name a widget by; `any`: a word for a choice of any kind ("opcja", "option")."""


@dataclass(frozen=True)
class Lexicon:
    """The words of the languages spoken beside English (none: English alone, the engine's own words)."""

    langs: tuple[str, ...] = ()
    letters: str = ""
    stopwords: Words = Words()
    task_verbs: Words = Words()
    operate_verbs: Words = Words()
    expand_verbs: Words = Words()
    tick_verbs: Words = Words()
    remove_verbs: Words = Words()
    close_verbs: Words = Words()
    """A part that closes what is open ("ciérralo", "ferme-le"), and a control's first word that does ("Cerrar",
    "Fermer", `dismiss.py`)."""
    until_words: Words = Words()
    """What leads the clause a part steps on until ("hasta que", "jusqu'à ce que", "bis"): what must show (`until`)."""
    shown_words: Words = Words()
    """The words of that clause that say it shows ("se vea", "apparaisse", "sichtbar"): no element need name them."""
    next_words: Words = Words()
    """A control's first words that step on ("Siguiente", "Suivant", "Weiter"), beside English's next and forward."""
    step_verbs: Words = Words()
    type_verbs: Words = Words()
    document_verbs: Words = Words()
    connectors: Words = Words()
    openers: Words = Words()
    polite: Words = Words()
    articles: Words = Words()
    ends: Words = Words()
    login: Words = Words()
    sign_out: Words = Words()
    form_words: Words = Words()
    submit_words: Words = Words()
    confirm_stems: Words = Words()
    error_stems: Words = Words()
    pending_stems: Words = Words()
    price_asked: Words = Words()
    price_hints: Words = Words()
    phone_asked: Words = Words()
    """A goal asks for a telephone number ("numer telefonu", "Telefonnummer", "電話番号")."""
    phone_hints: Words = Words()
    """Words that lead to a telephone number: a contact or help page ("Kontakt", "Ayuda")."""
    phone_words: Words = Words()
    """The words of such a question beside those that ask (number, line: "numer", "linii"): no answer need repeat
    them."""
    duration_asked: Words = Words()
    """A goal asks how long something takes ("cuánto tarda", "combien de temps", "wie lange")."""
    duration_units: Words = Words()
    """What a duration counts, folded ("días", "jours", "Tage"): "15 días hábiles" answers how long."""
    size_asked: Words = Words()
    """A goal asks a file's size ("tamaño", "taille", "Größe"); a size is shown as "61 KB" in every language."""
    number_asked: Words = Words()
    percent_asked: Words = Words()
    """A goal asks for a share in per cent ("wie viel Prozent", "quel pourcentage", "何パーセント")."""
    percent_words: Words = Words()
    """The words of such a question beside those that ask (who answered: "geantwortet", "personnes"): no answer need
    repeat them."""
    name_words: Words = Words()
    """A question asks for a name ("wie heißt", 「名前」, "kto"): no label need repeat these words (代表者名)."""
    said_words: Words = Words()
    """A question asks who said something: a testimonial, a quote ("témoigne", "testimonio", "후기"); the name signed
    under a quotation answers it (`people.py`)."""
    date_asked: Words = Words()
    days_asked: Words = Words()
    """A goal asks which days something is open ("quels jours", "an welchen Tagen")."""
    time_asked: Words = Words()
    """A goal asks until (or at) what time ("jusqu'à quelle heure", "do której")."""
    hours_words: Words = Words()
    """The words of a question about opening hours beside those that ask (open, closed, until: "ouvert", "jusqu",
    "geöffnet", "hat"): a goal's words that an answer of days or hours need not repeat."""
    hours_hints: Words = Words()
    """Words that lead to opening hours ("horaires", "Öffnungszeiten")."""
    event_words: Words = Words()
    """The words of a question about when something happens beside those that ask (held, takes place, starts:
    "開催", "始まる"): a goal's words that an answer of a date or a time need not repeat."""
    currencies: Words = Words()
    dates: Words = Words()
    """Months: a date's words (the days of the week are `weekdays`)."""
    weekdays: Words = Words()
    """The days of the week, and every day ("tous les jours", "täglich")."""
    time_units: Words = Words()
    """What follows an hour's number in a time of day ("19 h 30", "19 Uhr", "19 hod."), folded."""
    questions: Words = Words()
    """A goal that says one asks to be told something, as a question mark does ("powiedz mi", 教えて): the heading
    that names its subject is no answer."""
    page_nouns: Words = Words()
    """Words that name a page ("Seite", "ページ"): a goal to open a page so named goes there, operating no widget."""
    up_words: Words = Words()
    down_words: Words = Words()
    email_fields: Words = Words()
    password_fields: Words = Words()
    name_fields: Words = Words()
    phone_fields: Words = Words()
    optional_words: Words = Words()
    """What marks a field or its group as one a form can be sent without ("opcjonalnie", "facultatif")."""
    endings: Words = Words()
    """A word's endings that inflect it (Polish, Czech: "parku", "nowym"), cut off a goal's word for matching."""
    nouns: tuple[tuple[str, Words], ...] = ()
    numbers: tuple[tuple[str, int], ...] = field(default=())
    toggles: tuple[tuple[str, Words], ...] = ()
    """A control's name that its click turns into another (Pause: Play), folded, with the names it turns into: a goal
    to pause, stop or play is reached when the control it clicked is so renamed (`toggle`)."""
    toggles_english: tuple[tuple[str, str], ...] = ()
    """Each toggle's English name ("停止": "stop"): a page in the language may name its control in English ("STOP")."""

    @property
    def verbs(self) -> Words:
        """Every verb that may start a part of a goal."""
        acting = self.task_verbs | self.operate_verbs | self.step_verbs
        return acting | self.remove_verbs | self.tick_verbs | self.close_verbs

    def noun(self, word: str) -> str | None:
        """The role a word of the goal names a widget by ("zakładkę": tab), "any" for a choice; None for no noun."""
        return next((role for role, words in self.nouns if word in words), None)

    def stem(self, word: str) -> str:
        """A goal's word without its inflected ending, folded ("nowym": "now", "parku": "park"), at least
        `MIN_STEM` letters; the word folded, in a language without endings."""
        word = fold(word)
        for ending in sorted(self.endings.exact, key=len, reverse=True):
            if word.endswith(ending) and len(word) - len(ending) >= MIN_STEM:
                return word[: -len(ending)]
        return word

    def number(self, word: str) -> int | None:
        folded = fold(word)
        return next((n for spelled, n in self.numbers if spelled == folded), None)

    def __or__(self, other: Lexicon) -> Lexicon:
        merged = {
            f.name: getattr(self, f.name) | getattr(other, f.name)
            for f in fields(self)
            if isinstance(getattr(self, f.name), Words)
        }
        roles = {role: words for role, words in self.nouns}
        for role, words in other.nouns:
            roles[role] = roles.get(role, Words()) | words
        return Lexicon(
            langs=self.langs + other.langs,
            letters=self.letters + other.letters,
            nouns=tuple(roles.items()),
            numbers=self.numbers + other.numbers,
            toggles=self.toggles + other.toggles,
            toggles_english=self.toggles_english + other.toggles_english,
            **merged,
        )


ENGLISH = Lexicon()
"""English alone: no table beside the engine's own words."""


def _load(lang: str, table: dict[str, object]) -> Lexicon:
    known = {f.name for f in fields(Lexicon)}
    unknown = set(table) - known - {"nouns", "numbers", "toggles", "toggles_english"}
    if unknown:
        raise ValueError(f"words/{lang}.toml: unknown keys {sorted(unknown)}")
    nouns = table.get("nouns", {})
    numbers = table.get("numbers", {})
    toggles = table.get("toggles", {})
    english = table.get("toggles_english", {})
    assert isinstance(nouns, dict) and isinstance(numbers, dict) and isinstance(toggles, dict)
    assert isinstance(english, dict)
    if set(nouns) - set(NOUN_ROLES):
        raise ValueError(f"words/{lang}.toml: unknown roles {sorted(set(nouns) - set(NOUN_ROLES))}")
    lists = {key: Words.of(value) for key, value in table.items() if isinstance(value, list)}
    return Lexicon(
        langs=(lang,),
        letters=str(table.get("letters", "")),
        nouns=tuple((role, Words.of(words)) for role, words in nouns.items()),
        numbers=tuple((fold(word), int(n)) for word, n in numbers.items()),
        toggles=tuple((fold(word), Words.of(into)) for word, into in toggles.items()),
        toggles_english=tuple((fold(word), str(name)) for word, name in english.items()),
        **lists,
    )


def _tables() -> dict[str, Lexicon]:
    folder = files("pytest_useragent.llm.offline").joinpath("words")
    found = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            lang = entry.name.removesuffix(".toml")
            found[lang] = _load(lang, tomllib.loads(entry.read_text(encoding="utf-8")))
    return found


TABLES = _tables()
"""Each language's table by its code (`en` holds only the words that tell English apart)."""
LANGUAGES = tuple(lang for lang in TABLES if lang != "en")


@lru_cache(maxsize=256)
def detect(text: str) -> str | None:
    """The language a goal is written in, when it is one of the tables' and not English: the one whose letters
    (ł, ř, ß, ñ, ç ...) and words (its stop words and verbs) the text holds most; None for English, or for a text
    that holds none."""
    words = split(fold(text))
    lowered = text.casefold()

    def score(lang: str) -> int:
        table = TABLES[lang]
        known = table.stopwords | table.verbs
        return sum(1 for word in words if word in known) + 3 * sum(lowered.count(char) for char in table.letters)

    english = score("en") if "en" in TABLES else 0
    best = max(LANGUAGES, key=score, default=None)
    if best is None or score(best) < MIN_SCORE or score(best) <= english:
        return None
    return best


def page_language(lang: str) -> str | None:
    """The table of a page's `lang` attribute ("pl-PL": pl), when there is one; any other value is none."""
    code = primary(lang)
    return code if code in LANGUAGES else None


@cache
def _lexicon(langs: tuple[str, ...]) -> Lexicon:
    found = ENGLISH
    for lang in langs:
        found = found | TABLES[lang]
    return found


def lexicon(goal: str = "", lang: str = "") -> Lexicon:
    """The words the engine speaks for this goal on a page of `lang`: the goal's language and the page's, beside
    English (whose words are the engine's own)."""
    wanted = [code for code in (detect(goal), page_language(lang)) if code is not None]
    return _lexicon(tuple(dict.fromkeys(wanted)))
