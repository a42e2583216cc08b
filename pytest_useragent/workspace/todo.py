"""todo.md: the session's plan and progress log, kept where a person (and the model) can read it, as the todo.md
plan (seed 004) lays it out:

    # TODO for session 9af31c2b
    Instruction: <the goal> / Started at: <ISO time> / Current URL: <updated each step> / Progress: (7/12)
    ## Plan          - [ ] Step 2: search for the product  #action:type #domain:shop.local    (or "Plan TBD")
    ## Progress Log  - [OK] 10:42:07 click `get_by_role(...)` @ http://... | summary
                     - [DONE] 10:43:30 goal reached | <evidence>
    ## Notes         - step 3: click e5 failed: ...   (failures, blocked navigations, dialogs, a give-up's reason)

Each successful action adds a log line and, with auto-check, ticks the first open plan item all of whose tags match
it (its action, and its domain when it names one; an item that names both wins over one that names the action only).
An untagged item is ticked by the `check` action only. A failed write is logged and never stops the session.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from urllib.parse import urlparse

from jinja2 import Template

from pytest_useragent.files import atomic_write
from pytest_useragent.records import Step
from pytest_useragent.templates import environment

log = logging.getLogger("pytest_useragent")

_ITEM = re.compile(r"^\s*(?:[-*]\s*)?(?:\[(?P<mark>[ xX✓OK]*)\]\s*)?(?P<text>.+?)\s*$")
_TAG = re.compile(r"#(\w+):(\S+)")


@dataclass(frozen=True)
class TodoSettings:
    enabled: bool = True
    every: int = 1
    """Write todo.md every N steps (and always at the end)."""
    max_lines: int = 200
    """Most Progress Log lines kept; older ones are summarized as a count."""
    auto_check: bool = True


MAX_NOTES = 50
MAX_NOTE_CHARS = 200
"""Notes come from the page (a failure's message, a dialog's text): any number, any length."""


@dataclass
class PlanItem:
    text: str
    done: bool = False

    @property
    def tags(self) -> dict[str, set[str]]:
        """Its tags by kind: `#action:type #action:click #domain:shop.local` -> action {type, click}, domain {...}."""
        found: dict[str, set[str]] = {}
        for kind, value in _TAG.findall(self.text):
            found.setdefault(kind, set()).add(value)
        return found

    def fits(self, action: str, host: str) -> bool:
        """Whether an action on `host` does this item: it names the action, and the host when it names a domain."""
        tags = self.tags
        return action in tags.get("action", set()) and host in tags.get("domain", {host})


@dataclass
class Todo:
    path: Path
    session: str
    goal: str
    started: datetime
    settings: TodoSettings = field(default_factory=TodoSettings)
    url: str = ""
    plan: list[PlanItem] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    completed: int = 0
    max_steps: int | None = None
    """The session's step limit, for the Progress line."""
    redact: Callable[[str], str] = field(default=lambda text: text, repr=False)
    """What todo.md passes before it is written: the session's Secrets.redact."""

    def set_plan(self, text: str) -> str:
        """Replace the plan with the items in `text`, one per line; returns what happened, for the model."""
        items = [match for line in text.splitlines() if line.strip() and (match := _ITEM.match(line))]
        self.plan = [PlanItem(m.group("text"), done=bool((m.group("mark") or "").strip())) for m in items]
        return f"the plan has {len(self.plan)} items"

    def check(self, target: str | None) -> tuple[bool, str]:
        """Tick plan item number `target`; whether it worked, and what happened, for the model."""
        try:
            number = int(target or "")
            item = self.plan[number - 1]
            if number < 1:
                raise IndexError
        except (ValueError, IndexError):
            return False, f"no plan item {target!r}; items are numbered 1 to {len(self.plan)}"
        item.done = True
        return True, f"checked: {item.text}"

    def record(self, at: datetime, action: str, locator: str | None, url: str, summary: str) -> None:
        """A successful action: a log line, the counter, and (with auto-check) the plan item it does."""
        self.completed += 1
        self.url = url
        what = f" `{locator}`" if locator else ""  # a code span: the locator's own quotes stay unescaped
        self.log.append(f"- [OK] {at:%H:%M:%S} {action}{what} @ {url} | {summary}")
        if self.settings.auto_check:
            host = urlparse(url).hostname or ""
            open_items = [item for item in self.plan if not item.done and item.fits(action, host)]
            # an item that names the domain too says more about this action than one that names the action only
            best = sorted(open_items, key=lambda item: "domain" not in item.tags)
            if best:
                best[0].done = True

    def seen(self, url: str) -> None:
        """Where the session is now, for the Current URL line."""
        self.url = url

    def note(self, text: str) -> None:
        """A note: a failure, a blocked navigation, a dialog, a decision; one line, bounded, the first ones kept."""
        line = " ".join(text.split())
        if len(self.notes) < MAX_NOTES and line:
            self.notes.append(line if len(line) <= MAX_NOTE_CHARS else line[: MAX_NOTE_CHARS - 1] + "…")

    def close(self, at: datetime, ending: str, evidence: str | None = None) -> None:
        """The log's last line: how the session ended ("goal reached", "gave up", "out of steps") and its evidence."""
        self.log.append(f"- [DONE] {at:%H:%M:%S} {ending}" + (f" | {' '.join(evidence.split())}" if evidence else ""))

    def for_prompt(self) -> str:
        """The plan, numbered, and the progress: what the model needs of todo.md each step."""
        items = [f"{n}. [{'x' if item.done else ' '}] {item.text}" for n, item in enumerate(self.plan, start=1)]
        ticked = sum(item.done for item in self.plan)
        plan = f"plan {ticked}/{len(self.plan)} ticked" if self.plan else "no plan yet"
        return "\n".join([f"Progress: {self.progress()} actions done of the step limit; {plan}", *items])

    def render(self) -> str:
        hidden = max(0, len(self.log) - self.settings.max_lines)
        return _template().render(todo=self, shown=self.log[hidden:], hidden=hidden, progress=self.progress())

    @property
    def short_id(self) -> str:
        """The session's short id, as the header names it."""
        return hashlib.blake2b(self.session.encode(), digest_size=4).hexdigest()

    def progress(self) -> str:
        """The Progress counter: actions done, of the steps the session may take (∞ without a limit)."""
        return f"({self.completed}/{self.max_steps or '∞'})"

    def after(self, step: Step) -> None:
        """A step kept: where it was, what went wrong or happened beside the page (notes), and todo.md written."""
        self.seen(step.url)
        action = step.action.describe() if step.action else "no valid decision"
        if not step.outcome.ok and not (step.action and step.action.kind == "done"):
            self.note(f"step {step.index}: {action} failed: {step.outcome.message}")
        for event in step.events:
            if event.kind in ("blocked", "dialog"):
                self.note(f"step {step.index}: {event}")
        if step.action is not None and step.action.kind == "give_up":
            self.note(f"step {step.index}: gave up: {step.action.reason or 'no reason given'}")
        self.save(step.index)

    def save(self, step: int | None = None) -> None:
        """Write todo.md (every N steps, or always when `step` is None); a failure is logged, never raised."""
        if not self.settings.enabled or (step is not None and step % self.settings.every):
            return
        try:
            atomic_write(self.path, self.redact(self.render()))  # never through a symlink
        except OSError as error:
            log.warning("could not write %s: %s", self.path, error)


def _template() -> Template:
    return environment("workspace").get_template("todo.md.j2")
