"""The offline persona engine: deterministic, model-free, and honest about being so.

It reads the goal for the words that name its target, quoted values to enter, whether it is a task (a verb such as
book, add, send, sign up: something to be done, not only found) and whether it asks for a note to be written. Each step
it scores the snapshot's elements against those words and makes one move: type a quoted value, fill a form field
from the test's credentials (typing the placeholder, `{{password}}`) or else
from the persona (name, email, password), pick the option the goal names, tick a box, finish what it started (the
action button, or Enter in the field it typed into), or click the best untried element. Before each move it states
an expectation it can check on the next page alone ("the page I reach mentions Pricing"), and judges it there.

It says done only with evidence it names, which the harness checks: for a task, a status or alert region that
changed after its own action, a new confirmation heading, or the goal's quoted value new in a list — never the page
being about the goal's words; for a goal that only asks to find something, the heading that names it. It gives up
when stuck (two unmet expectations in a row), when nothing untried matches the goal, or when its done is not taken.

It keeps no state: what it has tried travels in the rolling summary, as it would for a model.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from pytest_useragent.cost.billing import Meter
from pytest_useragent.llm.base import (
    ComposeRequest,
    InterviewRequest,
    Reply,
    StepRequest,
    SurveyRequest,
    WrapUpRequest,
)
from pytest_useragent.llm.offline import debrief as offline_debrief
from pytest_useragent.records import (
    Action,
    Decision,
    Evaluation,
    InterviewReply,
    IssueDraft,
    SusReply,
    Verdict,
    WrapUp,
)
from pytest_useragent.records.persona import Persona
from pytest_useragent.records.snapshot import parse

MODEL = "offline"
CLICKABLE = {"link", "button", "menuitem", "tab", "switch"}
FIELDS = {"textbox", "searchbox"}
TEXT = {"heading", "paragraph", "listitem", "text", "cell", "generic", "status", "alert"}
_STOPWORDS = (
    "a an the and or of to in on at for with from by is are be it its this that what which who how find go get "
    "see look note write record page site then out into your my me i you can do does costs cost much many there "
    "their them they add put use using open show tell"
)
STOPWORDS = frozenset(_STOPWORDS.split())
DOCUMENT_VERBS = ("note", "record", "document", "write", "log", "track", "compare")
FORM_WORDS = ("sign", "register", "subscribe", "join", "create", "account", "order", "checkout", "book", "apply")
SUBMIT_WORDS = (
    "create",
    "submit",
    "sign",
    "log",
    "register",
    "continue",
    "send",
    "confirm",
    "join",
    "order",
    "subscribe",
)
TASK_VERBS = frozenset((
    "book", "reserve", "add", "send", "buy", "order", "purchase", "pay", "subscribe", "sign", "register", "join",
    "create", "apply", "submit", "post", "save", "upload", "delete", "remove", "search", "schedule", "rent", "checkout",
    "contact",
))  # fmt: skip
CONFIRM_STEMS = (
    "thank", "confirm", "booked", "reserved", "added", "success", "welcome", "ready", "created", "subscribed", "sent",
    "received", "complete", "saved", "ordered", "registered", "submitted", "placed", "scheduled", "paid", "posted",
)  # fmt: skip
ERROR_STEMS = ("error", "wrong", "invalid", "fail", "please", "required", "must", "need", "cannot", "unable", "sorry")
PENDING_STEMS = ("loading", "wait", "processing", "sending", "saving", "submitting", "busy")
"""A region that says it is still at work has not answered yet."""
LISTS = {"list", "listitem", "table", "row", "cell", "grid", "gridcell", "rowgroup"}
REGIONS = {"status", "alert", "log"}
STUCK_AFTER = 2
SAID_KEPT = 12
"""Texts of status regions and confirmations the engine remembers having seen, so it knows a new one."""

_QUOTED = re.compile(r"[\"“'‘]([^\"”'’]{1,80})[\"”'’]")
_FILE = re.compile(r"\b([\w-]+\.(?:md|txt|json))\b")
_TRIED = re.compile(r'(\w+) "([^"]*)"')
_MENTIONS = re.compile(r'mentions "([^"]*)"')
_FORM = re.compile(r'"([^"]*)" gives way')
_CONFIRMS = re.compile(r'confirms that "([^"]*)" went through')
_TASK = re.compile(r"(?:^|\b(?:and|then|to|please)\s+)([a-z]+)")
ERROR_PAGE = re.compile(r"\b(not found|404|page (does not|doesn't) exist|server error|500)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Element:
    role: str
    name: str
    ref: str | None
    level: int | None = None
    value: str | None = None
    checked: bool = False
    selected: bool = False
    within: tuple[str, ...] = ()
    """The roles of the elements it sits inside, outermost first."""

    @property
    def key(self) -> str:
        return f'{self.role} "{self.name}"'


def parse_snapshot(snapshot: str) -> list[Element]:
    """The snapshot's lines as elements: role, accessible name (or text), ref, and state."""
    elements = []
    parents: list[tuple[int, str]] = []  # (indent, role) of the open ancestors
    for read in parse(snapshot):
        if read.role.startswith("/"):  # a property of the line above (its url, placeholder), not an element
            continue
        while parents and parents[-1][0] >= read.indent:
            parents.pop()
        within = tuple(role for _, role in parents)
        parents.append((read.indent, read.role))
        elements.append(
            Element(
                role=read.role,
                name=(read.name if read.name is not None else read.text or "").strip(),
                ref=read.ref,
                level=read.level,
                value=(read.text or "").strip() or None if read.name is not None else None,
                checked=read.checked,
                selected=read.selected,
                within=within,
            )
        )
    return elements


