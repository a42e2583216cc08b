"""The widget states Playwright's ai snapshot leaves out, written into its lines, as a screen reader says them. Pure.

The ai snapshot (and the default one a screen-reader persona reads) marks `[expanded]`, `[checked]`, `[pressed]`,
`[selected]`, `[disabled]`, `[invalid]` and focus (`[active]`) only when they hold. A screen reader says the other
half too: NVDA and VoiceOver say "collapsed" on a closed tree item or disclosure button, "not checked" on a checkbox,
"not pressed" on a toggle button, "current page" on a link with aria-current, and, in a combobox or listbox that keeps
focus on itself, the option aria-activedescendant points to, as if it had focus (APG: "Keyboard Interaction" of the
combobox, listbox and tree view patterns; "Managing Focus in Composites Using aria-activedescendant"). The look's page
script (scripts/look.js) finds them in the DOM with each element's box, which is how the snapshot writes it too
(`[box=x,y,width,height]`, its rounded client rect); `with_states` writes them into the line with that box:
`treeitem "▸ Projects" [expanded=false]`, `checkbox "Lettuce" [checked=false]`, `link "Home" [current=page]`,
`option "Banana" [active-descendant]`. Focus inside an open shadow root or a same-origin frame, which the snapshot
does not mark, is marked `[active]` on the element's own line. And an element whose name Playwright dropped because
its text is written as its children (an expanded tree item: `treeitem [expanded]` over `- text: ▾ Projects`) is
named by that text again, so its name stays when its state changes. A date or time field, which both snapshots call
a `textbox`, is named as such with the layout it shows (`textbox "Date" [date=mm/dd/yyyy]`, `browser/datefields.py`),
as a screen reader says "date" and reads its segments.
"""

from __future__ import annotations

from dataclasses import replace

from pytest_useragent.records.datetimes import ATTRIBUTES
from pytest_useragent.records.snapshot import FOCUSED, INTERACTIVE_ROLES, SnapshotLine, line

CURRENT = frozenset({"page", "step", "location", "date", "time", "true"})
"""aria-current's values (WAI-ARIA 1.2); any other is page text and written as `true`, as the spec reads it."""
STATES = frozenset({"expanded", "checked", "pressed", "current", "active-descendant"})
"""The states `with_states` writes; any other key the page script sent is left out."""
FORMATS = frozenset(ATTRIBUTES.values())
"""What names a date or time field, with the layout it shows (`datetimes.py`): `textbox "Date" [date=mm/dd/yyyy]`."""
MAX_FORMAT_CHARS = 60
_STATED = INTERACTIVE_ROLES | {"row", "gridcell", "columnheader", "rowheader", "listitem", "menu", "tabpanel"}
"""Roles a state is written on: a generic wrapper with the same box as its button is not the button."""


def with_states(snapshot: str, states: list[list[object]], focus: list[str]) -> str:
    """`snapshot` with the `states` (each `[box, {state: value or None}]`, from the look's page script) on the lines
    of those boxes, focus marked on the line of the innermost box of `focus` (the frames' boxes, then the focused
    element's), and nameless controls named by their text. Lines are changed in place; a page with no state to add
    and no nameless control costs one pass over its lines."""
    wanted: dict[str, dict[str, str | None]] = {}
    for box, said in states:
        if isinstance(box, str) and isinstance(said, dict):
            wanted.setdefault(box, {}).update(_clean(said))
    raws = snapshot.split("\n")
    at_focus = _focus_line(raws, focus) if focus and not _focus_marked(raws, focus) else None
    if not wanted and at_focus is None and "[expanded]" not in snapshot:
        return snapshot
    read_at: dict[int, SnapshotLine] = {}
    targets: dict[int, dict[str, str | None]] = {}
    boxes: dict[str, list[int]] = {}
    for index, raw in enumerate(raws if wanted else []):
        box = _box(raw)
        if box is not None and box in wanted:
            boxes.setdefault(box, []).append(index)
    for box, adding in wanted.items():
        # the innermost line in that box with a role that holds states: a list item or a wrapper may share it
        for index in reversed(boxes.get(box, [])):
            read = read_at.setdefault(index, line(raws[index]) or SnapshotLine(indent=0, role=""))
            if read.role in _STATED:
                targets[index] = adding
                break
    for index in sorted({*targets, *([at_focus] if at_focus is not None else [])}):
        found = read_at.get(index) or line(raws[index])
        if found is None:
            continue
        read = found
        extra = {key: value for key, value in targets.get(index, {}).items() if key not in read.attributes}
        if index == at_focus:
            extra[FOCUSED] = None  # the innermost mark is the focus (`snapshot.focused`)
        read_at[index] = replace(read, attributes=_placed(read.attributes, extra))
        raws[index] = read_at[index].render()
    for index, raw in enumerate(raws):
        if "[expanded]" not in raw:
            continue
        expanded = read_at.get(index) or line(raw)
        if expanded is not None and expanded.name is None and expanded.role in INTERACTIVE_ROLES:
            named = _own_text(raws, index, expanded)
            raws[index] = replace(expanded, name=named).render() if named else raw
    return "\n".join(raws)


