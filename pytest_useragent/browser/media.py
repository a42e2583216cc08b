"""The media features a persona's browser fields set (`prefers-color-scheme`, the table's `BrowserField.media`), as a
page matches them. One script reads them wherever they matter: in the look's fingerprint (a page state's checks are
kept by it, so a dark page's contrast is never a light one's), in the copy the audit page emulates, and in
`result.setting` (what the page saw, not what was asked)."""

from __future__ import annotations

import json
from typing import get_args

from pytest_useragent.browser.scripts import script
from pytest_useragent.records.browser_fields import AUDITED
from pytest_useragent.records.persona import Persona


def values(name: str) -> list[str]:
    """The values a media field may take, from its `Persona` type (`Literal["light", "dark", ...] | None`)."""
    return [value for arg in get_args(Persona.model_fields[name].annotation) for value in get_args(arg)]


FEATURES = {field.media: values(field.name) for field in AUDITED if field.media}
"""Each media feature -> the values it is asked about, in the table's order."""
MATCHED = f"({script('media.js')})({json.dumps(FEATURES)})"
"""A JS expression: each media feature -> the value the page matches (null for none of them)."""


def emulated(matched: dict[str, str | None]) -> dict[str, str | None]:
    """`page.emulate_media`'s keywords for what a page matched (`{"color_scheme": "dark", ...}`); a feature it matched
    no value of is `"no-preference"`, as a browser asked for nothing has it."""
    return {
        field.emulated: matched.get(field.media) or "no-preference"
        for field in AUDITED
        if field.media and field.emulated
    }
