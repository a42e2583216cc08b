"""A persona's browser fields set up the browser its session runs in (browser/setting.py), and `result.setting`
says what the page really was. Each field against its twin, the persona that does not set it."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from pytest_useragent import Agent, Persona, SessionResult
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.errors import PersonaError
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.testing import ScriptedProvider, decision


def run(page: Any, tmp_path: Path, persona: Persona, url: str, seen: list[StepRequest] | None = None) -> SessionResult:
    """One step's session: the persona looks and says done; the step's request is kept in `seen`."""

    def decide(request: StepRequest) -> Any:
        if seen is not None:
            seen.append(request)
        return decision("done", evidence="What the browser says")

    provider = ScriptedProvider(decide)
    return Agent(page, persona, provider, UserAgentConfig(settle_timeout=5, survey="off"), tmp_path).run(
        "Read what the browser says", url=url
    )


def shown(request: StepRequest, field: str) -> str:
    """The value the page printed for `field`, as the model read it in the snapshot."""
    found = re.search(rf"{field}: (\S+)", request.observation.snapshot)
    assert found is not None, request.observation.snapshot
    return found.group(1).strip('"')


def test_a_phone_persona_runs_at_the_phones_viewport_and_leaves_the_tests_page_alone(page, site, tmp_path):
    phone = run(page, tmp_path / "phone", Persona("Lucie, 31", device="iPhone 13"), f"{site}/a11y/setting.html")
    assert phone.setting is not None and phone.setting.viewport is not None
    assert (phone.setting.viewport.width, phone.setting.pixel_ratio, phone.setting.device) == (390, 3.0, "iPhone 13")
    desk = run(page, tmp_path / "desk", Persona("Jana, 45"), f"{site}/a11y/setting.html")
    assert desk.setting is not None and desk.setting.viewport is not None
    assert (desk.setting.viewport.width, desk.setting.pixel_ratio, desk.setting.device) == (1280, 1.0, None)
    assert page.viewport_size == {"width": 1280, "height": 720}  # the phone had a context of its own


def size(result: SessionResult) -> tuple[int, int]:
    """The pixels of the session's first screenshot."""
    assert result.steps[0].screenshot is not None
    with Image.open(Path(result.directory) / result.steps[0].screenshot) as opened:
        return opened.size


def test_zoom_400_lays_out_320_css_px_on_the_same_screen(page, site, tmp_path):
    zoomed = run(page, tmp_path / "zoomed", Persona("Vera, 78", zoom=400), f"{site}/a11y/setting.html")
    assert zoomed.setting is not None and zoomed.setting.viewport is not None
    assert (zoomed.setting.viewport.width, zoomed.setting.viewport.height) == (320, 180)
    assert zoomed.setting.pixel_ratio == 4.0 and "zoom 400%" in zoomed.setting.describe()
    # what the persona saw has the screen's pixels, not the 320x180 CSS px the page is laid out in
    assert size(zoomed) == (1280, 720)
    plain = run(page, tmp_path / "plain", Persona("Jana, 45"), f"{site}/a11y/setting.html")
    assert size(plain) == (1280, 720)
    assert plain.setting is not None and plain.setting.viewport is not None and plain.setting.viewport.width == 1280


def dark_width(image: bytes) -> int:
    """The widest run of dark pixels in any row of the image: how large the model sees the page's black box."""
    with Image.open(io.BytesIO(image)) as opened:
        grey = opened.convert("L")
        width, height = grey.size
        pixels = grey.load()
        assert pixels is not None
        best = 0
        for y in range(0, height, 2):
            run_ = 0
            for x in range(width):
                run_ = run_ + 1 if pixels[x, y] < 60 else 0
                best = max(best, run_)
        return best


def test_a_zoomed_persona_sees_the_page_larger(page, site, tmp_path):
    """The screenshot the model gets is scaled to the same budget whatever the zoom, so at 200% a 100 CSS px box is
    twice as wide in it as at 100%: the zoom is not scaled away."""
    zoomed: list[StepRequest] = []
    plain: list[StepRequest] = []
    run(page, tmp_path / "zoomed", Persona("Vera, 78", zoom=200), f"{site}/a11y/box.html", zoomed)
    run(page, tmp_path / "plain", Persona("Jana, 45"), f"{site}/a11y/box.html", plain)
    assert zoomed[0].image is not None and plain[0].image is not None
    large, small = dark_width(zoomed[0].image), dark_width(plain[0].image)
    assert 90 <= large <= 110 and 40 <= small <= 60  # 640x360 sent of a 1280x720 screen: 200 px -> 100, 100 -> 50


