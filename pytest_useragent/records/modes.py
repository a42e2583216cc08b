"""Which actions a persona's way of moving (`Persona.uses`) refuses, and the reason the model is told. Pure.

One table for every mode: a refused action is the model's mistake, the step's outcome says why and the session goes
on (`session/carry_out.py` asks `refusal` before carrying anything out)."""

from __future__ import annotations

REFUSED: dict[str, dict[str, str]] = {
    "screen-reader": {
        "look": "a screen reader gives no screenshot: read the page's tree, or find what you need (find heading)",
    },
}
"""uses -> action kind -> why that persona cannot do it, as the model reads it."""


def refusal(uses: str, kind: str) -> str | None:
    """Why a persona who moves with `uses` cannot do an action of `kind`; None when it can."""
    return REFUSED.get(uses, {}).get(kind)
