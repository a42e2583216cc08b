"""Settle: waits for load and late requests (and, when asked, a still DOM), never past its bound."""

from __future__ import annotations

from pytest_useragent.browser.settle import QUIET_MS, settle
from pytest_useragent.browser.watch import PageWatcher


def test_settle_waits_for_content_fetched_after_load(page, site):
    watcher = PageWatcher(page).start()
    page.goto(f"{site}/late.html", wait_until="commit")
    settle(page, watcher, minimum=0, timeout=5, quiet_ms=QUIET_MS)
    assert page.locator("#done").text_content() == "Loaded: slow answer"


def test_settle_is_bounded_on_a_page_that_never_stops_changing(page):
    watcher = PageWatcher(page).start()
    page.set_content("<p id=t>0</p><script>setInterval(() => t.textContent = Date.now(), 10)</script>")
    waited = settle(page, watcher, minimum=0, timeout=0.5, quiet_ms=QUIET_MS)
    # it gave up instead of hanging; when it gave up is not asserted: on a loaded machine the page's timers can pause
    # for a quiet window (CI once returned at 0.40 s), and then the DOM did stand still
    assert waited < 10


def test_without_a_quiet_window_settle_does_not_wait_for_the_dom(page):
    watcher = PageWatcher(page).start()
    page.set_content("<p id=t>0</p><script>setInterval(() => t.textContent = Date.now(), 10)</script>")
    assert settle(page, watcher, minimum=0, timeout=5) < 5  # the look that follows checks the DOM stood still


def test_settle_honours_the_configured_minimum(page):
    watcher = PageWatcher(page).start()
    page.set_content("<p>still</p>")
    assert settle(page, watcher, minimum=0.2, timeout=1) >= 0.2
