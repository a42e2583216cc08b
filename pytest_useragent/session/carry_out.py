"""The action table: for each kind of action the model may send, where it is carried out. The documents (a write
whose content did not fit the decision is composed over replies of its own), todo.md, the harness's reading of the
page (`find`, `look`), the verdict on a `done`, or the page itself (`SessionPage.act`: settled and watched for a dead
click, a redirect off the allowed hosts or a new tab). Adding a kind is a row here and its handler. Each handler
returns what it came to (`Handled`: the outcome and what it found), never adds to a list of the caller's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

from pytest_useragent.browser import bounded
from pytest_useragent.browser.find import find
from pytest_useragent.llm.base import ComposeRequest
from pytest_useragent.records import DOCUMENT_ACTIONS, PAGE_ACTIONS, Action, ActionOutcome, Issue
from pytest_useragent.records.actions import THEN_KEY, too_long_inline
from pytest_useragent.records.focus import reaches
from pytest_useragent.records.modes import refusal
from pytest_useragent.records.page import alerts
from pytest_useragent.session.compose import compose_write
from pytest_useragent.session.keyboard import KEYBOARD_USES, refused_looked_for
from pytest_useragent.session.page import Handled, keeping
from pytest_useragent.session.state import Context
from pytest_useragent.session.verdict import read_documents
from pytest_useragent.workspace.documents import DocumentRefused

MAX_PRESSES = 40
"""The most presses of a `press` with a target: a walk longer than this is no breath a person takes."""
MAX_TRAIL = 12
"""The most of a press's focus trail told (its first and last ones)."""
CAME_ROUND = "came round without reaching it"
MAX_NAMED = 60
"""The most of an element's line the trail tells."""

Handler = Callable[[Context, Action, int], Handled]
"""Carries out one action at step `index`: its outcome, and a check issue it found (a dead click, a false done)."""


def carry_out(ctx: Context, action: Action, index: int) -> Handled:
    """Do the action where its kind belongs; one the persona's `uses` cannot do (`records.modes`) is the model's
    mistake, its outcome saying why, and the session goes on."""
    setup, page = ctx.setup, ctx.page.playwright
    if (why := refusal(setup.persona.uses, action.kind)) is not None:
        seconds = bounded.bound(setup.config.settle_timeout)
        looked = refused_looked_for(page, setup.persona.uses, action, seconds) if page is not None else []
        return Handled(ActionOutcome(ok=False, message=f"refused: {why}"), looked)
    if action.kind in THEN_KEY and action.key:
        return _then_key(ctx, action, index)
    if action.kind == "press" and action.presses > 1 and not action.target:
        return _press_times(ctx, action, index)
    if action.kind in PAGE_ACTIONS and setup.persona.uses in KEYBOARD_USES and page is not None:
        return _by_keyboard(ctx, action, index)
    return HANDLERS[action.kind](ctx, action, index)


def _then_key(ctx: Context, action: Action, index: int) -> Handled:
    """A `type` or `fill` whose `key` is pressed after the text, as a person presses Enter after typing a todo, in
    one step: the text typed as it is without a key, then the key pressed on the field typed (a fill's last; a
    keyboard persona's where focus is) as a `press` of its own, so that what it did (a navigation, a change, where
    focus went, what a screen reader said) is told and checked as a press's is. A text that failed is not pressed."""
    typed = carry_out(ctx, action.model_copy(update={"key": None}), index)
    if not typed.outcome.ok:
        said = f"{typed.outcome.message}; {action.key} was not pressed"
        return Handled(typed.outcome.model_copy(update={"message": said}), typed.found)
    last = action.refs[-1:] if ctx.setup.persona.uses not in KEYBOARD_USES else []
    # a prompt the key opens gets the typed text, as the typing's would
    answer = {"dialog": action.dialog, "text": action.text} if action.dialog else {}
    press = Action(kind="press", ref=last[0] if last else None, key=action.key, **answer)
    found = list(typed.found)
    with keeping(found):  # what the typing found stays with a failure in the press
        pressed = carry_out(ctx, press, index)
    done, key = typed.outcome, pressed.outcome
    update = {
        "ok": key.ok,
        "message": f"{done.message}; {key.message}",
        "focus_stayed": key.focus_stayed,
        "announced": [*done.announced, *key.announced],
    }
    return Handled(done.model_copy(update=update), found + pressed.found)


