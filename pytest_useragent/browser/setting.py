"""The browser a persona's fields ask for (their table: records/browser_fields.py): a context of its own (zoom,
device, touch, and the fields a context option sets: locale, time zone, colour scheme, reduced motion, contrast), and
what only the DevTools protocol sets on a page (a vision deficiency, a throttled network); then what the page really
gives, read back as a `Setting`.

Why a context of its own, as repeats have one: the fields are context options Playwright sets only when a context is
made, and an emulation left on the test's page (a throttled network, a grey screen) would outlive the session. So
the persona's session runs in a new context of the test's browser made like the test's (context.py: its storage
state, options and routes carried), with its viewport as the base a zoom divides; the test's page is left as it was.

A zoom is laid out as a browser zooms: the CSS viewport is the base divided by the factor, and each CSS pixel is
`factor` device pixels (1280x720 at 400% is 320x180 CSS px on the same 1280x720 screen).
"""

from __future__ import annotations

import contextlib
import difflib
from collections.abc import Iterator, Mapping
from typing import Any

from playwright.sync_api import CDPSession, Page, ViewportSize
from playwright.sync_api import Error as PlaywrightError

from pytest_useragent.browser import bounded
from pytest_useragent.browser.context import like
from pytest_useragent.browser.media import MATCHED
from pytest_useragent.errors import PageUnresponsive, PersonaError
from pytest_useragent.records.browser_fields import AUDITED, BROWSER, BROWSER_FIELDS
from pytest_useragent.records.persona import Persona
from pytest_useragent.records.setting import Setting, Size

BASE_VIEWPORT: ViewportSize = {"width": 1280, "height": 720}
"""What a zoom divides when the test's page has no fixed viewport: Playwright's default."""
VISION = {
    "protanopia": "protanopia",
    "deuteranopia": "deuteranopia",
    "tritanopia": "tritanopia",
    "achromatopsia": "achromatopsia",
    "blurred": "blurredVision",
}
"""A persona's vision -> `Emulation.setEmulatedVisionDeficiency`'s type (Chromium's emulated deficiencies)."""
_SLOW_3G = {"latency": 400 * 5, "downloadThroughput": 500 * 1000 / 8 * 0.8, "uploadThroughput": 500 * 1000 / 8 * 0.8}
_FAST_3G = {"latency": 150 * 3.75, "downloadThroughput": 1.6e6 / 8 * 0.9, "uploadThroughput": 750 * 1000 / 8 * 0.9}
THROTTLING: dict[str, dict[str, float]] = {"slow-3g": _SLOW_3G, "fast-3g": _FAST_3G, "slow-4g": _FAST_3G}
"""A persona's network -> `Network.emulateNetworkConditions`, as Chromium DevTools' presets define them (latency in
ms, throughput in bytes/s; NetworkManager.ts): Slow 3G is ~400 kbps at 2 s, Fast 3G ~1.44 Mbps down, 675 kbps up at
562.5 ms. DevTools renamed Fast 3G "Slow 4G" in May 2024 (crbug.com/342406608) with the same numbers, so
`fast-3g` and `slow-4g` are one preset under its two names."""
_READ_BACK = f"() => ({{ratio: window.devicePixelRatio, media: {MATCHED}}})"


def added_latency_ms(persona: Persona) -> float:
    """The least every response waits on the persona's network (Chromium's latency is a floor from request to
    response, not an addition): a response is the app's slow one only `slow_response` beyond it, or a Slow 3G persona
    would find every request of every page slow, and blame the app."""
    return THROTTLING[persona.network]["latency"] if persona.network is not None else 0.0


def own_browser(persona: Persona) -> bool:
    """Whether the persona's session needs a browser of its own: any field the browser is set up for, except how
    it moves with a mouse, a keyboard or a screen reader (those change what the session does, not the browser)."""
    return any(BROWSER[name].sets != "session" for name in persona.browser) or persona.uses == "touch"


