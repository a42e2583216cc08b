"""The answers a find goal asks for (llm/offline/answers.py), in English and the tables' languages: until what time a
place is open ("De 10h à 19h", "19 h 30", "18 Uhr", "20:00"), which days ("du mardi au samedi", "Montag bis
Freitag"), and a price that sits in a heading next to the item the goal names (a card's `h4 "18 €"` under its
`h3`). Each has its twin, a page without the answer, where the engine claims nothing."""

from __future__ import annotations

import pytest

from pytest_useragent import OfflineProvider, Persona
from pytest_useragent.cost.ledger import Budget, RunLedger
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.llm.offline.answers import answer
from pytest_useragent.llm.offline.kinds import answer_kind
from pytest_useragent.llm.offline.lexicon import lexicon
from pytest_useragent.llm.offline.page import goal_words, parse_snapshot
from pytest_useragent.records import Observation

LEDGER = __import__("pathlib").Path(__import__("tempfile").mkdtemp()) / "ledger.json"


def page(heading: str, *texts: str) -> str:
    said = "\n".join(f"- paragraph [ref=e{at + 3}]: {text}" for at, text in enumerate(texts))
    return f'- heading "Home" [level=1] [ref=e1]\n- heading "{heading}" [level=2] [ref=e2]\n{said}'


def answered(goal: str, snapshot: str, lang: str = "") -> tuple[str | None, str | None]:
    """The kind of answer the goal asks for, and the text of the page that gives it."""
    lex = lexicon(goal, lang)
    kind = answer_kind(goal, lex)
    if kind is None:
        return None, None
    return kind.name, answer(parse_snapshot(snapshot), kind, kind.needs(goal_words(goal, lex)))


HOURS = [
    ("Until what time is the café open?", "Café", "Open daily from 7 am to 6 pm.", "Open daily."),
    ("Jusqu'à quelle heure la librairie est-elle ouverte ?", "Horaires de la librairie", "De 10h à 19h", "Fermée"),
    ("Jusqu'à quelle heure la librairie est-elle ouverte ?", "La librairie", "Le samedi jusqu'à 19 h 30", "Le samedi"),
    (
        "¿Hasta qué hora abre la tienda?",
        "Horario de la tienda",
        "De lunes a sábado, de 10 h a 21 h",
        "De lunes a sábado",
    ),
    ("Bis wann hat die Bäckerei geöffnet?", "Unsere Bäckerei", "Montag bis Samstag 6 bis 18 Uhr", "Montag bis Samstag"),
    (
        "Do której godziny czynna jest biblioteka?",
        "Biblioteka",
        "Poniedziałek–piątek 8:00–20:00",
        "Poniedziałek–piątek",
    ),
    ("Do kolika hodin má knihovna otevřeno?", "Knihovna", "Pondělí až pátek 9:00–18:00", "Pondělí až pátek"),
]


@pytest.mark.parametrize(("goal", "heading", "told", "twin"), HOURS, ids=["en", "fr", "fr-30", "es", "de", "pl", "cs"])
def test_until_what_time_is_a_time_of_day_and_days_alone_are_no_answer(goal, heading, told, twin):
    assert answered(goal, page(heading, "Welcome.", told)) == ("time", told)
    assert answered(goal, page(heading, "Welcome.", twin)) == ("time", None)  # the twin: no time, no answer


DAYS = [
    ("Which days is the café open?", "Café", "Open Monday to Friday.", "Open from 7 am."),
    (
        "Quels jours la librairie est-elle ouverte ?",
        "La librairie",
        "Ouverte du mardi au samedi",
        "Ouverte de 10h à 19h",
    ),
    ("¿Qué días abre la tienda?", "La tienda", "De lunes a sábado", "De 10 h a 21 h"),
    ("An welchen Tagen hat die Bäckerei geöffnet?", "Bäckerei", "Dienstag bis Sonntag", "Von 6 bis 18 Uhr"),
    ("W które dni czynna jest biblioteka?", "Biblioteka", "Od poniedziałku do piątku", "Od 8:00 do 20:00"),
    ("Které dny je knihovna otevřená?", "Knihovna", "Pondělí až pátek", "Od 9:00 do 18:00"),
]