def test_locale_time_zone_colour_scheme_motion_contrast_and_touch_reach_the_page(page, site, tmp_path):
    asked = Persona(
        "Kai, 29",
        locale="cs-CZ",
        timezone="Asia/Tokyo",
        color_scheme="dark",
        reduced_motion="reduce",
        contrast="more",
        uses="touch",
    )
    seen: list[StepRequest] = []
    result = run(page, tmp_path / "asked", asked, f"{site}/a11y/setting.html", seen)
    fields = ("scheme", "language", "time zone", "motion", "contrast", "touch")
    told = {field: shown(seen[0], field) for field in fields}
    assert told == {
        "scheme": "dark",
        "language": "cs-CZ",
        "time zone": "Asia/Tokyo",
        "motion": "reduce",
        "contrast": "more",
        "touch": "yes",
    }
    setting = result.setting
    assert setting is not None and setting.locale == "cs-CZ" and setting.uses == "touch"
    # the media features as the page matched them
    assert (setting.color_scheme, setting.reduced_motion, setting.contrast) == ("dark", "reduce", "more")
    assert "dark scheme" in setting.describe() and "more contrast" in setting.describe()
    plain: list[StepRequest] = []
    run(page, tmp_path / "plain", Persona("Jana, 45"), f"{site}/a11y/setting.html", plain)
    assert shown(plain[0], "scheme") == "light" and shown(plain[0], "motion") == "no-preference"
    assert shown(plain[0], "contrast") == "no-preference"
    assert shown(plain[0], "touch") == "no" and shown(plain[0], "time zone") != "Asia/Tokyo"


def red_share(image_path: Path) -> float:
    """How much redder than green the swatch's middle is (1 for pure red, 0 for grey)."""
    with Image.open(image_path) as opened:
        red, green, _ = opened.convert("RGB").getpixel((100, 250))  # type: ignore[misc]
    return (red - green) / 255


def test_a_vision_deficiency_is_what_the_persona_sees(page, site, tmp_path):
    grey = run(page, tmp_path / "grey", Persona("Ota, 60", vision="achromatopsia"), f"{site}/a11y/setting.html")
    colour = run(page, tmp_path / "colour", Persona("Jana, 45"), f"{site}/a11y/setting.html")
    swatch = page.locator("#swatch")  # where the swatch is (the persona's page is laid out as the test's)
    page.goto(f"{site}/a11y/setting.html")
    box = swatch.bounding_box()
    assert box is not None and box["y"] < 250 < box["y"] + box["height"] and box["x"] < 100 < box["x"] + box["width"]
    assert red_share(Path(grey.directory) / grey.steps[0].screenshot) < 0.1
    assert red_share(Path(colour.directory) / colour.steps[0].screenshot) > 0.6
    assert grey.setting is not None and grey.setting.vision == "achromatopsia"


def test_a_throttled_network_waits_as_slow_3g_does(page, site, tmp_path):
    """Slow 3G adds 2 s to every response: the page measures its own wait (a floor no unthrottled page reaches
    except by hanging)."""
    slow: list[StepRequest] = []
    result = run(page, tmp_path / "slow", Persona("Pavel, 50", network="slow-3g"), f"{site}/a11y/setting.html", slow)
    assert int(shown(slow[0], "waited")) >= 1900 and result.setting is not None
    assert result.setting.network == "slow-3g"
    quick: list[StepRequest] = []
    run(page, tmp_path / "quick", Persona("Pavel, 50", locale="cs-CZ"), f"{site}/a11y/setting.html", quick)
    assert int(shown(quick[0], "waited")) < 1900


def test_an_unknown_device_is_one_line_naming_close_ones(page, site, tmp_path):
    with pytest.raises(PersonaError) as raised:
        run(page, tmp_path, Persona("Lucie, 31", device="iPhone 99"), f"{site}/a11y/setting.html")
    message = str(raised.value)
    assert "\n" not in message and "'iPhone 99' is not one of Playwright's devices" in message
    assert "iPhone" in message.split("closest: ")[1]
    assert not (tmp_path / "useragent").exists()  # nothing was run or written


def test_a_throttled_persona_blames_the_app_only_for_what_the_network_did_not_add(page, site, tmp_path):
    """Slow 3G makes every response take at least 2 s: a response counts as slow 1 s (the default) beyond that, so a
    quick answer is not the app's slow one (it was, before), and an answer that takes the app 3.5 s still is."""

    def session(folder: str, ms: int) -> SessionResult:
        # two looks, so that the answer the page waits for is in, however busy the machine
        provider = ScriptedProvider([decision("scroll", direction="down"), decision("done", evidence="the list")])
        return Agent(page, Persona("Lucia, 24", network="slow-3g"), provider, UserAgentConfig(), tmp_path / folder).run(
            "Read the list", url=f"{site}/a11y/slow-fetch.html?ms={ms}"
        )

    assert "slow-response" not in [issue.rule for issue in session("quick", 100).issues]
    slow_ones = [issue.evidence for issue in session("slow", 3500).issues if issue.rule == "slow-response"]
    assert len(slow_ones) == 1 and "/slow?ms=3500" in slow_ones[0]
