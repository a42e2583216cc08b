"""Where a session's large writes in progress are kept (`pending.py`), so that a run killed mid-write is found by the
next one.

An `Agent` given a folder of its own keeps them beside the persona's documents, in `docs/.pending/`: the next session
in that folder finds them there. A pytest session's folder is its test's `tmp_path`, new each run (`pytest-N`, or a
fixed `--basetemp` emptied at the start), so there a write left open by a killed run would never be found, and its
content would be lost unreported. A pytest session keeps them instead in the project's state folder, under pytest's
rootdir, in a folder of its own beside the earlier runs' of the same test and session:

    <rootdir>/.useragent/.gitignore                              `*`: nothing in it is the project's source
    <rootdir>/.useragent/pending/<test>-<hash>/<session>/<own>/  <name>.content, <name>.meta.json (`pending.py`)

`<test>-<hash>` is the test's folder name in the run report (`report/copies.py`: a file name, a secret in the test id
never in it), `<session>` the session's folder (`useragent`, `useragent-2`), `<own>` its start and process. The next
run's session of that test takes over what the earlier ones left (`recovery.recover`): a write whose content was whole
is put in place in its own docs/, one cut off is reported and kept where it is. A write is never in a folder another
session writes in, so no later write of the same name replaces what a killed one saved, and two runs at once do not
wait for each other. What no session took over (a test not run again, a worker killed in this run) is named at the
end of the run (`recovery.waiting`).

Why the rootdir's `.useragent/`, not the run's report folder: a killed run writes no report; the report folder's
`sessions/` is replaced whole by the next run's copy (`copy_sessions`), so a record there would be lost by any run
that does not run its test; it is relative to where pytest is started and set per run (`--useragent-report-dir`), so
the next run may look elsewhere, where the rootdir is the same from any folder; and CI uploads it, where a write's
content (up to 10 MB) is left out even of a session's copy. Not pytest's cache (`.pytest_cache/`) either:
`--cache-clear` would empty it unasked and `-p no:cacheprovider` turns it off, and either would lose a write's content
unreported. A rootdir that cannot be written in refuses the write as any file system refusal does (the step's outcome).

Every folder from the state folder down is made when missing and refused when it is a symbolic link, never written
or read through; a folder found there is read only through entries that are folders, never links.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

STATE = ".useragent"
"""The project's state folder, under pytest's rootdir."""
PENDING = "pending"
DOCS_PENDING = ".pending"
"""The folder in docs/ where an `Agent` of its own folder keeps its large writes in progress."""
IGNORE = "# made by pytest-useragent: large writes in progress, kept between runs; none of it is source\n*\n"
MAX_EARLIER = 100
"""The most earlier sessions' folders one session looks through: each is a killed run's."""


@dataclass(frozen=True)
class Kept:
    """Where one session's large writes in progress go (`folder`), and where earlier runs' are found."""

    folder: Path
    slot: Path | None = None
    """The test and session's folder, holding each run's own (None: `folder` is docs/.pending, found there)."""
    state: Path | None = None
    """The project's state folder (`.useragent/`), when the writes are kept there."""

    @classmethod
    def in_docs(cls, docs: Path) -> Kept:
        return cls(folder=docs / DOCS_PENDING)

    @classmethod
    def in_state(cls, state: Path, test: str, session: str) -> Kept:
        """`test`: the test's folder name (`report.copies.test_folder`); `session`: the session's (`useragent`)."""
        slot = state / PENDING / test / session
        own = f"{datetime.now(UTC):%Y%m%dT%H%M%S}-{os.getpid()}-{secrets.token_hex(3)}"
        return cls(folder=slot / own, slot=slot, state=state)

    def made(self, docs: Path) -> Path:
        """`folder`, each folder down to it made when missing; OSError (NotADirectoryError) when one is a link."""
        top = docs if self.state is None else self.state
        path = _real(top, parents=True)
        if self.state is not None and not (path / ".gitignore").exists():
            with contextlib.suppress(FileExistsError):
                _create(path / ".gitignore", IGNORE)
        for part in self.folder.relative_to(top).parts:
            path = _real(path / part)
        return path

    def earlier(self) -> list[Path]:
        """The folders an earlier session's writes may be in: docs/.pending itself, or each folder in the slot but
        this session's own (folders only, never through a link), the oldest first."""
        if self.slot is None:
            return [self.folder]
        if not self.slot_is_real():
            return []
        try:
            with os.scandir(self.slot) as entries:
                found = sorted(
                    e.path for e in entries if e.is_dir(follow_symlinks=False) and e.name != self.folder.name
                )
        except OSError:
            return []
        return [Path(path) for path in found[:MAX_EARLIER]]

    def slot_is_real(self) -> bool:
        """Whether every folder from the state folder down to the slot is a folder and none a link."""
        if self.slot is None or self.state is None:
            return True
        paths = [self.state]
        for part in self.slot.relative_to(self.state).parts:
            paths.append(paths[-1] / part)
        return all(not path.is_symlink() and path.is_dir() for path in paths)

    def prune(self, folder: Path) -> None:
        """`folder` and the empty folders above it removed, up to the state folder's pending/ (kept in docs/)."""
        if self.state is None:
            return
        stop = self.state / PENDING
        while folder != stop and folder.is_relative_to(stop):
            try:
                folder.rmdir()  # only an empty folder, never a link's target
            except OSError:
                return
            folder = folder.parent

    def shown(self, name: str) -> str:
        """Where the content of the write of `name` is, in few words (a note is cut at 200 characters)."""
        if self.state is None:
            return f"docs/{DOCS_PENDING}/{name}.content"
        return f"{STATE}/{PENDING}/…/{name}.content"


def _real(path: Path, parents: bool = False) -> Path:
    """`path`, made when missing; NotADirectoryError when it is a symbolic link (never written through)."""
    if path.is_symlink():
        raise NotADirectoryError(f"{path.name}/ is a symbolic link; nothing is written through it")
    path.mkdir(parents=parents, exist_ok=True)
    return path


def _create(path: Path, text: str) -> None:
    """A new file at `path`, never through a link."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    with os.fdopen(os.open(path, flags, 0o644), "w", encoding="utf-8") as out:
        out.write(text)
