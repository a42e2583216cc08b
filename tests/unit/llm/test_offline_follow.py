"""A quoted value that names a link or button, on a page with no field ("Allez sur la page « Account »"): the offline
engine clicks it, as a person clicks what the goal names (it gave up at once on a French site). The twins: with a field
on the page the value is typed there, and a value no control is named by is clicked nowhere."""

from __future__ import annotations

from pathlib import Path
from tempfile import mkdtemp

from pytest_useragent import OfflineProvider, Persona
from pytest_useragent.cost.ledger import Budget, RunLedger
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.records import Action, Observation

NAV = """- banner [ref=e1]:
  - link "Home" [ref=e2]
  - link "Account" [ref=e3]
- heading "Personnalisez votre peluche" [level=1] [ref=e4]"""
SEARCH = NAV + '\n- searchbox "Rechercher" [ref=e5]\n- button "OK" [ref=e6]'


def first_move(goal: str, snapshot: str) -> Action:
    request = StepRequest(
        model="offline", persona=Persona("Claire"), goal=goal, step=1, max_steps=9, summary="",
        observation=Observation(url="http://x/", title="HuggableBuddies", snapshot=snapshot, lang="fr"),
    )  # fmt: skip
    reply = OfflineProvider().decide(request, Budget(PriceBook.load(), RunLedger.create(Path(mkdtemp()) / "l", 1)))
    assert reply.value is not None
    return reply.value.action


def test_a_quoted_value_a_link_is_named_by_is_followed_on_a_page_with_no_field():
    move = first_move("Allez sur la page « Account » pour créer un compte", NAV)
    assert (move.kind, move.ref) == ("click", "e3")


def test_the_twins_a_field_on_the_page_takes_it_and_a_name_no_control_has_is_clicked_nowhere():
    typed = first_move("Cherchez « Account »", SEARCH)
    assert (typed.kind, typed.ref, typed.text) == ("type", "e5", "Account")
    nowhere = first_move("Allez sur la page « Panier »", NAV)
    assert nowhere.kind != "click" or nowhere.ref not in ("e2", "e3"), nowhere


def test_a_name_the_goal_goes_to_is_followed_even_beside_a_search_box_never_typed_there():
    """A goal with no verb that types or sends ("Allez sur la page « Account »", 「温暖化の状況」のページを開いて) names
    where it goes: the search box beside the link does not take the name."""
    move = first_move("Allez sur la page « Account »", SEARCH)
    assert (move.kind, move.ref) == ("click", "e3")


def test_a_link_that_shares_one_word_of_a_quoted_name_is_another_page():
    """A quoted name is matched as written: half its words at least, whole ("Fala upałów związana z klimatyzacją" is
    not the article's inline link "jak działa klimatyzacja", nor "falsyfikacja" a stem of "fala")."""
    page = NAV + '\n- link "ze sposobu, w jaki działa klimatyzacja" [ref=e7]\n- link "pechowa falsyfikacja" [ref=e8]'
    move = first_move("Przeczytaj artykuł „Fala upałów związana z klimatyzacją”", page)
    assert move.kind != "click" or move.ref not in ("e7", "e8"), move
    named = page + '\n- link "Fala upałów związana z klimatyzacją – czytaj" [ref=e9]'  # the twin: its own link
    assert first_move("Przeczytaj artykuł „Fala upałów związana z klimatyzacją”", named).ref == "e9"
