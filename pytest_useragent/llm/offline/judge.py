"""Pure: the offline engine's verdict on its previous expectation, judged from the page it reached alone, and the issue
that page shows."""

from __future__ import annotations

from pytest_useragent.llm.base import (
    StepRequest,
)
from pytest_useragent.llm.offline.detour import error_page
from pytest_useragent.llm.offline.lexicon import Lexicon, lexicon
from pytest_useragent.llm.offline.memory import Expected, Memory, unsaid
from pytest_useragent.llm.offline.page import (
    CLICKABLE,
    ERROR_STEMS,
    SIGN_OUT,
    Element,
    goal_words,
    has_stem,
    notable,
    proof,
    quoted,
    refuses,
    score,
)
from pytest_useragent.llm.offline.value import number
from pytest_useragent.llm.offline.value import shown as value_shown
from pytest_useragent.llm.offline.widget import place
from pytest_useragent.records import (
    Evaluation,
    IssueDraft,
    Verdict,
)
from pytest_useragent.records.page import alerts


def evaluate(
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
    expected = memory.expected or Expected(kind="plain", target=request.expectation)
    values = unsaid(quoted(request.goal), memory.tried)  # a password typed is no word a page says back
    lex = lexicon(request.goal, request.observation.lang)
    alerted = next(iter(alerts(request.last_events)), None)
    if alerted is not None and expected.kind in ("form", "confirms"):  # a form some sites answer with an alert()
        said: Verdict = "unmet" if refuses(alerted, lex) else "met"
        return Evaluation(verdict=said, note=f'an alert said "{alerted}"'), []
    if expected.kind == "form":
        shown = proof(elements, values, memory.said, lex)
        if shown is not None:  # a form that answers in place, its heading unchanged
            return Evaluation(verdict="met", note=f'the page says "{shown}"'), []
        return _evaluate_form(expected.target, elements)
    if expected.kind == "confirms":
        return _evaluate_confirmation(expected.target, elements, values, memory, lex)
    if expected.kind == "signs_out":
        return _evaluate_sign_out(expected.target, elements, lex)
    if expected.kind in ("state", "moves"):
        return read_state(expected, elements), []
    if expected.kind == "plain":
        return Evaluation(verdict="met", note=f"it went through: {outcome}"), []
    return _evaluate_mention(expected.target, request, elements, lex)


def read_state(expected: Expected, elements: list[Element]) -> Evaluation:
    """A state or a move of the keyboard, read off the snapshot, never assumed: the element with its flag (or its
    value), or the keyboard's place somewhere else than it was."""
    if expected.kind == "moves":
        now = place(elements)
        if now and now != expected.target:
            return Evaluation(verdict="met", note=f"now on {now}")
        return Evaluation(verdict="unmet", note=f"still on {expected.target or 'the page'}")
    same = [e for e in elements if e.role == expected.role and e.name == expected.name]
    if expected.state == "changed":  # a value widget's key: its number moved from `target`
        reads = next((number(value_shown(elements, e)) for e in same), None)
        moved = reads is not None and f"{reads:g}" != expected.target
        note = f'{expected.role} "{expected.name}" shows {reads:g}' if reads is not None else "no value shown"
        return Evaluation(verdict="met" if moved else "unmet", note=note)
    if expected.state == "value":
        shown = next((e.value for e in same if e.value), None)
        met = shown is not None and shown.casefold() == expected.target.casefold()
        note = f'"{expected.name}" shows "{shown}"' if shown else f'"{expected.name}" shows nothing'
        return Evaluation(verdict="met" if met else "unmet", note=note)
    if any(expected.state in e.states for e in same):
        return Evaluation(verdict="met", note=f'{expected.role} "{expected.name}" is {expected.state}')
    return Evaluation(verdict="unmet", note=f'{expected.role} "{expected.name}" is not {expected.state}')


def _evaluate_mention(
    target: str, request: StepRequest, elements: list[Element], lex: Lexicon
) -> tuple[Evaluation, list[IssueDraft]]:
    """The page reached names `target`: as its heading (met), somewhere (partial), nowhere (unmet); an error page is
    a surprise."""
    headline = " ".join([request.observation.title] + [e.name for e in elements if e.role == "heading"])
    everything = " ".join(e.name for e in elements)
    verdict: Verdict
    if error_page(request.observation, elements):
        return Evaluation(verdict="surprised", note=f'"{target}" led to an error page'), [
            IssueDraft(
                severity="major",
                heuristic="Nielsen #9 help users recognize, diagnose, and recover from errors",
                title=f'"{target}" led to an error page',
                evidence=f"{request.observation.url}: {headline}",
                quote=f'As a user I expected "{target}" to work.',
            )
        ]
    named = [*goal_words(target, lex), *(word for value in quoted(target) for word in goal_words(value, lex))]
    if score(named, headline) or target.lower() in headline.lower():
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
    button: str, elements: list[Element], values: list[str], memory: Memory, lex: Lexicon
) -> tuple[Evaluation, list[IssueDraft]]:
    shown = proof(elements, values, memory.said, lex)
    if shown is not None:
        return Evaluation(verdict="met", note=f'the page says "{shown}"'), []
    said = notable(elements, values, lex)
    refusal = next((text for text in said if has_stem(ERROR_STEMS, text, lex.error_stems)), None)
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


def _evaluate_sign_out(control: str, elements: list[Element], lex: Lexicon) -> tuple[Evaluation, list[IssueDraft]]:
    """The persona chose to log out: a page without a way to sign out is what it asked for, whatever it is headed;
    one that still offers it left the persona signed in, which is the app's."""
    out = [e.name for e in elements if e.role in CLICKABLE and e.name]
    still = next((name for name in out if SIGN_OUT.search(name) or lex.sign_out.said(name)), None)
    if still is None:
        return Evaluation(verdict="met", note=f'signed out: nothing on the page offers "{control}" any more'), []
    return Evaluation(verdict="unmet", note=f'the page still offers "{still}"'), [
        IssueDraft(
            severity="major",
            heuristic="Nielsen #1 visibility of system status",
            title=f'"{control}" left me signed in',
            evidence=f'after "{control}" the page still offers "{still}"',
            quote=f'As a user I expected "{control}" to sign me out.',
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
