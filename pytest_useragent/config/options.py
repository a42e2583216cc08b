"""`OPTIONS`, the one table of knobs: each is a command-line option `--useragent-<name>` with an ini fallback
`useragent_<name>`. The plugin registers it, `--help` and the docs' reference show it, `UserAgentConfig` reads it;
defaults live there only.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from pytest_useragent.config.providers import DEFAULT_MODEL, FALLBACK, KEYED, NAMES, PROVIDERS
from pytest_useragent.records.browser_fields import BROWSER_FIELDS
from pytest_useragent.regression.thresholds import FailRules, parse_fail_rules

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
"""A baseline's name: a file name on every system, and no path (`baseline.py` keeps its files)."""

ProviderName = str
"""`auto`, or the name of a row of `PROVIDERS`."""
RecordMode = Literal["none", "once", "new_episodes", "all", "rewrite"]
DebugMode = Literal["off", "debug", "ultra"]
VideoMode = Literal["off", "on", "retain-on-failure"]
IniType = Literal["string", "int", "float", "bool"]


STANDS_IN = "".join(
    f"; with the {row.name} provider {row.family.stands_in_for[1]} means {row.family.default}"
    for row in PROVIDERS
    if row.family.stands_in_for
)
"""What the model option's help says of a provider that swaps another family's names for its default."""


def _choice(*allowed: str) -> Callable[[str], str]:
    def parse(value: str) -> str:
        if value not in allowed:
            raise ValueError(f"must be one of {', '.join(allowed)}")
        return value

    parse.choices = allowed  # type: ignore[attr-defined]  # shown by --help
    return parse


def _number(value: str, kind: Callable[[str], float], accept: Callable[[float], bool], rule: str) -> float:
    try:
        number = kind(value)
    except ValueError:
        raise ValueError(rule) from None
    if not math.isfinite(number) or not accept(number):
        raise ValueError(rule)
    return number


def _count(value: str) -> int:
    return int(_number(value, int, lambda n: n >= 0, "must be a whole number, 0 or more"))


def _positive_int(value: str) -> int:
    return int(_number(value, int, lambda n: n >= 1, "must be a whole number of at least 1"))


def _seconds(value: str) -> float:
    return _number(value, float, lambda n: n >= 0, "must be a number of seconds, 0 or more")


def _timeout(value: str) -> float:
    return _number(value, float, lambda n: n > 0, "must be a number of seconds above 0")


def _amount(value: str) -> float:
    return _number(value, float, lambda n: n > 0, "must be an amount above 0")


def _switch(value: str) -> bool:
    lowered = value.strip().lower()
    if lowered in ("on", "true", "yes", "1"):
        return True
    if lowered in ("off", "false", "no", "0"):
        return False
    raise ValueError("must be on or off")


def _currency(value: str) -> str:
    if not value.isalpha() or len(value) != 3:
        raise ValueError("must be a three-letter currency code such as USD or CZK")
    return value.upper()


def _model(value: str) -> str:
    value = value.strip()
    if not value or any(ch.isspace() for ch in value):
        raise ValueError("must be a model name such as claude-sonnet-4-6")
    return value


