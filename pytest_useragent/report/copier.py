"""A combined run's session folders copied by a process of its own from the moment `useragent combine` starts, while
it reads the shards and writes the reports.

Why: on two cores the copy of 10,000 sessions (22,000 folders made, 30,000 files hard-linked, mostly the system's
time) takes about as long as reading the shards and writing the reports together. Made after them it doubled the
command's time; in a thread it would wait for the GIL between its system calls. So a forked process copies each
shard's sessions as soon as the shard is read (`Copier.copy`), and a thread of ours feeds it, so that reading the
next shard never waits for the copy of the last.

Nothing is written where the report goes before every shard is read and checked: the copies are made in a folder of
their own (`staging`, in the output folder when it is there, else beside it: one file system, so a rename moves
them) and moved into place at once when the combine is sure (`finish`). A combine that refuses a shard or fails
removes that folder (`abandon`, on leaving its `with`), and so does the copying process when the command dies (its
pipe closes before it is told where the copies go).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path
from queue import SimpleQueue
from types import TracebackType
from typing import Any

from pytest_useragent.report.copies import SESSIONS, copy_session, copy_sessions


class Copier:
    """The copy of a combined run's sessions into `output`'s sessions/, under way (see the module)."""

    def __init__(self, output: Path, *, link: bool = True) -> None:
        self.output = output
        self.link = link
        self.jobs: list[tuple[str, str, str]] = []
        """What was asked, for a system with no fork (the copy is made at `result`, as `copy_sessions` makes it)."""
        self.child: int | None = None
        if not hasattr(os, "fork"):
            return
        self.staging = Path(tempfile.mkdtemp(prefix=f".{output.name[:60]}.sessions-", dir=_beside(output)))
        try:
            asked, self._asked = os.pipe()
            self._told, told = os.pipe()
            self.child = os.fork()
        except OSError:  # no process to be had: no staging folder left behind either
            shutil.rmtree(self.staging, ignore_errors=True)
            raise
        if self.child == 0:  # never returns: ends without running anything of ours (atexit, pytest's teardown)
            os.close(self._asked)
            os.close(self._told)
            _serve(asked, told, self.staging, link)
        os.close(asked)
        os.close(told)
        self._queue: SimpleQueue[bytes | None] = SimpleQueue()
        self._feeder = threading.Thread(target=self._feed, name="useragent-copier", daemon=True)
        self._feeder.start()

    def copy(self, jobs: Sequence[tuple[str, str, str]]) -> None:
        """Copy these sessions (test, the session's folder, its copy relative to the output folder) into staging."""
        if self.child is None:
            self.jobs.extend(jobs)
        else:
            self._queue.put(json.dumps({"copy": jobs}).encode("utf-8") + b"\n")

    def finish(self) -> None:
        """Every shard is read and checked: the copies go into the output folder once made (the last run's are
        removed); `result` waits for it."""
        if self.child is not None:
            self._queue.put(json.dumps({"output": str(self.output)}).encode("utf-8") + b"\n")
            self._queue.put(None)

    def result(self) -> dict[str, str]:
        """Each session folder copied -> its copy relative to the output folder, once they are in place; the OSError
        that stopped the copy raised here."""
        if self.child is None:
            return copy_sessions(
                [(test, source, str(self.output / copy)) for test, source, copy in self.jobs],
                self.output,
                link=self.link,
            )
        said = self._wait()
        if "error" in said:
            raise OSError(*said["error"])
        if "copies" not in said:
            raise RuntimeError(f"the copy of the sessions' folders failed: {said.get('crash', said)}")
        copies: dict[str, str] = said["copies"]
        return copies

    def abandon(self) -> None:
        """The combine stops: no copy is moved into place, and staging is removed before this returns."""
        if self.child is not None:
            self._queue.put(None)
            self._wait()

    def __enter__(self) -> Copier:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if error is not None:
            self.abandon()

    def _feed(self) -> None:
        with os.fdopen(self._asked, "wb") as asked:
            while (message := self._queue.get()) is not None:
                try:
                    asked.write(message)
                    asked.flush()
                except OSError:  # the copying process ended (its error is what it told)
                    return

    def _wait(self) -> dict[str, Any]:
        """What the copying process said, once it has ended (and removed staging)."""
        if self.child is None:
            return {}
        self._feeder.join()
        with os.fdopen(self._told, "rb") as told:
            said = told.read()
        os.waitpid(self.child, 0)
        self.child = None
        answer: dict[str, Any] = json.loads(said or b'{"crash": "it ended without a word"}')
        return answer


def _beside(output: Path) -> Path:
    """Where staging goes: in the output folder when it is one, else in its nearest folder that is there (the output
    folder is made in it, on its file system)."""
    if output.is_dir():
        return output
    return next(parent for parent in output.parents if parent.is_dir())


def _serve(asked: int, told: int, staging: Path, link: bool) -> None:
    """The copying process: each line it is asked is a shard's sessions to copy into `staging`, or the output
    folder to move them into; it tells what it copied, or what stopped it, and removes staging."""
    said: dict[str, object] = {"abandoned": True}
    copies: dict[str, str] = {}
    try:
        with os.fdopen(asked, "rb") as lines:
            for line in lines:
                message = json.loads(line)
                if "output" in message:
                    _place(staging, Path(message["output"]))
                    said = {"copies": copies}
                    break
                for test, directory, relative in message["copy"]:
                    if copy_session(test, directory, relative, staging, link) is not None:
                        copies[directory] = relative
    except OSError as error:
        said = {"error": [error.errno, error.strerror or str(error), error.filename]}
    except BaseException as error:  # a bug, Ctrl-C: told, never raised in a forked process
        said = {"crash": repr(error)[:2000]}
    finally:
        try:
            with os.fdopen(told, "wb") as out:
                out.write(json.dumps(said).encode("utf-8"))
            shutil.rmtree(staging, ignore_errors=True)  # the last run's copies too, moved here by `_place`
        finally:
            os._exit(0)


def _place(staging: Path, output: Path) -> None:
    """The copies made in `staging` moved to `output`'s sessions/, whose last copies are moved into staging (so they
    go with it)."""
    output.mkdir(parents=True, exist_ok=True)
    there = output / SESSIONS
    if there.exists() or there.is_symlink():
        os.replace(there, staging / "last")
    if (staging / SESSIONS).is_dir():
        os.replace(staging / SESSIONS, there)