def _clean(said: dict[object, object]) -> dict[str, str | None]:
    """The states as written: known keys only, values that cannot break a line."""
    clean: dict[str, str | None] = {}
    for key, value in said.items():
        if key in FORMATS:
            clean[str(key)] = " ".join(str(value).replace("]", ")").replace("[", "(").split())[:MAX_FORMAT_CHARS]
            continue
        if key not in STATES:
            continue
        if key == "current":
            text = str(value).lower()
            clean[key] = text if text in CURRENT and text != "true" else None
        else:
            clean[str(key)] = None if value is None else "false"
    return clean


def _placed(attributes: dict[str, str | None], extra: dict[str, str | None]) -> dict[str, str | None]:
    """The line's attributes with `extra` before its ref, where the snapshot writes states."""
    if not extra:
        return attributes
    placed: dict[str, str | None] = {}
    for key, value in attributes.items():
        if key in ("ref", "cursor", "box"):
            placed.update(extra)
            extra = {}
        placed[key] = value
    return {**placed, **extra}


def _box(raw: str) -> str | None:
    return raw.rsplit("[box=", 1)[1].split("]", 1)[0] if "[box=" in raw else None


def _focus_marked(raws: list[str], focus: list[str]) -> bool:
    """Whether the snapshot already marks the element focus is on (by its box)."""
    return any(f" [{FOCUSED}]" in raw and _box(raw) == focus[-1] for raw in raws)


def _focus_line(raws: list[str], focus: list[str]) -> int | None:
    """The index of the focused element's line: the line of each frame's box in turn, then, below the last frame,
    the first line with the element's box (a wrapper may share it: the control is the innermost such line)."""
    start, end = 0, len(raws)
    for box in focus[:-1]:
        frame = next((i for i in range(start, end) if _box(raws[i]) == box), None)
        if frame is None:
            return None
        depth = _indent(raws[frame])
        start, end = frame + 1, frame + 1
        while end < len(raws) and _indent(raws[end]) > depth:
            end += 1
    found = [i for i in range(start, end) if _box(raws[i]) == focus[-1]]
    return found[-1] if found else None


def _own_text(raws: list[str], index: int, read: SnapshotLine) -> str | None:
    """The text a nameless line carries: its value after the colon, or its first `- text:` child."""
    if read.text:
        return None
    below = raws[index + 1] if index + 1 < len(raws) else ""
    child = line(below)
    if child is None or child.role != "text" or child.indent <= read.indent or not child.text:
        return None
    return " ".join(child.text.split()) or None


def _indent(raw: str) -> int:
    return len(raw) - len(raw.lstrip(" "))


def named_by_text(snapshot: str) -> str:
    """`snapshot` (with or without boxes) with its expanded controls named by their own text, as `with_states` names
    them: what the persona read is what a claim of its evidence is checked against."""
    return with_states(snapshot, [], [])
