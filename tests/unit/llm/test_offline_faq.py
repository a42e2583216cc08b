"""The offline engine on a town hall's FAQ page (the held-out site valleclaro, after its one run): the question is
opened (a `<summary>`, which Chromium's tree gives as text with a pointer and a "+" that turns "−" once open: one
control in either state, so it is never clicked shut again) and its answer read; the site's own name in the goal
("de la alcaldía") leads to no link of its own (the logo back to the home page). The twins: a name whose sign is no
disclosure's ("C++") keeps it, and a goal that names only the site may still follow the site's link."""

from __future__ import annotations

from offline_steps import steps

from pytest_useragent.llm.offline.page import parse_snapshot

FAQ = """- banner [ref=e1]:
  - link "Alcaldía de Valleclaro" [ref=e2]:
    - /url: index.html
- main [ref=e3]:
  - heading "Preguntas frecuentes" [level=1] [ref=e4]
  - heading "PQRS" [level=2] [ref=e5]
  - group [ref=e6]:
    - generic "¿Cuánto tarda la respuesta? +" [ref=e7] [cursor=pointer]
  - group [ref=e8]:
    - generic "¿Puedo radicar de forma anónima? +" [ref=e9] [cursor=pointer]"""
OPENED = FAQ.replace(
    '    - generic "¿Cuánto tarda la respuesta? +" [ref=e7] [cursor=pointer]',
    '    - generic "¿Cuánto tarda la respuesta? −" [active] [ref=e7] [cursor=pointer]\n'
    "    - paragraph [ref=e10]: Las peticiones se responden en máximo 15 días hábiles, según la Ley 1755 de 2015.",
)
GOAL = "Según las preguntas frecuentes de la alcaldía, ¿en cuántos días hábiles como máximo se responde una petición?"
TITLE = "Preguntas frecuentes – Alcaldía de Valleclaro"


def test_a_disclosures_sign_is_no_part_of_its_name():
    names = [e.name for e in parse_snapshot(FAQ + '\n- button "C++" [ref=e20]\n- button "Zoom +" [ref=e21]')]
    assert "¿Cuánto tarda la respuesta?" in names and "C++" in names and "Zoom" in names
    assert [e.name for e in parse_snapshot(OPENED) if e.ref == "e7"] == ["¿Cuánto tarda la respuesta?"]


def test_the_faq_question_is_opened_and_answered_and_the_sites_logo_is_not_followed():
    decisions = steps(GOAL, [FAQ, OPENED], lang="es", title=TITLE)
    assert decisions[0].action.ref == "e7"  # not the logo "Alcaldía de Valleclaro", though the goal says "alcaldía"
    assert decisions[1].action.kind == "done"
    assert "15 días hábiles" in (decisions[1].action.evidence or "")


def test_a_goal_that_names_only_the_site_may_follow_its_link():
    decision = steps("Visita la página de la alcaldía.", [FAQ.replace("generic", "paragraph")], lang="es")[0]
    assert (decision.action.kind, decision.action.ref) == ("click", "e2")
