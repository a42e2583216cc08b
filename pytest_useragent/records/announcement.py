"""What a screen reader would have said after an action: focus moving to an element, a live region speaking."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

AnnouncementKind = Literal["focus", "polite", "assertive", "state", "page"]


class Announcement(BaseModel):
    """One thing said: the element focus moved to (`focus`: its role and name, as its tree line has them), or the
    text a live region (aria-live, role=status/alert/log, output) added (`polite` or `assertive`), a widget's
    state that changed where focus is (`state`: `treeitem "Projects", expanded`, or the option a combobox now points
    to), or the title of the new page an action opened (`page`)."""

    kind: AnnouncementKind
    text: str

    def __str__(self) -> str:
        if self.kind == "page":
            return f'a new page, "{self.text}"'
        if self.kind == "state":
            return self.text
        return f"focus on {self.text}" if self.kind == "focus" else f'"{self.text}"'
