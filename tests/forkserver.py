"""Runs of `python -m pytest` forked from one warm interpreter, for the tests that run a real pytest in a subprocess.

A run of pytest in a fresh interpreter spent about 2.5 s before its first test on this suite's machines: 1.4 s
importing the Anthropic SDK (1,500 pydantic models) its conftest builds a provider from, 0.5 s compiling and
assertion-rewriting the plugin's modules again (this machine sets PYTHONDONTWRITEBYTECODE), the rest importing
pytest's plugins, ours, Playwright and jinja2. The suite makes about 170 such runs. This server imports those once
(`PRELOAD`), freezes them out of the collector's sight, and forks a child per run, which is still a process of its
own running pytest from its command line: its own arguments, working directory, environment, `sys.path`, standard
streams and exit status (a signal that ends it is a negative return code, as from `subprocess`). The preloaded
modules have run nothing but their imports, so each child starts from their state as imported; what a child imports
besides is compiled once (where the environment asks for no bytecode beside the sources: into a folder of the test
session's own, but for what is in the temporary folders, which tests write). tests/plugin/test_fork_server.py holds a
forked run to a fresh one.

`ForkedPopen` is what `Pytester.popen` returns for such a run: the `wait`, `poll` and `kill` that `Pytester.run`
uses. Anything else (another command, a standard input, a server that went away, an environment that differs in what
an interpreter or the preloaded modules read as they start) runs as a plain subprocess.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import io
import json
import os
import runpy
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path
from typing import IO, Any

PRELOAD = ("anthropic", "openai", "playwright.sync_api", "redis", "pytest", "pytest_useragent.plugin")
"""What the runs import: the SDKs their conftests build providers with, and the plugin under test."""

NOT_REWRITTEN = ("anyio", "pytest_useragent")
"""Packages of pytest plugins among the preloaded (anyio comes with the SDKs): pytest marks a plugin's package for
assertion rewriting as a run starts, and warns of one already imported unless its docstring says it is not to be."""

STARTED_SECONDS = 60.0
"""The most the server may take to say it forked a run."""

STARTING_VARIABLES = ("LANG", "LC_ALL", "LC_CTYPE")
"""Read once, as an interpreter starts (its locale, its streams' encoding), besides every PYTHON* but PYTHONPATH."""

IMPORTED_VARIABLES = (
    *("ANTHROPIC_LOG", "OPENAI_LOG", "OPENAI_API_TYPE", "OPENAI_API_VERSION", "AZURE_OPENAI_ENDPOINT"),
    *("DEFER_PYDANTIC_BUILD", "OTEL_PYTHON_CONTEXT", "INTERNAL_PW_GREENLET_DEBUG"),
)
"""Read by the preloaded modules as they are imported. A run asking for other values of these or of the starting
variables than the server's runs as a plain process."""


class ForkServer:
    """The warm interpreter (this file run as a script), one per test-session process, and how runs are asked of it."""

    def __init__(self, cache: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, __file__, str(cache)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.environment = dict(os.environ)
        _keep_out(cache, Path(tempfile.gettempdir()), cache.parent)
        self.busy = False
        self.forks = 0
        self._unread = b""

    def alive(self) -> bool:
        return self.process.poll() is None and not self.busy

    def start(self, argv: list[str], env: dict[str, str], stdout: IO[Any], stderr: IO[Any]) -> ForkedPopen | None:
        """A forked run of pytest, or None when this run must be a plain process."""
        if not self.alive() or _read_at_start(env) != _read_at_start(self.environment):
            return None
        request = {
            "argv": argv,
            "cwd": os.getcwd(),
            "env": env,
            "stdout": stdout.name,
            "stderr": stderr.name,
            # a process started in the background (`&`, nohup, some CI runners) ignores SIGINT, and so do the
            # programs it starts: Python then installs no KeyboardInterrupt
            "sigint_ignored": signal.getsignal(signal.SIGINT) is signal.SIG_IGN,
        }
        try:
            assert self.process.stdin is not None
            self.process.stdin.write(json.dumps(request).encode() + b"\n")
            self.process.stdin.flush()
            pid = json.loads(self.answer(STARTED_SECONDS) or b"")["pid"]
        except (OSError, ValueError, KeyError):
            self.process.kill()
            return None
        self.busy = True
        self.forks += 1
        return ForkedPopen(self, pid, argv)

    def answer(self, timeout: float | None) -> bytes | None:
        """The server's next line; b"" when it is gone; None when none came within `timeout` seconds. Read from the
        pipe itself, so that a line that came with the one before is never left waiting in a buffer."""
        assert self.process.stdout is not None
        pipe = self.process.stdout.fileno()
        deadline = None if timeout is None else time.monotonic() + timeout
        while b"\n" not in self._unread:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not select.select([pipe], [], [], left)[0]:
                return None
            chunk = os.read(pipe, 65536)
            if not chunk:
                return b""
            self._unread += chunk
        line, self._unread = self._unread.split(b"\n", 1)
        return line

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()


def _read_at_start(env: dict[str, str]) -> dict[str, str]:
    return {
        name: value
        for name, value in env.items()
        if name.startswith("PYTHON") and name != "PYTHONPATH" or name in (*STARTING_VARIABLES, *IMPORTED_VARIABLES)
    }


def _keep_out(cache: Path, *folders: Path) -> None:
    """Nothing in these folders (the temporary ones, where tests write the modules their runs import) is compiled
    into the cache: a module a test writes again at the same size within the same second would be taken for the one
    compiled before (a compiled module is checked against its source's size and time in seconds), where a fresh run
    (PYTHONDONTWRITEBYTECODE) reads it anew. A file where their compiled copies would go fails every write there, and
    Python and pytest then compile without writing."""
    kept = {Path(os.path.abspath(folder)) for folder in folders}
    for folder in kept:
        if not any(other in folder.parents for other in kept):
            mirror = cache / folder.relative_to(folder.anchor)
            mirror.parent.mkdir(parents=True, exist_ok=True)
            mirror.touch()


class ForkedPopen:
    """The part of `subprocess.Popen` that `Pytester.run` uses, for a run the server forked."""

    stdin = None

    def __init__(self, server: ForkServer, pid: int, argv: list[str]) -> None:
        self.server, self.pid, self.args = server, pid, argv
        self.returncode: int | None = None

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is not None:
            return self.returncode
        line = self.server.answer(timeout)
        if line is None:
            raise subprocess.TimeoutExpired(self.args, timeout or 0)
        self.server.busy = False
        # a server gone with its child: said as a killed process would be
        self.returncode = int(json.loads(line)["returncode"]) if line else -signal.SIGKILL
        return self.returncode

    def poll(self) -> int | None:
        try:
            return self.wait(0)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        if self.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)


def _serve(cache: str) -> None:
    """The server: read one run a line, fork it, say its pid, wait for it, say its return code."""
    for line in sys.stdin:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _run(request, cache)
        print(json.dumps({"pid": pid}), flush=True)
        _, status = os.waitpid(pid, 0)
        print(json.dumps({"pid": pid, "returncode": os.waitstatus_to_exitcode(status)}), flush=True)


def _run(request: dict[str, Any], cache: str) -> None:
    """In the child: become `python -m pytest ARGS` run in the request's folder with its environment and streams."""
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    for fd, path in ((1, request["stdout"]), (2, request["stderr"])):
        os.dup2(os.open(path, os.O_WRONLY | os.O_APPEND), fd)
    signal.signal(signal.SIGINT, signal.SIG_IGN if request["sigint_ignored"] else signal.default_int_handler)
    os.chdir(request["cwd"])
    served = [part for part in os.environ.get("PYTHONPATH", "").split(os.pathsep) if part]
    os.environ.clear()
    os.environ.update(request["env"])
    time.tzset()
    tempfile.tempdir = None
    asked = [part for part in os.environ.get("PYTHONPATH", "").split(os.pathsep) if part]
    sys.path[:] = [os.getcwd(), *asked, *(part for part in sys.path[1:] if part not in served)]
    if sys.dont_write_bytecode:  # PYTHONDONTWRITEBYTECODE: nothing beside the sources, as from a fresh run
        sys.dont_write_bytecode, sys.pycache_prefix = False, cache
    sys.argv = ["-m", *request["argv"]]
    try:
        runpy.run_module("pytest", run_name="__main__", alter_sys=True)  # what `python -m pytest` does
        code = 0
    except SystemExit as exit:
        code = exit.code if isinstance(exit.code, int) else 0 if exit.code is None else 1
        if not isinstance(exit.code, int | None):
            print(exit.code, file=sys.stderr)
    except KeyboardInterrupt:  # Python says it and ends killed by SIGINT, as a shell expects of an interrupted program
        traceback.print_exc()
        code = -signal.SIGINT
    except BaseException:
        traceback.print_exc()
        code = 1
    _finish(code)


def _finish(code: int) -> None:
    """End as an interpreter ends (its threads joined, its atexit functions run, its streams flushed, the files the run
    left open written and closed, as freeing them does), but without freeing every object one by one: the server's heap
    of SDK models took half a second to free at each exit."""
    threading._shutdown()  # type: ignore[attr-defined]  # what interpreter shutdown calls first
    atexit._run_exitfuncs()
    left = [found for found in gc.get_objects() if isinstance(found, io.IOBase)]  # the server's are frozen, not listed
    for stream in (sys.stdout, sys.stderr, *left):  # a text file's words into its buffer before any buffer is closed
        with contextlib.suppress(Exception):
            stream.flush()
    for stream in left:
        with contextlib.suppress(Exception):
            stream.close()
    if code < 0:
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    os._exit(code if code >= 0 else 128 - code)


if __name__ == "__main__":
    for name in PRELOAD:
        __import__(name)
    for name in NOT_REWRITTEN:
        sys.modules[name].__doc__ = f"{sys.modules[name].__doc__ or ''}\nPYTEST_DONT_REWRITE"
    gc.freeze()  # the children's collector leaves the preloaded heap alone (and its pages shared)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C of the suite ends the server as its input closes
    _serve(sys.argv[1])
