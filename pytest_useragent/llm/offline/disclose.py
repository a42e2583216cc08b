"""The offline engine's rule for a goal whose target is hidden in a collapsed menu: when nothing on the page matches
the goal, a disclosure that is shut (a button `[expanded=false]`: "Menu", "Menü", "メニュー") is opened, those of a
navigation or named as a menu first, each once and never again, and the page is read anew; a link it shows is then
followed as any other. A widget goal opens what hides its target itself (`operate`)."""

from __future__ import annotations

from pytest_useragent.llm.offline.lexicon import fold
from pytest_useragent.llm.offline.memory import Expected
from pytest_useragent.llm.offline.page import Element
from pytest_useragent.llm.offline.step import Move, Situation
from pytest_useragent.records import Action

OPENED = "opened "
"""How a disclosure the engine opened to look for the goal is remembered: `opened button "Menu"`."""


def open_collapsed(now: Situation) -> Move | None:
    """Nothing here matches the goal: a collapsed disclosure (a menu button, `[expanded=false]`) may hide it, so it
    is opened, once each, those that name a menu or sit in a navigation first; never one the engine has opened."""
    if now.widget is not None or now.value is not None:
        return None
    closed = [
        e for e in now.elements if e.role == "button" and e.ref and e.collapsed and OPENED + e.key not in now.tried
    ]
    if not closed:
        return None
    best = min(closed, key=lambda e: (not _menu(e, now), closed.index(e)))
    expected = Expected(kind="state", role="button", name=best.name, state="expanded")
    notice = f'Nothing here names my goal; "{best.name}" may hide it.'
    return Move(notice, expected, Action(kind="click", ref=best.ref), OPENED + best.key, also=(best.key,))


def _menu(element: Element, now: Situation) -> bool:
    """A menu's button: it sits in a navigation, or its name is a menu's ("Menu", "Menü", "メニュー")."""
    return "navigation" in element.within or "menu" in fold(element.name) or now.lex.noun(element.name) == "menuitem"
