"""Verdict: whether a claim of `done` counts. The persona's word is checked against the page and its documents, and
the test's own success check (`agent.run(..., success=...)`), when it gave one, decides.

Evidence is matched as text: the page's visible text (`innerText`, so a value typed into a field that was never sent
proves nothing) and the title, or a document in docs/, both case- and whitespace-normalized; or, when it names an
element and its state (`checkbox "Join Newsletter" [checked]`), against the page's ai snapshot read again
(`records/evidence.py`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Literal, Union

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

from pytest_useragent.browser import bounded
from pytest_useragent.browser.scripts import script
from pytest_useragent.errors import UserError
from pytest_useragent.records import ActionOutcome, Claim, Evaluation, Issue
from pytest_useragent.records.evidence import STATE_GOAL, bare_label, focus_only, holds, proves, state_claims
from pytest_useragent.records.rules import rule
from pytest_useragent.records.states import named_by_text
from pytest_useragent.workspace.documents import read_text

SuccessCheck = Union[Callable[[Page], bool], Locator]  # noqa: UP007 -- a runtime alias: Locator | Callable fails
"""What a test may pass as `success=`: a function of the page that answers True or False, or a Locator that must be
visible."""
MIN_EVIDENCE = 3
"""Fewer letters than this match almost any page: they show nothing. Counted decomposed (NFD), so a Korean word of
two syllables ("녹차", five letters) shows something, as "tea" does."""
CHECK_WAIT_S = 2.0
"""Most seconds a Locator check waits for its element to show: a status may still be fading in."""
_QUOTES = str.maketrans({"“": "'", "”": "'", "„": "'", '"': "'", "‘": "'", "’": "'", "\u00a0": " ", ":": " "})
"""Every quote mark one; a colon a space: a term's colon a stylesheet adds (`dt::after`) is in the tree the persona
reads ("Tiempo de respuesta: 1 día hábil") but not in the page's `innerText`."""

_IMAGE_TEXTS = script("image_texts.js")


def normalized(text: str) -> str:
    """Text as evidence is compared: NFKC, every quote mark one, colons as spaces, case folded, whitespace
    collapsed."""
    return " ".join(unicodedata.normalize("NFKC", text).translate(_QUOTES).casefold().split())


def locate(evidence: str | None, page_text: str, documents: dict[str, str], dialogs: Sequence[str] = ()) -> str | None:
    """Where the evidence is: "page", "docs/<name>" (documents: name -> text), "dialog" (what a dialog the page
    opened said, as the persona was told it: a form some sites confirm only with an `alert()`), or None. Pure."""
    wanted = normalized(evidence or "")
    if len(unicodedata.normalize("NFD", wanted)) < MIN_EVIDENCE:
        return None
    if wanted in normalized(page_text):
        return "page"
    found = next((f"docs/{name}" for name, text in documents.items() if wanted in normalized(text)), None)
    return found or next(("dialog" for said in dialogs if wanted in normalized(said)), None)


def describe(check: SuccessCheck | None) -> str | None:
    """The check as a test author would recognise it in a report."""
    if check is None:
        return None
    if isinstance(check, Locator):
        return str(check)
    return getattr(check, "__qualname__", None) or repr(check)


def validate(check: object) -> SuccessCheck | None:
    """The `success=` argument, or a UserError that says what it must be."""
    if check is None or isinstance(check, Locator) or callable(check):
        return check
    raise UserError(f"success= must be a Locator or a function of the page returning True/False, not {check!r}")


def succeeded(page: Page, check: SuccessCheck, timeout_s: float = CHECK_WAIT_S) -> bool:
    """Ask the test's check. A Locator must be visible within a short wait; a function must answer True or False:
    anything else, or an exception from it, is the test author's to fix (a UserError of one line)."""
    if isinstance(check, Locator):
        try:
            check.first.wait_for(state="visible", timeout=timeout_s * 1000)
        except PlaywrightError:  # the timeout included: not visible in time
            return False
        return True
    try:
        answer = check(page)
    except Exception as error:  # noqa: BLE001 -- whatever the author's function raises is theirs to fix
        raise UserError(f"success={describe(check)} raised {type(error).__name__}: {error}") from None
    if not isinstance(answer, bool):
        raise UserError(f"success={describe(check)} must return True or False, and returned {answer!r}")
    return answer


def visible_text(page: Page, timeout_s: float) -> str:
    """The page's title, visible text (not the values of its fields) and the text alternatives of the images it
    shows (the opening hours as an image whose alt says them), each on lines of its own."""
    try:
        title = bounded.call(page, timeout_s, "title")  # a frozen page: PageUnresponsive ends the session
        text = page.locator("body").inner_text(timeout=timeout_s * 1000)
        images = bounded.evaluate(page, timeout_s, _IMAGE_TEXTS)
    except PlaywrightError:  # no body yet, or the page is going away: nothing on it shows anything
        return ""
    return "\n".join([title, text, *images])


