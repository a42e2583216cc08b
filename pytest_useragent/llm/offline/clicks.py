"""Pure: what a person clicks on a page: a link, a button, a tab, a menu item, a switch, or text a mouse user takes
for a button (`Element.pointer`); and where a card's link leads, by the card's heading."""

from __future__ import annotations

from pytest_useragent.llm.offline.page import CLICKABLE, READ, Element


def presses(element: Element) -> bool:
    """A button, or text a mouse user takes for one (`Element.pointer`): named, and with a ref to click by."""
    return element.role == "button" or (element.pointer and element.role in READ and bool(element.name))


def clickable(element: Element) -> bool:
    """What a person clicks: a link, a button, a tab, a menu item, a switch, or text that looks like a button."""
    return element.role in CLICKABLE or presses(element)


CARDS = frozenset({"article", "listitem"})
"""What holds a card: a post's preview, a product, a news item."""


def card_heading(elements: list[Element], link: Element) -> str:
    """The heading of the card (an article, a list item) a link sits in: what a "Read more" link leads to, as a
    person reads it off the card; "" when the link is in no card or its card has no heading."""
    at, depth = elements.index(link), len(link.within)
    start = next(
        (i for i in range(at - 1, -1, -1) if len(elements[i].within) < depth and elements[i].role in CARDS), None
    )
    if start is None:
        return ""
    inside = len(elements[start].within)
    for element in elements[start + 1 :]:
        if len(element.within) <= inside:
            return ""
        if element.role == "heading":
            return element.name
    return ""
