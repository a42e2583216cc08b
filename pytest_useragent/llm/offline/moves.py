"""Pure: the offline engine's one move at a step, in order of preference: give up when stuck or not believed, say done
with evidence (or write the note the goal asks for first), find, type, fill a form, finish what it started, press
Enter, click the best untried element."""

from __future__ import annotations

from pytest_useragent.llm.base import (
    StepRequest,
)
from pytest_useragent.llm.offline.memory import Memory
from pytest_useragent.llm.offline.page import (
    CLICKABLE,
    DOCUMENT_VERBS,
    FIELDS,
    FILE,
    FORM_WORDS,
    QUOTED,
    SUBMIT_WORDS,
    TEXT,
    Element,
    credential_for,
    goal_words,
    has_stem,
    matches,
    parse_snapshot,
    persona_value,
    proof,
    score,
    task_verb,
)
from pytest_useragent.records import (
    Action,
)
from pytest_useragent.records.persona import Persona

STUCK_AFTER = 2


Move = tuple[str, str, Action, str | None]
"""What the persona notices, what it expects, what it does, and the key it remembers it by."""


def move(request: StepRequest, elements: list[Element], memory: Memory, unmet: int) -> Move:
    """The one thing to do now, in order of preference."""
    goal = request.goal
    words, values = goal_words(goal), QUOTED.findall(goal)
    tried = set(memory.tried)
    claim = request.last_outcome.claim if request.last_outcome else None
    if claim is not None and not claim.accepted:
        return (
            "I said I was done, and I was not.",
            "I stop here.",
            Action(kind="give_up", reason=f"my done was not taken: {claim.why_not}"),
            None,
        )
    if unmet >= STUCK_AFTER:
        return (
            "I am stuck: what I try does not do what I expect.",
            "I stop here.",
            Action(kind="give_up", reason="two expectations in a row were not met"),
            None,
        )
    page = request.observation
    pending = [value for value in values if f'typed "{value}"' not in tried and f'found "{value}"' not in tried]
    verb = task_verb(goal)
    evidence = None
    if not pending and not unmet:
        evidence = _shown(elements, memory, values) if verb or values else _named(request, elements, words)
    if evidence is not None:
        file = FILE.search(goal)
        note = file.group(1) if file else "notes.md"
        if any(word in goal.lower() for word in DOCUMENT_VERBS) and f'wrote "{note}"' not in tried:
            return (
                "This is what I came for; I write down what I found.",
                f"{note} holds what I found.",
                Action(kind="write", file=note, text=_note(page.title, page.url, words, elements)),
                f'wrote "{note}"',
            )
        return (
            f'The page shows it: "{evidence}".',
            "Nothing more: the goal is reached.",
            Action(kind="done", reason="the page shows the goal reached", evidence=evidence),
            None,
        )
    visible = " ".join(e.name for e in elements).lower()
    hidden = [value for value in pending if value.lower() not in visible]
    if hidden and page.shown < page.elements:
        return (
            "The page is long, and I do not see what I am looking for.",
            f'The page has "{hidden[0]}" somewhere.',
            Action(kind="find", target=hidden[0]),
            f'found "{hidden[0]}"',
        )
    last = request.last_outcome
    if (request.last_action or "").startswith("find") and last is not None and last.ok:
        found = parse_snapshot(last.message)
        near = [e for e in found if e.role in CLICKABLE and e.ref and e.name and score(words, e.name)]
        if near:
            return (
                f'I found it, and next to it "{near[0].name}".',
                f'The page I reach mentions "{near[0].name}".',
                Action(kind="click", ref=near[0].ref),
                near[0].key,
            )
    fields = [e for e in elements if e.role in FIELDS and e.ref]
    field = max(fields, key=lambda e: (e.role == "searchbox", score(words, e.name)), default=None)
    if pending and field is not None:
        return (
            f"There is a field: {field.name or field.role}.",
            f'The field accepts "{pending[0]}".',
            Action(kind="type", ref=field.ref, text=pending[0]),
            f'typed "{pending[0]}"',
        )
    if verb or any(matches(word, goal) for word in FORM_WORDS):
        form = _fill_form(request.persona, words, elements, tried, request.credentials)
        if form is not None:
            return form
    finish = _finish(elements, verb, words, tried) if verb or values else None
    if finish is not None:
        return finish
    if values and field is not None and 'pressed "Enter"' not in tried:
        return (
            "My text is entered.",
            f'The page I reach mentions "{values[-1]}".',
            Action(kind="press", ref=field.ref, key="Enter"),
            'pressed "Enter"',
        )
    candidates = [e for e in elements if e.role in CLICKABLE and e.ref and e.name and e.key not in tried]
    ranked = sorted(candidates, key=lambda e: -score(words, e.name))
    if ranked and score(words, ranked[0].name) > 0:
        best = ranked[0]
        expectation = (
            f'The page confirms that "{best.name}" went through.'
            if verb and best.role == "button"
            else f'The page I reach mentions "{best.name}".'
        )
        return (f'"{best.name}" looks closest to my goal.', expectation, Action(kind="click", ref=best.ref), best.key)
    done_something = verb is not None and any(not key.startswith("found") for key in tried)
    return (
        "Nothing here that I have not tried matches my goal.",
        "I stop here.",
        Action(
            kind="give_up",
            reason="nothing on the page shows that it went through"
            if done_something
            else f"nothing on this page leads to {', '.join(words) or 'the goal'}",
        ),
        None,
    )


