"""A question for a number answered by a figure and the label after it, the way a landing page shows what a company
has done ("500+" over "Proyectos", "15+" over "Países"), when the question's verb is one the page never says
("¿Cuántos proyectos ha realizado…?": the page counts projects, it does not say it made them). The twins: labels
before their figures are read as before (the label before a figure is the figure's, not the one after it), a thing
no label counts, and a question with two words the page never says (a year, a place), answer nothing. A row of cards a screen reader reads as one run of text ("500+ Proyectos 50+ Clientes") is read as
its cards; a sentence with figures is not."""

from __future__ import annotations

import pytest
from offline_steps import steps

from pytest_useragent.llm.offline.figures import cards
from pytest_useragent.llm.offline.kinds import answer_kind
from pytest_useragent.llm.offline.lexicon import lexicon
from pytest_useragent.llm.offline.page import Element

PAGES = {
    # lang: (about us, its sentence, the three labels: projects, clients, countries)
    "es": ("Sobre nosotros", "Somos una empresa líder en transformación digital.", ("Proyectos", "Clientes", "Países")),
    "en": ("About us", "We are a leading digital agency.", ("Projects", "Clients", "Countries")),
    "de": ("Über uns", "Wir sind eine führende Digitalagentur.", ("Projekte", "Kunden", "Länder")),
    "fr": ("À propos", "Nous sommes une agence numérique.", ("Projets", "Clients", "Pays")),
    "pl": ("O nas", "Jesteśmy wiodącą agencją cyfrową.", ("Projektów", "Klientów", "Krajów")),
    "cs": ("O nás", "Jsme přední digitální agentura.", ("Projektů", "Klientů", "Zemí")),
}  # fmt: skip
ASKED = {
    # lang: (how many projects, how many countries), each with a verb the page never says
    "es": ("¿Cuántos proyectos ha realizado TechSolutions?", "¿En cuántos países trabaja TechSolutions?"),
    "en": ("How many projects has TechSolutions delivered?", "In how many countries does TechSolutions operate?"),
    "de": ("Wie viele Projekte hat TechSolutions umgesetzt?", "In wie vielen Ländern arbeitet TechSolutions?"),
    "fr": ("Combien de projets TechSolutions a-t-elle réalisés ?", "Dans combien de pays TechSolutions opère-t-elle ?"),
    "pl": ("Ile projektów zrealizowała TechSolutions?", "W ilu krajach działa TechSolutions?"),
    "cs": ("Kolik projektů dokončila TechSolutions?", "Ve kolika zemích působí TechSolutions?"),
}  # fmt: skip
FIGURES = ("500+", "50+", "15+")


def landing(lang: str, labels_first: bool = False, one_line: bool = False) -> str:
    """The company's one page: its name, what it is, and its figures, each a card of two texts; or, `one_line`, the
    cards as a screen reader's tree reads them, one run of text."""
    about, sentence, labels = PAGES[lang]
    pairs = [
        (label, figure) if labels_first else (figure, label) for figure, label in zip(FIGURES, labels, strict=True)
    ]
    texts = [text for pair in pairs for text in pair]
    cards = [f"  - generic [ref=e{10 + index}]: {text}" for index, text in enumerate(texts)]
    if one_line:
        cards = [f"  - text: {' '.join(texts)}"]
    return "\n".join(
        [
            '- heading "TechSolutions" [level=1] [ref=e1]',
            "- main [ref=e2]:",
            f'  - heading "{about}" [level=2] [ref=e3]',
            f"  - paragraph [ref=e4]: {sentence}",
            *cards,
        ]
    )


@pytest.mark.parametrize("one_line", [False, True], ids=["cards", "read-as-one-text"])
@pytest.mark.parametrize("lang", sorted(ASKED))
def test_a_figure_is_answered_with_the_label_after_it_though_the_page_never_says_the_questions_verb(lang, one_line):
    projects, countries = ASKED[lang]
    labels = PAGES[lang][2]
    for goal, figure, label in ((projects, "500+", labels[0]), (countries, "15+", labels[2])):
        assert answer_kind(goal, lexicon(goal, lang)).name == "number", goal
        (step,) = steps(goal, [landing(lang, one_line=one_line)], lang)
        assert (step.action.kind, step.action.evidence) == ("done", f"{figure} {label}"), goal


@pytest.mark.parametrize("lang", sorted(ASKED))
def test_labels_before_their_figures_answer_with_the_figure_after_each(lang):
    projects, countries = ASKED[lang]
    labels = PAGES[lang][2]
    for goal, figure, label in ((projects, "500+", labels[0]), (countries, "15+", labels[2])):
        (step,) = steps(goal, [landing(lang, labels_first=True)], lang)
        assert (step.action.kind, step.action.evidence) == ("done", f"{label} {figure}"), goal


