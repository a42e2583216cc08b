"""SessionFiles: the directory one session writes, with every write redacted of secrets, and the whole directory
redacted again at the end.

<dir>/session.json       the SessionResult
<dir>/transcript.jsonl   one Step per line, flushed as each step ends
<dir>/screenshots/       step-001.jpg ...
<dir>/debug/             raw model requests and replies, only with --useragent-debug=ultra
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from pytest_useragent.files import MiB, atomic_write
from pytest_useragent.records import SessionResult, Step
from pytest_useragent.report.render import render_session_markdown
from pytest_useragent.secrets.redaction import Secrets

MAX_SESSION_BYTES = 64 * MiB
"""The most a session.json is read back at: steps carry text, never images, so even a long session is a few MB."""


class SessionFiles:
    def __init__(self, root: Path, secrets: Secrets, *, keep_exchanges: bool) -> None:
        self.root = root
        self._secrets = secrets
        self._keep_exchanges = keep_exchanges
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

    def write_exchanges(self, label: str, exchanges: list[dict[str, Any]]) -> None:
        if not self._keep_exchanges:
            return
        debug = self.root / "debug"
        debug.mkdir(exist_ok=True)
        for number, exchange in enumerate(exchanges, start=1):
            path = debug / f"{label}-{number}.json"
            path.write_text(
                json.dumps(self._secrets.redact_json(exchange), indent=2, ensure_ascii=False), encoding="utf-8"
            )

    def listing(self) -> dict[str, str]:
        """Every file written so far, by its path relative to the session directory."""
        return {
            path.relative_to(self.root).as_posix(): str(path) for path in sorted(self.root.rglob("*")) if path.is_file()
        }

    def finish(self, result: SessionResult) -> None:
        """session.json and report.md, both redacted."""
        self._transcript.close()
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
