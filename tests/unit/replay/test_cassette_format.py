"""The cassette's pure parts: what a page's fingerprint keeps and folds, where cassettes go, and a bad file."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_useragent.errors import UserError
from pytest_useragent.records import IssueDraft
from pytest_useragent.records.snapshot import fingerprint, refs_of, target_of
from pytest_useragent.replay.cassette import cassette_path, load, numbered, origin_of, path_of, without_refs
from pytest_useragent.testing import decision

PAGE = """- navigation [ref=e1]:
  - link "Pricing" [ref=e2] [cursor=pointer]:
    - /url: /pricing.html
  - link "About us" [ref=e3]
- heading "Today is 22 November 2025" [level=1] [ref=e4]
- button "Cart (3)" [ref=e5]
- textbox "Email" [ref=e6]: jana@example.com
- contentinfo [ref=e7]:
  - link "Careers" [ref=e8]
  - link "Careers" [ref=e9]"""


def test_a_fingerprint_is_the_controls_counted_with_digits_case_and_order_folded():
    assert fingerprint(PAGE) == {
        'button "cart (#)"': 1,
        'link "about us"': 1,
        'link "careers"': 2,
        'link "pricing"': 1,
        'textbox "email"': 1,
    }
    reordered = PAGE.replace('link "Pricing" [ref=e2]', 'link "About us" [ref=e2]', 1).replace(
        'link "About us" [ref=e3]', 'link "Pricing" [ref=e3]'
    )
    changed = reordered.replace("Cart (3)", "Cart (12)").replace("22 November 2025", "5 January 2026")
    assert fingerprint(changed) == fingerprint(PAGE)  # a counter, a date, an order: the same page
    assert fingerprint(PAGE.replace('"Pricing"', '"Plans"')) != fingerprint(PAGE)  # a renamed link is not
    assert fingerprint(PAGE.replace("jana@example.com", "petr@example.com")) == fingerprint(PAGE)  # values are not


def test_an_element_is_found_again_by_role_name_and_place():
    assert target_of(PAGE, "e9") == ("link", "Careers", 1)
    assert target_of(PAGE, "e5") == ("button", "Cart (3)", 0)
    assert target_of(PAGE, "e99") is None
    assert refs_of(PAGE.replace("Cart (3)", "Cart (4)"), "button", "Cart (3)") == ["e5"]
    assert refs_of(PAGE, "link", "Careers") == ["e8", "e9"]


def test_cassettes_sit_beside_the_module_under_a_name_vcrpy_does_not_use(tmp_path):
    module = tmp_path / "tests" / "test_shop.py"
    path = cassette_path(module, "TestShop.test_buy[chromium-a/b]")
    assert path == tmp_path / "tests" / "cassettes" / "test_shop" / "TestShop.test_buy[chromium-a-b].useragent.yaml"
    assert (
        cassette_path(module, "test_buy", tmp_path / "rec")
        == tmp_path / "rec" / "test_shop" / "test_buy.useragent.yaml"
    )
    assert numbered(path, 1) == path and numbered(path, 2).name == "TestShop.test_buy[chromium-a-b]-2.useragent.yaml"


def test_urls_lose_their_origin():
    assert origin_of("http://127.0.0.1:4321/a?b=1") == "http://127.0.0.1:4321"
    assert path_of("http://127.0.0.1:4321/a?b=1") == "/a?b=1" and path_of("http://x.test") == "/"
    assert origin_of(None) == "" and path_of("about:blank") == "about:blank"


@pytest.mark.parametrize("text", ["steps: [", "version: 1\ngoal: x\n", "- just a list"])
def test_a_file_that_is_not_a_cassette_is_one_line(tmp_path: Path, text: str):
    path = tmp_path / "bad.useragent.yaml"
    path.write_text(text)
    with pytest.raises(UserError) as raised:
        load(path)
    assert "\n" not in str(raised.value) and "not a useragent cassette" in str(raised.value)
    assert load(tmp_path / "missing.useragent.yaml") is None


def test_a_cassette_keeps_no_ref_of_the_action_or_of_an_issue():
    issue = IssueDraft(severity="minor", heuristic="h", title="t", evidence="e", quote="q", ref="e4")
    kept = without_refs(decision("click", "e3", issues=[issue]))
    assert kept.action.ref is None and [i.ref for i in kept.issues] == [None]
    assert kept.issues[0].title == "t" and kept.action.kind == "click"
