"""A question no kind of answer fits is answered by the sentence that says what it asks about, as a reader skims an
"about me" paragraph: what someone studied, in Spanish and in English. The twins: a question whose words no sentence
says together, or says only in a heading, or spread over two paragraphs, is left unanswered (given up, never a false
done)."""

from __future__ import annotations

from offline_steps import steps

from pytest_useragent.llm.offline.page import parse_snapshot
from pytest_useragent.llm.offline.sentences import sentence

ABOUT = """- banner [ref=e1]:
  - heading "Juliana Gomez" [level=1] [ref=e2]
- main [ref=e3]:
  - heading "Acerca de" [level=2] [ref=e4]
  - paragraph [ref=e5]: "Hola! Soy Juliana 👋 Soy Colombo-Canadiense, amo los gatos y tambien crear cosas lindas para la \
web 😍 Después de estudiar comunicación social y ciencia política en la universidad, trabajé varios años en mercadeo \
digital hasta que aprendí a programar. Llevo tres años enfocándome en front end.\""""
ENGLISH = """- heading "Ana Ruiz" [level=1] [ref=e1]
- paragraph [ref=e2]: "I grew up by the sea. I studied marine biology at the University of Vigo, then worked as a diver."
- paragraph [ref=e3]: Today I teach
"""
STUDIED = (
    "Después de estudiar comunicación social y ciencia política en la universidad, trabajé varios años en mercadeo \
digital hasta que aprendí a programar."
)


def test_the_sentence_that_says_what_a_question_asks_answers_it_in_its_language():
    done = steps("¿Qué estudió Juliana en la universidad?", [ABOUT], lang="es")[0]
    assert done.action.kind == "done"
    assert done.action.evidence == STUDIED  # the sentence, not the whole paragraph
    done = steps("What did Ana study at university?", [ENGLISH])[0]
    assert done.action.evidence == "I studied marine biology at the University of Vigo, then worked as a diver."


def test_a_question_whose_words_no_sentence_says_together_is_not_answered():
    assert steps("¿De dónde es Juliana? Responde con lo que dice su portafolio.", [ABOUT], lang="es")[
        0
    ].action.kind == ("give_up")
    elements = parse_snapshot(ENGLISH)
    assert sentence(elements, ["where", "ana", "teach"], "Ana") is None  # "teach" and "Ana" alone: one word shared
    spread = parse_snapshot('- paragraph [ref=e1]: "I studied law."\n- paragraph [ref=e2]: "The university is old."')
    assert sentence(spread, ["studied", "university"], "") is None  # in two paragraphs, not one sentence
    headed = parse_snapshot('- heading "What I studied at university" [level=2] [ref=e1]')
    assert sentence(headed, ["studied", "university"], "") is None  # a heading names the question, never answers it
