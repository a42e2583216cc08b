"""The offline engine on a survey's dropdown of two hundred cities and its optional newsletter: a city the goal
quotes is chosen on the dropdown (found on a long page that counts the options, or named by the goal's words where
a screen reader reads the closed dropdown as its one chosen option), never typed into a text field; a field the form
marks optional is left empty unless the goal names it."""

from __future__ import annotations

from offline_steps import steps

from pytest_useragent import Persona

SURVEY = """- main [ref=e1]:
  - heading "Survey" [level=1] [ref=e2]
  - group "Your favourite park" [ref=e3]:
    - radio "None" [ref=e4]
    - radio "Central Park" [ref=e5]
  - group "Green city" [ref=e6]:
    - paragraph [ref=e7]: Which city is the greenest?
    - combobox "Cities of the world" [ref=e8]:
      - option "Choose a city from this list" [selected]
      - option "Abu Dhabi, United Arab Emirates"
      - option ×176 more in view, like option ("Abuja, Nigeria" … "Zagreb, Croatia"; 176 elements)
  - group "Free newsletter (optional)" [ref=e9]:
    - textbox "Name:" [ref=e10]
    - textbox "E-mail address:" [ref=e11]
  - button "Send" [ref=e12]"""
FOUND = '1 element match "Warsaw":\n- combobox "Cities of the world" [ref=e8]:\n  - option "Warsaw, Poland"'
GOAL = 'Fill in the survey: choose the park "Central Park" and the city "Warsaw", then send it'


def moves(decisions: list) -> list[tuple[str, str | None, str | None]]:
    return [(d.action.kind, d.action.ref, d.action.text or d.action.target) for d in decisions]


def test_an_option_a_long_page_counts_is_found_then_chosen_on_its_dropdown_and_the_form_sent():
    made = moves(steps(GOAL, [SURVEY] * 4, outcomes=[FOUND], long=True))
    assert made == [
        ("find", None, "Warsaw"),
        ("select", "e8", "Warsaw, Poland"),  # the option's label as `find` showed it, on the dropdown it sits in
        ("click", "e5", None),
        ("click", "e12", None),  # the newsletter's optional fields left empty; the placeholder option not chosen
    ]


SURVEY_PL = """- main [ref=e1]:
  - group "Ulubiony park" [ref=e3]:
    - radio "Żaden" [ref=e4]
    - radio "Park Centralny" [ref=e5]
  - group "Zielone miasto" [ref=e6]:
    - paragraph [ref=e7]: Które miasto uważasz za najbardziej ekologiczne?
    - combobox "Miasta świata" [ref=e8]:
      - option "Wybierz miasto z tej listy" [selected]
  - group "Bezpłatny biuletyn informacyjny (opcjonalnie)" [ref=e9]:
    - textbox "Nazwa:" [ref=e10]
    - textbox "Adres e-mail:" [ref=e11]
  - button "Wyślij" [ref=e12]"""
GOAL_PL = "Wypełnij ankietę: wybierz park „Park Centralny” i miasto „Warsaw”, a następnie wyślij"
NINA = Persona("Nina, 40, czyta strony czytnikiem ekranu.", uses="screen-reader")


def test_a_closed_dropdown_the_goals_words_name_is_set_to_the_value_never_typed_into_a_field():
    made = moves(steps(GOAL_PL, [SURVEY_PL] * 3, lang="pl", persona=NINA))
    assert made == [("select", "e8", "Warsaw"), ("click", "e5", None), ("click", "e12", None)]
    # the twin: a city asked in a text field ("Miasto") is typed there, as before
    typed = SURVEY_PL.replace('combobox "Miasta świata" [ref=e8]:', 'textbox "Miasto:" [ref=e8]').replace(
        '\n      - option "Wybierz miasto z tej listy" [selected]', ""
    )
    assert moves(steps(GOAL_PL, [typed], lang="pl", persona=NINA)) == [("type", "e8", "Warsaw")]


def test_a_field_marked_optional_is_filled_only_when_the_goal_names_it():
    form = """- main [ref=e1]:
  - textbox "Your name" [ref=e2]
  - group "Newsletter (optional)" [ref=e3]:
    - textbox "E-mail" [ref=e4]
  - button "Send" [ref=e5]"""
    sent = moves(steps("Send the contact form", [form] * 2))
    assert sent == [("type", "e2", "Alex"), ("click", "e5", None)]  # the newsletter left alone
    subscribed = moves(steps("Send the form and get the newsletter", [form]))
    assert subscribed == [("fill", None, None)]  # its name and the newsletter's e-mail, as asked
    # a field that says so itself, in the page's language
    own = form.replace('group "Newsletter (optional)"', "group").replace('"E-mail"', '"E-mail (facultatif)"')
    assert moves(steps("Envoyez le formulaire", [own.replace("Send", "Envoyer")] * 2, lang="fr"))[0][:2] == (
        "type",
        "e2",
    )
