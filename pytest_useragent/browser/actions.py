"""Acting on a page by snapshot ref. A failed action is an outcome for the model, never an exception."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable
from urllib.parse import urljoin

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

from pytest_useragent.browser import bounded
from pytest_useragent.browser.datefields import layout
from pytest_useragent.records import ACTIONS, Action, ActionOutcome
from pytest_useragent.records.datetimes import ISO_FORMATS, forms, to_iso
from pytest_useragent.records.snapshot import parse
from pytest_useragent.secrets.credentials import UnknownPlaceholder
from pytest_useragent.secrets.redaction import Secrets, hidden

UNNAMED_ROLES = frozenset({"generic", "text", "none", "presentation", "paragraph"})
"""Roles whose elements are better named by the page than by role: Playwright's own normalize() names those."""
WAIT_SECONDS = 2.0


def act(page: Page, action: Action, secrets: Secrets, timeout: float, snapshot: str = "") -> ActionOutcome:
    """Carry out one action; anything that goes wrong comes back as ok=False with a one-line reason. `snapshot`,
    the ai snapshot the ref comes from, names the element for the record without asking the page."""
    if action.kind not in PERFORM:  # the session carries out the others: documents, todo.md, reads, done
        return ActionOutcome(ok=False, message=f"{action.kind} is not done to the page")
    if ACTIONS[action.kind].fields:
        return _fill(page, action, secrets, timeout, snapshot)
    return _act(page, action, secrets, timeout, snapshot)


def _act(page: Page, action: Action, secrets: Secrets, timeout: float, snapshot: str) -> ActionOutcome:
    """One action on the page, on at most one element."""
    timeout_ms = bounded.bound(timeout) * 1000  # never 0, which Playwright reads as no timeout at all
    if (ACTIONS[action.kind].element or ACTIONS[action.kind].fields) and not action.ref:
        return ActionOutcome(ok=False, message=f"{action.kind} needs the ref of an element, e.g. e5")
    if action.kind == "navigate" and not action.url:
        return ActionOutcome(ok=False, message="navigate needs a url")
    locator = page.locator(f"aria-ref={action.ref}") if action.ref else None
    described: str | None = None
    try:
        if locator is not None:
            if bounded.call(locator, bounded.bound(timeout), "count") == 0:
                return ActionOutcome(ok=False, message=f"no element {action.ref} on the page now; look again")
            described = locator_code(snapshot, action.ref or "") or _stable(locator, action.ref or "", timeout)
        message = _perform(page, action, locator, secrets, timeout_ms)
    except (UnknownPlaceholder, NotTaken) as failed:
        return ActionOutcome(ok=False, message=secrets.redact(str(failed)), locator=described)
    except PlaywrightError as error:
        first_line = (error.message or str(error)).strip().splitlines()[0]
        return ActionOutcome(ok=False, message=secrets.redact(first_line), locator=described)
    return ActionOutcome(ok=True, message=message, locator=described)


def _fill(page: Page, action: Action, secrets: Secrets, timeout: float, snapshot: str) -> ActionOutcome:
    """Each field typed as `type` types it (a dropdown set to the option its text names, as `select` sets it), in
    order, until one fails: that one is named (the model's to put right), with the fields typed before it; the page
    is settled once, after all of them, by the session. The outcome says what a field holds where that is not just
    what was typed: the option chosen, the date a field read."""
    fields = action.fields or []
    if not fields:
        return ActionOutcome(ok=False, message='fill needs fields, e.g. [{"ref": "e3", "text": "Jana"}]')
    locators: list[str] = []
    chosen: dict[int, str] = {}
    notes: list[str] = []
    for number, field in enumerate(fields, 1):
        one = action.model_copy(update={"ref": field.ref, "text": field.text, "fields": None})
        done = _act(page, one, secrets, timeout, snapshot)
        if not done.ok:
            typed = "the fields before it were typed, " if number > 1 else ""
            message = f"field {number} of {len(fields)} ({field.ref}) failed: {done.message}; {typed}"
            return ActionOutcome(
                ok=False, message=f"{message}it and those after it were not", locators=locators, chosen=chosen
            )
        locators.append(done.locator or f'locator("aria-ref={field.ref}")')
        if done.message.startswith(SELECTED):  # selected 'Saturday 14:00': the label as the page spells it
            chosen[number - 1] = ast.literal_eval(done.message.removeprefix(SELECTED))
        if done.message.startswith(SELECTED) or "holds" in done.message:
            notes.append(f"{field.ref}: {done.message}")
    said = "; ".join([f"typed {len(fields)} fields", *notes])
    return ActionOutcome(ok=True, message=said, locators=locators, chosen=chosen)


