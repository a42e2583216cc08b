"""Bounded page state: what the model sees of a page, however large the page is. Pure: text in, text out.

Input is Playwright's ai snapshot taken with `boxes=True` (every element carries `[box=x,y,width,height]` relative
to the viewport). A page whose snapshot fits the limit is sent whole (boxes removed, written tighter, see `parse`).
A larger one is condensed:

- elements in and near the viewport in full (when even that is too much, long runs of similar ones are cut);
- the rest as an outline: landmarks, headings and live regions (status, alert) with their refs, and everything
  else counted, never silently dropped: a run of similar siblings (product cards, table rows) becomes one line
  naming how many there are and the first and last of them, other elements "… N elements below (link 40, …)";
- a header saying where the viewport is and how far the page continues.

Refs are those of the full snapshot, so they stay valid for acting. `find` searches the full snapshot, so nothing
the outline leaves out becomes unreachable.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from pytest_useragent.records.snapshot import SnapshotLine
from pytest_useragent.records.snapshot import line as read_line

MAX_CHARS = 9_000
"""The page state sent to the model: about 3,000 tokens at 3 characters a token."""
REPEAT_MIN = 3
"""Similar siblings in a row that count as a repeated run."""
STAGES: tuple[tuple[float, int | None], ...] = ((1.0, None), (0.5, None), (0.0, None), (0.0, 60), (0.0, 20))
"""Tried in order until the page state fits: how many viewport heights above and below count as near, and how many
lines of a run of similar elements in view are shown before the rest of the run is counted."""
LINE_MAX = 600
"""A longer line (a wall of text) is cut, saying by how much; `find` still searches all of it."""
WHOLE_ITEM = 16
"""An element in view with at most this many lines in all (a product card, a form row) is shown whole."""

LIVE = frozenset({"status", "alert", "alertdialog", "dialog"})
"""What the page announces; shown wherever it is, like headings."""
LANDMARKS = frozenset({"banner", "navigation", "main", "contentinfo", "complementary", "search", "form", "region"})
ITEMS = frozenset({"listitem", "row", "article", "option", "treeitem", "gridcell", "group"})

_BOX = re.compile(r" \[box=(-?[\d.]+),(-?[\d.]+),(-?[\d.]+),(-?[\d.]+)\]")
COUNTED = re.compile(r"^\s*- (?:… (?P<counted>\d+) elements? |[\w-]+ ×\d+ .*?(?P<run>\d+) elements\)$)")
"""A line that stands for elements it does not show, and says how many: `- … 57 elements below (link 40, …)`,
`- listitem ×140 below, like e7 ("A" … "B"; 420 elements)`."""


@dataclass
class Node:
    """One line of the snapshot and the lines nested under it."""

    line: str
    """The line without indentation and box, starting with "- "."""
    role: str
    top: float
    bottom: float
    children: list[Node] = field(default_factory=list)
    open: bool = False
    """While parsing: the line lost its ":" to a folded `/url` and gets it back if another child follows."""

    @cached_property
    def size(self) -> int:
        return 1 + sum(child.size for child in self.children)

    _read: tuple[str, SnapshotLine | None] = field(default=("", None), repr=False, compare=False)
    """The line as last read, and what it read as: a node's name is asked again and again while condensing."""

    @property
    def read(self) -> SnapshotLine | None:
        if self._read[0] != self.line:  # the line changes while the snapshot is parsed (a folded url, a ":")
            self._read = (self.line, read_line(self.line.partition("\n")[0]))
        return self._read[1]

    @property
    def ref(self) -> str | None:
        read = self.read
        return read.ref if read else None

    @property
    def name(self) -> str:
        """The accessible name, else the text after the colon."""
        read = self.read
        return (read.name or (read.text or "").strip()) if read else ""

    @property
    def label(self) -> str:
        """A name that tells this node apart from its siblings: its own, its heading's, or its first named
        descendant's."""
        if self.name:
            return self.name
        named = [child for child in self.children if not child.role.startswith("/") and child.label]
        heading = next((child for child in named if child.role == "heading"), None)
        return (heading or named[0]).label if named else ""

    @property
    def shape(self) -> tuple[str, ...]:
        """What makes siblings "similar": the role and the roles of the children."""
        return (self.role, *(child.role for child in self.children if not child.role.startswith("/")))

    def head(self, depth: int, clip: bool = True) -> str:
        """This node's own line, indented, cut at LINE_MAX characters when `clip`."""
        line = self.line
        if clip and len(line) > LINE_MAX:
            line = f"{line[:LINE_MAX]}… ({len(line) - LINE_MAX} more characters)"
        return "  " * depth + line

    def render(self, depth: int, clip: bool = False) -> list[str]:
        """This node and everything under it."""
        return [self.head(depth, clip), *(line for child in self.children for line in child.render(depth + 1, clip))]