def _press_times(ctx: Context, action: Action, index: int) -> Handled:
    """A key pressed `times` times in one step, as a person presses ArrowDown five times on a slider: each press one
    of its own to the checks; a press that fails stops it there, and the outcome says how many were made."""
    once = action.model_copy(update={"times": None})
    found: list[Issue] = []
    done, presses = ActionOutcome(ok=True, message=""), 0
    while done.ok and presses < action.presses:
        with keeping(found):  # the presses before a failure keep what they found
            pressed = carry_out(ctx, once, index)
        done, presses = pressed.outcome, presses + 1
        found.extend(pressed.found)
    said = f"pressed {action.key} x{presses}: {done.message}"
    return Handled(done.model_copy(update={"message": said, "presses": presses}), found)


def _by_keyboard(ctx: Context, action: Action, index: int) -> Handled:
    """A keyboard persona's page action, aimed where focus is, then its focus checked (`session/keyboard.py`); a
    press with a target is pressed again until focus reaches it (`_press_until`)."""
    aimed = ctx.state.keys.aim(action)
    if isinstance(aimed, ActionOutcome):
        return Handled(aimed)
    if aimed.kind == "press" and aimed.target:
        return _press_until(ctx, aimed, index)
    return _keyed(ctx, aimed, index)


def _press_until(ctx: Context, action: Action, index: int) -> Handled:
    """The key pressed as a person presses it in one breath: again and again until focus is on an element whose
    line holds every word of the target, comes round to one it was on, leaves the page, or MAX_PRESSES ran out. Each
    press is a press of its own to the checks (a Tab past an unfocusable control is still no way to reach it); the
    way focus went is the outcome, for the model and the report."""
    once = action.model_copy(update={"target": None})
    trail: list[str] = []
    been: list[tuple[str, str | None]] = []  # each stop by its name and its place: unnamed ones alike are not one
    found: list[Issue] = []
    done = ActionOutcome(ok=True, message="")
    keys = ctx.state.keys
    for presses in range(1, MAX_PRESSES + 1):
        with keeping(found):  # the presses before a failure keep what they found
            pressed = _keyed(ctx, once, index)
        done = pressed.outcome
        found.extend(pressed.found)
        now = keys.last[1] if keys.last is not None else None
        where = now.element[:MAX_NAMED] if now is not None and now.on else "the page itself"
        if not done.ok or keys.stuck >= keys.limit:  # the page takes focus back: walked for a trap, and told
            break
        if done.focus_stayed or keys.within:  # once may be a widget's own, a player's controls: once more
            continue
        stop = (where, now.box if now is not None else None)
        if stop in been or where == "the page itself":
            return Handled(_pressed(done, action, presses, [*trail, where], CAME_ROUND), found)
        trail.append(where)
        been.append(stop)
        if reaches(where, action.target or ""):
            return Handled(_pressed(done, action, presses, trail, "reached it"), found)
    return Handled(_pressed(done, action, presses, trail, "stopped before reaching it"), found)


def _pressed(done: ActionOutcome, action: Action, presses: int, trail: list[str], how: str) -> ActionOutcome:
    way = " -> ".join(trail if len(trail) <= MAX_TRAIL else [trail[0], "...", *trail[-(MAX_TRAIL - 2) :]])
    said = f"pressed {action.key} x{presses} towards {action.target!r}: {way}; {how}"
    extra = f" ({done.message})" if not done.ok or done.focus_stayed else ""
    return done.model_copy(update={"message": said + extra, "came_round": how == CAME_ROUND, "presses": presses})


def _keyed(ctx: Context, aimed: Action, index: int) -> Handled:
    """One keyboard action on the page, then its focus checked (on the page after it: a new tab, when it opened one)."""
    setup, state, page = ctx.setup, ctx.state, ctx.page
    seconds, url_before = bounded.bound(setup.config.settle_timeout), page.url
    before = state.keys.before(_browser(ctx), seconds)
    handled = _on_page(ctx, aimed, index)
    done, blocked = handled.outcome, page.blocked  # the harness refused where the action led: not the page's doing
    with keeping(handled.found):
        found = handled.found + state.keys.after(_browser(ctx), aimed, before, url_before, seconds, blocked)
    if (stayed := state.keys.stayed(aimed, before, url_before)) is not None:
        done = done.model_copy(update={"message": f"{done.message}; focus stayed on {stayed}", "focus_stayed": stayed})
    elif state.keys.within and state.keys.last is not None:
        done = done.model_copy(update={"message": f"{done.message}; focus moved within {state.keys.last[1].element}"})
    return Handled(done, found)


