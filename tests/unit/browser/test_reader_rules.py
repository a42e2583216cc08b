"""A screen-reader persona's own rules (browser/reading.py, browser/vague.py) on trees as a screen reader gets them,
and axe's findings of the same barrier giving way to ours (records/grouping.py `unrepeated`)."""

from __future__ import annotations

import pytest

from pytest_useragent.browser.reading import (
    label_not_in_name,
    links_without_purpose,
    nothing_to_navigate_by,
    read,
    tables_without_headers,
    tree_of,
)
from pytest_useragent.browser.vague import vague
from pytest_useragent.records import Box, Issue
from pytest_useragent.records.grouping import unrepeated

WORDS = " ".join(["word"] * 120)
MENU = "\n".join(f'- link "{name}":\n  - /url: /{name}' for name in ("Shop", "Repairs", "Rentals", "About", "Contact"))


def page(body: str) -> str:
    return body.strip("\n")


# --- nothing to navigate by ---------------------------------------------------------------------------------------


def test_a_long_page_with_a_menu_and_no_heading_landmark_or_skip_link_is_found():
    (issue,) = nothing_to_navigate_by(tree_of(f"{MENU}\n- text: {WORDS}"))
    assert issue.rule == "no-headings-or-landmarks" and "125 words and 5 links" in issue.evidence
    assert issue.heuristic == "WCAG 2.4.1 Bypass Blocks"


@pytest.mark.parametrize(
    "tree",
    [
        f'{MENU}\n- heading "Repairs" [level=1]\n- text: {WORDS}',
        f"{MENU}\n- main:\n  - text: {WORDS}",
        f'- navigation "Site":\n  - link "Shop"\n{MENU}\n- text: {WORDS}',
        f'- link "Skip to content":\n  - /url: "#main"\n{MENU}\n- text: {WORDS}',
        f"{MENU}\n- text: " + " ".join(["word"] * 60),  # a short page needs nothing to navigate by
        f"- text: {WORDS} {WORDS}",  # no menu: no block to bypass
    ],
    ids=["heading", "main", "navigation", "skip link", "short", "no menu"],
)
def test_a_heading_a_landmark_a_skip_link_a_short_page_or_no_menu_passes(tree):
    assert nothing_to_navigate_by(tree_of(tree)) == []


def test_skipped_heading_levels_are_no_finding_of_any_rule():
    tree = page(f"""
{MENU}
- main:
  - heading "Repairs" [level=1]
  - heading "Prices" [level=3]
  - text: {WORDS}
""")
    assert read(tree, "en", [], []) == []


def test_a_fragment_link_that_is_not_the_first_is_no_skip_link():
    tree = f'{MENU}\n- link "Top":\n  - /url: "#top"\n- text: {WORDS}'
    assert len(nothing_to_navigate_by(tree_of(tree))) == 1


# --- tables ------------------------------------------------------------------------------------------------------


def table(rows: list[list[str]], name: str = "", indent: str = "") -> str:
    lines = [f"{indent}- table{f' {chr(34)}{name}{chr(34)}' if name else ''} [box=10,10,200,100]:"]
    for row in rows:
        lines.append(f"{indent}  - row:")
        lines += [f"{indent}    - {cell}" for cell in row]
    return "\n".join(lines)


def test_a_data_table_without_header_cells_is_found_with_its_size():
    tree = table(
        [['cell "Day"', 'cell "Shop"'], ['cell "Monday"', 'cell "9:00"'], ['cell "Sunday"', 'cell "shut"']], "Hours"
    )
    (issue,) = tables_without_headers(tree_of(tree))
    assert issue.element == 'table "Hours"' and "3 rows and 2 columns" in issue.evidence
    assert issue.severity == "major" and issue.box == Box(x=10, y=10, width=200, height=100)


@pytest.mark.parametrize(
    "rows",
    [
        [['columnheader "Day"', 'columnheader "Shop"'], ['cell "Monday"', 'cell "9:00"']],
        [['rowheader "Day"', 'cell "Monday"'], ['rowheader "Shop"', 'cell "9:00"']],
        [['cell "Day"', 'cell "Shop"']],  # one row: read in order, nothing to relate
        [['cell "Day"'], ['cell "Monday"']],  # one column
    ],
    ids=["column headers", "row headers", "one row", "one column"],
)
def test_a_table_with_headers_or_of_one_row_or_column_passes(rows):
    assert tables_without_headers(tree_of(table(rows))) == []


def test_a_layout_table_is_found_as_one_and_minor():
    tree = table([['cell "Shop":\n      - heading "Shop" [level=2]', 'cell "b"'], ['cell "c"', 'cell "d"']])
    (issue,) = tables_without_headers(tree_of(tree))
    assert issue.title == "A layout table is read as a table" and issue.severity == "minor"


