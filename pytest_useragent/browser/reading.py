"""What a screen-reader persona can find objectively in the page it reads: the accessibility tree as a screen reader
gets it (`ScreenReader.tree`, Playwright's default aria snapshot, with each link's `/url`), in reading order. Pure:
text in, findings out; the word lists of `link-purpose-unclear` are in `vague.py`, the label-in-name comparison of
controls the page script measured in `label_not_in_name`.

Each rule reads only what the tree holds (a heading, a landmark, a table's rows and header cells, a link's name and
the text around it), so a finding is what the persona met. Left out, on purpose:

- skipped heading levels (h1 then h3): WCAG does not require ordered levels. G141 (Organizing a page using
  headings) is *advisory* for 1.3.1 and sufficient only for 2.4.10 Section Headings (AAA); H42 and H69 say to
  avoid skipping levels, as advice. A conforming page may skip one, so a skip is no objective finding here.
- images of text (1.4.5): the tree says an image is there and its alternative text, never whether its pixels are
  text. An image that names a heading or a link is as often a logo (exempt) or a photo with a caption as a picture
  of words; telling them apart needs OCR, so no rule guesses it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from pytest_useragent.browser.parts import unmarked
from pytest_useragent.browser.vague import vague
from pytest_useragent.records import Issue
from pytest_useragent.records.grouping import MAX_EXAMPLE_CHARS
from pytest_useragent.records.rules import rule
from pytest_useragent.records.snapshot import SnapshotLine, line

LANDMARKS = frozenset({"banner", "navigation", "main", "contentinfo", "complementary", "region", "search", "form"})
"""The roles a screen reader lists as landmarks (a `region` and a `form` only when named, as the tree shows them)."""
MIN_WORDS = 100
"""Fewer words than this are "a short amount of content": a page read from the top in a few seconds needs nothing to
navigate by."""
MIN_LINKS = 5
"""Fewer links than this are no block of navigation to bypass (2.4.1 is about blocks repeated on many pages: a menu)."""
HEADER_CELLS = frozenset({"columnheader", "rowheader"})
DATA_CELLS = frozenset({"cell", "gridcell"})
LAYOUT_SIGNS = frozenset({"heading", "table", "form", "list", "textbox", "button", "navigation", "main", "banner"})
"""What a data table's cell does not hold and a page laid out in a table does."""
CONTEXT_ROLES = frozenset({"paragraph", "listitem", "cell", "gridcell", "rowheader", "columnheader", "caption"})
"""Where WCAG's programmatically determined link context lies (H77, H78, H79: the enclosing paragraph, list item,
table cell)."""
MAX_DEPTH = 100
"""The deepest a node is kept in its place: a page nesting lists a thousand deep has its deeper lines read at this
depth, so the rules' walks stay within Python's recursion limit."""
MAX_LINES = 20_000
"""The most lines of a tree the rules read: a table of 10,000 rows is found by its first rows, and reading all of it
would cost the step seconds."""
MAX_QUOTED = 120
"""The most of a link's context a finding quotes."""
_WORD = re.compile(r"\w+")


@dataclass(eq=False)
class Node:
    """One element or text of the tree, with its children, in reading order."""

    read: SnapshotLine
    children: list[Node] = field(default_factory=list)
    parent: Node | None = None
    place: int = 0
    """Its index among its parent's children."""

    @property
    def role(self) -> str:
        return self.read.role

    @property
    def words(self) -> str:
        """What a screen reader reads of this node alone: its name, or its text."""
        if self.role == "text":
            return self.read.text or ""
        return self.read.name or self.read.text or ""

    def walk(self) -> list[Node]:
        """This node and every node under it, in reading order."""
        found: list[Node] = []
        stack = [self]
        while stack:
            node = stack.pop()
            found.append(node)
            stack.extend(reversed(node.children))
        return found

    def said(self, limit: int | None = None) -> str:
        """The text a screen reader reads in this node: the words of its leaves (a row's or a cell's name repeats
        its children's), in order; at least `limit` characters of it when given."""
        parts: list[str] = []
        length = 0
        for node in self.walk():
            if node.role.startswith("/") or any(not child.role.startswith("/") for child in node.children):
                continue
            words = node.words
            if words:
                parts.append(words)
                length += len(words) + 1
                if limit is not None and length > limit:
                    break
        return " ".join(" ".join(parts).split())


