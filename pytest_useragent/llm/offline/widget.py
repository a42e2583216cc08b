"""Pure: goals that operate a widget on the page ("select the Anchovies radio", "open the Settings tab", "choose
'Banana'", "expand the Projects folder") and the ARIA states that show them done. Such a goal is reached only when
the snapshot shows the state on the named element (`radio "Anchovies" [checked]`): never by a heading or by the
goal's words on the page, which a demo's other pages and its own headings share. A goal names its target in quotes,
by the widget's noun ("the Projects folder", the words before it kept whole, digits too: "Action 3"), or by the
whole name of a stateful element on the page ("Tick Lettuce", "Open the Billing Address section"; a closed
combobox's options by the combobox's name: "Choose Banana as your favorite fruit"). A menu item has no state to
show: choosing it is a task, reached by what the page answers (`page.proof`). Also here: which links leave the page
under test (another host, a stylesheet or a script), which a persona never follows, and which lead to another page,
which a persona operating a widget here never follows."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePosixPath
from urllib.parse import urljoin, urlsplit

from pytest_useragent.llm.offline.lexicon import ENGLISH, Lexicon, fold, tokens
from pytest_useragent.llm.offline.page import Element, quoted
from pytest_useragent.records.evidence import StateClaim

OPERATE_VERBS = ("select", "choose", "pick", "open", "expand", "activate", "switch", "tick", "check", "show", "turn",
                 "give", "set", "make", "mark", "enable")  # fmt: skip
"""Verbs that, at the start of a goal, operate something on the page rather than go somewhere ("give a rating of four
stars" checks the radio so named, "make the text bold" the menu item)."""
NOUNS = {
    "radio": "radio", "tab": "tab", "folder": "treeitem", "node": "treeitem", "checkbox": "checkbox",
    "box": "checkbox", "option": "option", "menu": "menuitem", "switch": "switch", "item": "treeitem",
}  # fmt: skip
"""A word of the goal that names a widget, and the role of the element it operates."""
ROLES = frozenset({"radio", "tab", "option", "treeitem", "menuitem", "menuitemcheckbox", "menuitemradio", "checkbox",
                   "switch"})  # fmt: skip
"""The roles a widget goal's target may have."""
CHECKED = frozenset({"radio", "checkbox", "switch", "menuitemcheckbox", "menuitemradio"})
SELECTED = frozenset({"tab", "option"})
COMPOSITES = {"radiogroup": "vertical", "tablist": "horizontal", "listbox": "vertical", "tree": "vertical",
              "menu": "vertical", "menubar": "horizontal", "grid": "vertical"}  # fmt: skip
"""Widgets whose items the keyboard moves between with arrows (one Tab stop for all), and the arrows' direction."""
PAGE_SUFFIXES = frozenset({"", ".html", ".htm", ".xhtml", ".php", ".asp", ".aspx", ".jsp", ".cgi", ".shtml"})
"""A link's path ends so when it leads to a page; anything else (.css, .js, .png, .pdf, .zip) is a file."""
EXPAND_VERBS = ("expand", "open", "show")
ARTICLES = frozenset({"the", "a", "an", "my", "your", "our", "this"})
ENDS = frozenset({"from", "as", "in", "on", "off", "of", "to", "for", "with", "at", "under", "and", "then", "so"})
"""Words that end the target's name in a goal that names it by its widget's noun ("Action 3 from the Actions menu")."""
MIN_NAME = 3
"""A shorter name of an element is no name a goal could be read to hold."""


@dataclass(frozen=True)
class WidgetGoal:
    """What a widget goal asks: the element's name, the role its words name (None: any widget role), and whether it
    asks for a folder or a panel opened rather than an item chosen."""

    target: str
    role: str | None
    expand: bool


def widget_goal(
    goal: str, elements: list[Element] | tuple[Element, ...] = (), lex: Lexicon = ENGLISH
) -> WidgetGoal | None:
    """The widget a goal operates: it starts with an operating verb (in English, or in `lex`'s languages: "wybierz",
    "wähle"; a German one may close the goal: "die Option „Rot“ auswählen") and names its target in quotes, names the
    widget ("the Settings tab", "zakładkę Ustawienia"), or holds the whole name of a stateful element of the page
    (`elements`; the longest such name), or of a closed combobox whose option it then names ("Choose Banana as your
    favorite fruit"); None for any other goal, for one that turns something off (no state flag of the snapshot
    shows it off), and for one that opens a page ("Open the 'Contact' page", "Öffne die Seite „Kontakt“")."""
    words: list[str] = re.findall(r"[^\W\d_]+", goal.lower())
    verb = _verb(goal, lex)
    if verb is None or (words[0] == "turn" and "off" in words) or names_page(goal, lex):
        return None
    expand = verb in EXPAND_VERBS or verb in lex.expand_verbs
    said = quoted(goal)
    nouns = [word for word in words if word in NOUNS or lex.noun(word)]
    role = _role(nouns[-1], lex) if nouns else None
    if said:
        return WidgetGoal(target=said[0], role=role, expand=expand)
    named = on_page(goal, elements, expand)
    if named is not None and (role is None or named.role == role):
        return WidgetGoal(target=named.name, role=named.role, expand=expand)
    box = next((e for e in elements if e.role == "combobox" and len(e.name) >= MIN_NAME and holds(goal, e.name)), None)
    if not nouns and box is None:
        return None
    target = phrase(goal, lex)
    if not target:
        return None
    return WidgetGoal(target=target, role=role or ("option" if box is not None else None), expand=expand)


def _verb(goal: str, lex: Lexicon) -> str | None:
    """The goal's operating verb: its first word (after "please" in its language), or, in another language than
    English, its last ("Option „Rot“ auswählen"); None when neither is one."""
    words: list[str] = re.findall(r"[^\W\d_]+", goal.lower())
    while words and lex.polite and words[0] in lex.polite:
        words = words[1:]
    if not words:
        return None
    if words[0] in OPERATE_VERBS or words[0] in lex.operate_verbs:
        return words[0]
    return words[-1] if lex.langs and words[-1] in lex.operate_verbs else None


def _role(noun: str, lex: Lexicon) -> str | None:
    """The role a noun of the goal names; None for a word that names a choice of any kind ("opcja", "Antwort")."""
    role = lex.noun(noun) or NOUNS.get(noun)  # the goal's language first: "l'option" is a choice of any kind
    return None if role == "any" else role


def operates(goal: str, lex: Lexicon = ENGLISH) -> bool:
    """Whether the goal starts with a verb that operates something on the page (its session stays on the page); not
    one that opens a page ("Open the 'Contact' page")."""
    return _verb(goal, lex) is not None and not names_page(goal, lex)


def names_page(goal: str, lex: Lexicon = ENGLISH) -> bool:
    """Whether the goal names a page ("the 'Contact' page", "die Seite „Kontakt“", 「…」のページ): one goes there."""
    return "page" in re.findall(r"[^\W\d_]+", goal.lower()) or lex.page_nouns.said(goal)


def holds(text: str, name: str) -> bool:
    """`text` holds `name` as whole words, case aside."""
    return bool(re.search(rf"(?<!\w){re.escape(fold(name))}(?!\w)", fold(text)))


def on_page(goal: str, elements: list[Element] | tuple[Element, ...], expand: bool) -> Element | None:
    """The stateful element whose whole name the goal holds, the longest name first: an item of a widget (`ROLES`),
    or a button with a state (or, for a goal to open, any button: a closed accordion's shows no state)."""
    stateful = [
        e
        for e in elements
        if e.ref and len(e.name) >= MIN_NAME
        if e.role in ROLES or (e.role == "button" and (expand or {"expanded", "pressed"} & e.states))
    ]
    found = [e for e in stateful if holds(goal, e.name)]
    if not found:  # "Select all the sandwich condiments": every word of "All condiments" is the goal's
        found = [e for e in stateful if e.role in ROLES and shares(goal, e.name)]
    return max(found, key=lambda e: len(e.name), default=None)


def shares(goal: str, name: str) -> bool:
    """Every word of the name (two or more of them) is a word of the goal, in any order and with other words
    between: the goal names the control by its words, not its exact name."""
    said = set(re.findall(r"[^\W_]+", fold(goal)))
    wanted = re.findall(r"[^\W_]+", fold(name))
    return len(wanted) >= 2 and all(word in said for word in wanted)


def phrase(goal: str, lex: Lexicon = ENGLISH) -> str:
    """The words after the goal's verb that name its target, digits kept ("Choose Action 3 from the Actions menu":
    "action 3"): up to the widget's noun or a word that ends a name, articles left out."""
    words = re.findall(r"[\w'-]+", goal.lower())
    while words and lex.polite and words[0] in lex.polite:
        words = words[1:]
    words = words[1:]

    def skipped(word: str) -> bool:
        return word in ARTICLES or word in ENDS or word in lex.articles or word in lex.ends

    while words and skipped(words[0]):
        words = words[1:]
    kept: list[str] = []
    for word in words:
        if word in NOUNS or skipped(word) or lex.noun(word) or word in lex.operate_verbs:
            break
        kept.append(word)
    return " ".join(kept)


def names(element: Element, target: str) -> bool:
    """The element's name holds the target as whole words ("Action 2: Copy" holds "Copy"), case aside."""
    return bool(re.search(rf"(?<!\w){re.escape(fold(target))}(?!\w)", fold(element.name)))


def wanted_state(element: Element, goal: WidgetGoal) -> str | None:
    """The state that shows the goal done on this element; None when choosing it is an action (a menu item)."""
    if goal.expand and (element.role == "treeitem" or "expanded" in element.states or element.role == "button"):
        return "expanded" if element.role in ("treeitem", "button") else _chosen(element.role)
    return _chosen(element.role)


def _chosen(role: str) -> str | None:
    if role in CHECKED:
        return "checked"
    if role in SELECTED or role == "treeitem":
        return "selected"
    return None


def target_of(elements: list[Element], goal: WidgetGoal) -> Element | None:
    """The element the goal operates: one of the goal's role (any widget role when it names none, a disclosure's
    button for an expand goal) that names the target; the closest name first."""
    roles = {goal.role} if goal.role else set(ROLES)
    if goal.expand:
        roles |= {"button"}
    found = [e for e in elements if e.role in roles and e.name and names(e, goal.target)]
    return min(found, key=lambda e: (e.role != goal.role, len(e.name)), default=None)


def evidence_line(element: Element, state: str) -> str:
    """The state as the snapshot writes it, the evidence the harness reads back there: `radio "Anchovies" [checked]`
    (written by the record the verdict reads it into, `records.evidence.StateClaim`)."""
    return str(StateClaim(role=element.role, name=element.name or "", states=(state,)))


def opener(elements: list[Element], words: list[str], tried: frozenset[str]) -> Element | None:
    """What hides the target: a combobox that is not open, else an untried, closed button that names one of the
    goal's words (a menu button)."""
    closed = [e for e in elements if e.role == "combobox" and e.ref and "expanded" not in e.states]
    buttons = [
        e
        for e in elements
        if e.role == "button" and e.ref and "expanded" not in e.states and e.key not in tried
        if any(fold(word) in tokens(e.name) for word in words)
    ]
    return next(iter(closed or buttons), None)


def container(elements: list[Element], element: Element) -> int | None:
    """The index of the composite widget (`COMPOSITES`) the element sits in, or is: the nearest one before it at a
    lesser depth; for a radio, a group too (a fieldset of native radios is one Tab stop, its arrows move)."""
    index = elements.index(element)
    if element.role in COMPOSITES:
        return index
    depth = len(element.within)
    for before in range(index - 1, -1, -1):
        other = elements[before]
        if len(other.within) < depth:
            if other.role in COMPOSITES or (other.role == "group" and element.role == "radio"):
                return before
            depth = len(other.within)
    return None


def items(elements: list[Element], index: int) -> list[Element]:
    """The composite's own items (its options, radios, tabs, tree items), in page order, without the disabled."""
    role = {"radiogroup": "radio", "group": "radio", "tablist": "tab", "listbox": "option", "tree": "treeitem"}.get(
        elements[index].role, "menuitem"
    )
    depth = len(elements[index].within)
    found = []
    for element in elements[index + 1 :]:
        if len(element.within) <= depth:
            break
        if element.role.startswith(role) and element.ref and not element.disabled:
            found.append(element)
    return found


def current(elements: list[Element], index: int) -> Element | None:
    """The composite's item the keyboard is on: the one focused, or, when the widget itself holds focus
    (aria-activedescendant), the one selected."""
    own = items(elements, index)
    return next((e for e in own if "active" in e.states), None) or next(
        (e for e in own if "selected" in e.states or "checked" in e.states), None
    )


def focused(elements: list[Element]) -> Element | None:
    """The element the ai snapshot marks `[active]` (the innermost: a frame holding focus is marked too)."""
    marked = [e for e in elements if "active" in e.states]
    return marked[-1] if marked else None


def elsewhere(link: Element, page_url: str) -> bool:
    """A link to another page than this one (a fragment of this page is this page)."""
    if link.role != "link" or not link.url:
        return False
    there = urljoin(page_url, link.url).split("#", 1)[0]
    return there != page_url.split("#", 1)[0]


def leaves(link: Element, page_url: str) -> bool:
    """A link a persona on this page does not follow: to another host or scheme (`tel:`, `mailto:`; a `file:` page's
    links are its own), or to a file that is no page (a stylesheet, a script, an image, an archive)."""
    if link.role != "link" or not link.url:
        return False
    here, there = urlsplit(page_url), urlsplit(urljoin(page_url, link.url))
    if there.scheme not in ("http", "https", "", here.scheme) or (there.hostname or "") != (here.hostname or ""):
        return True
    return PurePosixPath(there.path).suffix.lower() not in PAGE_SUFFIXES


def place(elements: list[Element]) -> str:
    """Where the keyboard is, as an element's key: the focused element, or the current item of a widget that keeps
    focus itself (a listbox with aria-activedescendant shows it only as selected); "" when focus is on the page."""
    on = focused(elements)
    if on is None:
        return ""
    at = current(elements, elements.index(on)) if on.role in COMPOSITES else None
    return (at or on).key
