"""todo.md: the session's plan and progress log, kept where a person (and the model) can read it.

    # Session <id>
    Goal / Started / URL (where the session started) / Progress: 7 actions done of at most 12 steps; plan 2/5 ticked
    ## Plan          - [ ] Step 2: search for the product  #action:type #domain:shop.local
    ## Progress Log  - [OK] 10:42:07 click `get_by_role(...)` @ http://... | summary
    ## Notes

Each successful action adds a log line and ticks the first open plan item whose tags match it (when auto-check is
on). A failed write is logged and never stops the session.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from urllib.parse import urlparse

from jinja2 import Template

from pytest_useragent.files import atomic_write
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


@dataclass
class PlanItem:
    text: str
    done: bool = False

    @property
    def tags(self) -> dict[str, str]:
        return dict(_TAG.findall(self.text))


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
        """A successful action: a log line, the counter, and (with auto-check) the first matching plan item."""
        self.completed += 1
        self.url = self.url or url  # the URL line says where the session started; each log line says where it acted
        what = f" `{locator}`" if locator else ""  # a code span: the locator's own quotes stay unescaped
        self.log.append(f"- [OK] {at:%H:%M:%S} {action}{what} @ {url} | {summary}")
        if self.settings.auto_check:
            host = urlparse(url).hostname or ""
            for item in self.plan:
                tags = item.tags
                if not item.done and tags.get("action", action) == action and tags.get("domain", host) == host:
                    item.done = True
                    break

    def for_prompt(self) -> str:
        """The plan, numbered, and the progress: what the model needs of todo.md each step."""
        items = [f"{n}. [{'x' if item.done else ' '}] {item.text}" for n, item in enumerate(self.plan, start=1)]
        return "\n".join([f"Progress: {self.progress()}", *items])

    def render(self) -> str:
        hidden = max(0, len(self.log) - self.settings.max_lines)
        return _template().render(todo=self, shown=self.log[hidden:], hidden=hidden, progress=self.progress())

    def progress(self) -> str:
        """todo.md's Progress line: actions done, of the steps the session may take, and the plan ticked."""
        done = f"{self.completed} action{'' if self.completed == 1 else 's'} done"
        limit = f" of at most {self.max_steps} steps" if self.max_steps else ""
        ticked = sum(item.done for item in self.plan)
        plan = f"plan {ticked}/{len(self.plan)} ticked" if self.plan else "no plan yet"
        return f"{done}{limit}; {plan}"

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
