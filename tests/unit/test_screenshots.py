"""Which screenshots go to the model: first view of a page, a visual change the text cannot show, or when asked."""

from __future__ import annotations

from pytest_useragent.screenshots import Glance, ScreenshotPolicy

PAGE = "http://shop.test/pricing"


def test_the_first_view_of_a_page_is_sent_and_an_unchanged_page_is_not():
    policy = ScreenshotPolicy()
    assert policy.reason(Glance.of(PAGE, "text", b"png"), asked=False) == "your first view of this page"
    assert policy.reason(Glance.of(PAGE, "text", b"png"), asked=False) is None
    assert policy.reason(Glance.of(PAGE + "#plans", "text", b"png"), asked=False) is None  # same page, other anchor


def test_new_text_on_a_seen_page_goes_as_text_only():
    policy = ScreenshotPolicy()
    policy.reason(Glance.of(PAGE, "text", b"png"), asked=False)
    assert policy.reason(Glance.of(PAGE, "a dialog opened", b"png2"), asked=False) is None


def test_a_change_only_the_image_shows_is_sent():
    policy = ScreenshotPolicy()
    policy.reason(Glance.of(PAGE, "text", b"png"), asked=False)
    reason = policy.reason(Glance.of(PAGE, "text", b"red outline"), asked=False)
    assert reason == "the page looks different, though its text is the same"


def test_asking_sends_it_and_another_page_is_a_first_view_again():
    policy = ScreenshotPolicy()
    policy.reason(Glance.of(PAGE, "text", b"png"), asked=False)
    assert policy.reason(Glance.of(PAGE, "text", b"png"), asked=True) == "you asked to look"
    assert policy.reason(Glance.of("http://shop.test/", "home", b"home"), asked=False) == "your first view of this page"
    assert policy.reason(Glance.of(PAGE, "text", b"png"), asked=False) is None  # back on a page already seen
