"""The browser a session really ran in (`Setting`): read back from the page, not copied from the persona, so a
report says what the persona met (a 320 px wide layout, a throttled network), not what was asked for."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from pytest_useragent.records.persona import Network, Uses, Vision


class Size(BaseModel):
    """The layout viewport in CSS pixels."""

    model_config = ConfigDict(frozen=True)

    width: int
    height: int


class Setting(BaseModel):
    """What a session's browser was: its viewport in CSS px and pixel ratio as the page reported them, and the
    persona's browser fields that were applied (`browser/setting.py`)."""

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

    def describe(self) -> str:
        """One line for the reports: `320x180 CSS px, zoom 400%, keyboard, fast-3g`; only what differs from a plain
        desktop browser besides the viewport."""
        parts = [f"{self.viewport.width}x{self.viewport.height} CSS px" if self.viewport else "no fixed viewport"]
        parts += [f"zoom {self.zoom}%"] if self.zoom != 100 else []
        parts += [self.device] if self.device else []
        parts += [self.uses] if self.uses != "mouse" else []
        parts += [f"vision: {self.vision}"] if self.vision != "normal" else []
        parts += [f"network: {self.network}"] if self.network else []
        parts += [value for value in (self.locale, self.timezone) if value]
        parts += [f"{self.color_scheme} scheme"] if self.color_scheme else []
        parts += ["reduced motion"] if self.reduced_motion == "reduce" else []
        return ", ".join(parts)
