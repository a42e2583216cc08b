"""The command's flags from the one table of knobs (`config.OPTIONS`): `--max-steps` is `--useragent-max-steps`,
with its help, value and parser, and `USERAGENT_MAX_STEPS` in the environment stands in for it. The values are read
by `UserAgentConfig.from_raw`, as the plugin reads its options, so a bad one is refused in the same words (naming
the command's flag)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping

from pytest_useragent.config import OPTIONS, Option, UserAgentConfig

PYTEST_ONLY = frozenset(
    {
        "record-mode",
        "cassette-dir",
        "export",
        "storage",
        "save",
        "autosave",
        "compare",
        "compare-fail",
        "baseline-update",
    }
)
"""Options about a pytest run's tests (their cassettes, exported tests, baselines by node id): not the command's."""
RENAMED = {"report-dir": "output"}
"""The command's name for an option, where pytest-playwright's meaning is the better known (`--output DIR`)."""
PREFIX = "--"


def flag_name(option: Option) -> str:
    return RENAMED.get(option.name, option.name)


def env_name(flag: str) -> str:
    """`max-steps` -> `USERAGENT_MAX_STEPS`."""
    return "USERAGENT_" + flag.replace("-", "_").upper()


def command_options() -> list[Option]:
    """The rows of `OPTIONS` the command takes, in the table's order."""
    return [option for option in OPTIONS if option.name not in PYTEST_ONLY]


def add_options(parser: argparse.ArgumentParser) -> None:
    """A flag for each of `command_options`, holding the raw text (None when not given), as `--help` shows it."""
    for option in command_options():
        flag = flag_name(option)
        default = f" [env {env_name(flag)}]"
        parser.add_argument(
            PREFIX + flag,
            dest=_dest(flag),
            metavar=option.metavar,
            default=None,
            help=option.help.replace("%", "%%").replace("--useragent-", PREFIX) + default,
        )


def config_of(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> UserAgentConfig:
    """The settled configuration: each flag given, else its environment variable, else the table's default; a bad
    value is a ConfigError of one line."""
    raw: dict[str, str | None] = {}
    for option in command_options():
        flag = flag_name(option)
        given = getattr(args, _dest(flag))
        raw[option.name] = given if given is not None else environ.get(env_name(flag)) or None
    return UserAgentConfig.from_raw(raw, prefix=PREFIX)


def spoken(message: str) -> str:
    """A message of the plugin's, in the command's words: `--useragent-provider` is `--provider` here."""
    for option in command_options():
        message = message.replace(f"--useragent-{option.name}", PREFIX + flag_name(option))
    return message


def _dest(flag: str) -> str:
    return flag.replace("-", "_")