def read_documents(paths: dict[str, str], limit: int) -> dict[str, str]:
    """The persona's documents (name -> path) as text, each at most `limit` characters, read as the workspace reads
    them: a symbolic link put in a document's place is not followed, and is no document."""
    documents = {}
    for name, path in paths.items():
        try:
            documents[name] = read_text(Path(path))[:limit]
        except OSError:
            continue
    return documents


def judge_done(
    step: int,
    evidence: str | None,
    page: Page,
    documents: dict[str, str],
    check: SuccessCheck | None,
    timeout_s: float,
    seen_as: Callable[[str], str] = str,
    goal: str = "",
    before: str = "",
    dialogs: Sequence[str] = (),
) -> tuple[ActionOutcome, Issue | None]:
    """The outcome of a `done`: the claim as judged, and a UX finding when the test's check says it is false.
    `seen_as` turns the page's text into what the persona saw of it: a page showing a credential showed it the
    placeholder (`Signed in as {{email}}`), which is what its evidence quotes. Evidence that names elements in a
    state holds only when the page has each in that state now; a label, where focus is, or text that was on the page
    `before` the persona did anything is no evidence of a state `goal`."""
    kind, found_in = _where(evidence, page, documents, timeout_s, seen_as, goal, before, dialogs)
    claim = Claim(
        step=step,
        evidence=evidence,
        found_in=found_in,
        success=None if check is None else succeeded(page, check),
        kind=kind,
    )
    return judged(claim, page.url)


def judged(claim: Claim, url: str) -> tuple[ActionOutcome, Issue | None]:
    """The outcome of a `done` judged as `claim`, on the page at `url`, and a false done when the test's check says it
    is false. Pure."""
    if claim.accepted:
        shown_by = claim.found_in or "success check"
        return ActionOutcome(ok=True, message=f"done, shown by the {shown_by}", claim=claim), None
    return ActionOutcome(ok=False, message=f"not done: {claim.why_not}", claim=claim), (
        false_done(claim, url) if claim.success is False else None
    )


def _where(
    evidence: str | None,
    page: Page,
    documents: dict[str, str],
    timeout_s: float,
    seen_as: Callable[[str], str],
    goal: str,
    before: str,
    dialogs: Sequence[str] = (),
) -> tuple[Literal["text", "state", "label", "focus", "before"], str | None]:
    """What the evidence is and where it holds: elements in a state, checked against the page read again ("page
    state"); an element named only by focus (refused: focus shows no goal reached); the bare label of a stateful
    control, or text already on the page at the start, for a goal that asks for a state (refused: they show no
    state); or text, found on the page or in a document."""
    claimed = state_claims(evidence)
    if claimed is not None:
        # both trees: the ai snapshot a seeing persona reads, the tree a screen reader reads (a row's name, a
        # slider's value, on its own line there); an element holds its state when either shows it
        trees = [seen_as(page_snapshot(page, timeout_s, mode)) for mode in ("ai", "default")]
        shown = all(proves(claim, goal, trees[0]) and any(holds(claim, tree) for tree in trees) for claim in claimed)
        return "state", "page state" if shown else None
    if focus_only(evidence):
        return "focus", None
    found = locate(evidence, seen_as(visible_text(page, timeout_s)), documents, dialogs)
    if found == "page" and STATE_GOAL.search(goal):
        if bare_label(evidence, page_snapshot(page, timeout_s)):
            return "label", None
        if locate(evidence, before, {}) == "page":
            return "before", None
    return "text", found


def checked(evaluation: Evaluation | None, outcome: ActionOutcome | None) -> Evaluation | None:
    """The persona's verdict on its last expectation, unless the harness measured that what it expected cannot have
    happened: the action did not happen, a click changed nothing, a Tab left focus where it was. Then "met" is
    "unmet", saying what was measured. Pure."""
    if evaluation is None or outcome is None or evaluation.verdict != "met" or outcome.claim is not None:
        return evaluation
    if not outcome.ok:
        seen = f"the action did not happen ({outcome.message[:120]})"
    elif outcome.dead_click:
        seen = "the click changed nothing on the page"
    elif outcome.focus_stayed:
        seen = f"focus stayed on {outcome.focus_stayed[:120]}"
    else:
        return evaluation
    return Evaluation(verdict="unmet", note=f"{seen}, as the harness measured; the persona said: {evaluation.note}")


def page_snapshot(page: Page, timeout_s: float, mode: Literal["ai", "default"] = "ai") -> str:
    """The page as its ai snapshot (or, `default`, the accessibility tree a screen reader gets) has it now: roles,
    names, states and values."""
    try:
        return named_by_text(str(page.aria_snapshot(mode=mode, timeout=timeout_s * 1000)))
    except PlaywrightError:  # the page is going away: nothing on it shows a state
        return ""


def false_done(claim: Claim, url: str) -> Issue:
    """A persona that believed it was done when it was not: the page did not make its state plain."""
    said = f' ("{claim.evidence}")' if claim.evidence else ""
    return rule("false-done").issue(f"the persona said done{said}; the success check answered False", url)
