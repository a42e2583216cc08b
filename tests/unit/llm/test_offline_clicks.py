"""The offline engine on a page built of `div`s with click handlers, as a mouse user meets it: text the page gives a
pointer cursor is clicked as the button it looks like (a card's "Add" in the card that holds the goal's product),
an unnamed field is known by the label written before it (the ID and the password each typed into their own), and a
dialog that asks for the fields again is no confirmation. The twin: the same page read by a screen reader (no
pointer in its tree) offers nothing to click."""

from __future__ import annotations

from offline_steps import steps

from pytest_useragent import Persona
from pytest_useragent.llm.offline.clicks import clickable, presses
from pytest_useragent.llm.offline.goal import rows
from pytest_useragent.llm.offline.lexicon import lexicon
from pytest_useragent.llm.offline.page import parse_snapshot, refuses

SOUP = """- generic [ref=e1]:
  - generic [ref=e2]:
    - generic [ref=e7] [cursor=pointer]: Products
    - generic [ref=e8] [cursor=pointer]: Cart
  - generic [ref=e15]:
    - generic [ref=e16]: Popular
    - generic [ref=e17]:
      - generic [ref=e18] [cursor=pointer]:
        - generic [ref=e20]: Phone X
        - generic [ref=e21]: 1,550,000 KRW
        - generic [ref=e22]: Add
      - generic [ref=e23] [cursor=pointer]:
        - generic [ref=e25]: Laptop Pro 14
        - generic [ref=e26]: 2,390,000 KRW
        - generic [ref=e27]: Add
  - generic [ref=e33]:
    - generic [ref=e34]: Sign in
    - generic [ref=e36]:
      - generic [ref=e37]: User name
      - textbox [ref=e38]
    - generic [ref=e39]:
      - generic [ref=e40]: Password
      - textbox [ref=e41]
    - generic [ref=e42] [cursor=pointer]: Sign in"""
READER = SOUP.replace(" [cursor=pointer]", "")
"""What a screen reader's tree holds of the same page: no cursor."""


def test_text_with_a_pointer_cursor_is_what_a_mouse_user_clicks_and_its_card_is_a_row():
    elements = {e.ref: e for e in parse_snapshot(SOUP)}
    assert presses(elements["e8"]) and clickable(elements["e8"])
    assert presses(elements["e27"])  # inside a card with a pointer: the card's "Add"
    assert not presses(elements["e23"])  # the card itself says nothing of its own
    assert not presses(elements["e16"]) and not clickable(elements["e38"])  # plain text; a field is typed into
    assert [[e.name for e in row] for row in rows(list(elements.values()))] == [
        ["Phone X", "1,550,000 KRW", "Add"],
        ["Laptop Pro 14", "2,390,000 KRW", "Add"],
    ]
    assert not any(presses(e) or e.pointer for e in parse_snapshot(READER))


def test_an_unnamed_field_is_known_by_the_label_before_it_and_holds_what_was_typed():
    typed = SOUP.replace("- textbox [ref=e38]", "- textbox [ref=e38]: minji")
    fields = [e for e in parse_snapshot(typed) if e.role == "textbox"]
    assert [(e.name, e.value) for e in fields] == [("User name", "minji"), ("Password", None)]
    named = parse_snapshot('- generic [ref=e1]: Search\n- textbox "Query" [ref=e2]: shoes')
    assert (named[1].name, named[1].value) == ("Query", "shoes")  # a named field keeps its own name


def test_the_product_a_goal_names_goes_in_the_cart_by_its_own_cards_add():
    added = SOUP.replace("[ref=e33]:", "[ref=e33]:\n    - alert [ref=e50]: Laptop Pro 14 was added to the cart.")
    made = steps("Add 'Laptop Pro 14' to the cart", [SOUP, added])
    assert (made[0].action.kind, made[0].action.ref) == ("click", "e27")  # not e22, nothing typed into "User name"
    assert made[1].action.kind == "done"
    # the twin: a screen reader hears no control on the page, so nothing is clicked for it and nothing is claimed
    heard = steps("Add 'Laptop Pro 14' to the cart", [READER] * 2)
    assert {d.action.kind for d in heard} <= {"give_up", "wait", "scroll", "find"}


