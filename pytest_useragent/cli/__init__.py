"""The `useragent` command (and `python -m pytest_useragent`): a subcommand per module of this package, each with
`HELP`, `add_arguments(parser)` and `main(args) -> int`, listed in `COMMANDS`. A usage error is one line and exit
status 2, never a traceback."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import NoReturn

from pytest_useragent.cli import combine, run

__all__ = ["COMMANDS", "OneLineParser", "combine", "main", "run"]

COMMANDS: dict[str, ModuleType] = {"run": run, "combine": combine}
"""Each subcommand's name and its module."""


class OneLineParser(argparse.ArgumentParser):
    """argparse, whose usage errors are one line (what is wrong and where --help is) instead of the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def parser() -> argparse.ArgumentParser:
    """The command's parser, a subparser per command (what `--help` and the docs' reference show)."""
    top = OneLineParser(prog="useragent", description="UX sessions driven as a persona, outside pytest.")
    commands = top.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, module in COMMANDS.items():
        sub = commands.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(sub)
        sub.set_defaults(command_main=module.main)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command `argv` (the process's arguments by default) and return its exit status."""
    try:
        args = parser().parse_args(argv)
    except SystemExit as stop:  # --help (0) or a usage error (2), already printed
        return stop.code if isinstance(stop.code, int) else 2
    status: int = args.command_main(args)
    sys.stdout.flush()
    return status