def _perform(page: Page, action: Action, locator: Locator | None, secrets: Secrets, timeout_ms: float) -> str:
    return PERFORM[action.kind](page, action, locator, secrets, timeout_ms)


Performer = Callable[[Page, Action, "Locator | None", Secrets, float], str]
"""Does one kind of action on the page (on `locator` when it names an element); returns what happened, in words."""


_LABEL_INSTEAD = """e => {
  if (!['radio', 'checkbox'].includes(e.type) || !e.labels || !e.labels.length) return -1;
  const box = e.getBoundingClientRect(), style = getComputedStyle(e);
  const x = box.x + box.width / 2, y = box.y + box.height / 2;
  const inView = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
  const hit = box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && Number(style.opacity) > 0 &&
              (!inView || document.elementFromPoint(x, y) === e);
  if (hit) return -1;
  const shown = label => { const at = label.getBoundingClientRect(); return at.width > 0 && at.height > 0; };
  return [...e.labels].findIndex(shown);
}"""
"""The label to click for a radio button or box a person cannot click itself (hidden, transparent, covered by its
label: a styled choice), as a person clicks what they see; -1 to click the element."""


def _click(page: Page, action: Action, locator: Locator | None, secrets: Secrets, timeout_ms: float) -> str:
    element = _element(locator)
    label = bounded.evaluate(element, timeout_ms / 1000, _LABEL_INSTEAD)
    if isinstance(label, int) and label >= 0:
        handle = element.evaluate_handle("(e, at) => e.labels[at]", label, timeout=timeout_ms).as_element()
        if handle is not None:
            handle.click(timeout=timeout_ms)
            return "clicked (its label: the choice itself is hidden under it)"
    element.click(timeout=timeout_ms)
    return "clicked"


def _type(page: Page, action: Action, locator: Locator | None, secrets: Secrets, timeout_ms: float) -> str:
    # a credential's value is put in only here; the model and every record keep the placeholder
    text = secrets.credentials.fill(action.text or "")
    element = _element(locator)
    kind = bounded.evaluate(element, timeout_ms / 1000, "e => e.type")
    if kind == "password":
        secrets.add(text)
    if kind in ("select-one", "select-multiple"):  # a label the page shows may hold a secret
        if action.kind == "fill":  # a form's dropdown, set as select sets it
            return secrets.redact(_choose(element, text, timeout_ms))
        return secrets.redact(_type_ahead(element, text, timeout_ms))
    if kind in ISO_FORMATS:
        return _type_date(element, str(kind), text, action.text or "", timeout_ms)
    if text[-1:].isspace() or not text or kind not in KEYED:
        element.fill(text, timeout=timeout_ms)
    else:  # the last character as a key, as a person's typing ends: a combobox filters, a search suggests
        element.fill(text[:-1], timeout=timeout_ms)
        element.press_sequentially(text[-1], timeout=timeout_ms)
    if kind == "password":  # the field shows a disc a character: the model is told how many, never which
        held = bounded.evaluate(element, timeout_ms / 1000, "e => [...e.value].length")
        typed = len(text)
        return (
            f"typed {hidden(typed)}" if held == typed else f"typed {typed} characters; the field holds {hidden(held)}"
        )
    return "typed"


