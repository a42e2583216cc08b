"""A goal's quoted values each typed into the field the words before it name (llm/offline/pairing.py), in English,
Spanish, French, German, Polish and Czech: "el nombre «Ana», el teléfono «+34 …»" fills "Nombre" and "Teléfono", not
every value into one field and the persona's own name and e-mail into the rest. A value whose words name no field is
typed where it always was (the twins)."""

from __future__ import annotations

import pytest

from pytest_useragent import OfflineProvider, Persona
from pytest_useragent.cost.ledger import Budget, RunLedger
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.llm.offline.lexicon import lexicon
from pytest_useragent.llm.offline.memory import Memory
from pytest_useragent.llm.offline.page import parse_snapshot
from pytest_useragent.llm.offline.pairing import before_values, paired
from pytest_useragent.records import ActionOutcome, Observation

LEDGER = __import__("pathlib").Path(__import__("tempfile").mkdtemp()) / "ledger.json"


def form(*labels: str, lang: str = "en") -> str:
    fields = "\n".join(f'  - textbox "{label}" [ref=e{at + 10}]' for at, label in enumerate(labels))
    return f'- heading "Form" [level=1] [ref=e1]\n- form [ref=e2]:\n{fields}\n  - button "Send" [ref=e9]'


def test_each_value_comes_with_the_words_since_the_last_quote_or_the_sentence():
    goal = "Fill in the form. Use the name «Ana García», the e-mail «ana@example.com» and the message 'Hi. Bye.'"
    assert before_values(goal) == [
        ("Ana García", "Use the name "),
        ("ana@example.com", ", the e-mail "),
        ("Hi. Bye.", " and the message "),  # the value's own full stops end no sentence
    ]


CASES = [
    (
        "Sign up with the first name 'Sam', the last name 'Rivera', the email 'sam@example.com' and phone '555 0100'",
        ("First name", "Last name", "Email address", "Phone"),
        {"Sam": "First name", "Rivera": "Last name", "sam@example.com": "Email address", "555 0100": "Phone"},
    ),
    (
        "Envía el formulario de contacto con el nombre «Lucía Gómez», el email «lucia@example.com», el teléfono "
        "«+34 611 222 333» y el mensaje «Necesito un presupuesto»",
        ("Nombre", "Correo electrónico", "Teléfono", "Mensaje"),  # "email" names "Correo" by the table's words
        {
            "Lucía Gómez": "Nombre",
            "lucia@example.com": "Correo electrónico",
            "+34 611 222 333": "Teléfono",
            "Necesito un presupuesto": "Mensaje",
        },
    ),
    (
        "Créez un compte avec Name « Claire », Surname « Dubois » et Email « claire@example.com »",
        ("Name", "Surname", "Email"),  # a French goal on a form labelled in English
        {"Claire": "Name", "Dubois": "Surname", "claire@example.com": "Email"},
    ),
    (
        "Inscrivez-vous avec le prénom « Léa », le nom « Martin », le courriel « lea@example.com » et le téléphone "
        "« 01 23 45 67 89 »",
        ("Prénom", "Nom", "Adresse e-mail", "Numéro de téléphone"),
        {
            "Léa": "Prénom",
            "Martin": "Nom",
            "lea@example.com": "Adresse e-mail",
            "01 23 45 67 89": "Numéro de téléphone",
        },
    ),
    (
        "Sende das Formular mit dem Vornamen „Jonas“, dem Nachnamen „Becker“, der E-Mail-Adresse „jonas@example.com“ "
        "und der Telefonnummer „030 1234567“ ab",
        ("Vorname", "Nachname", "E-Mail-Adresse", "Telefon"),
        {"Jonas": "Vorname", "Becker": "Nachname", "jonas@example.com": "E-Mail-Adresse", "030 1234567": "Telefon"},
    ),
    (
        "Wyślij formularz z imieniem „Ewa”, nazwiskiem „Nowak”, e-mailem „ewa@example.com” i telefonem „600 700 800”",
        ("Imię", "Nazwisko", "Adres e-mail", "Numer telefonu"),
        {"Ewa": "Imię", "Nowak": "Nazwisko", "ewa@example.com": "Adres e-mail", "600 700 800": "Numer telefonu"},
    ),
    (
        "Odešli formulář se jménem „Petr“, příjmením „Svoboda“, e-mailem „petr@example.com“ a telefonem „777 123 456“",
        ("Jméno", "Příjmení", "E-mail", "Telefon"),
        {"Petr": "Jméno", "Svoboda": "Příjmení", "petr@example.com": "E-mail", "777 123 456": "Telefon"},
    ),
]