def goal_words(goal: str) -> list[str]:
    """The content words of a goal, in order, without stopwords, quoted values or file names."""
    plain = _FILE.sub(" ", _QUOTED.sub(" ", goal))
    words = re.findall(r"[^\W\d_]{3,}", plain.lower())
    return list(dict.fromkeys(word for word in words if word not in STOPWORDS))


def matches(word: str, text: str) -> bool:
    """A goal word matches a text word that starts with it or shares its first four letters (pricing ~ price)."""
    return any(
        token.startswith(word) or (len(word) >= 4 and len(token) >= 4 and token[:4] == word[:4])
        for token in re.findall(r"[^\W\d_]+", text.lower())
    )


def score(words: list[str], text: str) -> int:
    return sum(1 for word in words if matches(word, text))


def task_verb(goal: str) -> str | None:
    """The verb that makes the goal a task (book, add, send ...), when it opens the goal or a clause of it."""
    return next((verb for verb in _TASK.findall(goal.lower()) if verb in TASK_VERBS), None)


def _has_stem(stems: tuple[str, ...], text: str) -> bool:
    return any(token.startswith(stems) for token in re.findall(r"[^\W\d_]+", text.lower()))


def _said(text: str) -> str:
    """A text as the memory keeps it: one line, no double quotes, bounded."""
    return " ".join(text.replace('"', "'").split())[:80]


def notable(elements: list[Element], values: list[str]) -> list[str]:
    """What on this page could show that something happened: status and alert regions, confirmation headings, and
    list entries holding a quoted value of the goal."""
    found = []
    for element in elements:
        if not element.name or element.role in FIELDS or element.role == "combobox":
            continue  # a field's own text is what was typed, not what the page answered
        in_region = element.role in REGIONS or (element.role in TEXT and bool(REGIONS.intersection(element.within)))
        confirming = element.role == "heading" and _has_stem(CONFIRM_STEMS, element.name)
        listed = (element.role in LISTS or bool(LISTS.intersection(element.within))) and bool(values)
        listed = listed and all(value.lower() in element.name.lower() for value in values)
        if in_region or confirming or listed:
            found.append(_said(element.name))
    return list(dict.fromkeys(found))


def proof(elements: list[Element], values: list[str], said: tuple[str, ...]) -> str | None:
    """Evidence that the task went through: a notable text that is new since the engine acted and is no error (a
    list entry only when it holds every quoted value of the goal)."""
    news = [
        text
        for text in notable(elements, values)
        if text not in said and not _has_stem(ERROR_STEMS, text) and not _has_stem(PENDING_STEMS, text)
    ]
    return next(iter(news), None)


def persona_value(field: str, persona: Persona) -> str | None:
    """What this persona types into a field named `field`, when the name says."""
    first = persona.name.split()[0]
    name = field.lower()
    if "mail" in name:
        return f"{first.lower()}@example.com"
    if "password" in name:
        return f"{first}-2026!"
    if "name" in name:
        return persona.name
    return None


def credential_for(field: str, placeholders: list[str]) -> str | None:
    """The placeholder (`{{password}}`) of the credential whose name the field's name holds, the longest such name;
    letters and digits compared only, so `user_name` fills "User name" and `email` fills "E-mail"."""

    def plain(text: str) -> str:
        return re.sub(r"[\W_]", "", text.lower())

    fitting = [p for p in placeholders if plain(p) and plain(p) in plain(field)]
    return max(fitting, key=len) if fitting else None