def tree_of(text: str) -> Node:
    """The tree's lines as nodes under one root; property lines (`/url`) stay children of their element."""
    root = Node(SnapshotLine(indent=-2, role="document"))
    stack = [root]
    for raw in text.split("\n", MAX_LINES)[:MAX_LINES]:
        read = line(raw)
        if read is None:
            continue
        while len(stack) > 1 and stack[-1].read.indent >= read.indent:
            stack.pop()
        node = Node(read, parent=stack[-1], place=len(stack[-1].children))
        stack[-1].children.append(node)
        if len(stack) < MAX_DEPTH:
            stack.append(node)
    return root


def url_of(node: Node) -> str | None:
    return next((child.read.text for child in node.children if child.role == "/url"), None)


def box_of(node: Node) -> str | None:
    box = node.read.attributes.get("box")
    return box if isinstance(box, str) else None


def named(node: Node) -> str:
    """`role "name"`, as findings name an element."""
    return f'{node.role} "{node.read.name}"' if node.read.name else node.role


# --- 2.4.1 Bypass Blocks: nothing to navigate by ------------------------------------------------------------------


def nothing_to_navigate_by(root: Node) -> list[Issue]:
    """One finding when a page of `MIN_WORDS` words and `MIN_LINKS` links or more (a block of navigation, and content
    after it) has no heading, no landmark and no skip link (its first link goes to a place on the page): a screen
    reader's heading and landmark keys find nothing, and the persona listens from the top."""
    nodes = root.walk()[1:]
    if any(node.role == "heading" or node.role in LANDMARKS for node in nodes):
        return []
    links = [node for node in nodes if node.role == "link"]
    first = url_of(links[0]) if links else None
    if first is not None and first.startswith("#") and len(first) > 1:
        return []
    words = len(_WORD.findall(root.said()))
    if words < MIN_WORDS or len(links) < MIN_LINKS:
        return []
    return [
        rule("no-headings-or-landmarks").issue(
            f"the page reads {words} words and {len(links)} links with no heading, no landmark (main, navigation, "
            "banner...) and no link to skip to its content: a screen reader's heading and landmark keys find nothing",
            "document",
        )
    ]


# --- 1.3.1 Info and Relationships: tables read without headers ----------------------------------------------------


def _own(table: Node) -> list[Node]:
    """The nodes of a table that are its own, not a nested table's."""
    found: list[Node] = []
    for child in table.children:
        if child.role != "table":
            found += [child, *_own(child)]
    return found


def tables_without_headers(root: Node) -> list[Issue]:
    """A finding per table with at least two rows and two columns of cells and no header cell at all
    (columnheader, rowheader: th, scope, headers or the ARIA roles): a screen reader reads each cell with nothing
    to say which row or column it is in. A table holding headings, lists, forms, controls or tables of its own is a
    layout table (a reader still announces it as a table: it needs role=presentation). Its example is what it reads
    (its caption and cells, cut), by which axe's finding on the same table out of view, which has no box, is known
    (`grouping.unrepeated`)."""
    found = []
    for table in (node for node in root.walk() if node.role == "table"):
        own = _own(table)
        if any(node.role in HEADER_CELLS for node in own):
            continue
        rows = [node for node in own if node.role == "row"]
        widest = max((sum(cell.role in DATA_CELLS for cell in row.children) for row in rows), default=0)
        if len(rows) < 2 or widest < 2:
            continue
        inside = {node.role for cell in own if cell.role in DATA_CELLS for node in cell.walk()[1:]}
        layout = bool(inside & LAYOUT_SIGNS)
        what = (
            "holds headings, lists, controls or tables: laid out with a table, which a screen reader announces as a "
            "table (role=presentation would not)"
            if layout
            else "a data table whose cells a screen reader reads with no column or row header (no th, scope, "
            "headers or columnheader/rowheader role)"
        )
        reads = f"{named(table)} reads: {table.said(MAX_EXAMPLE_CHARS)}"[:MAX_EXAMPLE_CHARS]
        found.append(
            rule("table-without-headers").issue(
                f"{named(table)} of {len(rows)} rows and {widest} columns, no header cell: {what}",
                named(table),
                title="A layout table is read as a table" if layout else None,
                severity="minor" if layout else None,
                box=box_of(table),
                examples=[reads],
            )
        )
    return found


