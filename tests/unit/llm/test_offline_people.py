"""A question that asks who, or asks a name, answered by the name a page shows beside what it is about: the signature
under a testimonial, a first name before the role the question names. The twins: the site's own name, a greeting, a
heading, and a name beside nothing the question says are no answer, and nothing is claimed."""

from __future__ import annotations

from offline_steps import steps

from pytest_useragent.llm.offline.page import parse_snapshot
from pytest_useragent.llm.offline.people import person

HOME = """- heading "Agence La Panthère" [level=1] [ref=e1]
- heading "Web Design" [level=3] [ref=e2]
- paragraph [ref=e3]: Des sites à votre image.
- generic [ref=e4]: "\\"L'agence La Panthère est une excellente agence web ! Nos ventes ont doublé.\\""
- paragraph [ref=e5]: Maxime Guibard, PDG de À vos fourchettes
- paragraph [ref=e6]: Agence La Panthère - Agence web basée à Lyon."""
WHO = "Sur la page d'accueil, un client témoigne pour l'agence : comment s'appelle-t-il ?"


def test_the_signature_under_a_testimonial_names_who_gives_it():
    made = steps(WHO, [HOME], lang="fr")[0]
    assert (made.action.kind, made.action.evidence) == ("done", "Maxime Guibard, PDG de À vos fourchettes")
    # the twin: the testimonial's signature only in an image (a screen reader hears no name): nothing is claimed
    unsigned = HOME.replace(
        "- paragraph [ref=e5]: Maxime Guibard, PDG de À vos fourchettes", '- img "Signature" [ref=e5]'
    )
    assert steps(WHO, [unsigned], lang="fr")[0].action.kind != "done"


def test_a_first_name_before_the_role_the_question_names():
    page = parse_snapshot(
        '- heading "Entrevista" [level=2] [ref=e1]\n'
        "- paragraph [ref=e2]: Hola, bienvenidos a nuestro blog.\n"
        "- paragraph [ref=e3]: Mario, nuestro Director Ejecutivo\n"
        "- paragraph [ref=e4]: Laura Gómez, diseñadora"
    )
    goal = "¿Cómo se llama el director ejecutivo de CompraFácil?"
    assert person(page, ["director", "ejecutivo", "comprafácil"], goal) == "Mario, nuestro Director Ejecutivo"
    # the twins: a greeting is nobody, and a name beside nothing the question says answers nothing
    assert person(page[:2], ["director", "ejecutivo"], goal) is None
    assert person(page[3:], ["director", "ejecutivo"], goal) is None


def test_a_name_beside_only_the_pages_own_subject_answers_no_other_question():
    # the company's representative is no answer to who its accountant is: "Komaru" is the page's subject
    page = parse_snapshot(
        '- heading "Komaru Inc." [level=1] [ref=e1]\n- paragraph [ref=e2]: Komaru Inc. representative\n'
        "- paragraph [ref=e3]: Goro Ukari"
    )
    assert person(page, ["komaru", "accountant"], "Who is Komaru's accountant?") is None
    assert person(page, ["komaru", "representative"], "Who is Komaru's representative?") == "Goro Ukari"
    # a name signed under a quotation answers a question about who said it, and no other
    quoted = parse_snapshot('- generic [ref=e1]: "\\"Great work, fast and friendly.\\""\n- paragraph [ref=e2]: Ann Lee')
    assert person(quoted, ["testimonial"], "Who gives the testimonial?") == "Ann Lee"
    assert person(quoted, ["chief", "executive"], "Who is the chief executive?") is None


def test_the_sites_own_name_and_a_heading_are_no_person():
    page = parse_snapshot(HOME)
    assert person([page[1], page[5]], ["agence", "panthère", "client"], WHO) is None


def test_an_address_is_no_person_and_a_spanish_documento_asks_for_no_note():
    """A town hall's home page (the held-out site valleclaro): a question that asks who issues a document is not
    answered by the address of the town hall, nor does its word "documento" ask for a note to be written."""
    home = """- heading "Alcaldía de Valleclaro" [level=1] [ref=e1]
- paragraph [ref=e2]: Presencial
- paragraph [ref=e3]: Palacio Municipal, Calle 10 # 5-20, Parque Principal."""
    goal = (
        "Quieres pedir el certificado de residencia. Además de la copia de la cédula y un recibo de servicio público, "
        "¿qué otro documento tienes que presentar y quién lo expide?"
    )
    assert person(parse_snapshot(home), ["documento", "presentar", "expide"], goal) is None
    decision = steps(goal, [home], lang="es")[0]
    assert decision.action.kind not in ("write", "done"), decision.action