def test_a_nested_tables_headers_are_not_its_holders():
    inner = table([['columnheader "A"', 'columnheader "B"'], ['cell "1"', 'cell "2"']], "inner", indent="      ")
    tree = table([['cell "x":\n' + inner, 'cell "y"'], ['cell "z"', 'cell "w"']], "outer")
    found = tables_without_headers(tree_of(tree))
    assert [issue.element for issue in found] == ['table "outer"']


# --- links -------------------------------------------------------------------------------------------------------


def link(name: str, url: str, indent: str = "") -> str:
    return f'{indent}- link "{name}":\n{indent}  - /url: {url}'


def test_a_vague_link_with_nothing_around_it_and_no_heading_is_found():
    tree = "- navigation:\n" + link("Read more", "/a", "  ")
    (issue,) = links_without_purpose(tree_of(tree), "en")
    assert issue.element == 'link "Read more"' and "nothing around it" in issue.evidence


def test_a_bare_address_is_vague_and_passes_in_a_sentence():
    alone = link("https://example.com/p?id=1", "https://example.com/p?id=1")
    assert len(links_without_purpose(tree_of(alone), "en")) == 1
    sentence = "- paragraph:\n  - text: Our terms are at\n" + link("https://example.com/terms", "/terms", "  ")
    assert links_without_purpose(tree_of(sentence), "en") == []


def test_links_of_one_vague_name_to_one_place_may_share_a_context():
    tree = '- heading "News" [level=1]\n' + link("more", "/news") + "\n" + link("more", "/news")
    assert links_without_purpose(tree_of(tree), "en") == []


def test_links_of_one_vague_name_under_one_heading_to_many_places_are_one_finding_counting_them():
    tree = '- heading "News" [level=1]\n' + "\n".join(
        f"- paragraph:\n{link('Read more', f'/n{index}', '  ')}" for index in range(3)
    )
    (issue,) = links_without_purpose(tree_of(tree), "en")
    assert issue.count == 3 and 'the heading "News"' in issue.evidence


def test_a_vague_link_in_a_list_item_or_cell_of_its_own_passes():
    tree = "- list:\n" + "\n".join(
        f"  - listitem:\n    - text: {topic}\n{link('more', f'/{topic}', '    ')}" for topic in ("Winter", "Summer")
    )
    tree += '\n- table:\n  - row:\n    - cell "Tyres more":\n      - text: Tyres\n' + link("more", "/tyres", "      ")
    assert links_without_purpose(tree_of(tree), "en") == []


@pytest.mark.parametrize(
    ("name", "lang", "expected"),
    [
        ("Czytaj więcej »", "pl", True),
        ("więcej...", "pl-PL", True),
        ("Mehr", "de", True),
        ("hier", "de-AT", True),
        ("Více", "cs", True),
        ("zde", "cs", True),
        ("Leer más", "es", True),
        ("aquí", "es", True),
        ("Lire la suite…", "fr", True),
        ("ici", "fr", True),
        ("Read more", "pl", True),  # English is read on every page
        ("plus", "en", False),  # French on an English page is a word like any other
        ("mehr", "pl", False),
        ("plus", "", True),  # a page that says no language: every list
        ("Opening hours", "en", False),
        ("Read more about tyres", "en", False),
    ],
)
def test_vague_names_by_the_pages_language(name, lang, expected):
    assert vague(name, lang) is expected


# --- label in name -----------------------------------------------------------------------------------------------

TREE = '- button "Submit form": Send\n- textbox "Email address"\n- button "Send the message": Send'


def control(role: str, name: str, visible: str) -> dict[str, str]:
    return {"role": role, "name": name, "visible": visible, "box": "1,2,3,4"}


def test_a_name_without_its_visible_label_is_found():
    (issue,) = label_not_in_name(tree_of(TREE), [control("button", "Submit form", "Send")])
    assert issue.element == 'button "Submit form"' and '"Send"' in issue.evidence
    assert issue.heuristic == "WCAG 2.5.3 Label in Name" and issue.box == Box(x=1, y=2, width=3, height=4)


@pytest.mark.parametrize(
    "measured",
    [
        control("button", "Send the message", "Send"),
        control("textbox", "Email address", "EMAIL:"),  # case and punctuation set aside
        control("button", "Close", "×"),  # a symbol is no text label
        control("button", "Cancel", "Dismiss"),  # not in the tree: the persona never met it
    ],
    ids=["starts with it", "case and colon", "symbol", "not met"],
)
def test_a_name_holding_its_label_a_symbol_or_a_control_not_met_passes(measured):
    assert label_not_in_name(tree_of(TREE), [measured]) == []


# --- axe's finding of the same barrier ---------------------------------------------------------------------------


