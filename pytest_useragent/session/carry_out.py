"""The action table: for each kind of action the model may send, where it is carried out. The documents (a write
whose content did not fit the decision is composed over replies of its own), todo.md, the harness's reading of the
page (`find`, `look`), the verdict on a `done`, or the page itself, which is then settled and watched for a dead
click, a redirect off the allowed hosts or a new tab. Adding a kind is a row here and its handler.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urljoin

from pytest_useragent.browser import bounded
from pytest_useragent.browser.actions import act
from pytest_useragent.browser.find import find
from pytest_useragent.browser.scope import left_app, outside
from pytest_useragent.browser.settle import settle
from pytest_useragent.llm.base import ComposeRequest
from pytest_useragent.records import DOCUMENT_ACTIONS, PAGE_ACTIONS, Action, ActionOutcome, Issue
from pytest_useragent.records.actions import too_long_inline
from pytest_useragent.records.focus import reaches
from pytest_useragent.records.modes import refusal
from pytest_useragent.secrets.exposure import warn_typed
from pytest_useragent.session.compose import compose_write
from pytest_useragent.session.keyboard import KEYBOARD_USES, STUCK, refused_looked_for
from pytest_useragent.session.state import Setup, State
from pytest_useragent.session.verdict import judge_done, read_documents
from pytest_useragent.workspace.documents import DocumentRefused

NOTHING_CHANGED = "nothing on the page changed"
MAX_PRESSES = 40
"""The most presses of a `press` with a target: a walk longer than this is no breath a person takes."""
MAX_TRAIL = 12
"""The most of a press's focus trail told (its first and last ones)."""
CAME_ROUND = "came round without reaching it"
MAX_NAMED = 60
"""The most of an element's line the trail tells."""
REDIRECTED_OFF = "blocked: the page was redirected off the allowed hosts, and taken back"

Handler = Callable[[Setup, State, Action, list[Issue], int], ActionOutcome]
"""Carries out one action at step `index`; a check issue it finds (a dead click, a false done) goes to `found`."""


def carry_out(setup: Setup, state: State, action: Action, found: list[Issue], index: int) -> ActionOutcome:
    """Do the action where its kind belongs; one the persona's `uses` cannot do (`records.modes`) is the model's
    mistake, its outcome saying why, and the session goes on."""
    if (why := refusal(setup.persona.uses, action.kind)) is not None:
        found.extend(
            refused_looked_for(state.page, setup.persona.uses, action, bounded.bound(setup.config.settle_timeout))
        )
        return ActionOutcome(ok=False, message=f"refused: {why}")
    if action.kind in PAGE_ACTIONS and setup.persona.uses in KEYBOARD_USES:
        return _by_keyboard(setup, state, action, found, index)
    return HANDLERS[action.kind](setup, state, action, found, index)


def _by_keyboard(setup: Setup, state: State, action: Action, found: list[Issue], index: int) -> ActionOutcome:
    """A keyboard persona's page action, aimed where focus is, then its focus checked (`session/keyboard.py`); a
    press with a target is pressed again until focus reaches it (`_press_until`)."""
    aimed = state.keys.aim(action)
    if isinstance(aimed, ActionOutcome):
        return aimed
    if aimed.kind == "press" and aimed.target:
        return _press_until(setup, state, aimed, found, index)
    return _keyed(setup, state, aimed, found, index)


def _press_until(setup: Setup, state: State, action: Action, found: list[Issue], index: int) -> ActionOutcome:
    """The key pressed as a person presses it in one breath: again and again until focus is on an element whose
    line holds every word of the target, comes round to one it was on, leaves the page, or MAX_PRESSES ran out. Each
    press is a press of its own to the checks (a Tab past an unfocusable control is still no way to reach it); the
    way focus went is the outcome, for the model and the report."""
    once = action.model_copy(update={"target": None})
    trail: list[str] = []
    done = ActionOutcome(ok=True, message="")
    for presses in range(1, MAX_PRESSES + 1):
        done = _keyed(setup, state, once, found, index)
        now = state.keys.last[1] if state.keys.last is not None else None
        where = now.element[:MAX_NAMED] if now is not None and now.on else "the page itself"
        if not done.ok or state.keys.stuck >= STUCK:  # the page takes focus back: walked for a trap, and told
            break
        if done.focus_stayed:  # once may be a widget's own: once more
            continue
        if where in trail or where == "the page itself":
            return _pressed(done, action, presses, [*trail, where], CAME_ROUND)
        trail.append(where)
        if reaches(where, action.target or ""):
            return _pressed(done, action, presses, trail, "reached it")
    return _pressed(done, action, presses, trail, "stopped before reaching it")


def _pressed(done: ActionOutcome, action: Action, presses: int, trail: list[str], how: str) -> ActionOutcome:
    way = " -> ".join(trail if len(trail) <= MAX_TRAIL else [trail[0], "...", *trail[-(MAX_TRAIL - 2) :]])
    said = f"pressed {action.key} x{presses} towards {action.target!r}: {way}; {how}"
    extra = f" ({done.message})" if not done.ok or done.focus_stayed else ""
    return done.model_copy(update={"message": said + extra, "came_round": how == CAME_ROUND})


