"""verdict.py's pure parts: how evidence is matched, and what a claim of done says when it is not taken."""

from __future__ import annotations

import pytest

from pytest_useragent.errors import UserError
from pytest_useragent.records import Claim, Completion
from pytest_useragent.session.verdict import describe, locate, normalized, validate


def test_evidence_is_matched_whatever_its_case_whitespace_and_quote_marks():
    assert normalized("  Booked:\n Saturday  “10:00” ") == "booked saturday '10 00'"
    assert locate("booked: SATURDAY 10:00", "Book a tour\nBooked: Saturday\n10:00.", {}) == "page"


def test_a_terms_colon_a_stylesheet_adds_is_no_part_of_the_match():
    # `dt::after { content: ":" }`: the tree the persona reads says it, the page's innerText does not
    assert locate("Tiempo de respuesta: 1 día hábil", "Costo\nGratuito\nTiempo de respuesta\n1 día hábil", {}) == "page"
    assert locate("Tiempo de respuesta: 2 días hábiles", "Tiempo de respuesta\n1 día hábil", {}) is None


def test_evidence_is_found_in_a_document_when_the_page_does_not_show_it():
    documents = {"notes.md": "# Pricing\n\nPro: $12 per month", "plans.json": "{}"}
    assert locate("Pro: $12 per month", "Pricing of our plans", documents) == "docs/notes.md"


@pytest.mark.parametrize("evidence", [None, "", "  ", "ok", "Your tour is booked"])
def test_evidence_that_is_missing_too_short_or_not_shown_proves_nothing(evidence):
    assert locate(evidence, "Book a tour. Ok. Your tour is not yet booked.", {"a.md": "nothing"}) is None


def test_a_korean_word_of_two_syllables_is_evidence_and_one_syllable_is_not():
    page = "장바구니 녹차 5,500원"
    assert locate("녹차", page, {}) == "page"  # five letters decomposed, as "tea" has three
    assert locate("차", page, {}) is None and locate("ab", "ab cd", {}) is None


def test_the_tests_check_decides_over_the_evidence_in_both_directions():
    assert not Claim(step=3, evidence="Book a tour", found_in="page", success=False).accepted
    assert Claim(step=3, evidence="made up", found_in=None, success=True).accepted
    assert Claim(step=3, evidence="Booked", found_in="page").accepted
    assert not Claim(step=3, evidence="Booked").accepted


def test_a_claim_not_taken_says_why_in_one_line():
    assert "success check" in Claim(step=1, evidence="x", found_in="page", success=False).why_not
    assert "no evidence" in Claim(step=1, evidence=None).why_not
    assert '"Your tour is booked" is not on the page' in Claim(step=1, evidence="Your tour is booked").why_not
    # a state line among text lines: the mix is what is wrong, and the persona is told so
    mixed = Claim(step=1, evidence='Pro plan\ncheckbox "Yearly" [checked]').why_not
    assert mixed.startswith("evidence is either text the page shows or elements in their states") and "mixes" in mixed
    text = Claim(step=1, evidence="Pro plan\n$23 a month").why_not  # the twin: text alone is text not found
    assert "not on the page" in text and "mixes" not in text


def test_false_dones_are_the_claims_not_taken():
    claims = [Claim(step=2, evidence="a b c"), Claim(step=4, evidence="Booked", found_in="page")]
    assert [claim.step for claim in Completion(claims=claims).false_dones] == [2]


def test_a_success_check_that_is_neither_a_locator_nor_a_function_is_refused_in_one_line():
    with pytest.raises(UserError, match="success= must be a Locator or a function of the page"):
        validate("#status")
    assert validate(None) is None


def test_a_function_check_is_named_by_what_its_author_wrote():
    def booked(page):
        return True

    assert describe(booked) == "test_a_function_check_is_named_by_what_its_author_wrote.<locals>.booked"
    assert describe(None) is None
