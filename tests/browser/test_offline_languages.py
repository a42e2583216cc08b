"""The offline engine in the persona's language: goals in Czech, German, Spanish, French and Polish on a small library
site in that language (tests/pages/lang: a news list and an article, a survey form with radios, boxes, a dropdown and
a text area, a shop with a search box and a cart, a price table, an account page with a sign-in form and a newsletter
form; and, written after the engine was, a contact form and an events table with a button a row; and a form whose
fields the goal names, each before its quoted value, in English too; and in Japanese, written without spaces, a city
page whose links hide in a collapsed menu and whose slideshow and CO2 counter each have a pause button, an event's
page and a registration form; and in Spanish an about page whose figures stand over their labels; and in Korean,
whose particles sit on its words, the shop, the prices and the account), as a mouse, a
keyboard and a screen-reader persona (`MATRIX`).

What is held is the page's true state after the session, read here with Playwright and independent of the engine:
the survey sent with exactly the answers the goal names (chosen before Send, and no option's label typed into its text
fields), the product named in the cart and no other, the price the table gives for the ticket asked for, the article
asked for open, signed in or subscribed by the form the goal means (not the other one on the page). The engine claims
an outcome only when it is true, and every task that can be reached is reached; the twin asks for an answer the
survey does not offer, which must not be claimed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pytest_useragent import Agent, OfflineProvider, Persona
from pytest_useragent.config import UserAgentConfig

PERSONAS = {
    "mouse": Persona("Sam, 31, uses a mouse."),
    "keyboard": Persona("Kai, 29, moves through every page with the keyboard alone.", uses="keyboard"),
    "screen-reader": Persona("Noor, 40, is blind and reads the web with a screen reader.", uses="screen-reader"),
}
WAIT_MS = 1_000


def sent(often: str, when: tuple[str, ...] = (), branch: str = "", comment: str = "") -> Callable[[Page, str], bool]:
    """The survey sent with exactly these answers (an option's label typed into the comment is a wrong answer)."""
    wanted = {"often": often, "when": sorted(when), "branch": branch, "comment": comment}

    def read(page: Page, evidence: str) -> bool:
        got = page.evaluate("() => window.sent || null")
        return got is not None and {**got, "when": sorted(got["when"])} == wanted

    return read


def never_sent(page: Page, evidence: str) -> bool:
    return page.evaluate("() => window.sent || null") is not None


def in_cart(product: str) -> Callable[[Page, str], bool]:
    def read(page: Page, evidence: str) -> bool:
        return page.locator("#cart li").all_inner_texts() == [product]

    return read


def price_of(ticket: str) -> Callable[[Page, str], bool]:
    """The evidence gives the price the table shows in the ticket's own row."""

    def read(page: Page, evidence: str) -> bool:
        row = page.locator("tbody tr").filter(has=page.get_by_role("rowheader", name=ticket, exact=True))
        return bool(evidence) and row.count() == 1 and row.locator("td").inner_text(timeout=WAIT_MS) in evidence

    return read


def signed_in(page: Page, evidence: str) -> bool:
    """Signed in with the sign-in form, and not subscribed by the newsletter's form beside it."""
    return bool(page.evaluate("() => window.signedIn || ''")) and not page.evaluate("() => window.subscribed || ''")


def subscribed(page: Page, evidence: str) -> bool:
    """Subscribed with the newsletter's form (its consent ticked), and not signed in by the form beside it."""
    return bool(page.evaluate("() => window.subscribed || ''")) and not page.evaluate("() => window.signedIn || ''")


def message(subject: str, reply: str, text: str) -> Callable[[Page, str], bool]:
    """The contact form sent with this subject (a dropdown), reply (a radio) and message (its text area, not the
    name field beside it)."""
    wanted = {"subject": subject, "reply": reply, "message": text}
    return lambda page, evidence: page.evaluate("() => window.sent || null") == wanted


def fields_sent(**wanted: str) -> Callable[[Page, str], bool]:
    """The form sent with each quoted value in the field the goal names before it, and nothing else in any field."""
    return lambda page, evidence: page.evaluate("() => window.sent || null") == wanted


def registered(event: str) -> Callable[[Page, str], bool]:
    """Registered for this event by its own row's button, and for no other."""
    return lambda page, evidence: page.evaluate("() => window.registered || []") == [event]


def opened(page_name: str) -> Callable[[Page, str], bool]:
    """The page so named is open (the link a collapsed menu held, followed)."""
    return lambda page, evidence: page.url.endswith(f"-{page_name}.html")


def paused(what: str) -> Callable[[Page, str], bool]:
    """Exactly this one thing is paused (the counter's pause, not the slideshow's beside it)."""
    return lambda page, evidence: page.evaluate("() => window.paused || []") == [what]


def answered(text: str) -> Callable[[Page, str], bool]:
    """The evidence claimed gives the answer the page shows."""
    return lambda page, evidence: text in evidence


def article(title: str) -> Callable[[Page, str], bool]:
    def read(page: Page, evidence: str) -> bool:
        return page.url.endswith("-park.html") and page.get_by_role("heading", level=1).inner_text() == title

    return read


@dataclass(frozen=True)
class Task:
    page: str
    goal: str
    reached: Callable[[Page, str], bool]
    """The page's true state after the session (given the evidence claimed): the goal reached."""
    reachable: bool = True


TASKS = {
    "pl": [
        Task(
            "survey",
            "Wybierz „Często” i „Wieczorem”, wybierz „Kraków” z listy i wyślij ankietę",
            sent("Często", ("Wieczorem",), "Kraków"),
        ),
        Task(
            "survey",
            "Wyślij ankietę z odpowiedzią „Rzadko” i komentarzem „Brak uwag”",
            sent("Rzadko", comment="Brak uwag"),
        ),
        Task("survey", 'Wybierz "Nigdy" i wyslij ankiete', sent("Nigdy")),  # typed without diacritics
        Task("shop", "Dodaj „Herbata zielona” do koszyka", in_cart("Herbata zielona")),
        Task("prices", "Ile kosztuje bilet ulgowy?", price_of("Ulgowy")),
        Task("news", "Przeczytaj artykuł o nowym parku", article("Nowy park w centrum miasta")),
        Task("survey", "Wybierz „Codziennie” i wyślij ankietę", never_sent, reachable=False),
        Task("account", "Zaloguj się na swoje konto", signed_in),
        Task("account", "Zapisz się do newslettera", subscribed),
        Task(
            "contact",
            "Wyślij wiadomość „Paczka nie dotarła” z tematem „Reklamacja” i poproś o odpowiedź „Telefonicznie”",
            message("Reklamacja", "Telefonicznie", "Paczka nie dotarła"),
        ),
        Task("events", "Zapisz się na „Szycie dla początkujących”", registered("Szycie dla początkujących")),
        Task(
            "fields",
            "Wyślij zgłoszenie z imieniem „Ewa”, nazwiskiem „Nowak”, e-mailem „ewa@example.com” i telefonem „600 700 800”",
            fields_sent(imie="Ewa", nazwisko="Nowak", email="ewa@example.com", telefon="600 700 800"),
        ),
    ],
    "cs": [
        Task(
            "survey",
            "Vyber „Často“ a „Večer“, zvol „Brno“ ze seznamu a odešli dotazník",
            sent("Často", ("Večer",), "Brno"),
        ),
        Task(
            "survey",
            "Odešli dotazník s odpovědí „Zřídka“ a komentářem „Bez připomínek“",
            sent("Zřídka", comment="Bez připomínek"),
        ),
        Task("shop", "Přidej „Zelený čaj“ do košíku", in_cart("Zelený čaj")),
        Task("prices", "Kolik stojí zlevněná jízdenka?", price_of("Zlevněné")),
        Task("news", "Přečti si článek o novém parku", article("Nový park v centru města")),
        Task("survey", "Vyber „Denně“ a odešli dotazník", never_sent, reachable=False),
        Task("account", "Přihlas se ke svému účtu", signed_in),
        Task("account", "Přihlas se k odběru novinek", subscribed),
        Task(
            "contact",
            "Odešli zprávu „Balík nedorazil“ s předmětem „Reklamace“ a odpovědí „Telefonicky“",
            message("Reklamace", "Telefonicky", "Balík nedorazil"),
        ),
        Task("events", "Přihlas se na „Šití pro začátečníky“", registered("Šití pro začátečníky")),
        Task(
            "fields",
            "Odešli přihlášku se jménem „Petr“, příjmením „Svoboda“, e-mailem „petr@example.com“ a telefonem „777 123 456“",
            fields_sent(jmeno="Petr", prijmeni="Svoboda", email="petr@example.com", telefon="777 123 456"),
        ),
    ],
    "de": [
        Task(
            "survey",
            "Wähle „Oft“ und „Abends“, wähle „Hamburg“ aus der Liste und sende die Umfrage ab",
            sent("Oft", ("Abends",), "Hamburg"),
        ),
        Task(
            "survey",
            "Sende die Umfrage mit der Antwort „Selten“ und dem Kommentar „Keine Anmerkungen“ ab",
            sent("Selten", comment="Keine Anmerkungen"),
        ),
        Task("shop", "Füge „Grüner Tee“ zum Warenkorb hinzu", in_cart("Grüner Tee")),
        Task("prices", "Was kostet die ermäßigte Karte?", price_of("Ermäßigte Karte")),
        Task("news", "Lies den Artikel über den neuen Park", article("Neuer Park im Stadtzentrum")),
        Task("survey", "Wähle „Täglich“ und sende die Umfrage ab", never_sent, reachable=False),
        Task("account", "Melde dich bei deinem Konto an", signed_in),
        Task("account", "Abonniere den Newsletter", subscribed),
        Task(
            "contact",
            "Sende die Nachricht „Paket nicht angekommen“ mit dem Betreff „Reklamation“ und der Antwort „Telefonisch“",
            message("Reklamation", "Telefonisch", "Paket nicht angekommen"),
        ),
        Task("events", "Melde dich für „Nähen für Anfänger“ an", registered("Nähen für Anfänger")),
        Task(
            "fields",
            "Sende die Anfrage mit dem Vornamen „Jonas“, dem Nachnamen „Becker“, der E-Mail-Adresse „jonas@example.com“ "
            "und der Telefonnummer „030 1234567“ ab",
            fields_sent(vorname="Jonas", nachname="Becker", email="jonas@example.com", telefon="030 1234567"),
        ),
    ],
    "es": [
        Task(
            "survey",
            "Elige «A menudo» y «Por la tarde», selecciona «Sevilla» en la lista y envía la encuesta",
            sent("A menudo", ("Por la tarde",), "Sevilla"),
        ),
        Task(
            "survey",
            "Envía la encuesta con la respuesta “Rara vez” y el comentario “Sin comentarios”",
            sent("Rara vez", comment="Sin comentarios"),
        ),
        Task("shop", "Añade «Té verde» al carrito", in_cart("Té verde")),
        Task("prices", "¿Cuánto cuesta la entrada reducida?", price_of("Reducida")),
        Task("news", "Lee la noticia sobre el nuevo parque", article("Nuevo parque en el centro")),
        Task("survey", "Elige «Todos los días» y envía la encuesta", never_sent, reachable=False),
        Task("account", "Inicia sesión en tu cuenta", signed_in),
        Task("account", "Suscríbete al boletín", subscribed),
        Task(
            "contact",
            "Envía el mensaje «El paquete no llegó» con el asunto «Reclamación» y respuesta «Por teléfono»",
            message("Reclamación", "Por teléfono", "El paquete no llegó"),
        ),
        Task("events", "Inscríbete en «Costura para principiantes»", registered("Costura para principiantes")),
        Task(
            "fields",
            "Envía la solicitud con el nombre «Lucía Gómez», el email «lucia@example.com», el teléfono «+34 611 222 333» "
            "y el mensaje «Necesito un presupuesto»",
            fields_sent(
                nombre="Lucía Gómez",
                correo="lucia@example.com",
                telefono="+34 611 222 333",
                mensaje="Necesito un presupuesto",
            ),
        ),
        # a figure over its label, with a verb the page never says
        Task("about", "¿Cuántos libros ha reunido la Biblioteca Municipal?", answered("120.000 Libros")),
        Task("about", "¿En cuántas sedes atiende la biblioteca?", answered("8 Sedes")),
    ],
    "fr": [
        Task(
            "survey",
            "Choisissez « Souvent » et « Le soir », sélectionnez « Lyon » dans la liste, puis envoyez le questionnaire",
            sent("Souvent", ("Le soir",), "Lyon"),
        ),
        Task(
            "survey",
            "Envoyez le questionnaire avec la réponse « Rarement » et le commentaire « Rien à signaler »",
            sent("Rarement", comment="Rien à signaler"),
        ),
        Task("shop", "Ajoutez « Thé vert » au panier", in_cart("Thé vert")),
        Task("prices", "Combien coûte le billet au tarif réduit ?", price_of("Tarif réduit")),
        Task("news", "Lisez l'article sur le nouveau parc", article("Un nouveau parc au centre-ville")),
        Task("survey", "Choisissez « Tous les jours » et envoyez le questionnaire", never_sent, reachable=False),
        Task("account", "Connectez-vous à votre compte", signed_in),
        Task("account", "Abonnez-vous à la lettre d'information", subscribed),
        Task(
            "contact",
            "Envoyez le message « Colis non reçu » avec l'objet « Réclamation » et la réponse « Par téléphone »",
            message("Réclamation", "Par téléphone", "Colis non reçu"),
        ),
        Task("events", "Inscrivez-vous à « Couture pour débutants »", registered("Couture pour débutants")),
        Task(
            "fields",
            "Inscrivez-vous avec le prénom « Léa », le nom « Martin », l'e-mail « lea@example.com » et le téléphone "
            "« 01 23 45 67 89 »",
            fields_sent(prenom="Léa", nom="Martin", courriel="lea@example.com", telephone="01 23 45 67 89"),
        ),
    ],
    "ja": [
        Task("city", "「温暖化の状況」のページを開いてください", opened("fact")),  # behind the collapsed menu
        Task("city", "CO2排出量のカウンターを「一時停止」してください", paused("counter")),
        Task("events", "「科学実験ショー」は何時から始まりますか？", answered("11:00")),
        Task("events", "エコまつりはいつ開催されますか？", answered("11月8日")),
        Task(
            "register",
            "お名前は「山田花子」、メールアドレスは「hanako@example.jp」、電話番号は「06-1234-5678」です。"
            "個人情報保護方針に同意して送信してください",
            fields_sent(name="山田花子", email="hanako@example.jp", phone="06-1234-5678"),
        ),
        Task("events", "「人形劇」は何時から始まりますか？", answered(":"), reachable=False),  # not on the page
    ],
    "ko": [
        Task("shop", "'녹차'를 장바구니에 담으세요", in_cart("녹차")),
        Task("prices", "할인 입장권의 가격은 얼마입니까?", price_of("할인")),
        Task("account", "내 계정에 로그인하세요", signed_in),
        Task("account", "소식지를 구독하세요", subscribed),
    ],
    "en": [
        Task(
            "fields",
            "Send the enquiry with the name 'Sam Rivera', the email 'sam@example.com', the phone '555 0100' and the "
            "message 'Do you ship abroad?'",
            fields_sent(name="Sam Rivera", email="sam@example.com", phone="555 0100", message="Do you ship abroad?"),
        ),
    ],
}
CASES = [(lang, index) for lang, tasks in TASKS.items() for index in range(len(tasks))]
ROTATION = {"mouse": None, "keyboard": 0, "screen-reader": 2}
"""The mouse persona meets every task; the keyboard and screen-reader personas, whose words are the same and whose
ways through a page differ, a fifth of each language's tasks, another fifth in each language, so that each meets every task in some
language, at a third of the sessions."""
LANGS = list(TASKS)
MATRIX = [
    (lang, index, uses)
    for lang, index in CASES
    for uses, start in ROTATION.items()
    if start is None or (index + LANGS.index(lang)) % 5 == start  # each language its own fifth: every task is met
]


def run(page: Any, site: str, tmp_path: Path, lang: str, task: Task, uses: str) -> Any:
    agent = Agent(page, PERSONAS[uses], OfflineProvider(), UserAgentConfig(settle_timeout=2, max_steps=16), tmp_path)
    return agent.run(task.goal, url=f"{site}/lang/{lang}-{task.page}.html")


def truly_reached(page: Page, task: Task, evidence: str) -> bool:
    """The goal's state on the site under test, read with Playwright; for the twin, whether the survey was sent."""
    try:
        return task.reached(page, evidence)
    except PlaywrightError:
        return False


@pytest.mark.parametrize(
    ("lang", "index", "uses"), MATRIX, ids=[f"{lang}-{index}-{uses}" for lang, index, uses in MATRIX]
)
def test_the_offline_engine_reaches_goals_in_the_pages_language(page, site, tmp_path, lang, index, uses):
    task = TASKS[lang][index]
    result = run(page, site, tmp_path, lang, task, uses)
    claimed = result.outcome == "goal_achieved"
    evidence = (result.steps[-1].action.evidence or "") if claimed and result.steps[-1].action else ""
    told = [(step.action.describe() if step.action else None, step.outcome.message[:80]) for step in result.steps]
    truth = truly_reached(page, task, evidence)
    if task.reachable:
        assert claimed and truth, (result.outcome, evidence, told)
    else:
        assert not claimed and not truth, (result.outcome, evidence, told)  # the twin: nothing sent, nothing claimed
    left = [step.url for step in result.steps if f"/lang/{lang}-" not in step.url]
    assert not left, left  # it stays on the site in its language