# --- 2.4.4 Link Purpose (In Context) ------------------------------------------------------------------------------


def _context(link: Node, vague_links: set[int]) -> str:
    """The text that gives a link its purpose in context, as WCAG's programmatically determined link context has it:
    the enclosing paragraph, list item (with its parent item in a nested list) or table cell (with its row), H77-H79
    and H81, else the text right beside it in the same element (a sentence around the link); the heading before it
    (H80) is `_headings_before`'s. The names of vague links
    (`vague_links`, by id), its own among them, are not part of it: "here" and "here" in one sentence share one."""
    parts: list[str] = []
    holder = link.parent
    while holder is not None and holder.role not in CONTEXT_ROLES and holder.role != "document":
        if holder.role in LANDMARKS or holder.role in ("article", "dialog", "table", "list"):
            holder = None
            break
        holder = holder.parent
    if holder is not None and holder.role in CONTEXT_ROLES:
        if holder.role in DATA_CELLS | HEADER_CELLS and holder.parent is not None and holder.parent.role == "row":
            holder = holder.parent  # H79: the cell with its row's header; the whole row, to err towards none
        outer = holder.parent
        while holder.role == "listitem" and outer is not None and outer.role not in LANDMARKS:
            if outer.role == "listitem":  # H81: a nested list's parent item
                parts += [child.words for child in outer.children if child.role == "text" or child.role == "link"]
                break
            outer = outer.parent
        inside = holder.walk()[1:]
        hidden = {id(node) for node in inside if node.parent is not None and id(node.parent) in vague_links}
        parts.append(
            " ".join(
                node.words
                for node in inside
                if id(node) not in vague_links and id(node) not in hidden and node.role != "/url"
            )
        )
    else:
        siblings = link.parent.children if link.parent else []
        place = link.place
        beside = [siblings[index] for index in (place - 1, place + 1) if 0 <= index < len(siblings)]
        parts += [node.words for node in beside if node.role == "text"]
    return " ".join(" ".join(parts).split())


def _headings_before(root: Node) -> dict[int, str]:
    """Each link (by id) and the name of the last heading before it in reading order in the same landmark (H80: the
    heading of the section it is in; a heading of the menu says nothing of a link in the footer)."""
    last: dict[int, str] = {}
    """The last heading seen in each landmark (by id)."""
    before: dict[int, str] = {}
    for node in root.walk():
        if node.role == "heading":
            last[id(_landmark(node))] = node.read.name or node.said()
        elif node.role == "link":
            before[id(node)] = last.get(id(_landmark(node)), "")
    return before


def _landmark(node: Node) -> Node | None:
    """The landmark a node is in, None for the page outside any."""
    holder = node.parent
    while holder is not None and holder.role not in LANDMARKS:
        holder = holder.parent
    return holder


