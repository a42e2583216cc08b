"""Pure: the offline engine's one move at a step. The rules are tried in order, each a function of the step's
`Situation` that makes a move or passes: give up when not believed or stuck, say done with evidence (or write the note
first), go back from an error page (`detour`), close what a part closes (`dismiss`), step a carousel on until what
it names shows (`until`), set the slider or spin button a goal names to its number (`adjust`), operate the widget a
goal names (`operate`), find what a long page hides, follow what `find` found, type a quoted value, send a form
(`form`: its fields, the choices the goal names, its button), finish (the button in the row that holds the goal's
value first), press Enter, click the best untried element that stays on the page; else give up. Words are read in
the goal's and the page's language (`Situation.lex`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Literal

from pytest_useragent.llm.base import StepRequest
from pytest_useragent.llm.offline import until
from pytest_useragent.llm.offline.answers import answer, asks_name, labelled
from pytest_useragent.llm.offline.banner import site_name
from pytest_useragent.llm.offline.choices import choose_found, choose_named
from pytest_useragent.llm.offline.clicks import card_heading, clickable, presses
from pytest_useragent.llm.offline.detour import back_from_error
from pytest_useragent.llm.offline.disclose import OPENED, open_collapsed
from pytest_useragent.llm.offline.dismiss import closed, closes, dismiss, opened
from pytest_useragent.llm.offline.flip import evidence as toggle_evidence
from pytest_useragent.llm.offline.flip import flip
from pytest_useragent.llm.offline.form import form
from pytest_useragent.llm.offline.goal import (
    REMOVE_VERBS,
    asks,
    headed,
    logs_in,
    removes,
    revealed,
    row_of,
    row_text,
    ticked_row,
    ticks,
    under_heading,
)
from pytest_useragent.llm.offline.kinds import answer_kind
from pytest_useragent.llm.offline.lexicon import fold
from pytest_useragent.llm.offline.memory import Expected, Memory, unsaid
from pytest_useragent.llm.offline.operate import adjust, operate
from pytest_useragent.llm.offline.operate import evidence as widget_evidence
from pytest_useragent.llm.offline.page import (
    DOCUMENT_VERBS,
    FIELDS,
    FILE,
    SIGN_OUT,
    SUBMIT_WORDS,
    Element,
    all_or_none,
    goal_words,
    has_stem,
    matches,
    note_of,
    parse_snapshot,
    password_field,
    proof,
    quoted,
    refuses,
    score,
)
from pytest_useragent.llm.offline.people import person
from pytest_useragent.llm.offline.sentences import sentence
from pytest_useragent.llm.offline.step import STOP, STUCK_AFTER, Move, Situation
from pytest_useragent.llm.offline.value import evidence as value_evidence
from pytest_useragent.llm.offline.widget import elsewhere, leaves, operates
from pytest_useragent.records import Action
from pytest_useragent.records.page import alerts

Rule = Callable[[Situation], Move | None]


def move(request: StepRequest, elements: list[Element], memory: Memory, unmet: int) -> Move:
    """The one thing to do now: the first rule that makes a move."""
    return move_in(Situation(request, elements, memory, unmet))


def move_in(now: Situation) -> Move:
    return next(made for rule in RULES if (made := rule(now)) is not None)


def _not_believed(now: Situation) -> Move | None:
    last = now.request.last_outcome
    claim = last.claim if last is not None else None
    if claim is None or claim.accepted:
        return None
    why = f"my done was not taken: {claim.why_not}"
    return Move("I said I was done, and I was not.", STOP, Action(kind="give_up", reason=why))


def _stuck(now: Situation) -> Move | None:
    if now.unmet < STUCK_AFTER:
        return None
    why = "two expectations in a row were not met"
    return Move("I am stuck: what I try does not do what I expect.", STOP, Action(kind="give_up", reason=why))


def _reached(now: Situation) -> Move | None:
    """Done with the evidence the page shows, or first the note the goal asks for; a part of the goal that is not
    its last, reached, hands over to the next part."""
    if now.pending or (now.unmet and now.widget is None and now.value is None):  # a state is read off the page
        return None
    evidence = _evidence(now)
    if evidence is None:
        return None
    if not now.last_part:
        following = Situation(now.request, now.elements, now.memory.model_copy(update={"part": now.memory.part + 1}), 0)
        return replace(move_in(following), part=now.memory.part + 1)
    file = FILE.search(now.request.goal)
    note = file.group(1) if file else "notes.md"
    asks_for_a_note = any(re.search(rf"\b{word}(?:s|d|ed)?\b", now.request.goal, re.I) for word in DOCUMENT_VERBS)
    asks_for_a_note = asks_for_a_note or now.lex.document_verbs.said(now.request.goal)
    if asks_for_a_note and f'wrote "{note}"' not in now.tried:
        page = now.request.observation
        text = note_of(page.title, page.url, now.words, now.elements)
        expected = Expected(kind="plain", target=f"{note} holds what I found.")
        notice = "This is what I came for; I write down what I found."
        return Move(notice, expected, Action(kind="write", file=note, text=text), f'wrote "{note}"')
    reached = Expected(kind="plain", target="Nothing more: the goal is reached.")
    action = Action(kind="done", reason="the page shows the goal reached", evidence=evidence)
    return Move(f'The page shows it: "{evidence}".', reached, action)


def _find_hidden(now: Situation) -> Move | None:
    """A long page whose shown part lacks a quoted value: find it."""
    visible = " ".join(e.name for e in now.elements).lower()
    hidden = [value for value in now.pending if value.lower() not in visible]
    page = now.request.observation
    if not hidden or page.shown >= page.elements:
        return None
    expected = Expected(kind="plain", target=f'The page has "{hidden[0]}" somewhere.')
    notice = "The page is long, and I do not see what I am looking for."
    return Move(notice, expected, Action(kind="find", target=hidden[0]), f'found "{hidden[0]}"')


def _follow_found(now: Situation) -> Move | None:
    """What `find` found: the clickable element beside it that names the goal."""
    last = now.request.last_outcome
    if not (now.request.last_action or "").startswith("find") or last is None or not last.ok:
        return None
    near = [
        e
        for e in parse_snapshot(last.message)
        if clickable(e) and e.ref and e.name and score(now.words, e.name)
        if not leaves(e, now.request.observation.url) and not _away(now, e)
    ]
    if not near:
        return None
    expected = _clicked(near[0], "mentions")
    return Move(
        f'I found it, and next to it "{near[0].name}".', expected, Action(kind="click", ref=near[0].ref), near[0].key
    )


def _follow_named(now: Situation) -> Move | None:
    """A quoted value that names a link or button here, on a page with no field to type it into ("Allez sur la page
    « Account »"): clicked, as a person clicks what the goal names; both its key and the element's are tried."""
    if any(e.role in FIELDS for e in now.elements) and not now.names_only:
        return None
    for value in now.pending:
        named = (e for e in now.elements if clickable(e) and e.ref and fold(e.name) == fold(value))
        target = next((e for e in named if now.untried(e)), None)
        if target is not None:
            action = Action(kind="click", ref=target.ref)
            expected = _clicked(target, "mentions", now)
            notice = f'"{target.name}" is what my goal names.'
            return Move(notice, expected, action, f'followed "{value}"', also=(target.key,))
    return None


def _type_pending(now: Situation) -> Move | None:
    """A quoted value not yet typed: into the field the words before it name (`pairing`), else the goal's field."""
    if not now.pending or now.names_only:
        return None
    value = now.pending[0]
    field = now.field_for(value)
    if field is None:
        return None
    expected = Expected(kind="plain", target=f'The field accepts "{value}".')
    notice = f"There is a field: {field.name or field.role}."
    hidden = (now.hidden(value),) if password_field(field.name, now.lex) else ()  # no page says it back
    return Move(notice, expected, Action(kind="type", ref=field.ref, text=value), now.typed(value), also=hidden)


def _tick(now: Situation) -> Move | None:
    """A part that ticks a row already there ("mark it as completed"): the row's box, holding the goal's value."""
    if not ticks(now.goal, now.lex):
        return None
    box, row = ticked_row(now.elements, quoted(now.request.goal), now.words)
    if box is None or box.checked or box.ref is None:
        return None
    expected = Expected(kind="plain", target=f'"{row}" is ticked.')
    return Move(f'"{row}" has a box to tick.', expected, Action(kind="click", ref=box.ref), f'ticked "{row}"')


def _remove(now: Situation) -> Move | None:
    """A part that takes a row away ("delete 'water the plants'"): the row's own Delete (Remove) button."""
    if not removes(now.goal, now.lex):
        return None
    row = row_of(now.elements, now.values, now.words) or []
    button = next(
        (e for e in row if e.role == "button" and e.ref and has_stem(REMOVE_VERBS, e.name, now.lex.remove_verbs)), None
    )
    if button is None:
        return None
    what = row_text(row)
    expected = Expected(kind="plain", target=f'"{what}" is gone from the list.')
    action = Action(kind="click", ref=button.ref)
    return Move(f'"{what}" has a {button.name} button.', expected, action, f'removed "{what}"')


def _finish(now: Situation) -> Move | None:
    """Finish what was started: the button that does the goal's verb (Book, Add, Send ...) or sends the form; the
    one in the list or table row that holds the goal's quoted value first (that product's own "Add to cart"), the
    value then found (no value to type)."""
    if not (now.verb or now.values) or now.names_only:
        return None
    stems = tuple(word for word in (now.verb, *SUBMIT_WORDS, "search", "add", "save", "post") if word)
    row = now.row
    buttons = [e for e in now.elements if presses(e) and e.ref and e.name and now.untried(e)]
    buttons = [e for e in buttons if not now.others(e)]
    for button in sorted(buttons, key=lambda e: not _in(e, row)):  # the row that holds the goal's value first
        said = f"{button.name} {button.value or ''}"  # its name, and the text it shows ("Add to cart")
        if has_stem(stems, said, now.lex.submit_words) or (now.verb and score(now.words, button.name)):
            expected = Expected(kind="confirms", target=button.name)
            found = tuple(f'found "{value}"' for value in now.values) if _in(button, row) else ()  # its row held them
            action = Action(kind="click", ref=button.ref)
            return Move(f'"{button.name}" finishes it.', expected, action, button.key, also=found)
    return None


def _in(element: Element, row: list[Element] | None) -> bool:
    return row is not None and any(element is inside for inside in row)


def _press_enter(now: Situation) -> Move | None:
    field = now.field_for(now.values[-1]) if now.values and not now.names_only else None
    if field is None or 'pressed "Enter"' in now.tried:
        return None
    expected = Expected(kind="mentions", target=now.values[-1])
    return Move("My text is entered.", expected, Action(kind="press", ref=field.ref, key="Enter"), 'pressed "Enter"')


def _best_click(now: Situation) -> Move | None:
    here = now.request.observation.url
    candidates = [
        e
        for e in now.elements
        if clickable(e) and e.ref and e.name and now.untried(e) and not leaves(e, here) and not _away(now, e)
    ]
    candidates = [e for e in candidates if not now.others(e)]
    if now.names_only and not now.asks and now.named_words:  # a quoted name: a link that shares one word is another
        needed = (len(now.named_words) + 1) // 2
        candidates = [e for e in candidates if score(now.named_words, e.name) >= needed]
    site = site_name(now.elements, now.request.observation.title)  # the site's own name leads nowhere in particular
    words = [word for word in now.words if not matches(word, site)] or now.words
    named = {id(e): e.name if score(words, e.name) else f"{e.name} {card_heading(now.elements, e)}" for e in candidates}
    ranked = sorted(candidates, key=lambda e: -score(words, named[id(e)]))
    if not ranked or score(words, named[id(ranked[0])]) <= 0:
        return None
    best = ranked[0]
    expected = _clicked(best, "confirms" if now.verb and presses(best) else "mentions", now)
    if named[id(best)] != best.name:  # a card's "Read more": the page it opens is headed as the card was
        expected = Expected(kind="mentions", target=card_heading(now.elements, best))
    return Move(f'"{best.name}" looks closest to my goal.', expected, Action(kind="click", ref=best.ref), best.key)


def _away(now: Situation, element: Element) -> bool:
    """A goal that operates something here never follows a link to another page (the demo's other examples)."""
    return operates(now.goal, now.lex) and elsewhere(element, now.request.observation.url)


def _nothing_left(now: Situation) -> Move:
    done_something = now.verb is not None and any(not key.startswith("found") for key in now.tried)
    leads = f"nothing on this page leads to {', '.join(now.words) or 'the goal'}"
    why = "nothing on the page shows that it went through" if done_something else leads
    return Move("Nothing here that I have not tried matches my goal.", STOP, Action(kind="give_up", reason=why))


RULES: tuple[Rule, ...] = (
    _not_believed,
    _stuck,
    _reached,
    back_from_error,
    dismiss,
    until.step_on,
    adjust,
    operate,
    flip,
    _find_hidden,
    choose_found,
    _follow_found,
    _follow_named,
    choose_named,
    _type_pending,
    _tick,
    _remove,
    form,
    _finish,
    _press_enter,
    _best_click,
    open_collapsed,
    _nothing_left,
)


def _evidence(now: Situation) -> str | None:
    """What shows the part of the goal it works on reached: no close control left (`dismiss`), the item a carousel
    shows (`until`), a ticked row, the page's answer to its own action, the kind of answer a find goal asks for (a
    price, a duration, a date), the answer a disclosure it opened reveals, what an open took focus with, the heading
    that names what it looks for, or for a question no kind fits the sentence that says it (`sentences`)."""
    if closes(now.goal, now.lex):
        return closed(now)
    if until.until_goal(now.goal, now.lex) is not None:
        return until.evidence(now)
    if now.value is not None:
        return value_evidence(now.elements, now.value)
    if now.widget is not None:
        return widget_evidence(now)
    if now.toggle is not None:
        return toggle_evidence(now)
    if ticks(now.goal, now.lex):
        box, row = ticked_row(now.elements, quoted(now.request.goal), now.words)
        return row if box is not None and box.checked else None
    if removes(now.goal, now.lex):
        removed = any(key.startswith("removed ") for key in now.memory.tried)
        gone = removed and row_of(now.elements, now.values, now.words) is None
        return now.heading if gone else None
    if logs_in(now.goal, now.lex):  # the page says so, or, once the form was sent, asks for a password no more
        sent = any(key.startswith("button ") for key in now.memory.tried)
        asked = any(e.role in FIELDS and password_field(e.name, now.lex) for e in now.elements)
        return _shown(now) or (now.heading if sent and not asked else None)
    if now.verb or (now.values and not now.names_only):
        return _shown(now)
    kind = answer_kind(now.goal, now.lex)
    if kind is None:
        said = under_heading(now.elements, quoted(now.request.goal)) if now.asks else None
        found = said or revealed(now.elements, now.words, now.tried) or opened(now) or _named(now)
        if found or not asks(now.request.goal, now.lex):
            return found
        label = labelled(now.elements, now.words, now.lex)  # a label's value, else a name the page shows
        title = now.request.observation.title
        if label or asks_name(now.goal, now.lex):
            return label or person(now.elements, now.words, now.goal, title, now.lex)
        return sentence(now.elements, now.words, title)  # the sentence that says what it asks about
    named = now.named_words if now.asks else []
    words = kind.needs(list(dict.fromkeys([*goal_words(now.goal, now.lex), *named])))
    return answer(now.elements, kind, words, now.request.observation.title)


def _clicked(element: Element, kind: Literal["mentions", "confirms"], now: Situation | None = None) -> Expected:
    """What a click on `element` is expected to do: sign the persona out (its own choice, judged as such), or `kind`."""
    out = SIGN_OUT.search(element.name) or (now is not None and now.lex.sign_out.said(element.name))
    return Expected(kind="signs_out" if out else kind, target=element.name)


def _shown(now: Situation) -> str | None:
    """For a task: what the page answered to the engine's own action, when it answered: on the page, or in an alert
    that action opened (some forms confirm only so), when it says no error."""
    if not any(not key.startswith("found") for key in now.memory.tried):
        return None
    values = [value for value in now.values if value in unsaid(quoted(now.request.goal), now.memory.tried)]
    confirmed = (t for t in alerts(now.request.last_events) if not refuses(t, now.lex) and all_or_none(t, values))
    last = now.memory.tried[-1] if now.memory.tried else ""  # `button "Alto contraste"`: its own news is no proof
    echo = last.split(' "', 1)[1].rstrip('"') if last.startswith(("button ", "switch ", "checkbox ")) else ""
    return proof(now.elements, values, now.memory.said, now.lex, echo) or next(confirmed, None)


def _named(now: Situation) -> str | None:
    """For a goal that asks to find something: the heading that names it, when the goal's words head the page (on
    the start page all of them, after moving on half will do)."""
    words = now.words
    opened = bool(now.memory.tried) and all(key.startswith(OPENED) for key in now.memory.tried)  # a menu moves not
    here = now.request.step == 1 or opened or not now.memory.tried and "press" in (now.request.last_action or "")[:5]
    needed = max(1, len(words) if here else (len(words) + 1) // 2)
    headings = [e.name for e in now.elements if e.role == "heading" and (e.level or 1) <= 2 and e.name]
    if not words or score(words, " ".join([now.request.observation.title, *headings])) < needed:
        return None
    title = now.request.observation.title.casefold()
    # of headings as good, one that is not the site's name (the title's) names the goal: "Our services", not "TechShop"
    named = max(headings, key=lambda name: (score(words, name), name.casefold() not in title), default=None) or None
    if named is None or not asks(now.request.goal, now.lex):
        return named
    # a question is not answered by the heading that names its subject ("What services ...?": "Our services"), nor
    # by one that only repeats its words: by what that heading heads, its first item, or not at all; and never
    # under a heading that names only the site ("株式会社Komaru" for the name of its representative)
    if not score([word for word in words if not matches(word, title)], named) or asks_name(now.goal, now.lex):
        return None  # a name is no heading's sub-heading ("Entrevista" under "our chief executive")
    if any(e.role == "heading" and e.level == 1 and e.name == named for e in now.elements):
        return None  # the page's own subject heads all of it: its first section answers nothing ("Which city ...?")
    return next(iter(headed(now.elements, named)), None)