def _type_date(element: Locator, kind: str, text: str, asked: str, timeout_ms: float) -> str:
    """Typing into a date (time, month, week) field, as a person types the layout it shows (`12/24/2026`) or as its
    ISO value (`2026-12-24`): a script can set it only in the ISO form, and a person's keys, segment by segment,
    trip on a separator or a one-digit month in Chromium, so the layout's text is read as its ISO value and set."""
    shown = layout(element.page, kind, bounded.evaluate(element, timeout_ms / 1000, "e => e.step"), timeout_ms / 1000)
    read = to_iso(text, shown) if shown is not None and text else None
    element.fill(read or text, timeout=timeout_ms)
    empty = bounded.evaluate(element, timeout_ms / 1000, "e => e.value === ''")
    if text and empty:
        # the field drops anything else without a word: the persona would see it still empty, so the model is told,
        # with the forms that work
        raise NotTaken(f"the {kind} field stayed empty: {asked!r} is not a form it takes; type it {forms(shown, kind)}")
    return f"typed (the field holds {read})" if read is not None and read != text else "typed"


def _type_ahead(element: Locator, text: str, timeout_ms: float) -> str:
    """Typing on a dropdown, as a keyboard user chooses from one: the browser picks the first option whose label
    starts with what was typed (its type-ahead). What it picked is the outcome; a text no label starts with
    changes nothing, and the model is told so."""
    element.press_sequentially(text, timeout=timeout_ms)
    chosen = bounded.evaluate(
        element, timeout_ms / 1000, "e => e.selectedIndex < 0 ? '' : e.options[e.selectedIndex].label"
    )
    if not str(chosen).casefold().startswith(text.casefold()):
        raise NotTaken(f"no option starts with {text!r}: the dropdown shows {chosen!r}")
    return f"chose {chosen!r}"


KEYED = frozenset({"text", "search", "email", "url", "tel", "password", "number", "textarea", None})
"""Fields whose typing ends with a key pressed (None: a contenteditable); the others (a date, a range, a colour)
take their value whole."""


SELECTED = "selected "
MAX_OPTIONS = 12
"""The most of a dropdown's options named when none is the one asked for."""


def _choose(element: Locator, text: str, timeout_ms: float) -> str:
    """A dropdown set to the option whose label is `text` (the same letters in any case, spaces trimmed, when none
    is exactly it), as `select` sets one; none such changes nothing, and the model is told the labels there are at
    once, rather than Playwright waiting its timeout for an option that will never come."""
    labels = bounded.evaluate(element, timeout_ms / 1000, "e => [...e.options].map(o => o.label)")
    labels = [str(label) for label in labels or []]
    index = option_index(labels, text)
    if index is None:
        raise NotTaken(f"no option {text!r}: the dropdown offers {offered(labels)}")
    element.select_option(index=index, timeout=timeout_ms)
    return f"{SELECTED}{labels[index]!r}"


def offered(labels: list[str]) -> str:
    """A dropdown's first options, as the model is told them when none is the one it asked for. Pure."""
    more = ", ..." if len(labels) > MAX_OPTIONS else ""
    return ", ".join(repr(str(label)) for label in labels[:MAX_OPTIONS]) + more


def option_index(labels: list[str], text: str) -> int | None:
    """The place of the option labelled `text`: exactly, else the same letters in any case with spaces trimmed, else
    the one option whose label begins with them before a comma, a space, a bracket or a dash, as typing on a dropdown
    goes to it ("Warsaw": "Warsaw, Poland"; not when two begin so, nor "War" of "Warsaw", nor "14" of "14:00").
    Pure."""
    if text in labels:
        return labels.index(text)
    wanted = text.strip().casefold()
    alike = [n for n, label in enumerate(labels) if label.strip().casefold() == wanted]
    begun = [
        n for n, label in enumerate(labels) if re.match(re.escape(wanted) + r"[,\s(\[–-]", label.strip().casefold())
    ]
    return alike[0] if alike else begun[0] if wanted and len(begun) == 1 else None


class NotTaken(Exception):
    """The page took an action but not what it meant: an outcome for the model, as a failed click is."""