def context_options(
    persona: Persona, base: ViewportSize | None, devices: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    """`browser.new_context`'s options for the persona's fields (pure): a device's descriptor first, its viewport
    (else `base`) divided by the zoom and its scale multiplied by it, touch for `uses: touch`, then each field the
    table gives a context option (`BrowserField.context`). An unknown device is a PersonaError naming the closest
    devices."""
    options: dict[str, Any] = {}
    if persona.device is not None:
        if persona.device not in devices:
            raise PersonaError(unknown_device(persona.device, devices))
        options = {name: value for name, value in devices[persona.device].items() if name != "default_browser_type"}
    viewport = options.get("viewport") or base or BASE_VIEWPORT
    factor = persona.zoom / 100
    options["viewport"] = {
        "width": max(1, round(viewport["width"] / factor)),
        "height": max(1, round(viewport["height"] / factor)),
    }
    if factor != 1:
        options["device_scale_factor"] = options.get("device_scale_factor", 1) * factor
    if persona.uses == "touch":
        options["has_touch"] = True
    told = {field.context: getattr(persona, name) for name, field in BROWSER.items() if field.context}
    return options | {keyword: value for keyword, value in told.items() if value is not None}


def unknown_device(name: str, devices: Mapping[str, Any]) -> str:
    """One line: the device is not Playwright's, and the names closest to it (case ignored)."""
    folded = {known.casefold(): known for known in devices}
    close = [folded[known] for known in difflib.get_close_matches(name.casefold(), folded, n=5, cutoff=0.4)]
    shown = close or sorted(devices, key=str.casefold)[:5]
    return (
        f"persona device {name!r} is not one of Playwright's devices; {'closest' if close else 'e.g.'}: "
        f"{', '.join(shown)} (playwright.devices lists them all)"
    )


@contextlib.contextmanager
def persona_page(page: Page, persona: Persona, seconds: float) -> Iterator[Page]:
    """The page the persona's session runs on: the test's `page` when the persona sets nothing the browser must
    (`own_browser`), else the first page of a context of its own, closed when the session is over (see the module).
    A persistent context has no browser to open one in: a PersonaError."""
    if not own_browser(persona):
        yield page
        return
    browser = page.context.browser
    if browser is None:
        raise PersonaError(
            f"persona {persona.name!r} sets {', '.join(persona.browser)}, which needs a browser context of its own; "
            "the test's page is in a persistent context, which cannot open one"
        )
    options = context_options(persona, page.viewport_size, devices(browser))
    with like(page, browser, seconds, **options) as own:
        kept = [emulate(own, persona)]
        # a tab the persona opens is its page next (`PageEvents`): it sees and loads as this one does
        own.context.on("page", lambda opened: kept.append(emulate(opened, persona)))
        yield own


def devices(browser: Any) -> Mapping[str, Mapping[str, Any]]:
    """Playwright's device descriptors (`playwright.devices`), which it hands only to the Playwright object: the
    browser's type knows the one that launched it."""
    return browser.browser_type._impl_obj._playwright.devices  # type: ignore[no-any-return]


def emulate(page: Page, persona: Persona) -> CDPSession | None:
    """A vision deficiency and a throttled network on `page`, through the DevTools protocol (Chromium only). The
    session is returned to be kept: the emulation lasts while it is attached."""
    if persona.vision == "normal" and persona.network is None:
        return None
    session = page.context.new_cdp_session(page)
    if persona.vision != "normal":
        session.send("Emulation.setEmulatedVisionDeficiency", {"type": VISION[persona.vision]})
    if persona.network is not None:
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", {"offline": False, **THROTTLING[persona.network]})
    return session


def read_back(page: Page, persona: Persona, seconds: float) -> Setting:
    """What the session's page really is: its viewport in CSS px, its pixel ratio and each media feature the persona
    set (`AUDITED`) as the page reports them, with the persona's other browser fields as its page was set up."""
    viewport = page.viewport_size
    asked = {field.media for field in AUDITED if getattr(persona, field.name) is not None}
    try:
        found = bounded.evaluate(page, seconds, _READ_BACK)
        ratio, media = float(found["ratio"]), found["media"]
    except (PlaywrightError, PageUnresponsive):  # a page frozen already is the session's to find and record
        ratio, media = 1.0, {}
    fields = {name: getattr(persona, name) for name in BROWSER_FIELDS}
    # what a page that did not answer had is what it was set up with
    fields |= {field.name: media.get(field.media, fields[field.name]) for field in AUDITED if field.media in asked}
    return Setting(
        viewport=Size(width=viewport["width"], height=viewport["height"]) if viewport else None,
        pixel_ratio=ratio,
        **fields,
    )
