"""What a screen reader would have said after an action: focus moving to an element, a live region speaking."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

AnnouncementKind = Literal["focus", "polite", "assertive"]


class Announcement(BaseModel):
    """One thing said: the element focus moved to (`focus`: its role and name, as its tree line has them), or the
    text a live region (aria-live, role=status/alert/log, output) added (`polite` or `assertive`)."""

    kind: AnnouncementKind
    text: str

    def __str__(self) -> str:
        return f"focus on {self.text}" if self.kind == "focus" else f'"{self.text}"'