@dataclass(frozen=True)
class Viewport:
    """Where the viewport is on the page, in CSS pixels."""

    scroll_y: float
    height: float
    page_height: float

    @property
    def below(self) -> float:
        return max(0.0, self.page_height - self.scroll_y - self.height)


@dataclass(frozen=True)
class PageState:
    """What the model is shown of a page, and how much of the page that is."""

    text: str
    elements: int
    """Elements (snapshot lines) on the whole page."""
    shown: int
    """Elements shown in full; the others are counted on the lines that stand for them."""

    @property
    def condensed(self) -> bool:
        return self.shown < self.elements


def parse(snapshot: str) -> list[Node]:
    """The snapshot as a forest. Lines without a box take their parent's position. Written tighter than Playwright
    writes it, as every character is paid for: a link's `/url` child becomes a `[url=…]` on its line, and links and
    buttons lose `[cursor=pointer]` (they are clickable by what they are)."""
    roots: list[Node] = []
    stack: list[tuple[int, Node]] = []
    for raw in snapshot.splitlines():
        stripped = raw.lstrip(" ")
        if not stripped:
            continue
        indent = len(raw) - len(stripped)
        if not stripped.startswith("- ") and stack:  # a continuation of the line above
            stack[-1][1].line += "\n" + stripped
            continue
        while stack and stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1] if stack else None
        box = _BOX.search(stripped)
        if box:
            top = float(box.group(2))
            bottom = top + float(box.group(4))
        else:
            top, bottom = (parent.top, parent.bottom) if parent else (0.0, 0.0)
        line = _BOX.sub("", stripped)
        read = read_line(line)
        role = read.role if read else "text"
        if role == "/url" and read and parent is not None and parent.role == "link" and not parent.children:
            opened = parent.line.endswith(":")
            # a "]" would end the attribute early; %5D is the same URL
            parent.line = parent.line.removesuffix(":") + f" [url={(read.text or '').replace(']', '%5D')}]"
            parent.open = opened  # its ":" returns if more children follow
            continue
        if role in ("link", "button"):
            line = line.replace(" [cursor=pointer]", "")
        if parent is not None and parent.open:
            parent.line, parent.open = parent.line + ":", False
        node = Node(line, role, top, bottom, _read=(line, read))
        (parent.children if parent else roots).append(node)
        stack.append((indent, node))
    return roots


def condense(snapshot: str, viewport: Viewport, limit: int = MAX_CHARS) -> PageState:
    """The page state for the model: whole when it fits `limit`, else bounded to it as described above."""
    roots = parse(snapshot)
    total = sum(root.size for root in roots)
    whole = "\n".join(line for root in roots for line in root.render(0))
    if len(whole) <= limit:
        return PageState(whole, total, total)
    header = _header(viewport)
    for margin, run_lines in STAGES:
        band = (-margin * viewport.height, viewport.height * (1 + margin))
        entries = _in_band(roots, band, 0, run_lines)
        if _length(entries) + len(header) <= limit:
            break
    entries = _fit(entries, limit - len(header) - 1)
    shown = sum(entry.shown for entry in entries)
    return PageState("\n".join([header, *(entry.text for entry in entries)]), total, shown)


def strip_boxes(snapshot: str) -> str:
    return _BOX.sub("", snapshot)


@dataclass(frozen=True)
class _Entry:
    text: str
    shown: int
    """Elements this line shows (1 or 0)."""
    hidden: int
    """Elements this line stands for without showing them."""
    distance: float
    """How far from the viewport what it stands for is; in-band lines are 0."""


def _header(viewport: Viewport) -> str:
    screens = viewport.page_height / viewport.height if viewport.height else 1
    return (
        f"(Long page, condensed: you see the viewport at {viewport.scroll_y:.0f} px of {viewport.page_height:.0f} px "
        f"({screens:.1f} screens), {viewport.scroll_y:.0f} px above it and {viewport.below:.0f} px below. Elements "
        "far from it are outlined or counted; scroll, or find by text or role, to see them.)"
    )


def _side(node: Node, band: tuple[float, float]) -> str:
    if node.bottom < band[0] or (node.bottom == node.top and node.top < band[0]):
        return "above"
    if node.top > band[1]:
        return "below"
    return "in"


def _distance(node: Node, band: tuple[float, float]) -> float:
    return max(band[0] - node.bottom, node.top - band[1], 0.0)


def _in_band(nodes: list[Node], band: tuple[float, float], depth: int, run_lines: int | None) -> list[_Entry]:
    """Nodes of one parent: those in the band in full (a run of similar ones cut after `run_lines` lines when
    set), runs of the others outlined."""
    entries: list[_Entry] = []
    index = 0
    while index < len(nodes):
        side = _side(nodes[index], band)
        end = index + 1
        while end < len(nodes) and _side(nodes[end], band) == side:
            end += 1
        if side != "in":
            entries += _outline(nodes[index:end], band, depth, side)
        else:
            for run in _runs(nodes[index:end]):
                entries += _in_view(run, band, depth, run_lines)
        index = end
    return entries


