"""Pure: the offline engine's rule for a goal that sends a form (a task verb, a sign-in, or a form's word: "sign up",
"zapisz się", "abonnieren"): one step of it a move, as a person fills a form. The fields it has something for (the
test's credentials, the persona's name, e-mail, password, named in English or the page's language), the choices the
goal names (`choices.choose`: a radio, a box, an option, before anything is sent), the option of a dropdown that
names the goal, the form's one box to tick (its terms; never a box of a question's group), then the button that
sends it: of several forms on a page (a sign-in beside a newsletter), the one the goal's words name; where none does,
for a persona who sees, the text drawn as its button ("Enviar" in a `div`)."""

from __future__ import annotations

from pytest_useragent.llm.offline.choices import choose, in_group
from pytest_useragent.llm.offline.clicks import presses
from pytest_useragent.llm.offline.goal import logs_in
from pytest_useragent.llm.offline.memory import Expected
from pytest_useragent.llm.offline.page import (
    FORM_WORDS,
    SUBMIT_WORDS,
    Element,
    matches,
    persona_fields,
    score,
)
from pytest_useragent.llm.offline.step import Move, Situation
from pytest_useragent.records import Action, FormField

LOOKALIKE_ROLES = frozenset({"generic", "text", "paragraph"})
"""Text a page may draw as a button without making it one."""
LOOKALIKE_BLIND = frozenset({"keyboard", "screen-reader"})
"""The personas for whom such text is no button: no Tab reaches it, no screen reader calls it one."""
OPTIONAL = ("optional", "not required")
"""What marks a field or its group as one a form can be sent without, in English (`words/*.toml`: the others)."""


def form(now: Situation) -> Move | None:
    """The next step of sending a form: a field, the option the goal names, a box to tick, then the button."""
    if not (now.verb or logs_in(now.goal, now.lex) or _form_word(now)):
        return None
    return _fill_field(now) or choose(now) or _choose_option(now) or _tick_box(now) or _send_form(now)


def _form_word(now: Situation) -> bool:
    return any(matches(word, now.goal) for word in FORM_WORDS) or now.lex.form_words.said(now.goal)


def _submits(now: Situation, name: str) -> bool:
    """A button so named sends a form: its name has a submit word of English or of the page's language."""
    return any(matches(word, name) for word in SUBMIT_WORDS) or now.lex.submit_words.said(name)


def _fill_field(now: Situation) -> Move | None:
    """The form's empty fields it has something for: one typed, two or more in one fill, as a person fills a form;
    a field the form says is optional only when the goal names it (`_unasked`)."""
    known = persona_fields(now.elements, now.request.credentials, now.request.persona, now.lex)
    known = [(field, value) for field, value in known if not _unasked(now, field) and now.asks_for(field)]
    named = [(field, value, _filled(known, index)) for index, (field, value) in enumerate(known)]
    empty = [(field, value, key) for field, value, key in named if not field.value and key not in now.tried]
    if not empty:
        return None
    keys = tuple(key for _, _, key in empty)
    asks = f"The form asks for {', '.join(key.removeprefix('filled ') for key in keys)}."
    (first, value, _), one = empty[0], len(empty) == 1
    fields = [FormField(ref=field.ref or "", text=text) for field, text, _ in empty]
    action = Action(kind="type", ref=first.ref, text=value) if one else Action(kind="fill", fields=fields)
    took = f'"{first.name}" takes' if one else f"The form's {len(empty)} fields take"
    return Move(asks, Expected(kind="plain", target=f"{took} what I type."), action, keys[0], also=keys[1:])


def _unasked(now: Situation, field: Element) -> bool:
    """A field the form marks optional, by its own name or its group's ("Newsletter (optional)", "Biuletyn
    (opcjonalnie)"), that the goal does not name: a person sending a survey does not subscribe to its newsletter."""
    at, depth = now.elements.index(field), len(field.within)
    group = next(
        (e for e in reversed(now.elements[:at]) if len(e.within) < depth and e.role in ("group", "form")), None
    )
    named = [field.name] + ([group.name] if group is not None and group.name else [])
    optional = any(matches(word, name) for word in OPTIONAL for name in named)
    optional = optional or any(now.lex.optional_words.said(name) for name in named)
    return optional and not any(score(now.words, name) for name in named)


