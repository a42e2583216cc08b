"""The page as a screen reader gives it: the accessibility tree in reading order, with roles, names and states only,
and the refs to act by. Pure: text in, text out.

The ai snapshot (`aria_snapshot(mode="ai")`) is what the other personas read and the only one with refs, but it
shows what is visible as well as what is exposed: text inside `aria-hidden` (an icon font's glyphs, a decorative
"★★★") is there, and so are `[cursor=pointer]` and `[active]`, which a screen reader never says. Playwright's default
aria snapshot is the tree as assistive technology gets it (no aria-hidden content, no generic wrappers, no refs).
`reader_tree` takes that tree and gives each of its elements the ref of the same element in the ai snapshot, matched
in order by role and name, so acting by ref still works on whatever the tree exposes; what the tree does not expose
(a clickable `<div>` is only its text) gets no ref, as a screen reader offers it nothing to operate. Links lose their
`/url` (a screen reader says "link", and the name, not the address).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import replace

from pytest_useragent.records.snapshot import SnapshotLine, line

LOOKAHEAD = 200
"""How many of the ai snapshot's named elements past the last match an element of the tree is looked for among:
elements the tree leaves out (aria-hidden ones) lie between, and a page has few of them."""
_UNMATCHED = frozenset({"generic", "text"})
"""Roles the tree never shows as elements of their own (generic wrappers are flattened, text has no ref)."""
_NEVER_MATCHED = ("- text:", "- generic ", "- generic:", "- /")
"""How lines of `_UNMATCHED` roles and properties start: passed on without being read."""
_VISUAL = frozenset({"cursor", "active"})
"""What only the ai snapshot marks, and a screen reader never says."""


def reader_tree(tree: str, ai: str) -> str:
    """`tree` (the default aria snapshot, with boxes for condensing) as the screen-reader persona reads it: each
    element with the ref its twin has in `ai`, no `/url` lines; a frame's content (which the default snapshot does
    not enter) from the ai snapshot, without its pointer and focus markers. Lines are changed in place, not read and
    written again: a page of thousands of lines costs one reading of each."""
    raws = ai.split("\n")
    every = {
        index: read
        for index, raw in enumerate(raws)
        if "[ref=" in raw and not raw.lstrip(" ").startswith(_NEVER_MATCHED) and (read := line(raw)) is not None
    }
    """The ai snapshot's lines that may be a twin, by their place in it: only these are read."""
    twins = [index for index, read in every.items() if read.ref and read.role not in _UNMATCHED]
    alike: dict[tuple[str, str | None], list[int]] = {}
    """Role and name -> their places in `twins`, in order."""
    boxed: dict[tuple[str, str | None], list[int]] = {}
    """Role and box -> their places in `twins`: an element the two snapshots name differently (an expanded tree item
    the ai snapshot names by its own text, the tree by all it holds) is the one in the same place."""
    for place, index in enumerate(twins):
        alike.setdefault((every[index].role, every[index].name), []).append(place)
        boxed.setdefault((every[index].role, every[index].attributes.get("box")), []).append(place)
    lines: list[str] = []
    cursor = 0
    for raw in tree.split("\n"):
        stripped = raw.lstrip(" ")
        if stripped.startswith("- /url") or not stripped:
            continue
        read = None if stripped.startswith(_NEVER_MATCHED) else line(raw)
        if read is None or read.role in _UNMATCHED or read.role.startswith("/"):
            lines.append(raw)
            continue
        places = alike.get((read.role, read.name), [])
        near = places[bisect_left(places, cursor) : bisect_left(places, cursor + LOOKAHEAD)]
        # one of its role in its box, named otherwise, before one of its name elsewhere (the ai snapshot leaves a
        # link named by its picture unnamed; its name's twin further on is the footer's link of the same name)
        places = boxed.get((read.role, read.attributes.get("box")), []) if read.attributes.get("box") else []
        placed = places[bisect_left(places, cursor) : bisect_left(places, cursor + LOOKAHEAD)][:1]
        found = _twin(read, [(place, every[twins[place]]) for place in near])
        if placed and (found is None or every[twins[found]].attributes.get("box") != read.attributes.get("box")):
            found = placed[0]
        if found is None:
            lines.append(raw)
            continue
        twin = twins[found]
        cursor = found + 1
        end = _end(raws, twin) if read.role == "iframe" else twin
        under = (_under(raws[index], every[twin].indent, read.indent) for index in range(twin + 1, end + 1))
        inside = [line for line in under if line is not None and line.role != "/url"]
        opened = replace(read, text="") if inside and read.text is None else read
        lines += [_with_ref(raw if opened is read else opened.render(), opened, str(every[twin].ref))]
        lines += [line.render() for line in inside]
        while cursor < len(twins) and twins[cursor] <= end:  # the frame's own refs are used up with it
            cursor += 1
    return "\n".join(_closed(lines, index) for index in range(len(lines)))


def _end(raws: list[str], frame: int) -> int:
    """The index of the last line under the ai snapshot's line `frame`."""
    depth = _indent(raws[frame])
    end = frame
    while end + 1 < len(raws) and _indent(raws[end + 1]) > depth:
        end += 1
    return end


def _indent(raw: str) -> int:
    return len(raw) - len(raw.lstrip(" "))


def _under(raw: str, frame: int, indent: int) -> SnapshotLine | None:
    """A line of a frame's content (indented from `frame` in the ai snapshot) under the tree's frame line at
    `indent`."""
    read = line(raw)
    if read is None:
        return None
    attributes = {key: value for key, value in read.attributes.items() if key not in _VISUAL}
    return replace(read, indent=indent + read.indent - frame, attributes=attributes)


def _twin(read: SnapshotLine, candidates: list[tuple[int, SnapshotLine]]) -> int | None:
    """The place of `read`'s twin among `candidates` (places and lines of its role and name, in order): the first in
    the same box (two "Close" buttons, one aria-hidden, are told apart by where they are), else the first (a page
    that moved between the two snapshots), when it has a name: an unnamed paragraph elsewhere is any other one (a
    hidden one with no ref of its own took the next one's ref, and every element after it was looked for past it)."""
    box = read.attributes.get("box")
    same = next((place for place, other in candidates if other.attributes.get("box") == box), None)
    return same if same is not None else (candidates[0][0] if candidates and read.name else None)


def _with_ref(raw: str, read: SnapshotLine, ref: str) -> str:
    """The line with `[ref=...]` where the ai snapshot writes it: after the states, before the box."""
    box = read.attributes.get("box")
    at = raw.find(f" [box={box}]") if box is not None and not raw.lstrip(" ").startswith("- '") else -1
    if at >= 0:
        return f"{raw[:at]} [ref={ref}]{raw[at:]}"
    attributes = {key: value for key, value in read.attributes.items() if key != "box"}
    attributes["ref"] = ref
    if box is not None:
        attributes["box"] = box
    return replace(read, attributes=attributes).render()


def _closed(lines: list[str], index: int) -> str:
    """A line that had children only in its dropped `/url` ends with its key, as a childless line does."""
    raw = lines[index]
    if not raw.endswith(":"):
        return raw
    has_children = index + 1 < len(lines) and _indent(lines[index + 1]) > _indent(raw)
    return raw if has_children else raw[:-1]
