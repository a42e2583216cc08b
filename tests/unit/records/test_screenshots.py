"""Which screenshots go to the model (first view of a page, a screen that changed since the model saw it, or when
asked), how many, and at what size."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from pytest_useragent.llm import base
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.records import Observation, screenshots
from pytest_useragent.records.persona import Persona
from pytest_useragent.records.screenshots import (
    MAX_IMAGE_EDGE,
    MAX_IMAGE_PIXELS,
    MAX_UNASKED_SCREENSHOTS,
    Glance,
    ScreenshotPolicy,
    for_model,
    image_tokens,
    screen_of,
)

PAGE = "http://shop.test/pricing"


def screen(*rows: int, width: int = 1280) -> bytes:
    """A 1280x720 JPEG screen: white, with a dark 60 px band at each of `rows` (a list row, a panel)."""
    picture = Image.new("RGB", (width, 720), "white")
    draw = ImageDraw.Draw(picture)
    for row in rows:
        draw.rectangle([40, row, width - 40, row + 60], fill="#223")
    out = io.BytesIO()
    picture.save(out, format="JPEG", quality=80)
    return out.getvalue()


def test_the_first_view_of_a_page_is_sent_and_an_unchanged_page_is_not():
    policy = ScreenshotPolicy()
    assert policy.reason(Glance.of(PAGE, screen(100)), asked=False) == "your first view of this page"
    assert policy.reason(Glance.of(PAGE, screen(100)), asked=False) is None
    assert policy.why_not == "the screen looks as you last saw it"
    assert policy.reason(Glance.of(PAGE + "#plans", screen(100)), asked=False) is None  # same page, other anchor


def test_a_single_page_app_that_changes_its_screen_under_one_url_is_shown_again():
    """A todo added, a panel opened: the URL stays, the screen does not; the model sees it."""
    policy = ScreenshotPolicy()
    policy.reason(Glance.of(PAGE, screen(100)), asked=False)
    assert policy.reason(Glance.of(PAGE, screen(100, 200)), asked=False) == "the screen changed since you last saw it"
    assert policy.reason(Glance.of(PAGE, screen(100, 200)), asked=False) is None  # and then it stays


def test_a_change_too_small_to_see_is_not_sent():
    """A blinking caret or JPEG noise is not a new screen (the twin of the test above)."""
    policy = ScreenshotPolicy()
    picture = Image.new("RGB", (1280, 720), "white")
    before, after = io.BytesIO(), io.BytesIO()
    picture.save(before, format="JPEG")
    ImageDraw.Draw(picture).rectangle([600, 300, 602, 320], fill="black")  # a caret
    picture.save(after, format="JPEG")
    policy.reason(Glance.of(PAGE, before.getvalue()), asked=False)
    assert policy.reason(Glance.of(PAGE, after.getvalue()), asked=False) is None


def test_back_on_a_page_the_model_saw_as_it_is_sends_nothing_and_asking_always_does():
    policy = ScreenshotPolicy()
    policy.reason(Glance.of(PAGE, screen(100)), asked=False)
    assert policy.reason(Glance.of(PAGE, screen(100)), asked=True) == "you asked to look"
    assert policy.reason(Glance.of("http://shop.test/", screen(400)), asked=False) == "your first view of this page"
    assert policy.reason(Glance.of(PAGE, screen(100)), asked=False) is None  # back on a page already seen, unchanged


def test_unasked_screenshots_are_bounded_per_session_and_looking_is_not():
    policy = ScreenshotPolicy()
    sent = [policy.reason(Glance.of(f"http://shop.test/{n}", screen(n % 600)), asked=False) for n in range(30)]
    assert sum(reason is not None for reason in sent) == MAX_UNASKED_SCREENSHOTS
    assert policy.why_not == f"this session sent the {MAX_UNASKED_SCREENSHOTS} it sends unasked"
    assert policy.reason(Glance.of(PAGE, screen(100)), asked=True) == "you asked to look"


def test_a_screenshot_that_cannot_be_read_is_compared_by_its_bytes():
    policy = ScreenshotPolicy()
    policy.reason(Glance.of(PAGE, b"not an image"), asked=False)
    assert policy.reason(Glance.of(PAGE, b"not an image"), asked=False) is None
    assert policy.reason(Glance.of(PAGE, b"another"), asked=False) == "the screen changed since you last saw it"


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


@pytest.mark.parametrize(("blind", "taken"), [(True, [True, False, False, True, False]), (False, [True] * 5)])
def test_a_screen_reader_personas_looks_take_the_first_view_of_each_page_and_a_seeing_ones_every_one(blind, taken):
    policy = ScreenshotPolicy(blind=blind)
    urls = [
        "https://shop.test/",
        "https://shop.test/",
        "https://shop.test/#menu",
        "https://shop.test/cart",
        "https://shop.test/",
    ]
    assert [policy.take(url) for url in urls] == taken


@pytest.mark.parametrize(("again", "decoded"), [((100,), 0), ((100, 300), 2)])
def test_a_screen_is_decoded_only_when_its_bytes_differ_from_the_one_the_model_saw(monkeypatch, again, decoded):
    """A revisited page that looks the same costs no decoding (a step's ~0.6 ms); a changed one is measured."""
    made = []
    thumbnail = screenshots._thumbnail
    monkeypatch.setattr(screenshots, "_thumbnail", lambda image: made.append(image) or thumbnail(image))
    policy = ScreenshotPolicy()
    policy.reason(Glance.of(PAGE, screen(100)), asked=False)
    policy.reason(Glance.of(PAGE, screen(*again)), asked=False)
    assert len(made) == decoded


def test_a_step_scales_its_screenshot_only_when_a_provider_sends_it(monkeypatch):
    """A replayed or offline step never reads `image`: the screenshot is scaled when asked for, to the size set."""
    scaled = []
    monkeypatch.setattr(base, "for_model", lambda image, pixels: scaled.append(pixels) or for_model(image, pixels))
    observation = Observation(url=PAGE, title="Pricing", snapshot="- heading")
    request = StepRequest("m", Persona(name="Jana"), "g", 1, 5, "", observation, screenshot=screen(100))
    assert scaled == []
    image = request.image
    assert image is not None and Image.open(io.BytesIO(image)).size == (640, 360) and scaled == [MAX_IMAGE_PIXELS]
    assert request.image is image and len(scaled) == 1  # made once
    smaller = StepRequest(
        "m", Persona(name="Jana"), "g", 1, 5, "", observation, screenshot=screen(100), screenshot_pixels=320 * 180
    )
    assert smaller.image is not None and Image.open(io.BytesIO(smaller.image)).size == (320, 180)
    assert StepRequest("m", Persona(name="Jana"), "g", 1, 5, "", observation).image is None


def test_the_words_of_a_screen_leave_out_refs_boxes_cursors_and_tell_focus_apart():
    before = '- button "Book" [ref=e3] [cursor=pointer] [box=1,2,3,4]\n- status [ref=e4]'
    moved = '- button "Book" [active] [ref=e7] [cursor=pointer] [box=5,6,7,8]\n- status [ref=e9]'
    booked = '- button "Book" [ref=e3] [box=1,2,3,4]\n- status [ref=e4]: Tour booked.'
    assert screen_of(before)[0] == screen_of(moved)[0] != screen_of(booked)[0]
    assert screen_of(moved)[1] == '- button "Book"' and screen_of(before)[1] == "" and screen_of("") == ("", "")


def sliver(top: int) -> bytes:
    """A screen(100) with a status line at `top`: under the thumbnail's 2%."""
    picture = Image.open(io.BytesIO(screen(100)))
    ImageDraw.Draw(picture).rectangle([40, top, 240, top + 18], fill="#223")
    out = io.BytesIO()
    picture.save(out, format="JPEG", quality=80)
    return out.getvalue()


def test_changed_words_or_a_moved_focus_ring_count_even_when_the_thumbnail_barely_moves():
    closed = '- tree "Files":\n  - treeitem "Projects" [expanded=false] [active]'
    opened = '- tree "Files":\n  - treeitem "Projects" [expanded] [active]\n  - group:\n    - treeitem "a.docx"'
    tabbed = '- tree "Files":\n  - treeitem "Projects" [expanded]\n  - group:\n    - treeitem "a.docx" [active]'
    policy = ScreenshotPolicy()
    policy.reason(Glance.of(PAGE, screen(100), closed, ring=True), asked=False)
    assert policy.reason(Glance.of(PAGE, sliver(300), closed, ring=True), asked=False) is None
    assert policy.reason(Glance.of(PAGE, sliver(300), opened, ring=True), asked=False) is not None  # words changed
    assert policy.reason(Glance.of(PAGE, sliver(400), tabbed, ring=False), asked=False) is None  # no ring: unseen
    assert policy.reason(Glance.of(PAGE, sliver(500), tabbed, ring=True), asked=False) is not None  # the ring moved
    assert policy.reason(Glance.of(PAGE, sliver(500), tabbed, ring=True), asked=False) is None  # same bytes
