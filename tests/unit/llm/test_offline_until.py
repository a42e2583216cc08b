"""A goal that steps a carousel on until what it names shows, as a person presses Next until the slide is there: in
Spanish on a portfolio's carousel (its arrows named "forward button"), in English on the APG's carousel (its Next
Slide button). The twin: a slide the carousel does not have is never claimed; the engine gives up after
`MAX_STEPS_ON` presses (a carousel that goes round would show the same slides for ever)."""

from __future__ import annotations

from offline_steps import steps

from pytest_useragent.llm.offline.lexicon import lexicon
from pytest_useragent.llm.offline.until import MAX_STEPS_ON, until_goal


def _portfolio(*projects: str) -> str:
    items = "".join(
        f'\n    - listitem [ref=e{3 + index}]:\n      - button "Mi {name} proyecto" [ref=e{10 + index}]'
        for index, name in enumerate(projects)
    )
    return f"""- heading "Mis Proyectos" [level=2] [ref=e1]
- button "backward button" [ref=e2]
- list [ref=e20]:{items}
- button "forward button" [ref=e30]"""


def _cabin(name: str, words: str) -> str:
    return f"""- heading "Carousel Example" [level=1] [ref=e1]
- button "Previous Slide" [ref=e2]
- button "Next Slide" [ref=e3]
- group "1 of 5" [ref=e4]:
  - heading "{name}" [level=2] [ref=e5]
  - paragraph [ref=e6]: {words}"""


def test_a_portfolio_carousel_is_stepped_on_until_its_fifth_project_shows():
    goal = "En el carrusel de proyectos, avanza hasta que se vea el quinto proyecto."
    assert until_goal(goal, lexicon(goal, "es")).target == ["quinto", "proyecto"]  # not "se vea", not the carousel
    pages = [_portfolio("primer", "segundo", "tercero"), _portfolio("segundo", "tercero", "cuarto")]
    pages.append(_portfolio("tercero", "cuarto", "quinto"))
    decisions = steps(goal, pages, lang="es")
    assert [(d.action.kind, d.action.ref) for d in decisions] == [("click", "e30"), ("click", "e30"), ("done", None)]
    assert decisions[-1].action.evidence == "Mi quinto proyecto"


def test_the_apg_carousel_is_stepped_on_until_a_slide_and_its_own_words_are_the_evidence():
    goal = "Go through the carousel until the Lake Retreat slide shows"
    pages = [
        _cabin("Forest Lodge", "Two rooms under the pines."),
        _cabin("River Hut", "A hut on the river bank."),
        _cabin("Lake Retreat", "A retreat on the lake shore."),
    ]
    decisions = steps(goal, pages)
    assert [d.action.kind for d in decisions] == ["click", "click", "done"]
    assert decisions[0].action.ref == "e3"  # Next Slide, never Previous
    assert decisions[-1].action.evidence == "A retreat on the lake shore."


def test_a_slide_the_carousel_lacks_is_never_claimed_and_the_stepping_stops():
    goal = "Go through the carousel until the Desert Camp slide shows"
    decisions = steps(goal, [_cabin("Forest Lodge", "Two rooms under the pines.")] * (MAX_STEPS_ON + 3))
    kinds = [(d.action.kind, d.action.ref) for d in decisions]
    assert kinds[:MAX_STEPS_ON] == [("click", "e3")] * MAX_STEPS_ON
    assert kinds[MAX_STEPS_ON] == ("give_up", None)  # gone round: never a wander to the page's other links
