"""The keyboard checks on planted barriers, each beside its fixed twin, which must give no finding."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pytest_useragent.browser.audit import Audits
from pytest_useragent.browser.checks import PageChecks
from pytest_useragent.browser.keyboard import (
    MAX_WALK,
    focus_lost,
    focus_not_visible,
    focus_now,
    looked_for,
    trapped,
)
from pytest_useragent.browser.scripts import script
from pytest_useragent.records import Signals

SECONDS = 5.0


def open_page(page, site, name):
    page.goto(f"{site}/a11y/{name}")
    return page


def scanned(page, keyboard=True):
    return PageChecks(page, Audits(), keyboard=keyboard).inspect(Signals(), "state")


@pytest.mark.parametrize(("name", "found"), [("kb-div-button.html", True), ("kb-div-button-fixed.html", False)])
def test_a_control_no_tab_reaches_is_found_once_a_page_state(page, site, name, found):
    open_page(page, site, name)
    unreachable = [issue for issue in scanned(page) if issue.rule == "keyboard-unreachable"]
    assert bool(unreachable) is found
    if found:
        (issue,) = unreachable
        assert issue.heuristic == "WCAG 2.1.1 Keyboard" and issue.severity == "major"
        assert issue.element == 'div "Send"' and issue.count == 1 and issue.box is not None
        assert issue.source == "check"


def test_the_examples_of_many_unreachable_controls_are_spread_over_the_page_first_and_last_among_them(page):
    items = "".join(f"<div onclick='1' style='cursor:pointer'>Item {n}</div>" for n in range(1, 13))
    page.set_content(f"<main><h1>Shop</h1>{items}</main>")
    (issue,) = [issue for issue in scanned(page) if issue.rule == "keyboard-unreachable"]
    assert issue.count == 12 and issue.element == 'div "Item 1"'
    named = [issue.element, *issue.examples]
    assert any("Item 12" in str(example) for example in named)  # the last, not only the first five
    # the twin: as many as the examples keep are all kept, in order
    page.set_content("<main><h1>Shop</h1>" + items[: items.index("<div onclick='1' style='cursor:pointer'>Item 4")])
    (few,) = [issue for issue in scanned(page) if issue.rule == "keyboard-unreachable"]
    kept = [few.element, *few.examples]
    assert few.count == 3 and all(any(f"Item {n}" in str(example) for example in kept) for n in (1, 2, 3))


def test_the_scan_is_a_keyboard_personas_and_finds_listeners_a_cursor_does_not_show(page, site):
    page.set_content(
        "<main><h1>Shop</h1><span id=s>Buy</span><a href='#x'><span onclick='1' style='cursor:pointer'>In a link"
        "</span></a><label><input type=checkbox> Agree</label></main>"
        "<script>s.addEventListener('click', () => {})</script>"
    )
    assert [issue.rule for issue in scanned(page, keyboard=False)] == []  # a mouse persona's checks: not asked
    (issue,) = [issue for issue in scanned(page) if issue.rule == "keyboard-unreachable"]
    assert issue.element == 'span "Buy"' and issue.count == 1  # the link's own span and the label are reached


def test_what_a_keyboard_persona_looked_for_is_found_when_no_tab_reaches_it(page, site):
    open_page(page, site, "kb-div-button.html")
    (issue,) = looked_for(page.get_by_text("Send"), SECONDS)
    assert issue.rule == "keyboard-unreachable" and issue.element == 'div "Send"'
    assert looked_for(page.get_by_role("link", name="Back to top"), SECONDS) == []
    assert looked_for(page.get_by_role("heading"), SECONDS) == []  # text that responds to nothing is no control


@pytest.mark.parametrize(("name", "found"), [("kb-focus-style.html", True), ("kb-focus-style-fixed.html", False)])
def test_a_focused_control_that_looks_unfocused_is_found(page, site, name, found):
    open_page(page, site, name)
    page.keyboard.press("Tab")
    now = focus_now(page, SECONDS, measure=set())
    assert now is not None and now.same is found
    issue = focus_not_visible(now)
    assert (issue is not None) is found
    if issue is not None:
        assert issue.rule == "focus-not-visible" and issue.heuristic == "WCAG 2.4.7 Focus Visible"
        assert issue.element == 'button "Pay now"'
    assert page.evaluate("document.activeElement.textContent") == "Pay now"  # measured, and focused again
    # an element measured already, or no measure asked for, is not blurred again
    for again in (focus_now(page, SECONDS, measure={'button "Pay now"'}), focus_now(page, SECONDS)):
        assert again is not None and again.on and again.same is None


@pytest.mark.parametrize(("name", "found"), [("kb-focus-lost.html", True), ("kb-focus-lost-fixed.html", False)])
def test_focus_dropped_when_a_dialog_closes_is_found(page, site, name, found):
    open_page(page, site, name)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # opens the dialog, focus on its Close
    before = focus_now(page, SECONDS)
    assert before is not None and before.element == 'button "Close"'
    page.keyboard.press("Enter")
    issue = focus_lost(before, focus_now(page, SECONDS), same_document=True)
    assert (issue is not None) is found
    if issue is not None:
        assert issue.rule == "focus-lost" and issue.heuristic == "WCAG 2.4.3 Focus Order"
        assert 'button "Close"' in issue.evidence


def test_focus_on_a_new_page_starts_at_its_top_and_is_not_lost(page, site):
    open_page(page, site, "kb-focus-lost.html")
    page.keyboard.press("Tab")
    before = focus_now(page, SECONDS)
    open_page(page, site, "kb-focus-lost-fixed.html")
    assert focus_lost(before, focus_now(page, SECONDS), same_document=False) is None
    # another document at the address (a reload, a link to the page already open) starts at its top too
    after = focus_now(page, SECONDS)
    assert after is not None and before is not None and after.document != before.document
    assert focus_lost(before, after, same_document=True) is None
    assert focus_lost(before, replace(after, document=before.document), same_document=True) is not None


@pytest.mark.parametrize("twice", [False, True], ids=["new fragment", "the fragment already in the address"])
def test_a_fragment_link_moves_focus_to_the_page_as_browsers_do_and_is_not_lost(page, site, twice):
    page.add_init_script(script("watch.js"))  # a session's watcher counts the navigations within a document
    page.goto(f"{site}/rules/focus-reload.html" + ("#story" if twice else ""))
    page.get_by_role("link", name="Our story").focus()
    before = focus_now(page, SECONDS)
    page.keyboard.press("Enter")  # to #story: focus on the page itself, the next Tab from the section
    after = focus_now(page, SECONDS)
    assert before is not None and after is not None and not after.on and after.document == before.document
    assert focus_lost(before, after, same_document=True) is None
    # the same drop with no navigation (a link whose script stops it and blurs) is the page's doing
    page.evaluate("""() => { const a = document.querySelector('a[href$="#contact"]');
                             a.onclick = event => { event.preventDefault(); a.blur(); }; a.focus(); }""")
    before = focus_now(page, SECONDS)
    page.keyboard.press("Enter")
    assert focus_lost(before, focus_now(page, SECONDS), same_document=True) is not None


def test_a_reload_puts_focus_at_the_top_of_a_new_document_and_is_not_lost(page, site):
    open_page(page, site, "kb-focus-lost.html")
    page.keyboard.press("Tab")
    before = focus_now(page, SECONDS)
    page.reload()
    assert focus_lost(before, focus_now(page, SECONDS), same_document=True) is None


@pytest.mark.parametrize(("name", "found"), [("kb-trap.html", True), ("kb-trap-fixed.html", False)])
def test_a_dialog_escape_does_not_leave_is_a_trap(page, site, name, found):
    open_page(page, site, name)
    page.keyboard.press("Escape")  # the persona's Escape: the fixed dialog closes, the planted one stays
    start = page.evaluate("document.activeElement.textContent")
    issue = trapped(page, SECONDS)
    assert (issue is not None) is found
    if issue is not None:
        assert issue.rule == "keyboard-trap" and issue.severity == "critical"
        assert issue.heuristic == "WCAG 2.1.2 No Keyboard Trap"
        assert issue.evidence.startswith('Escape, Tab x2, Shift+Tab x2 from button "Settings": focus stayed in dialog')
    assert page.evaluate("document.activeElement.textContent") == start  # focus is put back where it was


def test_a_long_tab_order_is_walked_within_its_bound_and_is_no_trap(page):
    links = "".join(f"<a href='#{index}'>Link {index}</a> " for index in range(3 * MAX_WALK))
    page.set_content(f"<main>{links}</main>")
    page.keyboard.press("Tab")
    assert trapped(page, SECONDS) is None
    assert page.evaluate("document.activeElement.textContent") == "Link 0"


def test_a_keyboard_personas_scan_is_its_own_not_kept_for_other_personas(page, site):
    open_page(page, site, "kb-div-button.html")
    audits = Audits()
    first = PageChecks(page, audits)  # a mouse persona's session audits the state first
    first.inspect(Signals(), "state")
    first.audited()
    keyboard = PageChecks(page, audits, keyboard=True).inspect(Signals(), "state")
    assert "keyboard-unreachable" in {issue.rule for issue in keyboard}  # the state was audited: still scanned
    mouse = PageChecks(page, audits).inspect(Signals(), "state")
    assert "keyboard-unreachable" not in {issue.rule for issue in mouse}