def links_without_purpose(root: Node, lang: str) -> list[Issue]:
    """Links whose name says nothing (`vague`: "read more", "więcej", "hier", a bare address) and whose context does
    not say either: none at all (no words around it and no heading before it), or the same context as another link
    of the same name that leads elsewhere (two "here" in one sentence, three "Read more" under one heading), where
    the context cannot tell them apart (F63). A vague link in a sentence, list item, cell or section of its own
    passes, as WCAG's 2.4.4 allows; visually hidden words in the name ("Read more<span class=visually-hidden> about
    tyres</span>") make it no longer vague."""
    headings = _headings_before(root)
    links = [node for node in root.walk() if node.role == "link" and vague(node.read.name or "", lang)]
    keyed: dict[tuple[str, str], set[str | None]] = {}
    contexts = {}
    ids = {id(link) for link in links}
    for link in links:
        said = _context(link, ids)
        context = (said, headings.get(id(link), ""))
        contexts[id(link)] = context
        keyed.setdefault((_folded(link.read.name or ""), repr(context)), set()).add(url_of(link))
    unclear = []
    for link in links:
        said, heading = contexts[id(link)]
        places = keyed[(_folded(link.read.name or ""), repr(contexts[id(link)]))]
        if not _WORD.search(said) and not heading:
            unclear.append((link, "nothing around it says where it goes (no sentence, list item, cell or heading)"))
        elif len(places) > 1:
            quoted = said if len(said) <= MAX_QUOTED else said[: MAX_QUOTED - 1] + "…"
            shared = f'"{quoted}"' if said else f'the heading "{heading}"'
            unclear.append((link, f"links of this name lead to {len(places)} places and share one context: {shared}"))
    if not unclear:
        return []
    first, why = unclear[0]
    return [
        rule("link-purpose-unclear").issue(
            f"{named(first)}: {why}",
            named(first),
            box=box_of(first),
            count=len(unclear),
            examples=[named(link) for link, _ in unclear[:5]],
        )
    ]


def _folded(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


# --- 2.5.3 Label in Name ------------------------------------------------------------------------------------------


def folded_words(text: str) -> str:
    """Text as a label is compared: case, punctuation and spacing set aside (2.5.3 lets "Search:" be "search"), the
    label's words then looked for in the name in their order (`_in_order`)."""
    return " ".join(_WORD.findall(_folded(text).replace("_", " ")))


def label_not_in_name(root: Node, controls: list[dict[str, str]]) -> list[Issue]:
    """Controls (measured by the page script: role, accessible name from aria-label or aria-labelledby, the text
    shown as its label, its box) whose shown label is not in the name a screen reader reads, of those the tree
    holds (the persona met them). "Send" named "Send the form" passes; "Send" named "Submit form" does not."""
    if not controls:
        return []
    met = {(node.role, _folded(node.read.name or "")) for node in root.walk() if node.read.name}
    wrong = [
        control
        for control in controls
        if folded_words(control["visible"])
        and (control["role"], _folded(control["name"])) in met
        and not _in_order(folded_words(control["visible"]).split(), folded_words(control["name"]).split())
    ]
    if not wrong:
        return []
    first = wrong[0]
    element = f'{first["role"]} "{first["name"]}"'
    return [
        rule("label-not-in-name").issue(
            f'{element} shows the label "{first["visible"]}", which its accessible name does not contain: a screen '
            "reader says the name, speech input users say the label",
            element,
            box=first.get("box"),
            count=len(wrong),
            examples=[f'{control["role"]} "{control["name"]}"' for control in wrong[:5]],
        )
    ]


def _in_order(label: list[str], name: list[str]) -> bool:
    """Whether the label's words are all in the name, in their order: "Skip to content (Alt+0)" is in "Skip to content,
    shortcut Alt plus 0", as a speech input user saying the label's words finds it."""
    rest = iter(name)
    return all(word in rest for word in label)


def read(tree: str, lang: str, controls: list[dict[str, str]], parts: list[dict[str, str]]) -> list[Issue]:
    """Every finding of a screen-reader persona's rules on one page state (`parts`: its blocks of text and their
    language, `browser/parts.py`). Pure."""
    root = tree_of(tree)
    return (
        nothing_to_navigate_by(root)
        + tables_without_headers(root)
        + links_without_purpose(root, lang)
        + label_not_in_name(root, controls)
        + unmarked(parts, lang, tree)
    )
