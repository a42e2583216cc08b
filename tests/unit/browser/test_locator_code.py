"""The locator recorded for an acted element, named from the snapshot without asking the page."""

from __future__ import annotations

from pytest_useragent.browser.actions import locator_code

SNAPSHOT = """- banner [ref=e1]:
  - link "Home" [ref=e2] [cursor=pointer] [box=0,0,40,20]:
    - /url: /
  - link "Homeware" [ref=e3] [box=50,0,40,20]
  - searchbox [ref=e4]
  - button [ref=e5]
  - button [ref=e6]
- main [ref=e7]:
  - heading "Say \\"hi\\"" [level=1] [ref=e8]
  - generic [ref=e9] [cursor=pointer]: Open
  - link "Home" [ref=e10]"""


def test_a_named_element_by_role_and_name():
    assert locator_code(SNAPSHOT, "e8") == 'get_by_role("heading", name="Say \\"hi\\"")'
    assert locator_code(SNAPSHOT, "e3") == 'get_by_role("link", name="Homeware")'
    assert locator_code(SNAPSHOT, "e4") == 'get_by_role("searchbox")'


def test_an_ambiguous_name_gets_its_position_among_the_matches():
    # "Home" also matches "Homeware", as get_by_role's name does
    assert locator_code(SNAPSHOT, "e2") == 'get_by_role("link", name="Home").nth(0)'
    assert locator_code(SNAPSHOT, "e10") == 'get_by_role("link", name="Home").nth(2)'
    assert locator_code(SNAPSHOT, "e6") == 'get_by_role("button").nth(1)'


def test_elements_a_role_cannot_name_and_unknown_refs_are_left_to_the_page():
    assert locator_code(SNAPSHOT, "e9") is None
    assert locator_code(SNAPSHOT, "e99") is None
    assert locator_code("", "e1") is None
