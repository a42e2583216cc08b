"""The offline engine's words in Czech, German, Spanish, French and Polish (llm/offline/lexicon.py and its tables
words/<lang>.toml): a goal's language read off its letters and words, quoted values in each language's quotes, a goal
cut into its parts at each language's "and then", the task and widget verbs, names matched with case and diacritics
folded, and, on a form, the choices a goal names made before the form is sent and never typed into a field. English
goals are read as they always were (tests/unit/llm/test_offline_engine.py holds them)."""

from __future__ import annotations

import pytest

from pytest_useragent import OfflineProvider, Persona
from pytest_useragent.cost.ledger import Budget, RunLedger
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.llm.offline.answers import answer
from pytest_useragent.llm.offline.goal import parts, row_of
from pytest_useragent.llm.offline.kinds import answer_kind
from pytest_useragent.llm.offline.lexicon import LANGUAGES, TABLES, Lexicon, Words, detect, fold, lexicon
from pytest_useragent.llm.offline.memory import Memory
from pytest_useragent.llm.offline.page import goal_words, matches, parse_snapshot, quoted, task_verb
from pytest_useragent.llm.offline.value import value_goal
from pytest_useragent.llm.offline.widget import widget_goal
from pytest_useragent.records import ActionOutcome, Observation

LEDGER = __import__("pathlib").Path(__import__("tempfile").mkdtemp()) / "ledger.json"
OK = ActionOutcome(ok=True, message="done")


def test_every_language_has_a_table_with_every_kind_of_word():
    assert set(LANGUAGES) >= {"cs", "de", "es", "fr", "pl"}
    optional = {"endings", "price_hints", "document_verbs"}
    for lang in LANGUAGES:
        table = TABLES[lang]
        empty = [name for name, words in vars(table).items() if isinstance(words, Words) and not words]
        assert set(empty) <= optional, (lang, empty)
        assert table.nouns and table.numbers and table.letters


def test_words_are_matched_with_case_and_diacritics_folded():
    assert fold("Wyślij") == "wyslij" and fold("Łódź") == "lodz" and fold("Straße") == "strasse"
    assert matches("wyslij", "Wyślij") and matches("wyślij", "WYSLIJ ankietę") and matches("réduit", "Tarif reduit")
    assert not matches("wyslij", "Wyloguj")


@pytest.mark.parametrize(
    ("goal", "values"),
    [
        ("Wybierz „Często” i „Kraków”", ["Często", "Kraków"]),  # Polish: „…”
        ("Vyber „Večer“", ["Večer"]),  # Czech and German: „…“
        ("Wähle »Oft« aus", ["Oft"]),
        ("Choisissez « Le soir »", ["Le soir"]),  # French: « … », the spaces are not the value's
        ("Elige «A menudo» y “Rara vez”", ["A menudo", "Rara vez"]),
        ("Add 'oat milk' and \"bread\"", ["oat milk", "bread"]),
        ("Lisez l'article sur l'été", []),  # an apostrophe is no quote
    ],
)
def test_quoted_values_in_each_languages_quotes(goal, values):
    assert quoted(goal) == values


@pytest.mark.parametrize(
    ("goal", "lang"),
    [
        ("Wybierz „Często” i wyślij ankietę", "pl"),
        ("wyslij ankiete", "pl"),  # no diacritics: its words say it
        ("Odešli dotazník", "cs"),
        ("Füge „Grüner Tee“ zum Warenkorb hinzu", "de"),
        ("¿Cuánto cuesta la entrada reducida?", "es"),
        ("Ajoutez « Thé vert » au panier", "fr"),
        ("Add a todo 'buy milk' and then mark it as completed", None),
        ("Book a table for Kai", None),
        ("Find what the Pro plan costs", None),
    ],
)
def test_a_goals_language_is_read_off_its_letters_and_words(goal, lang):
    assert detect(goal) == lang


def test_the_pages_lang_attribute_adds_its_language_and_english_stays():
    assert lexicon("Send the form", "pl-PL").langs == ("pl",)
    assert lexicon("Wyślij ankietę", "de").langs == ("pl", "de")
    assert lexicon("Send the form", "x-klingon").langs == () and lexicon("Send the form").langs == ()


