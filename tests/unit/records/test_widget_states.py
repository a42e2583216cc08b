"""The states the ai snapshot leaves out, written into its lines by their box (records/states.py)."""

from __future__ import annotations

from pytest_useragent.records.snapshot import focused, parse
from pytest_useragent.records.states import with_states

TREE = """- tree "Files" [ref=e4] [box=192,101,896,114]:
  - treeitem "▸ Projects" [ref=e5] [cursor=pointer] [box=192,101,304,36]: ▸ Projects
  - treeitem [expanded] [ref=e6] [cursor=pointer] [box=192,141,304,36]:
    - text: ▾ Reports
    - group "Reports" [ref=e7] [box=192,180,896,36]:
      - treeitem "• march.pdf" [ref=e8] [box=220,180,304,36]"""


def test_a_collapsed_item_says_so_and_an_expanded_one_keeps_its_name():
    lines = parse(with_states(TREE, [["192,101,304,36", {"expanded": "false"}]], []))
    assert (
        lines[1].render()
        == '  - treeitem "▸ Projects" [expanded=false] [ref=e5] [cursor=pointer] [box=192,101,304,36]: ▸ Projects'
    )
    assert lines[2].name == "▾ Reports" and "expanded" in lines[2].attributes and lines[2].ref == "e6"
    assert lines[5].name == "• march.pdf" and "expanded" not in lines[5].attributes


def test_the_active_descendant_checked_pressed_and_current_are_written_page_text_never():
    snapshot = """- combobox "Fruit" [expanded] [active] [ref=e6] [box=1,1,200,40]: Choose a fruit
- listbox "Fruit" [ref=e7] [box=1,41,200,80]:
  - option "Choose a fruit" [selected] [ref=e8] [box=1,41,200,40]
  - option "Fig" [ref=e9] [box=1,81,200,40]
- checkbox "Lettuce" [ref=e10] [box=1,130,20,20]
- button "Bold" [ref=e11] [box=30,130,20,20]
- listitem [ref=e12] [box=60,130,50,20]:
  - link "Home" [ref=e13] [box=60,130,50,20]"""
    states = [
        ["1,81,200,40", {"active-descendant": None}],
        ["1,130,20,20", {"checked": "false"}],
        ["30,130,20,20", {"pressed": "false"}],
        ["60,130,50,20", {"current": "page"}],
        ["1,41,200,40", {"current": "x] [ref=e99", "onclick": "evil"}],
    ]
    lines = {line.ref: line for line in parse(with_states(snapshot, states, []))}
    assert "active-descendant" in lines["e9"].attributes and "active-descendant" not in lines["e8"].attributes
    assert lines["e10"].attributes["checked"] == "false" and lines["e11"].attributes["pressed"] == "false"
    assert lines["e13"].attributes["current"] == "page" and "current" not in lines["e12"].attributes  # the link
    assert lines["e8"].attributes["current"] is None and "onclick" not in lines["e8"].attributes  # text: a flag
    assert "e99" not in lines


def test_focus_inside_a_shadow_root_or_a_frame_is_marked_on_the_element():
    snapshot = """- generic [ref=e1] [box=0,0,900,600]:
  - link "Skip to content" [ref=e4] [box=192,32,150,44]
  - iframe [ref=e5] [box=10,100,400,200]:
    - button "Pay" [ref=f1e2] [box=10,10,80,30]
  - button "Pay" [ref=e6] [box=10,10,80,30]"""
    assert focused(snapshot) is None
    assert focused(with_states(snapshot, [], ["192,32,150,44"])).name == "Skip to content"
    inside = focused(with_states(snapshot, [], ["10,100,400,200", "10,10,80,30"]))
    assert inside is not None and inside.ref == "f1e2"  # the frame's button, not the page's in the same box
    assert with_states(snapshot, [], ["5,5,5,5"]) == snapshot  # a focus it cannot place changes nothing


def test_a_page_with_nothing_to_add_is_returned_as_it_was():
    plain = '- button "Buy" [ref=e3] [box=1,1,10,10]'
    assert with_states(plain, [], []) is plain or with_states(plain, [], []) == plain
