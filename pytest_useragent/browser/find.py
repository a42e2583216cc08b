"""Pure: `find` over the whole snapshot: the elements whose line holds every word of a query, each shown with the item
around it, bounded. A dropdown's option has no ref of its own (a `<select>`'s options are chosen through it): it is
shown under its dropdown's line, the ref to choose it by, and not with the dropdown's hundred other options."""

from __future__ import annotations

from pytest_useragent.browser.condense import ITEMS, Node, parse
from pytest_useragent.records.snapshot import REF_ATTRIBUTE

FIND_MAX_MATCHES = 12


DROPDOWNS = frozenset({"combobox", "listbox"})
"""What holds options that have no ref of their own."""
FIND_MAX_LINES = 14
"""Lines shown per match (the element and its surroundings)."""


def find(snapshot: str, query: str) -> tuple[int, str]:
    """Elements of the full snapshot whose line holds every word of `query` (role, name, text or ref), each shown
    with the item around it (list item, row, card) so what belongs to it can be acted on: (matches, text)."""
    words = query.lower().split()
    blocks: list[list[str]] = []
    seen: set[int] = set()
    matches = 0

    def visit(node: Node, item: Node | None, box: Node | None) -> None:
        nonlocal matches
        item = node if node.role in ITEMS else item
        text = REF_ATTRIBUTE.sub("", node.line).lower()
        if words and all(word in text or word == node.ref for word in words) and not node.role.startswith("/"):
            matches += 1
            around = item or node
            if id(around) not in seen and len(blocks) < FIND_MAX_MATCHES:
                seen.add(id(around))
                if box is not None and node.role == "option" and not node.ref:
                    lines = [box.head(0), *around.render(1)]
                else:
                    lines = around.render(0)
                cut = lines[:FIND_MAX_LINES]
                if len(lines) > len(cut):
                    cut.append(f"  … {len(lines) - len(cut)} more lines")
                blocks.append(cut)
        box = node if node.role in DROPDOWNS and node.ref else box
        for child in node.children:
            visit(child, item, box)

    for root in parse(snapshot):
        visit(root, None, None)
    if not matches:
        return 0, f'nothing on the page matches "{query}"'
    shown = f" (the first {len(blocks)} shown)" if len(blocks) < matches else ""
    body = "\n".join(line for block in blocks for line in block)
    return matches, f'{matches} element{"s" if matches != 1 else ""} match "{query}"{shown}:\n{body}'