@pytest.mark.parametrize(
    ("goal", "cut"),
    [
        (
            "Wybierz „Często” i „Wieczorem”, wybierz „Kraków” z listy i wyślij ankietę",
            ["Wybierz „Często”", "Wybierz „Wieczorem”", "wybierz „Kraków” z listy", "wyślij ankietę"],
        ),
        ("Vyber „Často“ a pak odešli dotazník", ["Vyber „Často“", "odešli dotazník"]),
        ("Wähle „Oft“, dann das Formular absenden", ["Wähle „Oft“", "das Formular absenden"]),  # the verb last
        ("Elige «Nunca» y envía la encuesta", ["Elige «Nunca»", "envía la encuesta"]),
        ("Choisissez « Souvent », puis envoyez-le", ["Choisissez « Souvent »", "envoyez-le"]),
        ("Kup chleb i mleko", ["Kup chleb i mleko"]),  # no verb after "i": one part
        ("add a todo 'buy milk' and then mark it as completed", ["add a todo 'buy milk'", "mark it as completed"]),
        ("Buy milk, eggs and bread", ["Buy milk, eggs and bread"]),
    ],
)
def test_a_goal_is_cut_into_parts_at_its_languages_and_then(goal, cut):
    assert parts(goal) == cut


@pytest.mark.parametrize(
    ("goal", "verb"),
    [
        ("Wyślij ankietę", "wysl"),
        ("Przejdź do sklepu i kup kawę", "kup"),
        ("Die Umfrage absenden", "absenden"),
        ("Envía la encuesta", "envi"),
        ("Veuillez envoyer le formulaire", "envoyer"),
        ("Přečti si článek", None),  # reading is no task
        ("Book a table", "book"),
    ],
)
def test_a_task_verb_in_each_language(goal, verb):
    assert task_verb(goal) == verb


def test_a_widget_goal_in_each_language():
    tabs = parse_snapshot('- tablist [ref=e1]:\n  - tab "Ustawienia" [ref=e2]\n  - tab "Profil" [selected] [ref=e3]')
    opened = widget_goal("Otwórz zakładkę Ustawienia", tabs, lexicon("Otwórz zakładkę Ustawienia"))
    assert opened is not None and (opened.target, opened.role, opened.expand) == ("Ustawienia", "tab", True)
    chosen = widget_goal("Bitte „Rot“ auswählen", (), lexicon("Bitte „Rot“ auswählen"))  # please, and the verb last
    assert chosen is not None and (chosen.target, chosen.role) == ("Rot", None)
    option = widget_goal("Choisissez l'option « Oui »", (), lexicon("Choisissez l'option « Oui »"))
    assert option is not None and option.role is None  # "option" names a choice of any kind, a radio too
    assert widget_goal("Wyślij ankietę", (), lexicon("Wyślij ankietę")) is None


def test_numbers_with_a_decimal_comma_or_spelled_out():
    spin = parse_snapshot('- spinbutton "Liczba osób" [ref=e1]: "1"\n- slider "Temperatura" [ref=e2]: "20"')
    two = value_goal("Zarezerwuj dla dwóch osób", spin, lexicon("Zarezerwuj dla dwóch osób"))
    assert two is None  # "dwóch" is no number the table spells: none is guessed
    warm = value_goal("Ustaw temperaturę na 21,5 stopnia", spin, lexicon("Ustaw temperaturę"))
    assert warm is not None and (warm.name, warm.wanted) == ("Temperatura", 21.5)
    drei = value_goal("Stelle die Temperatur auf drei", spin, lexicon("Stelle die Temperatur auf drei"))
    assert drei is not None and drei.wanted == 3


def test_a_price_is_read_from_its_row_of_a_table():
    table = parse_snapshot(
        '- heading "Cennik biletów" [level=1] [ref=e1]\n- table [ref=e2]:\n'
        '  - row "Normalny 4,60 zł" [ref=e3]:\n    - rowheader "Normalny" [ref=e4]\n    - cell "4,60 zł" [ref=e5]\n'
        '  - row "Ulgowy 2,30 zł" [ref=e6]:\n    - rowheader "Ulgowy" [ref=e7]\n    - cell "2,30 zł" [ref=e8]'
    )
    goal = "Ile kosztuje bilet ulgowy?"
    lex = lexicon(goal)
    kind = answer_kind(goal, lex)
    assert kind is not None and kind.name == "price"
    assert answer(table, kind, [w for w in goal_words(goal, lex) if not kind.asks(w)]) == "2,30 zł"


