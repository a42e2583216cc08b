"""The table of a persona's browser fields: one row per field that sets up the browser rather than what the model
reads. A row says what the field sets (the docs' table and `--help` are made from it), how the browser is set up for
it (`session`: what the session does; `context`: an option of a context of its own; `devtools`: the DevTools
protocol on each page), the `browser.new_context` keyword a plain value goes to, the media feature the page reads it
by (`prefers-color-scheme`: read back from the page into `result.setting`, and emulated by the audit page, whose
results are kept per emulated media), and how a report says it.

The field itself (its type and checks) is declared on `Persona`, and `Setting` keeps what the page gave back under the
same name; `tests/unit/records/test_browser_fields.py` ties the rows to both, to the context options, the docs and the
audit.
Adding a field is one row here, its `Persona` and `Setting` fields, and what only it needs (a zoom's viewport).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Sets = Literal["session", "context", "devtools"]


@dataclass(frozen=True)
class BrowserField:
    """One browser field of a persona (see the module)."""

    name: str
    says: str
    """What it sets, for the docs' table."""
    sets: Sets
    context: str | None = None
    """The `browser.new_context` keyword a value goes to as it is; None where the setup computes it (a zoom, a
    device) or is not a context's (`sets` is session or devtools)."""
    media: str | None = None
    """The CSS media feature the page reads the field by (`prefers-color-scheme`); the same name less `prefers-` is
    `page.emulate_media`'s keyword with `-` as `_`."""
    shown: str = "{}"
    """How a report's browser line says a value (`zoom {}%`)."""
    example: str = ""
    """A value as a persona file would give it, for the docs."""

    @property
    def emulated(self) -> str | None:
        """`page.emulate_media`'s keyword for the field's media feature (`color_scheme`), if it has one."""
        return self.media.removeprefix("prefers-").replace("-", "_") if self.media else None


BROWSER: dict[str, BrowserField] = {
    field.name: field
    for field in (
        BrowserField(
            "zoom",
            "the browser's zoom in percent: the CSS viewport divided by it, each CSS pixel that many screen pixels",
            "context",
            shown="zoom {}%",
            example="400",
        ),
        BrowserField(
            "device",
            "a Playwright device: its viewport, scale, touch and user agent",
            "context",
            example="Pixel 7",
        ),
        BrowserField(
            "uses",
            "how the persona moves: a mouse, the keyboard alone, a screen reader with the keyboard, or touch (a "
            "coarse pointer and touch events)",
            "session",
            example="keyboard",
        ),
        BrowserField(
            "vision",
            "a vision deficiency Chromium renders the page with",
            "devtools",
            shown="vision: {}",
            example="deuteranopia",
        ),
        BrowserField(
            "network", "a throttled network, as DevTools' presets", "devtools", shown="network: {}", example="fast-3g"
        ),
        BrowserField(
            "locale", "the language the page reads from navigator.language", "context", "locale", example="cs-CZ"
        ),
        BrowserField(
            "timezone", "the time zone the page's dates are in", "context", "timezone_id", example="Europe/Prague"
        ),
        BrowserField(
            "color_scheme",
            "the colour scheme the page's media queries see",
            "context",
            "color_scheme",
            media="prefers-color-scheme",
            shown="{} scheme",
            example="dark",
        ),
        BrowserField(
            "reduced_motion",
            "whether the page is asked for less motion",
            "context",
            "reduced_motion",
            media="prefers-reduced-motion",
            shown="reduced motion: {}",
            example="reduce",
        ),
        BrowserField(
            "contrast",
            "the contrast the page is asked for",
            "context",
            "contrast",
            media="prefers-contrast",
            shown="{} contrast",
            example="more",
        ),
    )
}

BROWSER_FIELDS = tuple(BROWSER)
"""The persona's fields that set up the browser; they may stand beside a persona's one text:
`Persona("Kai, 29, ...", uses="keyboard")`."""
AUDITED = tuple(field for field in BROWSER.values() if field.media)
"""The fields the audit page emulates as the persona's page had them, and keeps its results apart by."""