@pytest.mark.parametrize(("goal", "heading", "told", "twin"), DAYS, ids=["en", "fr", "es", "de", "pl", "cs"])
def test_which_days_are_the_days_of_the_week_and_hours_alone_are_no_answer(goal, heading, told, twin):
    assert answered(goal, page(heading, "Welcome.", told)) == ("days", told)
    assert answered(goal, page(heading, "Welcome.", twin)) == ("days", None)


def test_days_and_hours_are_read_only_for_the_place_the_goal_names():
    other = page("La boulangerie", "Ouverte du mardi au samedi, de 7h à 13h")
    assert answered("Quels jours la librairie est-elle ouverte ?", other) == ("days", None)
    assert answered("Jusqu'à quelle heure la librairie est-elle ouverte ?", other) == ("time", None)


CARDS = """- heading "Home" [level=1] [ref=e1]
- heading "Nos puzzles" [level=2] [ref=e2]
- heading "Océan" [level=3] [ref=e3]
- paragraph [ref=e4]: 500 pièces, des vagues.
- heading "12 €" [level=4] [ref=e5]
- heading "Forêt" [level=3] [ref=e6]
- paragraph [ref=e7]: 1000 pièces, des arbres.
- heading "18 €" [level=4] [ref=e8]"""


def test_a_price_in_a_heading_is_the_price_of_the_card_it_heads():
    assert answered("Combien coûte le puzzle Forêt ?", CARDS) == ("price", "18 €")
    assert answered("Combien coûte le puzzle Océan ?", CARDS) == ("price", "12 €")
    assert answered("Combien coûte le puzzle Désert ?", CARDS) == ("price", None)  # no card of its own: no price
    kites = CARDS.replace("Nos puzzles", "Kites").replace("Forêt", "Falcon").replace("18 €", "$24")
    assert answered("What does the Falcon kite cost?", kites) == ("price", "$24")
    assert answered("What does the Eagle kite cost?", kites) == ("price", None)


def test_what_the_page_is_about_is_its_first_level_heading_wherever_it_sits():
    below = CARDS.replace('- heading "Nos puzzles" [level=2] [ref=e2]\n', "") + (
        '\n- heading "Venez voir nos puzzles en bois" [level=1] [ref=e9]'
    )
    assert answered("Combien coûte le puzzle Forêt ?", below) == ("price", "18 €")
    assert answered("Combien coûte le puzzle Désert ?", below) == ("price", None)
    assert answered("Combien coûte la peluche Forêt ?", below) == ("price", None)  # the page sells no plush toy


def test_the_headings_above_name_the_goal_only_beside_a_heading_of_its_own():
    plans = (
        '- heading "Pro and Team plans" [level=1] [ref=e1]\n- heading "Team" [level=2] [ref=e2]\n'
        '- paragraph [ref=e3]: $20 a month\n- heading "Pro" [level=2] [ref=e4]\n- paragraph [ref=e5]: $12 a month'
    )
    assert answered("What does the Pro plan cost?", plans) == ("price", "$12 a month")  # not the Team plan's
    no_pro = plans.replace('"Pro" [level=2]', '"Starter" [level=2]')
    assert answered("What does the Pro plan cost?", no_pro) == ("price", None)


def ask(goal: str, snapshot: str) -> object:
    request = StepRequest(
        model="offline",
        persona=Persona("Léa"),
        goal=goal,
        step=2,
        max_steps=9,
        summary="",
        observation=Observation(url="http://x/", title="Librairie", snapshot=snapshot, lang="fr"),
    )
    reply = OfflineProvider().decide(request, Budget(PriceBook.load(), RunLedger.create(LEDGER, 1)))
    assert reply.value is not None
    return reply.value


def test_the_engine_claims_the_answer_it_read_and_nothing_without_one():
    goal = "Jusqu'à quelle heure la librairie est-elle ouverte ?"
    done = ask(goal, page("Horaires de la librairie", "Ouverte du mardi au samedi.", "De 10h à 19h"))
    assert (done.action.kind, done.action.evidence) == ("done", "De 10h à 19h")
    assert ask(goal, page("Horaires de la librairie", "Ouverte du mardi au samedi.")).action.kind != "done"
    assert ask("Combien coûte le puzzle Forêt ?", CARDS).action.evidence == "18 €"
    assert ask("Combien coûte le puzzle Désert ?", CARDS).action.kind != "done"