def _in_view(run: list[Node], band: tuple[float, float], depth: int, run_lines: int | None) -> list[_Entry]:
    """Similar siblings in the band: in full, or the first of them up to `run_lines` lines and the rest counted."""
    entries: list[_Entry] = []
    lines = 0
    for position, node in enumerate(run):
        if run_lines is not None and len(run) >= REPEAT_MIN and position and lines + node.size > run_lines:
            entries.append(_run_line(run[position:], depth, "more in view", 0.0))
            break
        lines += node.size
        if node.size <= WHOLE_ITEM:
            entries += [_Entry(line, 1, 0, 0.0) for line in node.render(depth, clip=True)]
        else:
            entries.append(_Entry(node.head(depth), 1, 0, 0.0))
            entries += _in_band(node.children, band, depth + 1, run_lines)
    return entries


def _run_line(run: list[Node], depth: int, where: str, distance: float) -> _Entry:
    """One line for a run of similar siblings: how many, where, the first and the last."""
    first, last = run[0], run[-1]
    hidden = sum(node.size for node in run)
    names = f'"{first.label}" … "{last.label}"; ' if first.label else ""
    like = first.ref or first.role
    text = f"{'  ' * depth}- {first.role} ×{len(run)} {where}, like {like} ({names}{hidden} elements)"
    return _Entry(text, 0, hidden, distance)


def _outline(nodes: list[Node], band: tuple[float, float], depth: int, side: str) -> list[_Entry]:
    """Nodes off the band: landmarks and headings named, runs of similar siblings collapsed, the rest counted."""
    entries: list[_Entry] = []
    pending: list[Node] = []  # counted, not shown: flushed as one line

    def flush() -> None:
        if pending:
            hidden = sum(node.size for node in pending)
            roles = Counter(role for node in pending for role in _roles(node))
            kinds = ", ".join(f"{role} {count}" for role, count in roles.most_common(4))
            distance = min(_distance(node, band) for node in pending)
            text = f"{'  ' * depth}- … {hidden} element{'s' if hidden != 1 else ''} {side} ({kinds})"
            entries.append(_Entry(text, 0, hidden, distance))
            pending.clear()

    for run in _runs(nodes):
        if len(run) >= REPEAT_MIN:
            flush()
            entries.append(_run_line(run, depth, side, min(_distance(node, band) for node in run)))
            continue
        for node in run:
            if node.role == "heading" or node.role in LANDMARKS or node.role in LIVE:
                flush()
                entries.append(_Entry(node.head(depth), 1, 0, _distance(node, band)))
                if node.role not in LANDMARKS:
                    pending.extend(node.children)
                else:
                    entries += _outline(node.children, band, depth + 1, side)
            elif _has_outline(node):
                pending.append(Node(node.line, node.role, node.top, node.bottom))  # the container itself is counted
                flush()
                entries += _outline(node.children, band, depth, side)
            else:
                pending.append(node)
    flush()
    return entries


def _runs(nodes: list[Node]) -> list[list[Node]]:
    """Consecutive siblings grouped by shape."""
    runs: list[list[Node]] = []
    for node in nodes:
        if runs and runs[-1][0].shape == node.shape and not node.role.startswith("/"):
            runs[-1].append(node)
        else:
            runs.append([node])
    return runs


def _has_outline(node: Node) -> bool:
    return any(
        child.role == "heading" or child.role in LANDMARKS or child.role in LIVE or _has_outline(child)
        for child in node.children
    )


def _roles(node: Node) -> list[str]:
    return [node.role, *(role for child in node.children for role in _roles(child))]


def _length(entries: list[_Entry]) -> int:
    return sum(len(entry.text) + 1 for entry in entries)


def _fit(entries: list[_Entry], limit: int) -> list[_Entry]:
    """Entries within `limit` characters: the line farthest from the viewport (the last one when all are in view)
    is merged with its farther neighbour into one line counting what both stood for, until the rest fits."""
    entries = list(entries)
    length = _length(entries)
    while length > limit and len(entries) > 1:
        victim = max(range(len(entries)), key=lambda index: (entries[index].distance, index))
        before, after = victim - 1, victim + 1
        if before < 0 or (after < len(entries) and entries[after].distance >= entries[before].distance):
            first = victim
        else:
            first = before
        a, b = entries[first], entries[first + 1]
        merged = _count_line(a.shown + a.hidden + b.shown + b.hidden, max(a.distance, b.distance))
        length += len(merged.text) - len(a.text) - len(b.text) - 1
        entries[first : first + 2] = [merged]
    return entries


def _count_line(hidden: int, distance: float) -> _Entry:
    text = f"- … {hidden} element{'s' if hidden != 1 else ''} not shown (find or scroll to see them)"
    return _Entry(text, 0, hidden, distance)
