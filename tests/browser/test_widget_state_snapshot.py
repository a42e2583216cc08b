"""State in the snapshot (issue 40): what the APG widgets' states are, as a screen reader says them, in the page state
the model reads: a collapsed tree item or disclosure button, an unchecked checkbox, the option aria-activedescendant
points to, focus in a shadow root or a frame; the same in the tree a screen-reader persona reads, with its refs."""

from __future__ import annotations

from typing import Any

from pytest_useragent.browser.announce import ScreenReader
from pytest_useragent.browser.observe import observe
from pytest_useragent.browser.watch import PageWatcher
from pytest_useragent.records.snapshot import focused, parse
from pytest_useragent.secrets.redaction import Secrets


def seen(page: Any, reader: bool = False) -> str:
    watcher = PageWatcher(page, reader=ScreenReader(page, 2) if reader else None).start()
    try:
        return observe(page, watcher, Secrets()).full_snapshot
    finally:
        watcher.close()


def by_name(snapshot: str) -> dict[tuple[str, str | None], Any]:
    return {(line.role, line.name): line for line in parse(snapshot)}


def test_a_tree_item_says_collapsed_and_keeps_its_name_and_ref_once_expanded(page, site):
    page.goto(f"{site}/patterns/tree-view.html")
    page.keyboard.press("Tab")
    for reader in (False, True):
        lines = by_name(seen(page, reader))
        assert lines[("treeitem", "▸ Projects")].attributes["expanded"] == "false"
        assert lines[("treeitem", "▸ Projects")].ref is not None
    page.keyboard.press("ArrowRight")
    ai = seen(page)
    opened = focused(ai)
    assert opened is not None and opened.name == "▾ Projects" and opened.attributes["expanded"] is None
    read = seen(page, reader=True)
    heard = focused(read)  # the tree names it by all it holds; its ref is the same element's
    assert heard is not None and heard.ref == opened.ref and heard.name and "Projects" in heard.name
    assert by_name(read)[("treeitem", "▸ Reports")].attributes["expanded"] == "false"


def test_the_option_a_select_only_combobox_points_to_is_marked(page, site):
    page.goto(f"{site}/patterns/combobox-select-only.html")
    page.keyboard.press("Tab")
    for _ in range(5):
        page.keyboard.press("ArrowDown")
    for reader in (False, True):
        marked = [line for line in parse(seen(page, reader)) if "active-descendant" in line.attributes]
        assert [line.name for line in marked] == ["Cherry ✓"] and marked[0].ref is not None
    page.keyboard.press("Escape")  # closed: the combobox has no active descendant, and says it is collapsed
    closed = seen(page)
    assert "active-descendant" not in closed and "[expanded=false]" in closed


def test_unchecked_boxes_collapsed_buttons_and_focus_in_a_shadow_root_or_a_frame(page, site):
    page.goto(f"{site}/patterns/checkbox-mixed.html")
    lines = by_name(seen(page))
    assert lines[("checkbox", "Lettuce")].attributes["checked"] == "false"
    assert "checked" in lines[("checkbox", "Tomato")].attributes and lines[("checkbox", "Tomato")].checked
    page.goto(f"{site}/patterns/disclosure.html")
    assert by_name(seen(page))[("button", "▸ Can I return an item?")].attributes["expanded"] == "false"
    page.goto(f"{site}/patterns/shadow-root.html")
    page.keyboard.press("Tab")  # the skip link inside a web component's shadow root
    for reader in (False, True):
        shadowed = focused(seen(page, reader))
        assert shadowed is not None and shadowed.name == "Skip to content" and shadowed.ref is not None
    page.goto(f"{site}/screen/framed-focus.html")
    page.frame_locator("iframe").get_by_role("button", name="Pay now").focus()
    framed = focused(seen(page))
    assert framed is not None and framed.name == "Pay now" and framed.ref is not None and framed.ref.startswith("f")
