"""The context options a persona's fields make (browser/setting.py, pure): a zoom as a browser zooms, a device's
descriptor, touch, and an unknown device told in one line."""

from __future__ import annotations

import pytest

from pytest_useragent.browser.setting import THROTTLING, context_options, own_browser, unknown_device
from pytest_useragent.errors import PersonaError
from pytest_useragent.records import Persona

DEVICES = {
    "iPhone 13": {
        "user_agent": "Mozilla/5.0 (iPhone)",
        "viewport": {"width": 390, "height": 664},
        "device_scale_factor": 3,
        "is_mobile": True,
        "has_touch": True,
        "default_browser_type": "webkit",
    },
    "iPhone 13 Pro": {"viewport": {"width": 390, "height": 664}, "device_scale_factor": 3},
    "Pixel 7": {"viewport": {"width": 412, "height": 839}, "device_scale_factor": 2.625},
}
DESK = {"width": 1280, "height": 720}


def test_a_zoom_divides_the_viewport_and_multiplies_the_scale():
    assert context_options(Persona("Vera, 78", zoom=400), DESK, DEVICES) == {
        "viewport": {"width": 320, "height": 180},
        "device_scale_factor": 4.0,
    }
    assert context_options(Persona("Vera, 78", zoom=200), None, DEVICES)["viewport"] == {"width": 640, "height": 360}
    # a persona that zooms nothing keeps the test's viewport and scale
    assert context_options(Persona("Jana, 45", locale="cs-CZ"), DESK, DEVICES) == {
        "viewport": DESK,
        "locale": "cs-CZ",
    }


def test_a_device_brings_its_descriptor_and_a_zoom_applies_on_top():
    options = context_options(Persona("Lucie, 31", device="iPhone 13"), DESK, DEVICES)
    assert options["viewport"] == {"width": 390, "height": 664} and options["device_scale_factor"] == 3
    assert options["is_mobile"] and options["has_touch"] and "default_browser_type" not in options
    zoomed = context_options(Persona("Lucie, 31", device="iPhone 13", zoom=200), DESK, DEVICES)
    assert zoomed["viewport"] == {"width": 195, "height": 332} and zoomed["device_scale_factor"] == 6


def test_touch_and_the_page_preferences_are_context_options():
    options = context_options(
        Persona("Kai, 29", uses="touch", timezone="Asia/Tokyo", color_scheme="dark", reduced_motion="reduce"),
        DESK,
        DEVICES,
    )
    assert options == {
        "viewport": DESK,
        "has_touch": True,
        "timezone_id": "Asia/Tokyo",
        "color_scheme": "dark",
        "reduced_motion": "reduce",
    }


def test_only_fields_the_browser_sets_open_a_context_of_their_own():
    assert not own_browser(Persona("Jana, 45"))
    assert not own_browser(Persona("Kai, 29", uses="keyboard"))  # moves differently, in the same browser
    assert not own_browser(Persona("Marek, 52", uses="screen-reader"))
    assert own_browser(Persona("Kai, 29", uses="touch"))
    assert own_browser(Persona("Ota, 60", vision="deuteranopia"))  # a grey screen must not outlive the session
    assert own_browser(Persona("Vera, 78", zoom=200))


def test_an_unknown_device_is_one_line_naming_the_closest():
    with pytest.raises(PersonaError) as raised:
        context_options(Persona("Lucie, 31", device="iphone 13 pro max"), DESK, DEVICES)
    assert str(raised.value) == (
        "persona device 'iphone 13 pro max' is not one of Playwright's devices; closest: iPhone 13 Pro, iPhone 13 "
        "(playwright.devices lists them all)"
    )
    assert "e.g.: iPhone 13, iPhone 13 Pro, Pixel 7" in unknown_device("Nokia 3310", DEVICES)


def test_the_network_presets_are_devtools_numbers():
    """Slow 3G: 400 kbps at 2 s; Fast 3G (DevTools' Slow 4G since 2024): 1.44 Mbps down, 675 kbps up, 562.5 ms."""
    assert THROTTLING["slow-3g"] == {"latency": 2000, "downloadThroughput": 50_000, "uploadThroughput": 50_000}
    assert THROTTLING["fast-3g"] == {"latency": 562.5, "downloadThroughput": 180_000, "uploadThroughput": 84_375}
    assert THROTTLING["slow-4g"] == THROTTLING["fast-3g"]