def _filled(known: list[tuple[Element, str]], index: int) -> str:
    """How a field filled is remembered: `filled "E-mail"`, the second field of that name (a newsletter's beside a
    sign-in's) `filled "E-mail" #2`."""
    name = known[index][0].name
    same = sum(1 for field, _ in known[:index] if field.name == name)
    return f'filled "{name}"' + (f" #{same + 1}" if same else "")


def _choose_option(now: Situation) -> Move | None:
    for index, box in enumerate(now.elements):
        if box.role != "combobox" or not box.ref or not now.untried(box):  # not one the goal's value answered
            continue
        options = [e for e in now.elements[index + 1 : index + 30] if e.role == "option"]
        named = {value.casefold() for value in now.values}
        ranked = sorted(options, key=lambda o: o.name.casefold() not in named)  # the option the goal quotes first
        wanted = next((o for o in ranked if o.name.casefold() in named or score(now.words, o.name)), None)
        if wanted is not None and not wanted.selected and f'selected "{wanted.name}"' not in now.tried:
            expected = Expected(kind="plain", target=f'"{box.name}" shows "{wanted.name}".')
            action = Action(kind="select", ref=box.ref, text=wanted.name)
            return Move(f'I can choose "{wanted.name}".', expected, action, f'selected "{wanted.name}"')
    return None


def _tick_box(now: Situation) -> Move | None:
    """The form's one box to tick (its terms, its newsletter): never a box of a group of choices (a survey's answers),
    which only the goal's naming it ticks (`choices.choose`)."""
    boxes = [e for e in now.elements if e.role == "checkbox" and e.ref and not e.checked and now.untried(e)]
    box = next((e for e in boxes if not in_group(now.elements, e)), None)
    if box is None or not persona_fields(now.elements, now.request.credentials, now.request.persona, now.lex):
        return None  # a list's own boxes (a todo's "done") are not the form's
    expected = Expected(kind="plain", target=f'"{box.name}" is ticked.')
    return Move(f'There is a box to tick: "{box.name}".', expected, Action(kind="click", ref=box.ref), box.key)


def _send_form(now: Situation) -> Move | None:
    """The button that sends the form: of several (a sign-in and a newsletter on one page), the one whose name and
    heading name most of the goal's words, else the first."""
    if not any(e.role == "textbox" for e in now.elements):
        return None
    heading = next((e.name for e in now.elements if e.role == "heading"), "")
    buttons = [e for e in now.elements if presses(e) and e.ref and now.untried(e) and _submits(now, e.name)]
    buttons = [e for e in buttons if not now.others(e)] or _lookalike(now)
    if not buttons:
        return None
    held = {e.ref for e in now.row or []}  # the card that holds the goal's value: its own button first
    if held and not any(e.ref in held for e in buttons):
        return None  # its card's button sends no form (`moves._finish` presses it), and no other form is the goal's

    def fits(e: Element) -> tuple[bool, int]:
        return e.ref in held, score(now.words, _under(now.elements, e))

    button = max(buttons, key=fits)  # the first of the best
    found = tuple(f'found "{value}"' for value in now.values) if button.ref in held else ()  # its card held them
    expected = Expected(kind="form", target=heading)
    return Move("The form is filled in.", expected, Action(kind="click", ref=button.ref), button.key, also=found)


def _lookalike(now: Situation) -> list[Element]:
    """Where no button sends the form, the short text after its last field that says send ("Enviar", a `div` drawn as
    a button): what a person who sees the page clicks. A keyboard or screen-reader persona is given no such thing
    (no Tab reaches it, no reader calls it a button), as no button it can use is there."""
    if now.request.persona.uses in LOOKALIKE_BLIND or now.pending:
        return []
    fields = [at for at, e in enumerate(now.elements) if e.role in ("textbox", "searchbox")]
    after = now.elements[fields[-1] + 1 :] if fields else []
    return [
        e
        for e in after
        if e.role in LOOKALIKE_ROLES and e.ref and now.untried(e) and 0 < len(e.name.split()) <= 2
        if _submits(now, e.name)
    ][:1]


def _under(elements: list[Element], button: Element) -> str:
    """A button's name with the heading it sits under: which of a page's forms it sends ("Newsletter" | "Sign up",
    not "Log in" | "Sign in")."""
    at = elements.index(button)
    heading = next((e.name for e in reversed(elements[:at]) if e.role == "heading"), "")
    return f"{heading} {button.name}"