PHONES = [
    ("What is the library's phone number?", "Our library", "Call us on +1 555 019 9000.", "Call us any time."),
    ("Wie lautet die Telefonnummer der Bibliothek?", "Die Bibliothek", "Telefon: 030/1234567", "Telefon: bald"),
    ("¿Cuál es el número de teléfono de la tienda?", "La tienda", "Teléfono: 912 345 678", "Teléfono: pronto"),
    ("Quel est le numéro de téléphone de la librairie ?", "La librairie", "Tél. : 01 23 45 67 89", "Tél. : bientôt"),
    ("Jaké je telefonní číslo knihovny?", "Knihovna", "Telefon: 222 333 444", "Telefon: brzy"),
    ("Znajdź numer telefonu biblioteki", "Biblioteka", "Telefon: +48 22 123 45 67", "Telefon: wkrótce"),
    ("図書館の電話番号を教えてください", "図書館", "電話：03-1234-5678", "電話：準備中"),
]


@pytest.mark.parametrize(("goal", "heading", "told", "twin"), PHONES, ids=["en", "de", "es", "fr", "cs", "pl", "ja"])
def test_a_phone_number_is_seven_digits_or_more_and_a_date_or_no_number_is_no_answer(goal, heading, told, twin):
    assert answered(goal, page(heading, "Welcome, open 2026-04-11.", told)) == ("phone", told)
    assert answered(goal, page(heading, "Welcome, open 2026-04-11.", twin)) == ("phone", None)  # a date is none


HOTLINE = """- heading "Bilety" [level=1] [ref=e1]
- paragraph [ref=e2]:
  - text: "Kup bilety dzwoniąc na infolinię Muzyka:"
  - strong [ref=e3]: (1) 269 68742
- paragraph [ref=e4]:
  - text: "Infolinia Teatr:"
  - strong [ref=e5]: (1) 269 11111"""


def test_a_number_in_a_paragraph_is_read_with_the_words_before_it_which_say_whose_it_is():
    goal = "Znajdź numer muzycznej linii telefonicznej"  # the music line's number, not the theatre's
    assert answered(goal, HOTLINE) == ("phone", "(1) 269 68742")
    assert answered("Znajdź numer teatralnej linii telefonicznej", HOTLINE) == ("phone", "(1) 269 11111")


PRICES = """- heading "Tickets" [level=1] [ref=e1]
- table "Ticket prices for The Obelisks and Les Garçons" [ref=e2]:
  - rowgroup:
    - row "Adults Front seats Back seats":
      - columnheader "Adults"
      - columnheader "Front seats"
      - columnheader "Back seats"
    - row "The Obelisks $99 $79":
      - rowheader "The Obelisks"
      - cell "$99"
      - cell "$79"
    - row "Les Garçons $89 $69":
      - rowheader "Les Garçons"
      - cell "$89"
      - cell "$69"
    - row "Concessions":
      - columnheader "Concessions"
      - cell
      - cell
    - row "The Obelisks $49 $39":
      - rowheader "The Obelisks"
      - cell "$49"
      - cell "$39"
    - row "Les Garçons $45 $35":
      - rowheader "Les Garçons"
      - cell "$45"
      - cell "$35"
"""


@pytest.mark.parametrize(
    ("goal", "told"),
    [
        ("What does an adult ticket to The Obelisks cost?", "$99"),
        ("What does a concession ticket to Les Garçons cost?", "$45"),
        ("What does a back seat for a concession to The Obelisks cost?", "$39"),
        ("What does a ticket to The Beatles cost?", None),  # the twin: a band the table does not hold
    ],
)
def test_a_price_in_a_table_is_read_with_its_column_s_header_its_part_of_the_table_and_the_table_s_name(goal, told):
    assert answered(goal, PRICES) == ("price", told)
