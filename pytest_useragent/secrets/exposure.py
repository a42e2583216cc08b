"""A credential whose value the goal or the start page already shows: one warning line at the session's start; and a
password the goal holds, typed into a password field without `credentials=`: one line when it is typed.

A value is masked wherever it stands in page text, in any case (`redaction.py`): with the Django defaults
(`admin`/`admin`) every "Admin" of the page reaches the model, the records and the reports as `{{username}}`. The test
still runs; the warning says why its text looks so, once a session, and asks for a test-only value. It quotes the
value only when that tells the author nothing new: the goal holds it (the test's own source does), or it is a plain
word (`admin`, `password`). A password that a page shows by mistake is not printed in a CI log as well.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable

from pytest_useragent.errors import UserError
from pytest_useragent.secrets.credentials import Credentials
from pytest_useragent.secrets.redaction import MIN_LENGTH, Secrets

PACKAGE = __name__.split(".")[0]


class CredentialWarning(UserWarning):
    """A credential's value is also text the goal or the start page shows: it is masked there too."""


def exposures(credentials: Credentials, goal: str, page: str) -> list[str]:
    """One line per credential value that the goal or the page's text holds, in any case. Pure."""
    names: dict[str, list[str]] = {}
    for name, value in credentials.values.items():
        if len(value) >= MIN_LENGTH:
            names.setdefault(value, []).append(name)
    lines = []
    for value, named in names.items():
        places = [place for place, text in (("in the goal", goal), ("shown on the page", page)) if _holds(text, value)]
        if not places:
            continue
        who = " and the ".join(named)
        said = f"the word {value!r}" if value.isalpha() or _holds(goal, value) else "a value"
        verb = "is" if len(named) == 1 else "are"
        lines.append(
            f"the {who} {verb} {said}, {' and '.join(places)}: it will be masked in page text too, in any case; "
            "use a test-only value"
        )
    return lines


def warn_exposed(secrets: Secrets, goal: str, page_text: Callable[[], str]) -> None:
    """Warn (`CredentialWarning`, at the test's line that ran the session) for each of `exposures`; the page's text is
    read only when there is a credential to look for. A suite that turns warnings into errors gets the line as the
    test's failure (a UserError, after the session is written), kept whole by `secrets` as the harness's own text."""
    credentials = secrets.credentials
    if not any(len(value) >= MIN_LENGTH for value in credentials.values.values()):
        return
    for line in exposures(credentials, goal, page_text()):
        _warn(secrets, line)


def warn_typed(secrets: Secrets, goal: str, known: frozenset[str]) -> None:
    """Warn once for each password typed into a password field since `known` (the secrets known before the action)
    that the goal holds: it was written in the test and read by the model, where a credential given with
    `credentials=` is neither."""
    given = set(secrets.credentials.values.values())
    for value in sorted(secrets.values - known - given):
        if len(value) >= MIN_LENGTH and _holds(goal, value):
            _warn(
                secrets,
                "the goal holds what was typed into a password field: give it with credentials= (the goal saying "
                "{{password}}), so the model never reads it and no report holds it",
            )


def _warn(secrets: Secrets, line: str) -> None:
    try:
        warnings.warn(line, CredentialWarning, stacklevel=_outside_package())
    except CredentialWarning:  # `-W error` or `filterwarnings = error`: the author's choice, in one line
        secrets.own(line)
        raise UserError(line) from None


def _holds(text: str, value: str) -> bool:
    return value.lower() in text.lower()


def _outside_package() -> int:
    """The stack level of the first caller outside this package: the test's `agent.run(...)`."""
    level, frame = 1, inspect.currentframe()
    while frame is not None and frame.f_globals.get("__name__", "").split(".")[0] == PACKAGE:
        level, frame = level + 1, frame.f_back
    return level - 1
