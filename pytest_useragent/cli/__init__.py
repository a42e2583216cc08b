"""`useragent`, the command line (`python -m pytest_useragent`): one subcommand per module of this folder, each with
`HELP`, `add_arguments(parser)` and `main(args) -> int`, listed in `COMMANDS`.

A usage error (an unknown command, a missing or bad argument) is one line and exit status 2, as a UserError is."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import NoReturn

from pytest_useragent.cli import combine as combine

__all__ = ["COMMANDS", "combine", "main"]

COMMANDS: dict[str, ModuleType] = {"combine": combine}
"""Each subcommand's name and its module."""


class _Parser(argparse.ArgumentParser):
    """argparse, with a usage error in one line: what is wrong, and where to read more."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(prog="useragent", description="pytest-useragent's commands beside pytest.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, module in COMMANDS.items():
        module.add_arguments(commands.add_parser(name, help=module.HELP, description=module.HELP))
    args = parser.parse_args(sys.argv[1:] if argv is None else list(argv))
    code: int = COMMANDS[args.command].main(args)
    return code
