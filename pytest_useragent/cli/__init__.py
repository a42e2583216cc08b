"""The `useragent` command (and `python -m pytest_useragent`): a subcommand per module of this package, each with
`HELP`, `add_arguments(parser)` and `main(args) -> int`, listed in `COMMANDS`. A usage error is one line and exit
status 2, never a traceback."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import NoReturn

__all__ = ["COMMANDS", "OneLineParser", "combine", "main", "run"]

COMMANDS: dict[str, str] = {"run": "pytest_useragent.cli.run", "combine": "pytest_useragent.cli.combine"}
"""Each subcommand's name and its module, imported when the command is given (`useragent combine` needs no browser:
`run`'s module and what it imports are a fifth of the time the command took to start)."""


class OneLineParser(argparse.ArgumentParser):
    """argparse, whose usage errors are one line (what is wrong and where --help is) instead of the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command's parser, a subparser per command (what `--help` and the docs' reference show); `only`: the one
    command given, the others' modules left unimported."""
    top = OneLineParser(prog="useragent", description="UX sessions driven as a persona, outside pytest.")
    commands = top.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, where in COMMANDS.items():
        if only is not None and name != only:
            continue
        module = import_module(where)
        sub = commands.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(sub)
        sub.set_defaults(command_main=module.main, command_parser=sub)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command `argv` (the process's arguments by default) and return its exit status."""
    try:
        arguments = sys.argv[1:] if argv is None else list(argv)
        given = arguments[0] if arguments and arguments[0] in COMMANDS else None
        top = parser(given)
        args, unknown = top.parse_known_args(arguments)
        if unknown:  # said by the command's parser, whose --help lists its flags
            args.command_parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    except SystemExit as stop:  # --help (0) or a usage error (2), already printed
        return stop.code if isinstance(stop.code, int) else 2
    status: int = args.command_main(args)
    sys.stdout.flush()
    return status
