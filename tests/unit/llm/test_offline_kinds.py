"""The kinds of answer a question asks for, one row each (`kinds.py`): how long something takes is answered by a
duration ("1 día hábil", "15 days"), a file's size by a size ("61 KB", "350 Ko"), in English and in the goal's
language. The twins: a count is still a number, a price still a price, and a page that shows no answer of the kind
answers nothing."""

from __future__ import annotations

import pytest

from pytest_useragent.llm.offline.answers import answer
from pytest_useragent.llm.offline.kinds import answer_kind
from pytest_useragent.llm.offline.lexicon import lexicon
from pytest_useragent.llm.offline.page import goal_words, parse_snapshot


@pytest.mark.parametrize(
    ("goal", "lang", "kind"),
    [
        ("¿Cuánto tiempo tarda la alcaldía en responder una solicitud de paz y salvo?", "es", "duration"),
        ("¿En cuántos días hábiles se responde una petición?", "es", "duration"),
        ("How long does a refund take?", "en", "duration"),
        ("Combien de temps faut-il pour obtenir la carte ?", "fr", "duration"),
        ("Wie lange dauert die Bearbeitung?", "de", "duration"),
        ("¿Qué tamaño tiene el archivo del formato?", "es", "size"),
        ("What size is the brochure's PDF?", "en", "size"),
        ("¿Cuántos proyectos hay?", "es", "number"),  # a count, not a duration
        ("How many rooms does the lodge have?", "en", "number"),
        ("¿Cuánto cuesta el plan Pro?", "es", "price"),
    ],
)
def test_the_kind_a_question_asks_for(goal, lang, kind):
    found = answer_kind(goal, lexicon(goal, lang))
    assert found is not None and found.name == kind


def _answer(goal: str, lang: str, snapshot: str) -> str | None:
    lex = lexicon(goal, lang)
    kind = answer_kind(goal, lex)
    assert kind is not None
    return answer(parse_snapshot(snapshot), kind, kind.needs(goal_words(goal, lex)))


def test_a_duration_and_a_size_are_read_where_the_page_says_them():
    paz = """- heading "Paz y salvo predial" [level=2] [ref=e1]
- term [ref=e2]: Costo
- definition [ref=e3]: Gratuito
- term [ref=e4]: "Tiempo de respuesta:"
- definition [ref=e5]: 1 día hábil"""
    goal = "¿Cuánto tiempo tarda la respuesta del paz y salvo predial?"
    assert "1 día hábil" in (_answer(goal, "es", paz) or "")
    brochure = """- heading "Downloads" [level=1] [ref=e1]
- heading "Visitor brochure" [level=2] [ref=e2]
- paragraph [ref=e3]: PDF, 2.4 MB, 12 pages"""
    assert "2.4 MB" in (_answer("What size is the visitor brochure?", "en", brochure) or "")


def test_a_page_with_no_answer_of_the_kind_answers_nothing():
    page = """- heading "Visitor brochure" [level=2] [ref=e1]
- paragraph [ref=e2]: Our brochure has 12 pages about the park."""
    assert _answer("What size is the visitor brochure?", "en", page) is None
    assert _answer("How long does the visitor tour take?", "en", page) is None
