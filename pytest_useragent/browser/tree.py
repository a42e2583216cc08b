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

from dataclasses import replace

from pytest_useragent.records.snapshot import SnapshotLine, parse

LOOKAHEAD = 200
"""How many of the ai snapshot's named elements past the last match an element of the tree is looked for among:
elements the tree leaves out (aria-hidden ones) lie between, and a page has few of them."""
_UNMATCHED = frozenset({"generic", "text"})
"""Roles the tree never shows as elements of their own (generic wrappers are flattened, text has no ref)."""


def reader_tree(tree: str, ai: str) -> str:
    """`tree` (the default aria snapshot, with boxes for condensing) as the screen-reader persona reads it: each
    element with the ref its twin has in `ai`, no `/url` lines."""
    twins = [read for read in parse(ai) if read.ref and read.role not in _UNMATCHED]
    lines: list[SnapshotLine] = []
    cursor = 0
    for read in parse(tree):
        if read.role == "/url":
            continue
        if read.role not in _UNMATCHED and not read.role.startswith("/"):
            found = _twin(read, twins[cursor : cursor + LOOKAHEAD])
            if found is not None:
                read = _with_ref(read, str(twins[cursor + found].ref))
                cursor += found + 1
        lines.append(read)
    return "\n".join(_closed(lines, index).render() for index in range(len(lines)))


def _twin(read: SnapshotLine, candidates: list[SnapshotLine]) -> int | None:
    """The index of `read`'s twin among `candidates`: the first of its role and name in the same box (two "Close"
    buttons, one aria-hidden, are told apart by where they are), else the first of its role and name (a page that
    moved between the two snapshots)."""
    alike = [index for index, other in enumerate(candidates) if (other.role, other.name) == (read.role, read.name)]
    box = read.attributes.get("box")
    return next(
        (index for index in alike if candidates[index].attributes.get("box") == box), alike[0] if alike else None
    )


def _with_ref(read: SnapshotLine, ref: str) -> SnapshotLine:
    """The line with `[ref=...]` where the ai snapshot writes it: after the states, before the box."""
    attributes = {key: value for key, value in read.attributes.items() if key != "box"}
    attributes["ref"] = ref
    if "box" in read.attributes:
        attributes["box"] = read.attributes["box"]
    return replace(read, attributes=attributes)


def _closed(lines: list[SnapshotLine], index: int) -> SnapshotLine:
    """A line that had children only in its dropped `/url` ends with its key, as a childless line does."""
    read = lines[index]
    has_children = index + 1 < len(lines) and lines[index + 1].indent > read.indent
    return replace(read, text=None) if read.text == "" and not has_children else read
