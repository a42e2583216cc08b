"""Bounded page state: small pages whole, big pages bounded, refs preserved, every element shown or counted."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_useragent.browser.condense import (
    COUNTED,
    LINE_MAX,
    MAX_CHARS,
    Viewport,
    condense,
    parse,
    strip_boxes,
)
from pytest_useragent.browser.find import find

VIEW = 720


class Snapshot:
    """Builds an ai snapshot with boxes, as `aria_snapshot(mode="ai", boxes=True)` writes it."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.ref = 0

    def add(self, depth: int, role: str, name: str | None, top: float, height: float, text: str = "") -> str:
        self.ref += 1
        ref = f"e{self.ref}"
        named = f' "{name}"' if name is not None else ""
        tail = f": {text}" if text else (":" if role in ("list", "listitem", "main", "navigation") else "")
        self.lines.append(f"{'  ' * depth}- {role}{named} [ref={ref}] [box=10,{top:.0f},600,{height:.0f}]{tail}")
        return ref

    def text(self) -> str:
        return "\n".join(self.lines)


def listing(products: int = 150, card: float = 90) -> Snapshot:
    """A nav, a list of product cards (heading, price, button), a footer."""
    page = Snapshot()
    page.add(0, "navigation", "Main", 0, 40)
    for index in range(6):
        page.add(1, "link", f"Department {index}", 0, 20)
    page.add(0, "main", None, 60, products * card)
    page.add(1, "heading", "Home goods", 60, 30)
    page.add(1, "list", None, 100, products * card)
    for index in range(products):
        top = 100 + index * card
        page.add(2, "listitem", None, top, card - 10)
        page.add(3, "heading", f"Product {index + 1}", top, 20)
        page.add(3, "paragraph", None, top + 25, 20, text=f"${index + 10}.00")
        page.add(3, "button", "Add to cart", top + 50, 30)
    bottom = 100 + products * card
    page.add(0, "contentinfo", None, bottom, 200)
    page.add(1, "heading", "Help", bottom, 30)
    for index in range(10):
        page.add(1, "link", f"Help topic {index}", bottom + 40, 20)
    return page


def scrolled(page: Snapshot, scroll: int) -> str:
    """The snapshot as seen scrolled down by `scroll` px: boxes are relative to the viewport."""
    return re.sub(r"box=10,(-?\d+)", lambda match: f"box=10,{int(match.group(1)) - scroll}", page.text())


def shown_and_counted(text: str) -> tuple[list[str], int]:
    """The element lines a page state shows, and the number of elements its counting lines stand for."""
    lines = text.splitlines()
    body = lines[1:] if lines and lines[0].startswith("(Long page") else lines
    counted = [COUNTED.match(line) for line in body]
    shown = [line for line, match in zip(body, counted, strict=True) if match is None]
    return shown, sum(int(match["counted"] or match["run"]) for match in counted if match)


def test_a_small_page_is_sent_whole_without_boxes():
    page = listing(products=3)
    state = condense(page.text(), Viewport(0, VIEW, 500))
    assert state.text == strip_boxes(page.text())
    assert "[box=" not in state.text and not state.condensed and state.shown == state.elements == len(page.lines)


def test_a_big_listing_is_bounded_and_says_how_far_the_page_continues():
    page = listing(products=150)
    assert len(strip_boxes(page.text())) > 2 * MAX_CHARS
    state = condense(page.text(), Viewport(0, VIEW, 14_000))
    assert len(state.text) <= MAX_CHARS and state.condensed
    assert "0 px above it and 13280 px below" in state.text.splitlines()[0]


def test_every_element_is_shown_or_counted():
    page = listing(products=150)
    for scroll in (0, 5_000, 13_280):
        state = condense(scrolled(page, scroll), Viewport(scroll, VIEW, 14_000))
        shown, counted = shown_and_counted(state.text)
        assert len(shown) == state.shown
        assert len(shown) + counted == state.elements == len(page.lines)


def test_refs_shown_are_those_of_the_full_snapshot_on_the_same_line():
    page = listing(products=150)
    original = {line.strip() for line in strip_boxes(page.text()).splitlines()}
    state = condense(page.text(), Viewport(0, VIEW, 14_000))
    shown, _ = shown_and_counted(state.text)
    assert shown and all(line.strip() in original for line in shown)
    assert 'heading "Product 1" [ref=e12]' in state.text and 'button "Add to cart" [ref=e14]' in state.text


def test_a_run_of_similar_items_off_screen_is_one_line_naming_its_first_and_last():
    state = condense(listing(products=150).text(), Viewport(0, VIEW, 14_000))
    run = next(line for line in state.text.splitlines() if "listitem ×" in line)
    assert "below" in run and '"Product 150"' in run
    assert int(re.search(r"×(\d+)", run).group(1)) < 150
    assert 'heading "Help"' in state.text  # the outline below keeps headings and landmarks