def _keyed(setup: Setup, state: State, aimed: Action, found: list[Issue], index: int) -> ActionOutcome:
    """One keyboard action on the page, then its focus checked."""
    seconds, url_before = bounded.bound(setup.config.settle_timeout), state.page.url
    before = state.keys.before(state.page, seconds)
    done = _on_page(setup, state, aimed, found, index)
    blocked = state.events.blocked  # the harness refused where the action led: not the page's doing
    found.extend(state.keys.after(state.page, aimed, before, url_before, seconds, blocked))
    if (stayed := state.keys.stayed(aimed, before, url_before)) is not None:
        done = done.model_copy(update={"message": f"{done.message}; focus stayed on {stayed}", "focus_stayed": stayed})
    return done


def _document(setup: Setup, state: State, action: Action, found: list[Issue], index: int) -> ActionOutcome:
    """A document operation in the persona's docs/; a refusal is the step's outcome, for the model to see."""
    if action.kind != "read" and (not action.text or too_long_inline(action.text)):
        # content over the inline size is asked for again as plain text, never taken from the JSON: a reply cut at
        # its output limit would have lost it all, and the model that sent it learns the way for the next one
        return _large_write(setup, state, action.model_copy(update={"text": None}), index)
    try:
        if action.kind == "read":
            return ActionOutcome(ok=True, message=state.documents.read(action.file or "", action.target))
        message = state.documents.apply(action.kind, action.file or "", action.text or "", action.target)
        return ActionOutcome(ok=True, message=message)
    except DocumentRefused as refused:
        return ActionOutcome(ok=False, message=str(refused))


def _large_write(setup: Setup, state: State, action: Action, index: int) -> ActionOutcome:
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


def _plan(setup: Setup, state: State, action: Action, found: list[Issue], index: int) -> ActionOutcome:
    return ActionOutcome(ok=True, message=state.todo.set_plan(action.text or ""))


def _check(setup: Setup, state: State, action: Action, found: list[Issue], index: int) -> ActionOutcome:
    checked, message = state.todo.check(action.target)
    return ActionOutcome(ok=checked, message=message)


def _done(setup: Setup, state: State, action: Action, found: list[Issue], index: int) -> ActionOutcome:
    """The claim judged: its evidence looked for on the page and in the documents, or the test's check asked. A
    session that explores has no goal to show: its done says it has seen enough, and is taken."""
    if setup.explore:
        return ActionOutcome(ok=True, message="done exploring")
    documents = read_documents(state.documents.listing(), setup.config.document_limit * 1000)
    judged, false_done = judge_done(
        index,
        action.evidence,
        state.page,
        documents,
        setup.success,
        setup.config.settle_timeout,
        state.secrets.redact,
        state.goal,
        state.start_text,
    )
    found.extend([false_done] if false_done else [])
    return judged


def _give_up(setup: Setup, state: State, action: Action, found: list[Issue], index: int) -> ActionOutcome:
    return ActionOutcome(ok=True, message=action.kind)


def _find(setup: Setup, state: State, action: Action, found: list[Issue], index: int) -> ActionOutcome:
    matches, message = find(state.full_snapshot, action.target or action.text or "")
    return ActionOutcome(ok=bool(matches), message=message)


def _look(setup: Setup, state: State, action: Action, found: list[Issue], index: int) -> ActionOutcome:
    state.look = True
    return ActionOutcome(ok=True, message="a screenshot comes with your next step")


def _on_page(setup: Setup, state: State, action: Action, found: list[Issue], index: int) -> ActionOutcome:
    """Acted on the page, then settled; a dead click is added to `found` and to the outcome."""
    page, url_before, timeout = state.page, state.page.url, setup.config.settle_timeout
    state.events.expect(action)
    typed = urljoin(url_before, action.url or "") if action.kind == "navigate" else None
    if typed is not None and (refused := state.events.refuse(typed)):
        return ActionOutcome(ok=False, message=f"blocked: {refused}")
    state.watcher.asked_for(typed)  # the persona's own address: its 404 is what it did, told in the outcome
    known = state.secrets.values
    done = act(page, action, state.secrets, timeout, state.full_snapshot)
    warn_typed(state.secrets, state.goal, known)
    settle(page, state.watcher, minimum=setup.config.wait, timeout=timeout)
    dead = None
    if done.ok and action.kind == "click":
        dead = state.checks.dead_click(done.locator, url_before, event=state.events.happened_within)
    if state.watcher.reader is not None:  # what a screen reader said of it, and a message it did not
        done = state.watcher.reader.after(done, found)
    if state.events.settle():  # redirected off the allowed hosts: the action's "went to <url>" must not be told
        done = ActionOutcome(ok=False, message=REDIRECTED_OFF, locator=done.locator)
    if state.page is not page:  # a new tab or popup became the session's page: the watcher and checks move to it
        state.watcher.close()
        covered = state.checks.criteria  # what the audits of the first page covered stays covered
        unaudited = state.checks.unaudited  # and what they could not audit stays said
        state.watcher, state.checks = setup.watch(state.page)
        state.checks.criteria |= covered
        state.checks.unaudited += unaudited
        state.watcher.start()
    failed = state.watcher.take_failed_navigation()
    if state.page.url != url_before and outside(state.page.url, state.events.hosts):
        left = left_app(state.page.url, state.events.hosts, f"{failed.error} at {failed.url}" if failed else None)
        done = done.model_copy(update={"message": f"{done.message}; {left}"})
    if dead is not None:
        found.append(dead)
        done = done.model_copy(update={"message": f"{done.message}; {NOTHING_CHANGED}", "dead_click": True})
    return done


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
