"""What a session sets up before its first step: its todo.md, and the large writes an earlier run left open (a
process killed mid-write) in its docs/, or for a pytest session in its test's folder of the project's `.useragent/`
(`workspace/kept.py`), finished or reported before the persona writes anything (`recovery.recover`)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from pytest_useragent.records import OrphanedWrite
from pytest_useragent.session.state import Context, Setup
from pytest_useragent.workspace.kept import Kept
from pytest_useragent.workspace.recovery import opened, recover
from pytest_useragent.workspace.todo import Todo, TodoSettings


def todo_for(setup: Setup, goal: str, url: str | None) -> Todo:
    """The session's todo.md, not written yet."""
    started = datetime.now(UTC)
    settings = TodoSettings(
        enabled=setup.config.todo,
        every=setup.config.todo_every,
        max_lines=setup.config.todo_max_lines,
        auto_check=setup.config.todo_autocheck,
    )
    session = f"{setup.directory.parent.name}/{setup.directory.name} {started:%Y%m%d-%H%M%S}"
    return Todo(
        setup.directory / "todo.md",
        session=session,
        goal=goal,
        started=started,
        url=url or "",
        settings=settings,
        max_steps=setup.config.max_steps,
    )


def take_over_writes(ctx: Context) -> None:
    """The session's large writes kept where `setup.kept` says (docs/.pending/ without it), and each write an earlier
    run left open there dealt with, kept for the report and told in todo.md's Notes (redacted as they are: the
    documents' redaction is set)."""
    setup, state = ctx.setup, ctx.state
    if setup.kept is not None:
        state.documents.kept = setup.kept
    state.orphaned = recover(state.documents, setup.config.write_idle)
    for orphan in state.orphaned:
        state.todo.note(state.secrets.redact(note(orphan, state.documents.kept)))


def note(orphan: OrphanedWrite, kept: Kept | None = None) -> str:
    """One line for todo.md's Notes (a note is cut at 200 characters): which write, what it had saved, and what
    became of it."""
    if orphan.fate == "unreadable":
        return f"a record of a large write an earlier run left ({orphan.file}): {orphan.problem}"
    what = opened(orphan.file, orphan.operation, orphan.parts, orphan.bytes_saved)
    if orphan.fate == "finished":
        return f"{what}, DONE seen): finished, now in place"
    if orphan.fate == "cleaned":
        return f"{what}) had failed and was idle past the limit: cleaned"
    if orphan.fate == "left":
        return f"{what}) is written still ({orphan.problem}): left alone"
    where = (kept or Kept.in_docs(Path("docs"))).shown(orphan.file)
    return f"{what}) was {orphan.problem}; what it saved is kept in {where}"