SURVEY = """- heading "Ankieta dla czytelników" [level=1] [ref=e1]
- group "Jak często odwiedzasz bibliotekę?" [ref=e2]:
  - radio "Często" [ref=e3]
  - radio "Rzadko"{rzadko} [ref=e4]
- group "Kiedy przychodzisz?" [ref=e5]:
  - checkbox "Rano" [ref=e6]
  - checkbox "Wieczorem" [ref=e7]
- textbox "Imię (opcjonalnie)" [ref=e8]: Noor
- textbox "Komentarz" [ref=e9]
- button "Wyślij" [ref=e10]
- paragraph [ref=e11]"""


def ask(goal: str, snapshot: str, tried: tuple[str, ...] = ()) -> object:
    summary = Memory(tried=tried).write() if tried else ""
    request = StepRequest(
        model="offline",
        persona=Persona("Noor"),
        goal=goal,
        step=2,
        max_steps=9,
        summary=summary,
        observation=Observation(url="http://x/", title="Ankieta", snapshot=snapshot, lang="pl"),
        expectation="x" if tried else None,
        last_action="click" if tried else None,
        last_outcome=OK if tried else None,
    )
    reply = OfflineProvider().decide(request, Budget(PriceBook.load(), RunLedger.create(LEDGER, 1)))
    assert reply.value is not None
    return reply.value


def test_the_choices_a_goal_names_are_made_before_the_form_is_sent_and_never_typed():
    goal = "Wyślij ankietę z odpowiedzią „Rzadko” i komentarzem „Brak uwag”"
    first = ask(goal, SURVEY.format(rzadko=""))
    assert (first.action.kind, first.action.ref, first.action.text) == ("type", "e9", "Brak uwag")  # the comment
    chosen = ask(goal, SURVEY.format(rzadko=""), tried=('typed "Brak uwag"',))
    assert (chosen.action.kind, chosen.action.ref) == ("click", "e4")  # "Rzadko", not typed anywhere
    sent = ask(goal, SURVEY.format(rzadko=" [checked]"), tried=('typed "Brak uwag"', 'chose radio "Rzadko"'))
    assert (sent.action.kind, sent.action.ref) == ("click", "e10")  # then Wyślij; no box of a question is ticked


def test_a_lexicon_of_no_language_is_english_alone():
    assert (
        Lexicon().langs == () and not Lexicon().verbs and goal_words("Find the Pro plan", Lexicon()) == ["pro", "plan"]
    )


def test_a_table_row_holds_the_goals_value_and_its_own_button():
    table = parse_snapshot(
        '- table [ref=e1]:\n  - row "Fotografia nocą Zapisz się" [ref=e2]:\n    - cell "Fotografia nocą" [ref=e3]\n'
        '    - cell "Zapisz się" [ref=e4]:\n      - button "Zapisz się" [ref=e5]\n'
        '  - row "Klub książki Zapisz się" [ref=e6]:\n    - cell "Klub ksiazki" [ref=e7]\n'
        '    - cell "Zapisz się" [ref=e8]:\n      - button "Zapisz się" [ref=e9]'
    )
    row = row_of(table, ["Klub książki"], [])  # typed with its diacritics, the page without: one name
    assert row is not None and [e.ref for e in row if e.role == "button"] == ["e9"]


@pytest.mark.parametrize(
    ("name", "address"),
    [("Lucía Pérez", "lucia@example.com"), ("Łukasz", "lukasz@example.com"), ("Sam", "sam@example.com")],
)
def test_an_address_the_engine_types_is_one_a_browser_takes(name, address):
    # "lucía@example.com" is refused by a browser's own validation of an e-mail field: the address is in ASCII
    from pytest_useragent.llm.offline.page import persona_value

    assert persona_value("E-mail", Persona(name=name, background="x"), lexicon("es")) == address
