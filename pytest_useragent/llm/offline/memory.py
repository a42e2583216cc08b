"""What the offline engine carries from step to step, typed: what it has tried, how many expectations in a row were
not met, the news it has seen, and what it expects its last move to do. It travels as the engine's note in the
rolling summary, as a model's memory does (so a step depends on the request alone), as one JSON line the engine
reads back with the same model that wrote it: no sentence of its own is ever parsed."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from pytest_useragent.llm.offline.page import SAID_KEPT

MARK = "offline engine state: "
"""How the engine's note begins, so that it finds its newest one among the summary's notes."""
NOTE_CHARS = 1_900
"""Under the harness's bound on a note (`session/memory.NOTE_CHARS`), so the note is never cut."""


class Expected(BaseModel):
    """What a move expects of the next page, as the engine judges it there."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["mentions", "confirms", "form", "signs_out", "state", "moves", "plain"]
    """`mentions`: the page reached names `target`; `confirms`: a status, alert or confirmation says the task went
    through; `form`: the form's heading `target` gives way; `signs_out`: the persona's own logout, met when the page
    no longer offers to sign out (a sign-in page is what it asked for, never a page that misnames its link);
    `state`: the element `role` "`name`" carries the flag `state` in the next snapshot (`checked`, `expanded`,
    `active` for focus), or, for `state == "value"`, shows `target` as its value, or, for `state == "changed"`, a
    number other than `target` (a value widget's key went somewhere); `moves`: the keyboard's place (the
    focused element, or the selected item of a widget that keeps focus itself) is no longer `target`;
    `plain`: met when the action went through."""
    target: str = ""
    role: str = ""
    name: str = ""
    state: str = ""

    @property
    def sentence(self) -> str:
        """The expectation as the persona says it."""
        if self.kind == "mentions":
            return f'The page I reach mentions "{self.target}".'
        if self.kind == "confirms":
            return f'The page confirms that "{self.target}" went through.'
        if self.kind == "form":
            return f'The form is accepted and "{self.target}" gives way to the next page.'
        if self.kind == "state" and self.state == "changed":
            return f'{self.role} "{self.name}" shows another value than {self.target}.'
        if self.kind == "state" and self.state == "value":
            return f'{self.role} "{self.name}" shows "{self.target}".'
        if self.kind == "state":
            said = "has focus" if self.state == "active" else f"is {self.state}"
            return f'{self.role} "{self.name}" {said}.'
        if self.kind == "moves":
            return f"My place moves on from {self.target or 'the page'}."
        if self.kind == "signs_out":
            return f'I am signed out: the page no longer offers "{self.target}".'
        return self.target


class Memory(BaseModel):
    """The engine's whole state after a step."""

    model_config = ConfigDict(frozen=True)

    tried: tuple[str, ...] = ()
    unmet: int = 0
    said: tuple[str, ...] = ()
    """Status texts, confirmations and list entries seen on earlier steps: not news any more."""
    expected: Expected | None = None
    part: int = 0
    """The part of the goal it works on (`goal.parts`): the parts before it are reached."""

    @classmethod
    def read(cls, summary: str) -> Memory:
        """The newest state among the summary's notes; a fresh one when there is none (the first step, or a summary
        a model wrote before a cassette handed the session over)."""
        notes = [line for line in summary.splitlines() if line.startswith(MARK)]
        try:
            return cls.model_validate_json(notes[-1].removeprefix(MARK)) if notes else cls()
        except ValidationError:
            return cls()

    def write(self) -> str:
        """The state as the step's note, within `NOTE_CHARS`: the oldest news goes first, then the oldest tries."""
        kept = self.model_copy(update={"said": self.said[-SAID_KEPT:]})
        while len(note := MARK + kept.model_dump_json(exclude_defaults=True)) > NOTE_CHARS and (
            kept.said or kept.tried
        ):
            update = {"said": kept.said[1:]} if kept.said else {"tried": kept.tried[1:]}
            kept = kept.model_copy(update=update)
        return note


def unsaid(values: list[str], tried: tuple[str, ...]) -> list[str]:
    """The goal's quoted values a page may say back: not those typed into a password field (`HIDDEN`), which no
    page says ("Signed in as minji" proves a sign-in with minji's password)."""
    return [value for n, value in enumerate(values) if HIDDEN.format(n) not in tried]


HIDDEN = "hidden typed #{}"
"""How a value typed into a password field is remembered, by its place among the goal's quoted values."""