@pytest.mark.parametrize(
    "goal",
    [
        "How many employees does TechSolutions have?",  # no label counts them
        "How many projects did TechSolutions deliver in Asia in 2023?",  # a place and a year the page never says
        "¿Cuántos empleados tiene TechSolutions?",
    ],
)
def test_a_figure_that_counts_something_else_or_not_what_is_asked_answers_nothing(goal):
    (step,) = steps(goal, [landing("es" if goal.startswith("¿") else "en")], "es" if goal.startswith("¿") else "en")
    assert step.action.kind == "give_up", step.action


@pytest.mark.parametrize(
    "text",
    [
        "En cifras: Proyectos 500, Países 15.",  # a sentence, not a row of cards
        "3 oficinas y 500 proyectos en total",  # words no card's label would begin with
    ],
)
def test_a_sentence_with_figures_is_no_row_of_cards(text):
    """Read as cards, "500 Proyectos" would answer; as the sentence it is, it does not name the question's verb."""
    page = "\n".join(['- heading "TechSolutions" [level=1] [ref=e1]', f"- text: {text}"])
    (step,) = steps(ASKED["es"][0], [page], "es")
    assert step.action.kind == "give_up", step.action


def test_a_row_of_cards_splits_where_each_figure_is_a_word_of_its_own():
    percent = answer_kind("What percentage answered 'Satisfied'?").shows
    read = cards(Element("text", "98% Satisfechos 2% Indecisos", None), percent)
    assert [card.name for card in read] == ["98%", "Satisfechos", "2%", "Indecisos"]
    alt = Element("img", "満足 70%、不満 30%", None)  # a chart's alt: a figure run into the next word is a sentence's
    assert cards(alt, percent) == [alt]


def test_a_long_list_of_numbers_and_words_is_no_row_of_cards():
    """Past a row's dozen figures a run is a list: the figure asked about is not taken from it (nor is the page walked
    back from each of its figures)."""
    rows = [
        f"  - generic [ref=e{10 + n}]: {text}"
        for n, text in enumerate(t for i in range(2000) for t in (f"{i}+", "Proyectos"))
    ]
    page = "\n".join(['- heading "TechSolutions" [level=1] [ref=e1]', "- main [ref=e2]:", *rows])
    (step,) = steps(ASKED["es"][0], [page], "es")
    assert step.action.kind == "give_up", step.action


LIBRARY = """- banner [ref=e1]:
  - paragraph [ref=e2]: Biblioteca Municipal
  - navigation [ref=e3]:
    - link "Noticias" [ref=e4]
- main [ref=e5]:
  - heading "Sobre nosotros" [level=1] [ref=e6]
  - paragraph [ref=e7]: La biblioteca abre sus puertas a todos los vecinos desde hace décadas.
  - generic [ref=e8]: 120.000
  - generic [ref=e9]: Libros
  - generic [ref=e10]: "8"
  - generic [ref=e11]: Sedes"""


def test_a_question_may_name_the_site_whose_page_it_reads_by_the_name_its_title_and_banner_give():
    goal = "¿Cuántos libros ha reunido la Biblioteca Municipal?"
    (step,) = steps(goal, [LIBRARY], "es", title="Sobre nosotros — Biblioteca Municipal")
    assert (step.action.kind, step.action.evidence) == ("done", "120.000 Libros")
    # the twin: a title that names the library, a banner that does not (another body's page): no site of that name
    other = LIBRARY.replace("paragraph [ref=e2]: Biblioteca Municipal", "paragraph [ref=e2]: Ayuntamiento")
    (step,) = steps(goal, [other], "es", title="Sobre nosotros — Biblioteca Municipal")
    assert step.action.kind == "give_up", step.action


def test_the_titles_words_for_the_page_are_not_the_sites_name():
    """ "Pro plan - Acme": the banner says Acme; the Pro plan is what the page is about, and a Team plan's price is not
    its price."""
    page = "\n".join(
        [
            "- banner [ref=e1]:",
            '  - link "Acme" [ref=e2]',
            "- main [ref=e3]:",
            '  - heading "Plans" [level=1] [ref=e4]',
            '  - heading "Team plan" [level=2] [ref=e5]',
            "  - paragraph [ref=e6]: $23 per user a month",
        ]
    )
    (step,) = steps("What does the Pro plan cost?", [page], title="Pro plan - Acme")
    assert step.action.kind != "done", step.action