def test_the_id_and_the_password_go_into_their_own_unnamed_fields_and_a_request_for_them_is_no_sign_in():
    typed = SOUP.replace("- textbox [ref=e38]", "- textbox [ref=e38]: minji")
    both = typed.replace("- textbox [ref=e41]", "- textbox [ref=e41]: ••••••••")
    made = steps("Sign in with the user name 'minji' and the password 'shop2024!'", [SOUP, typed, both])
    assert [(d.action.kind, d.action.ref) for d in made] == [("type", "e38"), ("type", "e41"), ("click", "e42")]
    assert refuses("아이디와 비밀번호를 입력하세요.", lexicon("아이디와 비밀번호"))
    assert not refuses("로그인되었습니다!", lexicon("아이디와 비밀번호"))


def test_a_label_of_a_sentence_names_its_field_and_a_paragraph_does_not():
    label = "Brief de votre projet (Ajoutez autant de détails que nécessaire)"
    paragraph = "Nous souhaitons aider les entreprises de la région à se développer et à connaître le succès, vite."
    for before, named in ((label, label), (paragraph, "")):
        fields = parse_snapshot(f'- generic [ref=e1]: "{before}"\n- textbox [ref=e2]')
        assert fields[1].name == named


GALLERY = """- heading "Portfolio" [level=2] [ref=e1]
- link [ref=e2] [cursor=pointer]:
  - /url: "#"
  - img "agence web, Création d'un site web pour photographes" [ref=e3]
- heading "Création d'un site web pour photographes" [level=3] [ref=e4]
- link [ref=e5] [cursor=pointer]:
  - /url: "#"
  - img "agence web, Création d'un site web pour voyageur" [ref=e6]"""


def test_a_picture_link_is_named_by_its_image_and_opened_to_show_what_the_goal_names():
    links = [e for e in parse_snapshot(GALLERY) if e.role == "link"]
    assert [e.name for e in links] == [
        "agence web, Création d'un site web pour photographes",
        "agence web, Création d'un site web pour voyageur",
    ]
    made = steps("Affichez en grand l'image de la réalisation « Création d'un site web pour photographes ».", [GALLERY])
    assert (made[0].action.kind, made[0].action.ref) == ("click", "e2")
    # the twin: a picture no link shows is no picture to open
    missing = steps("Affichez en grand l'image de la réalisation « Site pour un fleuriste de Lyon ».", [GALLERY])
    assert made[0].action.ref != missing[0].action.ref and missing[0].action.kind == "give_up"


FORM_OF_DIVS = """- generic [ref=e1]:
  - heading "Contacto" [level=2] [ref=e2]
  - text: Nombre
  - textbox [ref=e3]
  - text: Correo
  - textbox [ref=e4]
  - generic [ref=e5]: Enviar"""


def test_a_form_whose_send_is_text_drawn_as_a_button_is_sent_by_a_mouse_user_and_by_no_one_else():
    goal = "Escríbele con el formulario de contacto: nombre «Ana» y correo «ana@example.es». Envía el mensaje."
    typed = FORM_OF_DIVS.replace("textbox [ref=e3]", "textbox [ref=e3]: Ana")
    filled = typed.replace("textbox [ref=e4]", "textbox [ref=e4]: ana@example.es")
    decisions = steps(goal, [FORM_OF_DIVS, typed, filled], lang="es")
    assert [(d.action.kind, d.action.ref) for d in decisions][-1] == ("click", "e5")
    reader = steps(goal, [FORM_OF_DIVS, typed, filled], lang="es", persona=Persona("Elena", uses="screen-reader"))
    assert ("click", "e5") not in [(d.action.kind, d.action.ref) for d in reader]  # no reader calls it a button
