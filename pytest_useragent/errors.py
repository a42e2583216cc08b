"""Every error pytest-useragent raises, split by who is at fault.

    UserAgentError
    ├── UserError                 the test author's input is wrong; shown as one line, no traceback
    │   ├── ConfigError           a bad option, ini value or marker argument
    │   ├── PersonaError          a persona text or YAML file that cannot be used
    │   ├── GoalError             a goal that is missing, empty or too long
    │   ├── BrowserNotFoundError  no Chromium to drive
    │   ├── NothingToOpen         agent.run() without a url on a blank page
    │   ├── NotAnAddress          agent.run(url=...) with something a browser cannot open as a page
    │   └── ShardError            `useragent combine`: a folder that is no shard's report, a test in two shards
    └── RunError                  something outside the author's input failed during a session
        ├── ProviderError         the model's API could not be reached or failed (after the SDK's retries)
        │   ├── ProviderRejected  every call to that API and model would fail alike (key, permission, model,
        │   │                     request shape; or no connection to it after the retries)
        │   └── ApiFailure        one attempt that failed, in no SDK's terms: what each transport maps its SDK's
        │                         errors to; the retry ladder (`llm.ladder`) turns it into one of the two above
        ├── BudgetExhausted       the next model call could overspend the budget
        ├── PageUnresponsive      the page under test stopped answering (its main thread never returns)
        ├── Unreachable           the start URL could not be loaded (the session ends as `unreachable`)
        ├── SessionTimedOut       the session's wall clock ran out (the session ends as `timed_out`)
        └── Divergence            a replayed journey no longer fits the page (the session ends as `diverged`)

    UserAgentWarning              something was not kept (an export, a cassette) and the test goes on: one line in
                                  pytest's warnings summary (`warn`), never a failed test

A session records a RunError as its outcome and lets none escape but a Divergence, raised once the session is
written (outcome `diverged`) so that the replayed test fails with it; after a ProviderRejected the run stops calling
that API for that model (later agent tests that would call it are skipped with its reason; others go on). A model
reply that does not validate even after repair requests is the model's fault, not an error: it is recorded as a
failed step.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

_PACKAGE = str(Path(__file__).parent) + os.sep


class UserAgentError(Exception):
    """Base of every pytest-useragent error."""


class UserError(UserAgentError):
    """The test author's input is wrong."""


class ConfigError(UserError):
    """A bad option, ini value or marker argument."""


class PersonaError(UserError):
    """A persona text or file that cannot be used."""


class GoalError(UserError):
    """A goal that is missing, empty or too long."""


class BrowserNotFoundError(UserError):
    """No Chromium is installed where we can find it."""


class NothingToOpen(UserError):
    """`agent.run()` with no url, on a page that is still about:blank: there is no app to test."""


class NotAnAddress(UserError):
    """`agent.run(url=...)` with no scheme or host (`example.com/shop`, `not a url`) or a scheme that is no page."""


class ShardError(UserError):
    """`useragent combine` given what it cannot combine: a folder that holds no run report, reports of another
    release's format, a test that two shards ran (its sessions would count twice)."""


class RunError(UserAgentError):
    """Something outside the author's input failed during a session."""


class ProviderError(RunError):
    """The model's API could not be reached or refused the request."""


class ProviderRejected(ProviderError):
    """The API refused the call as such (401, 403, 400, 404), or could not be connected to after the SDK's retries:
    every later call to it for the same model would fail the same way. `where` names them (`Provider.endpoint`)."""

    def __init__(self, message: str, where: str) -> None:
        super().__init__(message)
        self.where = where


FailureKind = Literal["status", "timeout", "connection", "other"]


class ApiFailure(ProviderError):
    """One attempt at a model's API that failed, told in no SDK's terms (as pydantic-ai's `ModelHTTPError(status,
    headers, body)`): each transport maps its SDK's errors to it, and the retry ladder (`llm.ladder`) reads it alone
    to decide whether to retry, whether the attempt is billed, and which error of ours the run sees. It never leaves
    the ladder.

    - `status`: the API answered `status`, with its `headers` (names lowercased) and `body` (parsed JSON or text);
    - `timeout`: no answer within the client's timeout;
    - `connection`: no answer, the connection refused, never made or broken; `connected` says whether one was made;
    - `other`: any other failure of the SDK's (`message` names it), not retried.

    `sent`: a timeout or a broken connection after the request was written whole, so billed though unanswered."""

    def __init__(
        self,
        kind: FailureKind,
        message: str = "",
        *,
        status: int | None = None,
        headers: Mapping[str, str] | None = None,
        body: object = None,
        connected: bool = True,
        sent: bool = False,
    ) -> None:
        super().__init__(message or (f"answered {status}" if status is not None else kind))
        self.kind: FailureKind = kind
        self.message = message
        self.status = status
        self.headers = {name.lower(): value for name, value in (headers or {}).items()}
        self.body = body
        self.connected = connected
        self.sent = sent


class BudgetExhausted(RunError):
    """The next model call could cost more than what is left of the budget."""


class PageUnresponsive(RunError):
    """The page under test did not answer a call within its bound: a script that never returns holds its thread."""


class Unreachable(RunError):
    """The start URL could not be loaded: the browser shows its own error page (or none) instead of the app."""


class SessionTimedOut(RunError):
    """The session's wall clock (--useragent-session-timeout) ran out: it ends as `timed_out`, everything written."""


class Divergence(RunError):
    """A cassette's journey no longer fits the page (record modes none and once): a finding, so the session is
    written with outcome `diverged` and the test fails with this message (step, expectation, snapshot diff,
    locator, cassette)."""


class UserAgentWarning(UserWarning):
    """Something the run would have kept was not (an export directory that cannot be written, a reached cassette
    new_episodes would have replaced), and the test goes on. The plugin shows it under a suite's
    `filterwarnings = error` too: what was not kept is no reason to fail a test."""


def warn(message: str) -> None:
    """`message` as a UserAgentWarning, told of the first caller outside this package (the test's `agent.run`), so
    pytest's warnings summary points at the test, not at our code."""
    frame, level = sys._getframe(1), 2  # stacklevel 2 is our caller's frame
    while frame.f_back is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        frame, level = frame.f_back, level + 1
    warnings.warn(message, UserAgentWarning, stacklevel=level)