@pytest.mark.parametrize(("goal", "labels", "wanted"), CASES, ids=["en", "es", "fr-en", "fr", "de", "pl", "cs"])
def test_a_quoted_value_belongs_to_the_field_the_words_before_it_name(goal, labels, wanted):
    got = paired(goal, parse_snapshot(form(*labels)), lexicon(goal))
    assert {value: field.name for value, field in got.items()} == wanted


def test_a_whole_word_names_its_field_before_one_that_shares_its_first_letters():
    goal = "Sende die Nachricht „Paket nicht angekommen“ mit dem Betreff „Reklamation“"
    got = paired(goal, parse_snapshot(form("Vor- und Nachname", "E-Mail-Adresse", "Nachricht")), lexicon(goal))
    assert {value: field.name for value, field in got.items()} == {"Paket nicht angekommen": "Nachricht"}


@pytest.mark.parametrize(
    "goal",
    [
        "Wyślij „Paczka nie dotarła” i „Reklamacja”",  # the verb's words name no field: typed where it always was
        "Envía «Hola» por favor",
        "Schreibe „Hallo“. Dann „Tschüss“",
    ],
)
def test_a_value_whose_words_name_no_field_is_paired_with_none(goal):
    assert paired(goal, parse_snapshot(form("Nombre", "Correo", "Mensaje", "Nachricht")), lexicon(goal)) == {}


def ask(goal: str, snapshot: str, tried: tuple[str, ...] = ()) -> object:
    request = StepRequest(
        model="offline",
        persona=Persona("Noor Haddad"),
        goal=goal,
        step=len(tried) + 1,
        max_steps=12,
        summary=Memory(tried=tried).write() if tried else "",
        observation=Observation(url="http://x/", title="Form", snapshot=snapshot),
        expectation="x" if tried else None,
        last_action="type" if tried else None,
        last_outcome=ActionOutcome(ok=True, message="typed") if tried else None,
    )
    reply = OfflineProvider().decide(request, Budget(PriceBook.load(), RunLedger.create(LEDGER, 1)))
    assert reply.value is not None
    return reply.value


def test_the_engine_types_each_value_into_its_own_field_then_sends_the_form():
    goal, labels, wanted = CASES[1]
    page, tried = form(*labels), ()
    for value, label in wanted.items():
        told = ask(goal, page, tried)
        ref = f"e{labels.index(label) + 10}"
        assert (told.action.kind, told.action.ref, told.action.text) == ("type", ref, value)
        page = page.replace(f'"{label}" [ref={ref}]', f'"{label}" [ref={ref}]: {value}')
        tried = (*tried, f'typed "{value}"')
    sent = ask(goal, page, tried)
    assert (sent.action.kind, sent.action.ref) == ("click", "e9")  # nothing of the persona's own typed over them


def test_the_twin_a_value_that_names_no_field_goes_where_the_goals_words_lead():
    page = form("Name", "Search the catalogue")
    told = ask("Search for 'tea'", page)
    assert (told.action.kind, told.action.ref, told.action.text) == ("type", "e11", "tea")


def test_a_value_typed_under_a_placeholder_is_the_fields_and_is_not_typed_over():
    """The ai snapshot writes a field with a placeholder's value as a text line under it, not on its own line."""
    goal = "Envía el formulario con el nombre «Ana» y el email «ana@example.com»"
    page = (
        '- textbox "Nombre completo" [ref=e10]:\n  - /placeholder: Ej. Juan Pérez\n  - text: Ana\n'
        '- textbox "Email" [ref=e11]:\n  - /placeholder: ejemplo@email.com\n  - text: ana@example.com\n'
        '- button "Enviar mensaje" [ref=e12]'
    )
    assert [e.value for e in parse_snapshot(page) if e.role == "textbox"] == ["Ana", "ana@example.com"]
    sent = ask(goal, page, ('typed "Ana"', 'typed "ana@example.com"'))
    assert (sent.action.kind, sent.action.ref) == ("click", "e12")  # not the persona's own name over "Ana"
    empty = page.replace("\n  - text: Ana\n", "\n")
    assert [e.value for e in parse_snapshot(empty) if e.role == "textbox"] == [None, "ana@example.com"]


@pytest.mark.parametrize(
    "goal",
    [
        "アンケートの「その他の良いところ」に「デザインがきれい」と入力して送信してください",
        "In the survey, type «Fast delivery» into «What else do you like» and send it",
    ],
)
def test_a_quoted_label_names_the_field_its_value_goes_into_and_is_no_value(goal):
    page = form("Name", "What else do you like", "その他の良いところ")
    got = {value: field.name for value, field in paired(goal, parse_snapshot(page), lexicon(goal)).items()}
    assert got in ({"デザインがきれい": "その他の良いところ"}, {"Fast delivery": "What else do you like"}), got
    told = ask(goal, page)
    assert told.action.kind == "type" and told.action.text in ("デザインがきれい", "Fast delivery"), told.action
