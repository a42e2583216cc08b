"""The browser a session ran in (`Setting`): what the page can say read back from it (its viewport, its pixel ratio,
the media features a field sets: a dark scheme the page does not see is not reported as dark), the other fields
(a vision deficiency, a network, a locale) as the persona's page was set up with them."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from pytest_useragent.records.browser_fields import BROWSER
from pytest_useragent.records.persona import Network, Uses, Vision


class Size(BaseModel):
    """The layout viewport in CSS pixels."""

    model_config = ConfigDict(frozen=True)

    width: int
    height: int


class Setting(BaseModel):
    """What a session's browser was (see the module and `browser/setting.py`): a field for each row of the browser
    fields' table (`records/browser_fields.py`) besides the viewport and the pixel ratio."""

    model_config = ConfigDict(frozen=True)

    viewport: Size | None = None
    """`page.viewport_size`; None for a page without a fixed viewport."""
    pixel_ratio: float = 1.0
    """`window.devicePixelRatio`: a zoom's factor times a device's scale."""
    zoom: int = 100
    uses: Uses = "mouse"
    vision: Vision = "normal"
    device: str | None = None
    network: Network | None = None
    locale: str | None = None
    timezone: str | None = None
    color_scheme: str | None = None
    reduced_motion: str | None = None
    contrast: str | None = None

    def describe(self) -> str:
        """One line for the reports: `320x180 CSS px, zoom 400%, keyboard, fast-3g`; only what differs from a plain
        desktop browser besides the viewport."""
        parts = [f"{self.viewport.width}x{self.viewport.height} CSS px" if self.viewport else "no fixed viewport"]
        for name, field in BROWSER.items():
            value = getattr(self, name)
            if value is not None and value != type(self).model_fields[name].default:
                parts.append(field.shown.format(value))
        return ", ".join(parts)
