"""How a persona's `uses` limits what it may do: which action kinds it is refused, and why, in words the model reads.
Pure. The session refuses such an action as the model's mistake (the step's outcome says why and the session goes
on), in one place: `session/carry_out.py`."""

from __future__ import annotations

KEYS = ("Tab", "Shift+Tab", "Enter", "Space", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Escape", "Home",
        "End", "PageUp", "PageDown")  # fmt: skip
"""The keys a keyboard user moves and acts with (`press`); `type` puts text into the element that has focus."""

REFUSED: dict[str, dict[str, str]] = {
    "keyboard": {
        "click": "a keyboard user cannot click: Tab to it (Shift+Tab goes back) and press Enter or Space",
        "hover": "a keyboard user cannot hover: Tab to the element instead",
        "select": "a keyboard user cannot pick from a list by mouse: Tab to it and press the arrow keys",
        "scroll": "a keyboard user scrolls with keys: press PageDown, PageUp, Space, Home or End",
        "fill": "a keyboard user fills one field at a time: Tab to it, then type (it types where focus is)",
    },
    "screen-reader": {
        "look": "a screen reader gives no screenshot: read the page's tree, or find what you need (find heading)",
    },
}
"""Per `Persona.uses`, the action kinds it refuses and the reason told to the model; a use not named refuses none."""


def refusal(uses: str, kind: str) -> str | None:
    """Why a persona that `uses` this cannot do an action of `kind`; None when it can."""
    return REFUSED.get(uses, {}).get(kind)
