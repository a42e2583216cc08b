"""What a screen reader says after an action (issue 40), as NVDA and VoiceOver do with APG widgets: the state that
changed where focus is ("expanded", "collapsed", "checked"; ARIA-AT: "change in state is conveyed"), a control's
states as focus lands on it, the option a select-only combobox points to with aria-activedescendant (a11ysupport.io:
"convey when the referenced element changes"), and the title of a new page an action opened."""

from __future__ import annotations

from typing import Any

from pytest_useragent.browser.announce import ScreenReader
from pytest_useragent.browser.watch import PageWatcher


def listen(page: Any) -> Any:
    """What the screen reader says after each key, in turn."""
    watcher = PageWatcher(page, reader=ScreenReader(page, 2)).start()
    reader = watcher.reader

    def after(key: str) -> list[str]:
        page.keyboard.press(key)
        page.wait_for_timeout(50)
        return [str(said) for said in reader.heard().announced]

    return after


def test_a_tree_node_says_collapsed_on_focus_then_expanded_and_collapsed_as_it_changes(page, site):
    page.goto(f"{site}/patterns/tree-view.html")
    after = listen(page)
    assert after("Tab") == ['focus on treeitem "Projects", collapsed']
    assert after("ArrowRight") == ['treeitem "Projects", expanded']
    assert after("ArrowDown") == ['focus on treeitem "project-plan.docx"']
    assert after("ArrowUp") == ['focus on treeitem "Projects", expanded']
    assert after("ArrowLeft") == ['treeitem "Projects", collapsed']
    assert after("Shift") == []  # nothing changed: nothing said


def test_a_select_only_combobox_says_the_option_it_points_to(page, site):
    page.goto(f"{site}/patterns/combobox-select-only.html")
    after = listen(page)
    assert after("Tab") == ['focus on combobox "Favorite fruit", collapsed']
    assert after("ArrowDown") == ['combobox "Favorite fruit", expanded', 'option "Choose a fruit", selected']
    assert after("ArrowDown") == ['option "Apple", selected']
    assert after("ArrowDown") == ['option "Banana", selected']


def test_a_checkbox_says_its_state_and_its_change(page, site):
    page.goto(f"{site}/patterns/checkbox-mixed.html")
    after = listen(page)
    assert after("Tab") == ['focus on checkbox "All condiments", half checked']
    assert after("Tab") == ['focus on checkbox "Lettuce", not checked']
    assert after("Space") == ['checkbox "Lettuce", checked']


def test_a_new_page_is_announced_by_its_title(page, site):
    page.goto(f"{site}/index.html")
    watcher = PageWatcher(page, reader=ScreenReader(page, 2)).start()
    page.get_by_role("link", name="Pricing").first.click()
    page.wait_for_load_state()
    assert [str(said) for said in watcher.reader.heard().announced] == [f'a new page, "{page.title()}"']
    assert watcher.reader.heard().announced == []  # said once
