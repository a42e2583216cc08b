"""Pure: the offline engine's one move at a step of a session with no goal (`agent.explore`). It looks around as a
first-time visitor does: the site's own navigation first, then the page's other links, one untried link a step,
each with the expectation that the page it leads to is what the link says; after a few pages, or when nothing is left
to open, it says it has seen enough (a done needs no evidence when exploring). What it met on the way (a link that
misnames its page, an error page) is judged and reported as in any session (`judge.py`)."""

from __future__ import annotations

from pytest_useragent.llm.offline.memory import Expected, Memory
from pytest_useragent.llm.offline.page import SIGN_OUT, Element
from pytest_useragent.llm.offline.step import Move
from pytest_useragent.llm.offline.widget import leaves
from pytest_useragent.records import Action

PAGES_TO_SEE = 3
"""Links it follows before it has seen enough: a visitor's first look, a few steps, never a crawl."""
SEEN_ENOUGH = Expected(kind="plain", target="Nothing more: I have seen enough.")


def explore_move(elements: list[Element], memory: Memory, url: str = "") -> Move:
    """The next link to open on the site at `url` (never another host's, a stylesheet or a file), or done when it
    has seen enough."""
    opened = len(memory.tried)
    candidates = [e for e in elements if _worth_opening(e) and e.key not in memory.tried and not leaves(e, url)]
    if opened >= PAGES_TO_SEE or not candidates:
        why = f"I have seen enough: I opened {opened} page{'s' if opened != 1 else ''} of the site"
        if not candidates and opened < PAGES_TO_SEE:
            why += " and nothing else here draws me"
        return Move("I have looked around.", SEEN_ENOUGH, Action(kind="done", reason=why))
    chosen = min(candidates, key=lambda e: "navigation" not in e.within)  # the site's own menu first, in order
    expected = Expected(kind="mentions", target=chosen.name)
    notice = f'"{chosen.name}" draws my eye.'
    return Move(notice, expected, Action(kind="click", ref=chosen.ref), chosen.key)


def _worth_opening(element: Element) -> bool:
    """A link with a name, not one that would sign the persona out."""
    return element.role == "link" and bool(element.ref) and bool(element.name) and not SIGN_OUT.search(element.name)
