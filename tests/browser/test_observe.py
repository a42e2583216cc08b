"""Observation: snapshot with refs, screenshot scaled for the model, page signals, no passwords."""

from __future__ import annotations

import io

from PIL import Image

from pytest_useragent.browser.observe import MAX_IMAGE_EDGE, MAX_IMAGE_PIXELS, observe, scale_for_model
from pytest_useragent.browser.watch import PageWatcher
from pytest_useragent.redaction import MASK, Secrets


def look(page):
    watcher = PageWatcher(page)
    return watcher, lambda secrets=None: observe(page, watcher, secrets or Secrets())


def test_observation_has_url_title_snapshot_refs_and_a_png(page, site):
    page.goto(f"{site}/index.html")
    _, see = look(page)
    seen = see()
    assert seen.url == f"{site}/index.html" and seen.title == "Corner Shop"
    assert 'link "Pricing" [ref=e' in seen.snapshot and 'heading "Welcome to Corner Shop"' in seen.snapshot
    assert seen.image is not None and seen.image.startswith(b"\x89PNG")
    assert Image.open(io.BytesIO(seen.image)).size == (1280, 720)


def test_console_errors_and_failed_requests_are_reported_once(page, site):
    watcher, see = look(page)
    page.goto(f"{site}/about.html")
    page.goto(f"{site}/missing.html")
    first = see()
    assert any("about page broke something" in line for line in first.signals.console_errors)
    assert any(str(failure).endswith("/missing.html -> 404") for failure in first.signals.failed_requests)
    second = see()
    assert second.signals.console_errors == [] and second.signals.failed_requests == []


def test_a_password_in_a_field_never_appears_in_the_observation(page, site):
    page.goto(f"{site}/index.html")
    page.get_by_label("Password").fill("s3cr3t-value")
    page.get_by_label("Email").fill("jana@example.com")
    _, see = look(page)
    seen = see()
    assert "s3cr3t-value" not in seen.model_dump_json()
    assert 'textbox "Password" [ref=e' in seen.snapshot and MASK in seen.snapshot
    assert "jana@example.com" in seen.snapshot


def test_a_short_password_is_masked_in_its_field_line(page, site):
    page.goto(f"{site}/index.html")
    page.get_by_label("Password").fill("ab")
    _, see = look(page)
    line = next(line for line in see().snapshot.splitlines() if 'textbox "Password"' in line)
    assert line.endswith(MASK)


def test_large_screenshots_are_scaled_to_what_the_model_accepts():
    out = io.BytesIO()
    Image.new("RGB", (2560, 1440), "white").save(out, format="PNG")
    scaled = Image.open(io.BytesIO(scale_for_model(out.getvalue())))
    assert max(scaled.size) <= MAX_IMAGE_EDGE and scaled.size[0] * scaled.size[1] <= MAX_IMAGE_PIXELS
    assert abs(scaled.size[0] / scaled.size[1] - 16 / 9) < 0.01


def test_small_screenshots_are_left_alone():
    out = io.BytesIO()
    Image.new("RGB", (640, 480), "white").save(out, format="PNG")
    assert scale_for_model(out.getvalue()) == out.getvalue()
