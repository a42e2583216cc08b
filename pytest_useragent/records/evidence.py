"""Evidence that names a state: `checkbox "Join Newsletter" [checked]`, `option "Coffee" [selected]`, `tab "Tab 2"
[selected]`, `button "Press me" [pressed]`, `treeitem "Projects" [expanded]`, `textbox "Email" = jana@example.com`.
A label is on the page whether its box is ticked or not, so for a goal that is a state only the state proves it:
such evidence holds when the page, read again, has an element of that role and name in that state (or with that
value). Pure: the page's ai snapshot is read by the caller, in its line format (`snapshot.py`).
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass

from pytest_useragent.records.snapshot import SnapshotLine, line, parse

STATES = frozenset({"checked", "selected", "pressed", "expanded", "disabled", "current"})
"""The states Playwright's ai snapshot writes as flags, which evidence may claim. Not `active`: where focus is shows
where the persona is, never that a goal is reached (a field focused is no field filled)."""
FOCUS = "active"
MASK = "•*● "
"""What a masked value was written with: a password field's value as a persona's snapshot showed it."""
HIDDEN = re.compile(r"\(?hidden, \d+ characters?\)?", re.IGNORECASE)
"""A password field's value as the persona's snapshot tells it now (`secrets.redaction.hidden`)."""
STATEFUL = frozenset(
    {
        "checkbox",
        "radio",
        "switch",
        "option",
        "tab",
        "treeitem",
        "menuitemcheckbox",
        "menuitemradio",
        "button",
        "combobox",
        "textbox",
        "searchbox",
        "spinbutton",
        "slider",
    }
)
"""Roles whose name says nothing of their state: their label alone proves no state goal."""
RENAMED = frozenset({"button", "link", "switch", "menuitem"})
"""Controls whose name may tell their state: a toggle's Pause is named Play once pressed (一時停止: 再生). Named
alone, with no state, such a control holds when the page read again has one of that role so named."""
STATE_GOAL = re.compile(
    r"\b(tick|ticked|check|checked|uncheck|select|selected|choose|chosen|pick|expand|expanded|collapse|toggle|"
    r"switch|enable|turn on|press|pressed|opt in|subscribe|set(?! up)|seek|adjust|increase|decrease)\b",
    re.IGNORECASE,
)
"""A goal that asks for a state (a box ticked, an option chosen, a node expanded)."""
FILL_GOAL = re.compile(r"\b(enter|type|fill|write|put)\b", re.IGNORECASE)
SEND_GOAL = re.compile(
    r"\b(send|submit|sign up|register|book|order|buy|pay|save|post|create|log in|sign in)\b", re.IGNORECASE
)
"""A field's value proves a goal to fill it in or to choose that value, never one to send it: what was typed and
not sent is no result."""
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_CLOCK = re.compile(r"\b(\d+):00\b")
"""A time on a clock at a whole minute or hour: the number before it is what a goal names ("2 minutes")."""
QUANTITIES = frozenset({"slider", "spinbutton"})
"""Roles whose value is a number set, not a text typed to be sent."""
SENDER = re.compile(SEND_GOAL.pattern + r"|\b(continue|next|confirm|apply|done|reserve|checkout|check out)\b", re.I)
"""A button that sends what a form holds."""


@dataclass(frozen=True)
class StateClaim:
    """An element and the state (or value) evidence claims for it."""

    role: str
    name: str
    states: tuple[str, ...] = ()
    value: str | None = None
    ref: str | None = None
    """An element with no name (TodoMVC's tick boxes) is claimed by its ref, which the page read again keeps."""

    def __str__(self) -> str:
        """The claim as evidence is written, the name quoted as the snapshot quotes it (so `state_claim` reads it
        back whole, quotes in the name included)."""
        said = "".join(f" [{state}]" for state in self.states)
        named = f"{self.role}{f' {json.dumps(self.name, ensure_ascii=False)}' if self.name else ''}{said}"
        named += f" [ref={self.ref}]" if self.ref else ""
        return named + (f" = {self.value}" if self.value is not None else "")


def state_claims(evidence: str | None) -> list[StateClaim] | None:
    """The evidence read as one or more elements in a state, one to a line or separated by `;` (`checkbox "Tea"
    [checked]; checkbox "Milk" [checked]`), beside which an element may be named as there, with no state (the reply
    row an expanded row shows); None unless every part is one of these and one at least claims a state or value. A
    control whose name tells its state (`RENAMED`: a toggle's `button "Play"` once paused) may be named alone."""
    parts = [part for part in re.split(r';\s*(?=[\w-]+\s+")|\n', evidence or "") if part.strip()]
    alone = _present(parts[0]) if len(parts) == 1 and state_claim(parts[0]) is None else None
    if alone is not None and alone.role in RENAMED:
        return [alone]
    claims = [state_claim(part) or (_present(part) if len(parts) > 1 else None) for part in parts]
    if not claims or None in claims or not any(claim.states or claim.value is not None for claim in claims if claim):
        return None
    return [claim for claim in claims if claim is not None]


def _present(evidence: str) -> StateClaim | None:
    """An element named as the snapshot names it, with no state claimed: it holds when the page has it."""
    read = line("- " + evidence.strip())
    if read is None or read.name is None or read.role.startswith("/") or read.role == "text":
        return None
    return StateClaim(role=read.role.lower(), name=read.name)


def focus_only(evidence: str | None) -> bool:
    """Whether the evidence names an element by where focus is and nothing else (`textbox "Notes" [active]`)."""
    read = line("- " + (evidence or "").strip())
    return (
        read is not None
        and read.name is not None
        and FOCUS in read.attributes
        and not read.text
        and not any(key in STATES for key in read.attributes)
    )


def state_claim(evidence: str | None) -> StateClaim | None:
    """The evidence read as an element and its state (`role "name" [state]`, `role "name" = value`); None for text
    evidence."""
    text = (evidence or "").strip()
    if not text or ('"' not in text and "[ref=" not in text):
        return None
    text = re.sub(r'^(\w[\w-]*\s+"(?:[^"\\]|\\.)*")((?:\s*\[[^\]]*\])*)\s*=\s*', r"\1\2: ", text, count=1)
    read = line("- " + text)
    if read is None or read.role.startswith("/") or read.role == "text":
        return None
    if read.name is None and (read.ref is None or read.role.lower() not in STATEFUL):
        return None  # no name: only a control's ref names it
    states = tuple(key for key, value in read.attributes.items() if key in STATES and value in (None, "true"))
    value = read.text if read.text else None
    if not states and value is None:
        return None
    ref = read.ref if read.name is None else None
    return StateClaim(role=read.role.lower(), name=read.name or "", states=states, value=value, ref=ref)


def holds(claim: StateClaim, snapshot: str) -> bool:
    """Whether an element of the snapshot has the claim's role and name (spacing and case aside) and every state it
    claims (or its value)."""
    return any(_is(element, claim) for element in parse(snapshot))


def proves(claim: StateClaim, goal: str, snapshot: str = "") -> bool:
    """Whether such a claim can prove the goal at all: a state always; a field's value a goal to fill it in, or one
    that asks for that very value ("Choose Oregon", "set it to 20 degrees"); never a goal to send it, except a
    quantity (a spin button, a slider) at the number the goal names on a page (`snapshot`) with no button that
    sends it ("Book for 3 adults" where the count is all there is to book: nothing was left unsent)."""
    if claim.value is None:
        return True
    if SEND_GOAL.search(goal):
        return claim.role in QUANTITIES and _asked(claim.value, goal) and not sends(snapshot)
    return bool(FILL_GOAL.search(goal) or _asked(claim.value, goal))


def sends(snapshot: str) -> bool:
    """Whether the page has a button that sends (Book, Submit, Continue ...), which a value set waits for."""
    return any(e.role == "button" and e.name and SENDER.search(e.name) for e in parse(snapshot))


def _asked(value: str, goal: str) -> bool:
    """Whether the goal names the value: its words, or every number in it (20.0°C for "20 degrees")."""
    wanted = _folded(value)
    if wanted and re.search(rf"(?<!\w){re.escape(wanted)}(?!\w)", _folded(goal)):
        return True
    value = _CLOCK.sub(lambda clock: clock.group(1), value)  # 2:00 is 2 minutes (or hours), not the numbers 2 and 0
    numbers = [float(n.replace(",", ".")) for n in _NUMBER.findall(value)]
    asked = {float(n.replace(",", ".")) for n in _NUMBER.findall(goal)}
    return bool(numbers) and all(number in asked for number in numbers)


def bare_label(evidence: str | None, snapshot: str) -> SnapshotLine | None:
    """The control whose name the text evidence is, when its role has a state its name does not tell (a checkbox's
    label): the evidence proves no state."""
    wanted = _folded(evidence or "")
    if not wanted:
        return None
    return next(
        (
            element
            for element in parse(snapshot)
            if element.role in STATEFUL and element.name is not None and _folded(element.name) == wanted
        ),
        None,
    )


def _is(element: SnapshotLine, claim: StateClaim) -> bool:
    if element.role.lower() != claim.role:
        return False
    if claim.ref is not None:  # an unnamed control by its ref: that element, with no name of its own
        if element.ref != claim.ref or element.name:
            return False
    elif element.name is None or _folded(element.name) != _folded(claim.name):
        return False
    if any(element.attributes.get(state, "absent") not in (None, "true") for state in claim.states):
        return False
    if claim.value is None:
        return True
    if claim.value.strip(MASK) == "":  # a password as the persona saw it, masked: it holds a value, not revealed here
        return bool(element.text)
    if HIDDEN.fullmatch(claim.value.strip()):  # as the persona is told it: its length, with or without brackets
        return _folded(element.text or "").strip("()") == _folded(claim.value).strip("()")
    return _folded(element.text or "") == _folded(claim.value)


def _folded(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split()).strip("\"'")
