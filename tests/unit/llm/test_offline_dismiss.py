"""A goal that opens something and then closes it, as a person does it: the project's details open (the dialog's
heading takes focus, the evidence that it opened), then its "Cerrar" is clicked, or Escape pressed where nothing says
close, and the part is reached when no close control is left (with the keyboard and a screen reader, on the APG's
modal dialog: tests/browser/test_offline_widgets.py). The twins: a control that signs out is never what closes, and a click
after which focus stayed where it was opened nothing."""

from __future__ import annotations

from offline_steps import steps

from pytest_useragent import Persona
from pytest_useragent.llm.offline.dismiss import closers, closes
from pytest_useragent.llm.offline.lexicon import lexicon
from pytest_useragent.llm.offline.page import parse_snapshot

CAROUSEL = """- main [ref=e1]:
  - heading "Mis Proyectos" [level=2] [ref=e2]
  - list [ref=e3]:
    - listitem [ref=e4]:
      - button "Mi primer proyecto" [ref=e5]
    - listitem [ref=e6]:
      - button "Mi segundo proyecto" [ref=e7]"""
OPEN = (
    CAROUSEL
    + """
- generic [ref=e8]:
  - heading "Ejemplo de un proyecto mio" [level=2] [active] [ref=e9]
  - button "Cerrar" [ref=e10]"""
)
NO_CLOSE = OPEN.replace('  - button "Cerrar" [ref=e10]', '  - paragraph [ref=e10]: "Un proyecto"')
GOAL = "Abre el detalle de un proyecto del carrusel y luego ciérralo para volver a la página."


def test_a_project_is_opened_then_closed_by_its_close_button():
    decisions = steps(GOAL, [CAROUSEL, OPEN, CAROUSEL], lang="es")
    assert [(d.action.kind, d.action.ref) for d in decisions] == [("click", "e5"), ("click", "e10"), ("done", None)]
    assert decisions[2].action.evidence == "Mis Proyectos"


def test_escape_closes_what_has_no_close_button_and_english_says_it_too():
    english = NO_CLOSE.replace("Mi primer proyecto", "My first project").replace("Mi segundo proyecto", "My second one")
    english = english.replace("Ejemplo de un proyecto mio", "An example project of mine")
    shut = CAROUSEL.replace("Mi primer proyecto", "My first project").replace("Mi segundo proyecto", "My second one")
    decisions = steps("Open a project's details, then close it.", [shut, english, shut])
    assert [(d.action.kind, d.action.key) for d in decisions] == [("click", None), ("press", "Escape"), ("done", None)]


def test_with_the_keyboard_the_part_that_closes_takes_over_though_its_first_move_is_a_tab():
    opened = OPEN  # Enter on the project: its dialog's heading took focus
    on_close = OPEN.replace(" [active]", "").replace('button "Cerrar" [ref=e10]', 'button "Cerrar" [active] [ref=e10]')
    start = CAROUSEL.replace('button "Mi primer proyecto" [ref=e5]', 'button "Mi primer proyecto" [active] [ref=e5]')
    keyboard = Persona("Pablo", uses="keyboard")
    decisions = steps(GOAL, [start, opened, on_close, CAROUSEL], lang="es", persona=keyboard)
    kinds = [(d.action.kind, d.action.key) for d in decisions]
    assert kinds == [("press", "Enter"), ("press", "Tab"), ("press", "Enter"), ("done", None)]  # Enter on "Cerrar"


def test_what_signs_out_never_closes_and_a_click_that_moved_no_focus_opened_nothing():
    lex = lexicon("Cierra el aviso", "es")
    assert closes("Cierra el aviso", lex) and closes("ciérralo", lex) and not closes("Abre el aviso", lex)
    page = parse_snapshot('- button "Cerrar sesión" [ref=e1]\n- button "×" [ref=e2]\n- button "Cerrar aviso" [ref=e3]')
    assert [e.ref for e in closers(page, lex)] == ["e2", "e3"]
    unmoved = OPEN.replace(" [active]", "")
    decisions = steps(GOAL, [CAROUSEL, unmoved], lang="es")
    assert decisions[1].action.kind == "click" and decisions[1].action.ref != "e10"  # not yet its close: not opened
