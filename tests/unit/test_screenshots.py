"""Which screenshots go to the model (first view of a page, a visual change the text cannot show, or when asked), and\nat what size."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from pytest_useragent.records.screenshots import (
    MAX_IMAGE_EDGE,
    MAX_IMAGE_PIXELS,
    Glance,
    ScreenshotPolicy,
    for_model,
    image_tokens,
)

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


def image(width, height, kind="JPEG"):
    out = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(out, format=kind)
    return out.getvalue()


@pytest.mark.parametrize(("size", "kind"), [((1280, 720), "JPEG"), ((2560, 1440), "PNG"), ((1000, 3000), "JPEG")])
def test_large_screenshots_are_scaled_to_a_known_token_cost(size, kind):
    scaled = Image.open(io.BytesIO(for_model(image(*size, kind))))
    assert max(scaled.size) <= MAX_IMAGE_EDGE and scaled.size[0] * scaled.size[1] <= MAX_IMAGE_PIXELS
    assert abs(scaled.size[0] / scaled.size[1] - size[0] / size[1]) < 0.01
    assert image_tokens(for_model(image(*size, kind))) <= MAX_IMAGE_PIXELS / 750 + 1


def test_a_viewport_screenshot_is_sent_at_half_size():
    assert Image.open(io.BytesIO(for_model(image(1280, 720)))).size == (640, 360)


def test_small_screenshots_are_left_alone():
    small = image(600, 300)
    assert for_model(small) == small and image_tokens(small) == 241


def test_a_larger_screenshot_size_sends_more_pixels():
    out = io.BytesIO()
    Image.new("RGB", (1280, 720), "white").save(out, format="JPEG")
    with Image.open(io.BytesIO(for_model(out.getvalue()))) as small:
        assert small.size == (640, 360)
    with Image.open(io.BytesIO(for_model(out.getvalue(), 1280 * 720))) as whole:
        assert whole.size == (1280, 720)