def _size(value: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", value)
    if not match or not all(16 <= int(side) <= 8000 for side in match.groups()):
        raise ValueError("must be WIDTHxHEIGHT in pixels, each 16 to 8000, such as 640x360")
    return int(match.group(1)), int(match.group(2))


_HOST = re.compile(r"(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*")


def _hosts(value: str) -> tuple[str, ...]:
    hosts = tuple(host.strip().lower().rstrip(".") for host in value.split(",") if host.strip())
    bad = [host for host in hosts if not _HOST.fullmatch(host)]
    if bad:
        raise ValueError(f"{', '.join(bad)}: not a host name (e.g. shop.example.com, *.example.com, 127.0.0.1)")
    return hosts


def _baseline_name(value: str) -> str:
    if not NAME.fullmatch(value):
        raise ValueError("must be a name of letters, digits, '.', '_' or '-' (at most 100), e.g. main")
    return value


def _baseline_spec(value: str) -> str:
    value = value.strip()
    if value != "latest" and not NAME.fullmatch(value):
        raise ValueError(
            "must be latest, a saved baseline's number or its name, e.g. main "
            "(a bare --useragent-compare takes the next word as its value: put test paths before it)"
        )
    return value


LEDGER_SCHEMES = ("redis", "rediss", "unix")
"""What redis-py's `from_url` opens: TCP, TLS, a Unix socket."""


def _ledger(value: str) -> str:
    value = value.strip()
    if value == "file":
        return value
    try:
        parts = urlsplit(value)
        _ = parts.port  # read for its ValueError: a port that is no number
    except ValueError:
        parts = urlsplit("")
    if parts.scheme not in LEDGER_SCHEMES or not (parts.hostname or parts.path.strip("/")):
        encoded = ", a '/', ':' or '@' in its password percent-encoded" if "@" in value else ""
        raise ValueError(f"must be file or a Redis URL such as redis://localhost:6379/0 (rediss:// for TLS){encoded}")
    return value


def _run_id(value: str) -> str:
    value = value.strip()
    if not NAME.fullmatch(value):
        raise ValueError("must be letters, digits, '.', '_' or '-' (at most 100), e.g. 4711-1")
    return value


def _fail_rules(value: str) -> FailRules:
    return parse_fail_rules(value)


@dataclass(frozen=True)
class Option:
    """One knob: its option name, help text, parser and default."""

    name: str
    help: str
    parse: Callable[[str], Any]
    default: str | None
    bare: str | None = None
    """What `--useragent-<name>` given without a value means; a switch then takes no value on the command line."""

    @property
    def metavar(self) -> str:
        """What --help shows as the value: SECONDS, N, ON|OFF ..."""
        choices: tuple[str, ...] | None = getattr(self.parse, "choices", None)
        return "|".join(choices) if choices else METAVARS.get(self.parse, "VALUE")

    @property
    def ini_type(self) -> IniType:
        """How pytest reads the ini key, and what --help says it takes: int, float, bool or string."""
        return INI_TYPES.get(self.parse, "string")

    @property
    def rule(self) -> str:
        """What a value must be, in the words of the parser's refusal (all refuse a value that is no number)."""
        try:
            self.parse("\x00")
        except ValueError as error:
            return str(error)
        return "must be text"


METAVARS: dict[Callable[[str], Any], str] = {
    _positive_int: "N",
    _count: "N",
    _seconds: "SECONDS",
    _timeout: "SECONDS",
    _amount: "AMOUNT",
    _switch: "on|off",
    _currency: "CODE",
    _model: "MODEL",
    _hosts: "HOST,...",
    _baseline_name: "NAME",
    _baseline_spec: "NAME|latest",
    _fail_rules: "EXPR",
    _ledger: "file|URL",
    _run_id: "ID",
    _size: "WxH",
    str: "TEXT|FILE",
    Path: "PATH",
}

INI_TYPES: dict[Callable[[str], Any], IniType] = {
    _positive_int: "int",
    _count: "int",
    _seconds: "float",
    _timeout: "float",
    _amount: "float",
    _switch: "bool",
}

OPTIONS: tuple[Option, ...] = (
    Option(
        "provider",
        f"who drives the persona: {', '.join(NAMES)}, or auto (the first whose key is set: "
        f"{', '.join(str(row.key) for row in KEYED)}; else {FALLBACK.name})",
        _choice("auto", *NAMES),
        "auto",
    ),
    Option(
        "model",
        f"model name (default {DEFAULT_MODEL}{STANDS_IN})",
        _model,
        DEFAULT_MODEL,
    ),
    Option(
        "persona",
        "persona text, a preset name (hurried-expert, screen-reader-user, ...), or a persona YAML file: a path "
        "ending in .yaml, or holding a /, relative to the rootdir; a file may also set up the persona's browser "
        f"({', '.join(BROWSER_FIELDS)})",
        str,
        None,
    ),
    Option("max-steps", "most steps one session may take (default 15)", _positive_int, "15"),
    Option("wait", "least seconds to wait after each action before looking again (default 0)", _seconds, "0"),
    Option("settle-timeout", "most seconds to wait for the page to become quiet (default 5)", _seconds, "5"),
    Option("slow-response", "seconds after which a response counts as slow, a UX issue (default 1)", _seconds, "1"),
    Option(
        "budget",
        "most the whole run may spend on the model, all xdist workers together, in --useragent-currency (default 5)",
        _amount,
        "5",
    ),
    Option(
        "currency",
        "currency of budgets and reports: USD (default), CZK, or one added by --useragent-prices",
        _currency,
        "USD",
    ),
    Option("prices", "JSON or YAML file of model prices and exchange rates, laid over the built-in ones", Path, None),
    Option(
        "ledger",
        "where the run's budget is kept: file (default: one machine's xdist workers share it) or a Redis URL such as "
        "redis://localhost:6379/0, which every machine of a run shares (pip install 'pytest-useragent[redis]')",
        _ledger,
        "file",
    ),
    Option(
        "run-id",
        "the run a shared ledger books under: shards of one run give the same (default: from CI, e.g. "
        "GITHUB_RUN_ID-GITHUB_RUN_ATTEMPT; else a new one, printed)",
        _run_id,
        None,
    ),
    Option(
        "document-limit", "most kilobytes one of the persona's documents may hold (default 100)", _positive_int, "100"
    ),
    Option(
        "write-idle",
        "seconds after which a large write an earlier run left open (in a session's docs/, or the project's "
        ".useragent/) counts as abandoned: reported if cut off, cleaned if it failed (default 3600)",
        _timeout,
        "3600",
    ),
    Option("todo", "keep todo.md (plan and progress log) in each session: on (default) or off", _switch, "on"),
    Option("todo-every", "write todo.md every N steps (default 1)", _positive_int, "1"),
    Option("todo-max-lines", "most progress lines kept in todo.md (default 200)", _positive_int, "200"),
    Option("todo-autocheck", "tick the plan item an action matches by its tags: on (default) or off", _switch, "on"),
    Option(
        "debug",
        "off (each step is told as it ends all the same, with the money spent so far, unless -q); debug (also "
        "debug.log in the session's folder) or ultra (also every raw model request and reply and each step's "
        "screenshot after its action, debug/index.md)",
        _choice("off", "debug", "ultra"),
        "off",
    ),
    Option("report-dir", "where the run report is written (default useragent-report)", Path, "useragent-report"),
    Option(
        "api-retries",
        "how often one model request is retried on 408/409/429/5xx/overload, with backoff (default 5: ~15 s)",
        _count,
        "5",
    ),
    Option("api-timeout", "most seconds one model request may take (default 90)", _timeout, "90"),
    Option(
        "allowed-hosts",
        "hosts the agent may navigate to besides the start URL's, comma-separated; *.example.com for subdomains",
        _hosts,
        None,
    ),
    Option(
        "survey",
        "a questionnaire the persona answers after each session: off (default) or sus (System Usability Scale, 0-100)",
        _choice("off", "sus"),
        "off",
    ),
    Option(
        "record-mode",
        "replay each session from its cassette, as pytest-recording's modes: none (replay only), once (record a "
        "missing cassette), new_episodes (replay, then go live where the page changed), all (record again), "
        "rewrite (delete, then record); without it sessions run live",
        _choice("none", "once", "new_episodes", "all", "rewrite"),
        None,
    ),
    Option(
        "cassette-dir",
        "where cassettes live, as <dir>/<module>/<test>.useragent.yaml (default: cassettes/ beside each module)",
        Path,
        None,
    ),
    Option(
        "export",
        "write each session whose goal was reached and shown on the page as a plain pytest-playwright test "
        "into the folder PATH",
        Path,
        None,
    ),
    Option("storage", "folder of saved baselines (default .useragent)", Path, ".useragent"),
    Option("save", "save this run as a baseline named NAME in the storage folder", _baseline_name, None),
    Option("autosave", "save this run as a baseline named by commit and date", _switch, "off", bare="on"),
    Option(
        "compare",
        "compare this run with a saved baseline: its NAME or number, or latest (the default without a value)",
        _baseline_spec,
        None,
        bare="latest",
    ),
    Option(
        "compare-fail",
        "fail the run when the comparison is worse than this, e.g. goal:0,met_rate:10%,new_issues:0,steps:25%,cost:25%",
        _fail_rules,
        None,
    ),
    Option(
        "baseline-update",
        "accept this run's changes: write it over the compared baseline (latest without --useragent-compare)",
        _switch,
        "off",
        bare="on",
    ),
    Option(
        "repeat",
        "run each agent session N times and report rates with 95% intervals (default 1)",
        _positive_int,
        "1",
    ),
    Option(
        "screenshot-size",
        "most pixels of a screenshot sent to the model, as WIDTHxHEIGHT: its area caps the pixel count (default "
        "640x360: ~307 tokens for Claude, width x height / 750; 1280x720: ~1,229)",
        _size,
        "640x360",
    ),
    Option(
        "video",
        "record each session's page as a video (video.webm in its folder, linked from its report): off (default), on, "
        "or retain-on-failure (kept when the goal was not reached); with pytest-playwright's --video on, its file is "
        "linked instead for a session on the test's own page",
        _choice("off", "on", "retain-on-failure"),
        "off",
    ),
    Option(
        "session-timeout",
        "most seconds of wall clock one session may take; it then ends as timed_out, all written (default: none)",
        _timeout,
        None,
    ),
)