def _shown(elements: list[Element], memory: Memory, values: list[str]) -> str | None:
    """For a task: what the page answered to the engine's own action, when it answered."""
    acted = any(not key.startswith("found") for key in memory.tried)
    return proof(elements, values, memory.said) if acted else None


def _named(request: StepRequest, elements: list[Element], words: list[str]) -> str | None:
    """For a goal that asks to find something: the heading that names it, when the goal's words head the page (on
    the start page all of them, after moving on half will do)."""
    needed = max(1, len(words) if request.step == 1 else (len(words) + 1) // 2)
    headings = [e.name for e in elements if e.role == "heading" and (e.level or 1) <= 2 and e.name]
    if not words or score(words, " ".join([request.observation.title, *headings])) < needed:
        return None
    return max(headings, key=lambda name: score(words, name), default=None) or None


def _finish(elements: list[Element], verb: str | None, words: list[str], tried: set[str]) -> Move | None:
    """Finish what was started: the button that does the goal's verb (Book, Add, Send ...) or sends the form."""
    stems = tuple(word for word in (verb, *SUBMIT_WORDS, "search", "add", "save", "post") if word)
    for button in (e for e in elements if e.role == "button" and e.ref and e.name and e.key not in tried):
        if has_stem(stems, button.name) or (verb and score(words, button.name)):
            return (
                f'"{button.name}" finishes it.',
                f'The page confirms that "{button.name}" went through.',
                Action(kind="click", ref=button.ref),
                button.key,
            )
    return None


def _fill_form(
    persona: Persona, words: list[str], elements: list[Element], tried: set[str], credentials: list[str]
) -> Move | None:
    """The next step of sending a form: a field, the option the goal names, a box to tick, then the button."""
    for field in (e for e in elements if e.role == "textbox" and e.ref and not e.value):
        value = credential_for(field.name, credentials) or persona_value(field.name, persona)
        if value is not None and f'filled "{field.name}"' not in tried:
            return (
                f'The form asks for "{field.name}".',
                f'"{field.name}" takes what I type.',
                Action(kind="type", ref=field.ref, text=value),
                f'filled "{field.name}"',
            )
    for index, box in enumerate(elements):
        if box.role != "combobox" or not box.ref:
            continue
        options = [e for e in elements[index + 1 : index + 30] if e.role == "option"]
        wanted = next((o for o in options if score(words, o.name) and not o.selected), None)
        if wanted is not None and f'selected "{wanted.name}"' not in tried:
            return (
                f'I can choose "{wanted.name}".',
                f'"{box.name}" shows "{wanted.name}".',
                Action(kind="select", ref=box.ref, text=wanted.name),
                f'selected "{wanted.name}"',
            )
    asks_for_persona = any(
        e.role == "textbox" and (credential_for(e.name, credentials) or persona_value(e.name, persona))
        for e in elements
    )
    boxes = (e for e in elements if e.role == "checkbox" and e.ref and not e.checked and e.key not in tried)
    for box in boxes if asks_for_persona else ():  # a list's own boxes (a todo's "done") are not the form's
        return (
            f'There is a box to tick: "{box.name}".',
            f'"{box.name}" is ticked.',
            Action(kind="click", ref=box.ref),
            box.key,
        )
    heading = next((e.name for e in elements if e.role == "heading"), "")
    for button in (e for e in elements if e.role == "button" and e.ref and e.key not in tried):
        if any(matches(word, button.name) for word in SUBMIT_WORDS) and any(e.role == "textbox" for e in elements):
            return (
                "The form is filled in.",
                f'The form is accepted and "{heading}" gives way to the next page.',
                Action(kind="click", ref=button.ref),
                button.key,
            )
    return None


def _note(title: str, url: str, words: list[str], elements: list[Element]) -> str:
    """A short markdown note of what on this page speaks to the goal."""
    texts = [e for e in elements if e.role in TEXT and e.name]
    lines: list[str] = []
    for index, element in enumerate(texts):
        if score(words, element.name):
            lines.append(element.name)
            if index + 1 < len(texts) and texts[index + 1].role != "heading":
                lines.append(texts[index + 1].name)
    found = "\n".join(f"- {line}" for line in dict.fromkeys(lines)) or "- (nothing on the page names it)"
    return f"# {title}\n\nFound at {url}\n\n{found}\n"
