"""What the offline engine carries from step to step: written as each step's note, read back from the newest."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pytest_useragent.llm.offline.page import SAID_KEPT

TRIED = re.compile(r'(\w+) "([^"]*)"')


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
            tuple(f'{role} "{name}"' for role, name in TRIED.findall(tried)),
            int(unmet.group(1)) if unmet else 0,
            tuple(said),
        )

    def write(self, step: int, url: str) -> str:
        seen = " ".join(f'"{text}"' for text in self.said[-SAID_KEPT:])
        return (
            f"Offline engine, step {step} on {url}. Unmet in a row: {self.unmet}. Seen: {seen}. "
            f"Tried: {', '.join(self.tried)}"
        )