def _browser(ctx: Context) -> Page:
    """The Playwright page behind the session's page: a keyboard persona's checks ask the browser where focus is."""
    if (page := ctx.page.playwright) is None:
        raise TypeError("a keyboard persona's page action needs a browser behind its page")
    return page


def _document(ctx: Context, action: Action, index: int) -> Handled:
    """A document operation in the persona's docs/; a refusal is the step's outcome, for the model to see."""
    documents = ctx.state.documents
    if action.kind != "read" and (not action.text or too_long_inline(action.text)):
        # content over the inline size is asked for again as plain text, never taken from the JSON: a reply cut at
        # its output limit would have lost it all, and the model that sent it learns the way for the next one
        return Handled(_large_write(ctx, action.model_copy(update={"text": None}), index))
    try:
        if action.kind == "read":
            return Handled(ActionOutcome(ok=True, message=documents.read(action.file or "", action.target)))
        message = documents.apply(action.kind, action.file or "", action.text or "", action.target)
        return Handled(ActionOutcome(ok=True, message=message))
    except DocumentRefused as refused:
        return Handled(ActionOutcome(ok=False, message=str(refused)))


def _large_write(ctx: Context, action: Action, index: int) -> ActionOutcome:
    setup, state = ctx.setup, ctx.state
    request = ComposeRequest(
        model=state.model,
        persona=setup.persona,
        goal=state.goal,
        summary=state.secrets.redact(state.summary),
        file=action.file or "",
        operation=action.kind,
        target=action.target,
        cache_minimum=setup.spending.prices.cache_minimum(state.model),
    )

    def keep(attempt: int, exchanges: list[dict[str, Any]]) -> None:  # debug/step-002-compose-1-3.json: part 3
        state.files.write_exchanges(f"step-{index:03d}-compose-{attempt}", exchanges)

    return compose_write(
        setup.provider, request, action, state.documents, state.meter, state.secrets.redact_record, keep
    )


def _plan(ctx: Context, action: Action, index: int) -> Handled:
    return Handled(ActionOutcome(ok=True, message=ctx.state.todo.set_plan(action.text or "")))


def _check(ctx: Context, action: Action, index: int) -> Handled:
    checked, message = ctx.state.todo.check(action.target)
    return Handled(ActionOutcome(ok=checked, message=message))


def _done(ctx: Context, action: Action, index: int) -> Handled:
    """The claim judged: its evidence looked for on the page, in the documents and in what an alert said at the step
    before (as the persona was told it, redacted), or the test's check asked. A session that explores has no goal to
    show: its done says it has seen enough, and is taken."""
    setup, state = ctx.setup, ctx.state
    if setup.explore:
        return Handled(ActionOutcome(ok=True, message="done exploring"))
    documents = read_documents(state.documents.listing(), setup.config.document_limit * 1000)
    judged, false_done = ctx.page.judge(
        index,
        action.evidence,
        documents,
        setup.success,
        state.secrets.redact,
        state.goal,
        state.start_text,
        alerts(state.last.events),
    )
    return Handled(judged, [false_done] if false_done else [])


def _give_up(ctx: Context, action: Action, index: int) -> Handled:
    return Handled(ActionOutcome(ok=True, message=action.kind))


def _find(ctx: Context, action: Action, index: int) -> Handled:
    matches, message = find(ctx.state.full_snapshot, action.target or action.text or "")
    return Handled(ActionOutcome(ok=bool(matches), message=message))


def _look(ctx: Context, action: Action, index: int) -> Handled:
    ctx.state.look = True
    return Handled(ActionOutcome(ok=True, message="a screenshot comes with your next step"))


def _on_page(ctx: Context, action: Action, index: int) -> Handled:
    """Acted on the page, then settled (`SessionPage.act`); a dead click is found, and told in the outcome."""
    state = ctx.state
    return ctx.page.act(action, state.secrets, state.full_snapshot, state.goal)


HANDLERS: dict[str, Handler] = {
    **dict.fromkeys(DOCUMENT_ACTIONS, _document),
    "plan": _plan,
    "check": _check,
    "done": _done,
    "give_up": _give_up,
    "find": _find,
    "look": _look,
    **dict.fromkeys(PAGE_ACTIONS, _on_page),
}
"""Every kind of `records.ACTIONS`, by where the table says it is carried out."""
