"""Pure: a part of a goal that opens something and one that closes it again ("Abre el detalle de un proyecto y luego
ciérralo"), as a person does them. What a click opened shows itself by taking focus (a dialog moves focus into itself,
the APG's dialog pattern): the focused element that names the goal's words is the evidence. A part that closes clicks
the control that says close ("Cerrar", "Close", "×"; never one that signs the persona out), else presses Escape, and
is reached when no such control is left on the page. Close verbs are English here and each language's
`close_verbs` in its table."""

from __future__ import annotations

import re

from pytest_useragent.llm.offline.goal import lead_word
from pytest_useragent.llm.offline.lexicon import Lexicon
from pytest_useragent.llm.offline.memory import Expected
from pytest_useragent.llm.offline.page import SIGN_OUT, Element, score
from pytest_useragent.llm.offline.step import Move, Situation
from pytest_useragent.llm.offline.widget import focused
from pytest_useragent.records import Action

CLOSE = re.compile(r"^(?:close|dismiss|shut)\b|^[×✕✖xX]$", re.IGNORECASE)
"""An English close verb opening a part, or a control's name that closes: "Close", "Close dialog", "×"."""
CLOSERS = frozenset({"button", "link"})
DIALOGS = frozenset({"dialog", "alertdialog"})
ESCAPE = 'pressed "Escape" to close'
CLOSING = "tried to close"
"""Remembered beside the control clicked or the key pressed to close."""
OPEN = re.compile(r"^(?:open|expand|show|view)$", re.IGNORECASE)
"""An English verb opening a part that opens something."""
OPENED_BY = ("click", "press Enter", "press Space")
"""The last actions that may have opened what took focus: `click e5`, `press e5 Enter` (a ref between)."""


def closes(part: str, lex: Lexicon) -> bool:
    """Whether the part closes something: its first word is a close verb."""
    word = lead_word(part, lex)
    return bool(CLOSE.match(word)) or word in lex.close_verbs


def closers(elements: list[Element], lex: Lexicon) -> list[Element]:
    """The controls on the page that say close, in page order; none that signs out ("Cerrar sesión")."""
    return [
        e
        for e in elements
        if e.role in CLOSERS and e.ref and e.name
        if (CLOSE.match(e.name.strip()) or lex.close_verbs.said(e.name.split()[0]))
        if not SIGN_OUT.search(e.name) and not lex.sign_out.said(e.name)
    ]


def dismiss(now: Situation) -> Move | None:
    """For a part that closes: click the first untried close control, else press Escape once."""
    if not closes(now.goal, now.lex) or closed(now) is not None:
        return None
    expected = Expected(kind="plain", target="What was open is closed.")
    control = next((e for e in closers(now.elements, now.lex) if now.untried(e)), None)
    if control is not None:
        click = Action(kind="click", ref=control.ref)
        return Move(f'"{control.name}" closes it.', expected, click, control.key, also=(CLOSING,))
    if ESCAPE in now.tried:
        return None
    escape = Action(kind="press", key="Escape")
    return Move("Nothing here says close; Escape should.", expected, escape, ESCAPE, also=(CLOSING,))


def closed(now: Situation) -> str | None:
    """For a part that closes, once it clicked or pressed something, when no close control is left on the page: the
    control focus went back to, else the page's first heading. None otherwise."""
    if CLOSING not in now.tried or closers(now.elements, now.lex):
        return None
    back = focused(now.elements)  # a dialog closed gives focus back to what opened it (the APG's dialog pattern)
    if back is not None and back.name and back.role in CLOSERS:
        return back.name
    return now.heading


def opened(now: Situation) -> str | None:
    """For a part that opens something, after the click (or key) that opened it: a dialog on the page, or the focused
    element (a dialog's heading took focus), that names one of the goal's words; no control (what was clicked)."""
    word = lead_word(now.goal, now.lex)
    if not (OPEN.match(word) or word in now.lex.expand_verbs):
        return None
    said = (now.request.last_action or "").split(":", 1)[0].split()
    if len(said) < 2 or f"{said[0]} {said[-1]}" not in OPENED_BY and said[0] != "click" or now.unmet:
        return None
    focus = focused(now.elements)
    shown = [e for e in now.elements if e.role in DIALOGS] + ([focus] if focus is not None else [])
    return next((e.name for e in shown if e.name and e.role not in CLOSERS and score(now.words, e.name)), None)
