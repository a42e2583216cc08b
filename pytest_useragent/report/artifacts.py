"""SessionFiles: the directory one session writes, with every write redacted of secrets, and the whole directory
redacted again at the end.

<dir>/session.json       the SessionResult
<dir>/transcript.jsonl   one Step per line, flushed as each step ends
<dir>/screenshots/       step-001.jpg ...
<dir>/debug.log          one line a step (what it did, how it was judged, the money spent so far), with
                         --useragent-debug=debug or ultra
<dir>/debug/             with ultra: each step's raw model requests and replies, the screenshot after its action
                         (the one before is screenshots/step-NNN.jpg), and index.md linking them step by step
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from pytest_useragent.config import DebugMode
from pytest_useragent.files import MiB, atomic_write
from pytest_useragent.records import SessionResult, Step
from pytest_useragent.report.render import render_session_markdown
from pytest_useragent.secrets.redaction import Secrets
from pytest_useragent.templates import environment


@dataclass(frozen=True)
class DebugStep:
    """What ultra kept of one exchange label: its request/reply files and the screenshot after its action."""

    label: str
    files: list[str]
    after: str | None


MAX_SESSION_BYTES = 64 * MiB
"""The most a session.json is read back at: steps carry text, never images, so even a long session is a few MB."""


class SessionFiles:
    def __init__(self, root: Path, secrets: Secrets, *, debug: DebugMode = "off") -> None:
        self.root = root
        self._secrets = secrets
        self._debug = debug
        self._kept: list[DebugStep] = []
        (root / "screenshots").mkdir(parents=True, exist_ok=True)
        self._transcript = (root / "transcript.jsonl").open("a", encoding="utf-8")

    def save_screenshot(self, index: int, image: bytes | None) -> str | None:
        """Save a step's screenshot (JPEG); returns its path relative to the session directory."""
        if image is None:
            return None
        relative = f"screenshots/step-{index:03d}.jpg"
        (self.root / relative).write_bytes(image)
        return relative

    def append_step(self, step: Step) -> None:
        """One transcript line, flushed: a crash later keeps every finished step."""
        self._transcript.write(self._json(step, indent=None) + "\n")
        self._transcript.flush()

    def log(self, line: str) -> None:
        """A line of debug.log (debug and ultra), written as it happens: a session that hangs has its last line."""
        if self._debug != "off":
            with (self.root / "debug.log").open("a", encoding="utf-8") as log:
                log.write(self._secrets.redact(line) + "\n")

    def write_exchanges(
        self, label: str, exchanges: list[dict[str, Any]], after: Callable[[], bytes | None] | None = None
    ) -> None:
        """With ultra: the raw requests and replies of `label` (a step's, a compose's), and for a step the screenshot
        `after` takes now, once its action is done (masked as every screenshot is)."""
        if self._debug != "ultra":
            return
        debug = self.root / "debug"
        debug.mkdir(exist_ok=True)
        files = []
        for number, exchange in enumerate(exchanges, start=1):
            path = debug / f"{label}-{number}.json"
            path.write_text(
                json.dumps(self._secrets.redact_json(exchange), indent=2, ensure_ascii=False), encoding="utf-8"
            )
            files.append(path.name)
        image = after() if after is not None else None
        if image is not None:
            (debug / f"{label}-after.jpg").write_bytes(image)
        self._kept.append(DebugStep(label, files, f"{label}-after.jpg" if image is not None else None))

    def listing(self) -> dict[str, str]:
        """Every file written so far, by its path relative to the session directory."""
        return {
            path.relative_to(self.root).as_posix(): str(path) for path in sorted(self.root.rglob("*")) if path.is_file()
        }

    def finish(self, result: SessionResult) -> None:
        """session.json and report.md, both redacted."""
        self._transcript.close()
        if self._debug == "ultra":
            (self.root / "debug").mkdir(exist_ok=True)
            steps = {kept.label: kept for kept in self._kept if re.fullmatch(r"step-\d+", kept.label)}
            others = [kept for kept in self._kept if kept.label not in steps]
            template = environment("report/templates").get_template("debug_index.md.j2")
            index = template.render(result=result, steps=steps, others=others)
            atomic_write(self.root / "debug" / "index.md", self._secrets.redact(index))
        write_result(self.root, result, self._secrets)
        # what was written before a secret was learned (debug/, docs/, todo.md) is redacted with all of them now
        self._secrets.redact_files(self.root)

    def _json(self, record: BaseModel, indent: int | None) -> str:
        return _json(record, self._secrets, indent)


def write_result(root: Path, result: SessionResult, secrets: Secrets) -> None:
    """session.json and report.md, both redacted: at the session's end, and again after each debrief question."""
    atomic_write(root / "session.json", _json(result, secrets, indent=2))
    atomic_write(root / "report.md", render_session_markdown(secrets.redact_record(result)))


def _json(record: BaseModel, secrets: Secrets, indent: int | None) -> str:
    return json.dumps(secrets.redact_json(record.model_dump(mode="json")), indent=indent, ensure_ascii=False)