@dataclass(frozen=True)
class Memory:
    """What the engine carries from step to step, written as each step's note and read back from the newest."""

    tried: tuple[str, ...] = ()
    unmet: int = 0
    said: tuple[str, ...] = ()
    """Status texts, confirmations and list entries seen on earlier steps: not news any more."""

    @classmethod
    def read(cls, summary: str) -> Memory:
        # the harness keeps each step's note; the newest is the engine's whole state
        summary = summary.rpartition("Offline engine, step")[2]
        unmet = re.search(r"Unmet in a row: (\d+)", summary)
        before, _, tried = summary.partition("Tried:")
        said = re.findall(r'"([^"]*)"', before.partition("Seen:")[2])
        return cls(
            tuple(f'{role} "{name}"' for role, name in _TRIED.findall(tried)),
            int(unmet.group(1)) if unmet else 0,
            tuple(said),
        )

    def write(self, step: int, url: str) -> str:
        seen = " ".join(f'"{text}"' for text in self.said[-SAID_KEPT:])
        return (
            f"Offline engine, step {step} on {url}. Unmet in a row: {self.unmet}. Seen: {seen}. "
            f"Tried: {', '.join(self.tried)}"
        )


Move = tuple[str, str, Action, str | None]
"""What the persona notices, what it expects, what it does, and the key it remembers it by."""


class OfflineProvider:
    """A persona engine with no model. Same Decision protocol, zero cost."""

    name = "offline"

    def model_name(self, requested: str) -> str:
        return MODEL

    def endpoint(self, requested: str) -> None:
        return None

    def decide(self, request: StepRequest, meter: Meter) -> Reply[Decision]:
        elements = parse_snapshot(request.observation.snapshot)
        memory = Memory.read(request.summary)
        evaluation, issues = _evaluate(request, elements, memory)
        unmet = memory.unmet + 1 if evaluation is not None and evaluation.verdict == "unmet" else 0
        notice, expectation, action, key = _move(request, elements, memory, unmet)
        tried = memory.tried + ((key,) if key else ())
        news = [text for text in notable(elements, _QUOTED.findall(request.goal)) if text not in memory.said]
        said = memory.said + tuple(news)
        summary = Memory(tried, unmet, said).write(request.step, request.observation.url)
        seen = f'I see "{request.observation.title or request.observation.url}". '
        return Reply(
            Decision(
                observation=seen + notice,
                evaluation=evaluation,
                summary=summary,
                issues=issues,
                expectation=expectation,
                action=action,
            )
        )

    def compose(self, request: ComposeRequest, meter: Meter, receive: Callable[[str], bool]) -> Reply[str]:
        return Reply(None, problem="the offline engine writes its notes inline")

    def survey(self, request: SurveyRequest, meter: Meter) -> Reply[SusReply]:
        """Answered from its counts, and says so (`offline_debrief`)."""
        return Reply(offline_debrief.survey(request))

    def interview(self, request: InterviewRequest, meter: Meter) -> Reply[InterviewReply]:
        return Reply(offline_debrief.interview(request))

    def wrap_up(self, request: WrapUpRequest, meter: Meter) -> Reply[WrapUp]:
        verdicts = [step.evaluation.verdict for step in request.steps if step.evaluation]
        met = sum(1 for verdict in verdicts if verdict == "met")
        achieved = request.outcome == "goal_achieved"
        score_10 = round(10 * met / len(verdicts)) if verdicts else (10 if achieved else 0)
        score_10 = score_10 if achieved else score_10 // 2  # a goal not reached is not intuitive, however it went
        issues = [issue for step in request.steps for issue in step.issues if issue.source == "persona"]
        judged = f"{met} of {len(verdicts)} expectations met" if verdicts else "no expectation judged"
        return Reply(
            WrapUp(
                intuitiveness=score_10,
                rationale=f"Offline engine: {judged}; the session ended as {request.outcome.replace('_', ' ')}.",
                issues=[IssueDraft(**issue.model_dump(include=set(IssueDraft.model_fields))) for issue in issues],
                suggestions=[f"Look at: {issue.title}" for issue in issues],
                quotes=[issue.quote for issue in issues],
            )
        )


def _move(request: StepRequest, elements: list[Element], memory: Memory, unmet: int) -> Move:
    """The one thing to do now, in order of preference."""
    goal = request.goal
    words, values = goal_words(goal), _QUOTED.findall(goal)
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
        file = _FILE.search(goal)
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
        if _has_stem(stems, button.name) or (verb and score(words, button.name)):
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