def test_items_in_view_are_shown_whole_and_items_above_are_counted():
    page = listing(products=150)
    scroll = 6_000
    state = condense(scrolled(page, scroll), Viewport(scroll, VIEW, 14_000))
    product = 1 + (scroll - 100) // 90 + 1  # the first card whose top is in view
    assert f'heading "Product {product}"' in state.text
    assert re.search(r"listitem ×\d+ above", state.text)


def test_a_wall_of_text_in_view_is_cut_and_says_by_how_much():
    page = listing(products=150)
    page.lines.insert(8, f"    - paragraph [ref=e999] [box=10,100,600,50]: {'word ' * 2_000}")
    state = condense(page.text(), Viewport(0, VIEW, 14_000))
    line = next(line for line in state.text.splitlines() if "[ref=e999]" in line)
    assert len(line) < LINE_MAX + 100 and "more characters)" in line


def test_find_shows_each_match_with_its_item_and_refs():
    page = listing(products=150)
    matches, text = find(page.text(), "product 150")
    assert matches == 1
    assert 'heading "Product 150"' in text and 'button "Add to cart" [ref=e' in text and "[box=" not in text
    button = re.search(r'button "Add to cart" \[ref=(e\d+)\]', text).group(1)
    assert f"[ref={button}]" in page.text()


def test_find_does_not_match_numbers_inside_refs_but_finds_a_ref_asked_by_name():
    page = listing(products=150)
    assert find(page.text(), "e10")[0] == 1
    matches, text = find(page.text(), "Product 15")  # never a line whose ref holds 15, like [ref=e150]
    assert matches == 3
    assert re.findall(r'heading "(Product \d+)"', text) == ["Product 15", "Product 115", "Product 150"]


def test_find_by_role_and_nothing_found():
    page = listing(products=5)
    assert find(page.text(), "button add")[0] == 5
    assert find(page.text(), "checkout") == (0, 'nothing on the page matches "checkout"')


@st.composite
def trees(draw: st.DrawFn) -> str:
    """Random snapshots: nesting, roles, repeated siblings, boxes anywhere on a tall page."""
    page = Snapshot()
    roles = st.sampled_from(["listitem", "link", "heading", "paragraph", "button", "navigation", "generic", "list"])

    def grow(depth: int, top: float) -> None:
        for _ in range(draw(st.integers(0, 6 if depth < 3 else 0))):
            role = draw(roles)
            height = draw(st.floats(0, 3_000))
            name = draw(st.none() | st.text("abc xyz", max_size=12))
            page.add(depth, role, name, top, height, text=draw(st.sampled_from(["", "some text"])))
            grow(depth + 1, top)
            top += height

    page.add(0, "generic", None, 0, 20_000)
    grow(1, draw(st.floats(-10_000, 10_000)))
    return page.text()


@settings(max_examples=200)
@given(trees(), st.integers(600, 12_000))
def test_any_snapshot_is_bounded_and_counts_everything(snapshot: str, limit: int):
    state = condense(snapshot, Viewport(0, VIEW, 20_000), limit=limit)
    assert len(state.text) <= max(limit, len(state.text.splitlines()[0]) + 80)
    shown, counted = shown_and_counted(state.text)
    assert len(shown) + counted == state.elements == len(parse_lines(snapshot))


def parse_lines(snapshot: str) -> list[str]:
    return [line for root in parse(snapshot) for line in root.render(0)]


def test_what_the_page_announces_is_shown_wherever_it_is():
    page = listing(products=150)
    page.lines.insert(1, '  - status [ref=e900] [box=10,0,600,20]: "Added Product 150 to your cart"')
    scroll = 13_000
    state = condense(scrolled(page, scroll), Viewport(scroll, VIEW, 14_000))
    assert 'status [ref=e900]: "Added Product 150 to your cart"' in state.text


def test_find_shows_a_dropdowns_option_under_the_dropdown_it_is_chosen_through():
    cities = "\n".join(f'    - option "City {n}, Land" [box=0,0,0,0]' for n in range(200))
    snapshot = (
        '- main [ref=e1] [box=0,0,800,600]:\n  - combobox "Cities" [ref=e2] [box=0,0,200,20]:\n'
        f'    - option "Choose a city" [selected] [box=0,0,0,0]\n{cities}\n    - option "Warsaw, Poland" [box=0,0,0,0]\n'
        '  - listbox "Parks" [ref=e3] [box=0,30,200,90]:\n    - option "Park 7" [ref=e4] [box=0,30,200,20]'
    )
    matches, text = find(snapshot, "warsaw")
    assert matches == 1 and text.splitlines()[1:] == ['- combobox "Cities" [ref=e2]:', '  - option "Warsaw, Poland"']
    # the twin: an option with a ref of its own (an ARIA listbox's) is shown as itself, as any element is
    assert find(snapshot, "park 7")[1].splitlines()[1:] == ['- option "Park 7" [ref=e4]']