def _select(page: Page, action: Action, locator: Locator | None, secrets: Secrets, timeout_ms: float) -> str:
    element, label = _element(locator), action.text or ""
    labels = bounded.evaluate(element, timeout_ms / 1000, "e => e.options ? [...e.options].map(o => o.label) : null")
    if labels is not None:  # a <select>: its option said at once, not after Playwright's wait for one to come
        index = option_index([str(one) for one in labels], label)
        if index is None:
            raise NotTaken(secrets.redact(f"no option {label!r}: the dropdown offers {offered(labels)}"))
        element.select_option(index=index, timeout=timeout_ms)
        return secrets.redact(f"{SELECTED}{str(labels[index])!r}")
    element.select_option(label=label, timeout=timeout_ms)  # what Playwright finds a <select> by (a label)
    return f"{SELECTED}{action.text!r}"


def _hover(page: Page, action: Action, locator: Locator | None, secrets: Secrets, timeout_ms: float) -> str:
    _element(locator).hover(timeout=timeout_ms)
    return "hovered"


def _press(page: Page, action: Action, locator: Locator | None, secrets: Secrets, timeout_ms: float) -> str:
    key = action.key or "Enter"
    if locator is not None:
        locator.press(key, timeout=timeout_ms)
    else:
        bounded.call(page.keyboard, timeout_ms / 1000, "press", key)
    return f"pressed {key}"


def _scroll(page: Page, action: Action, locator: Locator | None, secrets: Secrets, timeout_ms: float) -> str:
    if locator is not None:
        locator.scroll_into_view_if_needed(timeout=timeout_ms)
        return f"scrolled {action.ref} into view"
    height = (page.viewport_size or {"height": 720})["height"]
    delta = -0.8 * height if action.direction == "up" else 0.8 * height
    bounded.call(page.mouse, timeout_ms / 1000, "wheel", 0, delta)
    return f"scrolled {action.direction or 'down'}"


def _navigate(page: Page, action: Action, locator: Locator | None, secrets: Secrets, timeout_ms: float) -> str:
    response = page.goto(urljoin(page.url, action.url or ""), timeout=timeout_ms)
    status = f" ({response.status})" if response is not None else ""
    return f"navigated to {page.url}{status}"


def _back(page: Page, action: Action, locator: Locator | None, secrets: Secrets, timeout_ms: float) -> str:
    page.go_back(timeout=timeout_ms)
    return f"went back to {page.url}"


def _wait(page: Page, action: Action, locator: Locator | None, secrets: Secrets, timeout_ms: float) -> str:
    page.wait_for_timeout(WAIT_SECONDS * 1000)
    return "waited"


PERFORM: dict[str, Performer] = {
    "click": _click,
    "type": _type,
    "fill": _type,  # each field in turn (`_fill`)
    "select": _select,
    "hover": _hover,
    "press": _press,
    "scroll": _scroll,
    "navigate": _navigate,
    "back": _back,
    "wait": _wait,
}
"""The page's kinds of `records.ACTIONS`, each done by its performer."""


def _element(locator: Locator | None) -> Locator:
    """The element an action on one acts on: `act` has refused such an action without a ref already."""
    assert locator is not None, "an action on an element comes with its ref"
    return locator


def locator_code(snapshot: str, ref: str) -> str | None:
    """The element `ref` of an ai snapshot as Playwright code, e.g. get_by_role("button", name="Buy"), with .nth()
    when other elements of its role have a name containing its name; None when its role names nothing a user would
    (generic, text) or the ref is not in the snapshot. Pure."""
    lines = [read for read in parse(snapshot) if read.ref]
    own = next((read for read in lines if read.ref == ref), None)
    if own is None or own.role in UNNAMED_ROLES:
        return None
    role, name = own.role, own.name or ""
    same = [read for read in lines if read.role == role and name.lower() in (read.name or "").lower()]
    code = f"get_by_role({json.dumps(role)}" + (f", name={json.dumps(name)})" if name else ")")
    return code if len(same) == 1 else f"{code}.nth({same.index(own)})"


def _stable(locator: Locator, ref: str, timeout: float) -> str:
    """The locator as Playwright code, e.g. get_by_role("button", name="Buy"); the ref when it cannot be."""
    try:
        return str(bounded.call(locator, bounded.bound(timeout), "normalize"))
    except PlaywrightError:
        return f'locator("aria-ref={ref}")'