def _evaluate(
    request: StepRequest, elements: list[Element], memory: Memory
) -> tuple[Evaluation | None, list[IssueDraft]]:
    """The verdict on the previous expectation, judged from this page alone, and any issue it shows."""
    if request.expectation is None:
        return None, []
    last = request.last_outcome
    if last is not None and last.claim is not None:
        return Evaluation(verdict="unmet", note=last.claim.why_not), []
    outcome = last.message if last is not None else ""
    if last is not None and not last.ok:
        return Evaluation(verdict="unmet", note=f"failed: {outcome}"), [
            IssueDraft(
                severity="major",
                heuristic="Nielsen #5 error prevention",
                title=f"Could not {request.last_action}",
                evidence=f"failed: {outcome}",
                quote=f"As a user I expected to be able to {request.last_action}.",
            )
        ]
    if last is not None and last.dead_click:
        return Evaluation(verdict="unmet", note=outcome), []
    form = _FORM.search(request.expectation)
    if form:
        shown = proof(elements, _QUOTED.findall(request.goal), memory.said)
        if shown is not None:  # a form that answers in place, its heading unchanged
            return Evaluation(verdict="met", note=f'the page says "{shown}"'), []
        return _evaluate_form(form.group(1), elements)
    confirms = _CONFIRMS.search(request.expectation)
    if confirms:
        return _evaluate_confirmation(confirms.group(1), elements, _QUOTED.findall(request.goal), memory)
    mentioned = _MENTIONS.search(request.expectation)
    if not mentioned:
        return Evaluation(verdict="met", note=f"it went through: {outcome}"), []
    target = mentioned.group(1)
    headline = " ".join([request.observation.title] + [e.name for e in elements if e.role == "heading"])
    everything = " ".join(e.name for e in elements)
    verdict: Verdict
    if ERROR_PAGE.search(headline):
        return Evaluation(verdict="surprised", note=f'"{target}" led to an error page'), [
            IssueDraft(
                severity="major",
                heuristic="Nielsen #9 help users recognize, diagnose, and recover from errors",
                title=f'"{target}" led to an error page',
                evidence=f"{request.observation.url}: {headline}",
                quote=f'As a user I expected "{target}" to work.',
            )
        ]
    if score(goal_words(target), headline) or target.lower() in headline.lower():
        verdict, note = "met", f'the page is headed "{target}"'
    elif target.lower() in everything.lower():
        verdict, note = "partial", f'"{target}" appears on the page, but not as its heading'
    else:
        verdict, note = "unmet", f'nothing on the page mentions "{target}"'
    issues = (
        []
        if verdict != "unmet"
        else [
            IssueDraft(
                severity="minor",
                heuristic="Nielsen #2 match between system and the real world",
                title=f'"{target}" did not lead where its label says',
                evidence=f"after it: {request.observation.url}",
                quote=f'As a user I expected "{target}" to take me to {target}.',
            )
        ]
    )
    return Evaluation(verdict=verdict, note=note), issues


def _evaluate_confirmation(
    button: str, elements: list[Element], values: list[str], memory: Memory
) -> tuple[Evaluation, list[IssueDraft]]:
    shown = proof(elements, values, memory.said)
    if shown is not None:
        return Evaluation(verdict="met", note=f'the page says "{shown}"'), []
    refusal = next((text for text in notable(elements, values) if _has_stem(ERROR_STEMS, text)), None)
    if refusal is not None:
        return Evaluation(verdict="unmet", note=f'the page says "{refusal}"'), []
    return Evaluation(verdict="partial", note=f'nothing on the page confirms that "{button}" went through'), [
        IssueDraft(
            severity="minor",
            heuristic="Nielsen #1 visibility of system status",
            title=f'No confirmation after "{button}"',
            evidence=f'after "{button}" no status, alert or confirmation appeared',
            quote=f'As a user I expected to be told whether "{button}" worked.',
        )
    ]


def _evaluate_form(heading: str, elements: list[Element]) -> tuple[Evaluation, list[IssueDraft]]:
    still = next((e.name for e in elements if e.role == "heading"), "") == heading
    if not still:
        return Evaluation(verdict="met", note="the form was accepted"), []
    alert = next((e.name for e in elements if e.role == "alert" and e.name), None)
    title = f'The form was refused: "{alert}"' if alert else "The form was refused without a word"
    return Evaluation(verdict="unmet", note=title), [
        IssueDraft(
            severity="major",
            heuristic="Nielsen #9 help users recognize, diagnose, and recover from errors",
            title=title,
            evidence=f'still on "{heading}" after sending the form',
            quote="As a user I expected to be told what to fix.",
        )
    ]
