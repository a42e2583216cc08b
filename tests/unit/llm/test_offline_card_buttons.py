"""The offline engine on a shop of cards beside a sign-in box: the product a goal names is put in the cart by its own
card's button, never by the first card's, nor typed into the sign-in's ID; a product no card shows has no card's
button pressed for it; a password the goal gives need not be said back by the page that signs in; a keyboard persona's
Tabs towards a control are no page moved on to."""

from __future__ import annotations

from offline_steps import steps

from pytest_useragent import Persona

SHOP = """- main [ref=e1]:
  - region "Popular" [ref=e2]:
    - heading "Popular" [level=2] [ref=e3]
    - list [ref=e4]:
      - listitem [ref=e5]:
        - heading "Phone X" [level=3] [ref=e6]
        - paragraph [ref=e7]: 1,550,000 KRW
        - button "Put the phone in the cart" [ref=e8]: Add to cart
      - listitem [ref=e9]:
        - heading "Laptop Pro 14" [level=3] [ref=e10]
        - paragraph [ref=e11]: 2,390,000 KRW
        - button "Put the laptop in the cart" [ref=e12]: Add to cart
  - region "Sign in" [ref=e13]:
    - heading "Sign in" [level=2] [ref=e14]
    - textbox "User name" [ref=e15]
    - textbox "Password" [ref=e16]
    - button "Sign in" [ref=e17]"""
ADDED = SHOP.replace("[ref=e13]:", "[ref=e13]:\n    - status [ref=e20]: The laptop was added to the cart.", 1)
GOAL = "Add 'Laptop Pro 14' to the cart"


def test_the_product_a_goal_names_goes_in_the_cart_by_its_own_cards_button():
    made = steps(GOAL, [SHOP, ADDED])
    assert (made[0].action.kind, made[0].action.ref) == ("click", "e12")  # not e8, nothing typed into "User name"
    assert made[1].action.kind == "done"
    # the twin: a product no card shows has no card's button pressed for it, and nothing is claimed
    missing = steps("Add 'Tablet Air' to the cart", [SHOP] * 3)
    assert not {d.action.ref for d in missing} & {"e8", "e12"} and "done" not in {d.action.kind for d in missing}


def test_a_goal_that_signs_in_fills_the_sign_in_and_its_password_need_not_be_said_back():
    signed = SHOP[: SHOP.index('  - region "Sign in"')] + "  - status [ref=e21]: Signed in as minji."
    typed = SHOP.replace('"User name" [ref=e15]', '"User name" [ref=e15]: minji')
    both = typed.replace('"Password" [ref=e16]', '"Password" [ref=e16]: ••••••••')
    made = steps("Sign in with the user name 'minji' and the password 'shop2024!'", [SHOP, typed, both, signed])
    assert [(d.action.kind, d.action.ref) for d in made[:3]] == [("type", "e15"), ("type", "e16"), ("click", "e17")]
    assert (made[3].action.kind, made[3].action.evidence) == ("done", "Signed in as minji.")


BANNER = """- main [ref=e1]:
  - region "Sale!" [ref=e2]:
    - heading "Sale!" [level=2] [ref=e3]
    - paragraph [ref=e4]: Have a look now
    - button "See the sale items" [ref=e5]
  - link "Terms" [ref=e6]"""


def test_tabs_towards_the_banners_button_are_no_page_moved_on_to():
    kai = Persona("Kai, 29, keyboard only.", uses="keyboard")
    made = steps(
        "Go and see the banner's sale items",
        [BANNER, BANNER.replace("[ref=e5]", "[active] [ref=e5]")],
        persona=kai,
        outcomes=["pressed Tab x3 towards 'button See the sale items'; reached it"],
    )
    assert made[1].action.kind != "done"  # it was: done, "Sale!", the heading, before the button was pressed