def axe(rule: str, box: Box | None) -> Issue:
    return Issue(
        source="check", rule=rule, severity="major", heuristic="WCAG 1.3.1", title="t", evidence="e", quote="q", box=box
    )


def test_axe_td_has_header_inside_our_table_gives_way_and_elsewhere_stays():
    (ours,) = tables_without_headers(tree_of(table([['cell "a"', 'cell "b"'], ['cell "c"', 'cell "d"']])))
    inside = axe("td-has-header", Box(x=20, y=20, width=30, height=20))
    elsewhere = axe("td-has-header", Box(x=400, y=400, width=30, height=20))
    unboxed = axe("td-has-header", None)
    other = axe("image-alt", Box(x=20, y=20, width=30, height=20))
    assert unrepeated([inside, elsewhere, unboxed, other], [ours]) == [elsewhere, unboxed, other]
    assert unrepeated([inside], []) == [inside]


def test_a_tree_nested_thousands_deep_is_read_without_running_out_of_stack():
    deep = "\n".join(f"{'  ' * depth}- list:" for depth in range(3000))
    tree = f'{deep}\n{"  " * 3000}- link "more":\n{"  " * 3001}- /url: /x'
    (issue,) = read(tree, "en", [], [])
    assert issue.rule == "link-purpose-unclear"


def test_a_label_with_a_shortcut_hint_is_in_a_name_that_spells_it_out_and_an_abbreviation_is_not():
    tree = '- button "Skip to content, shortcut Alt plus 0"\n- link "Assistive Technology"'
    hint = control("button", "Skip to content, shortcut Alt plus 0", "Skip to content (Alt+0)")
    abbreviated = control("link", "Assistive Technology", "Asst. Tech.")
    (issue,) = label_not_in_name(tree_of(tree), [hint, abbreviated])
    assert issue.element == 'link "Assistive Technology"'


def test_axe_td_has_header_out_of_view_gives_way_by_what_the_table_reads():
    cells = [['cell "Day"', 'cell "Shop"'], ['cell "Monday to Friday"', 'cell "9:00 to 18:00"']]
    tree = table(cells, "Hours").replace("\n", "\n  - caption: Hours\n", 1)
    (ours,) = tables_without_headers(tree_of(tree))
    assert ours.examples == ['table "Hours" reads: Hours Day Shop Monday to Friday 9:00 to 18:00']
    html = "<table><caption>Hours</caption><tbody><tr><td>Day</td><td>Shop</td></tr><tr><td>Monday to Fr"
    same = axe("td-has-header", None).model_copy(update={"element": html})
    cut = axe("td-has-header", None).model_copy(update={"element": "<table>"})
    other = axe("td-has-header", None).model_copy(update={"element": html.replace("Day", "Week")})
    assert unrepeated([same, cut, other], [ours]) == [cut, other]


def test_a_heading_gives_context_only_to_links_of_its_own_landmark():
    tree = '- main:\n  - heading "Tyres" [level=1]\n' + link("more", "/tyres", "  ")
    assert links_without_purpose(tree_of(tree), "en") == []
    tree += "\n- contentinfo:\n" + link("more", "/contact", "  ")
    (issue,) = links_without_purpose(tree_of(tree), "en")
    assert "nothing around it" in issue.evidence and issue.count == 1


def test_a_tree_of_more_lines_than_read_is_read_up_to_the_bound():
    rows = "\n".join(f'    - row:\n      - cell "{index}"\n      - cell "x"' for index in range(20_000))
    (issue,) = read(f'- main:\n  - heading "Log" [level=1]\n  - table "Log":\n{rows}', "en", [], [])
    assert "rows and 2 columns" in issue.evidence and "20000 rows" not in issue.evidence


def test_a_vague_link_in_a_table_row_or_a_nested_list_takes_the_rows_or_the_parent_items_words():
    rows = "\n".join(
        f'  - row "Order {number} Details":\n    - cell "Order {number}"\n    - cell "Details":\n'
        + link("Details", f"/orders/{number}", "      ")
        for number in (1, 2)
    )
    assert links_without_purpose(tree_of(f'- heading "Orders" [level=1]\n- table:\n{rows}'), "en") == []
    nested = "\n".join(
        f"- listitem:\n  - text: {topic}\n  - list:\n    - listitem:\n" + link("more", f"/{topic}", "      ")
        for topic in ("Tyres", "Chains")
    )
    assert links_without_purpose(tree_of(f'- heading "Parts" [level=1]\n- list:\n{nested}'), "en") == []
    flat = "\n".join("- listitem:\n" + link("more", f"/{topic}", "  ") for topic in ("Tyres", "Chains"))
    assert len(links_without_purpose(tree_of(f'- heading "Parts" [level=1]\n- list:\n{flat}'), "en")) == 1
