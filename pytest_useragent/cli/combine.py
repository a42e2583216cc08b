"""`useragent combine DIR... --output DIR`: the report folders of a suite's shards (CI runners, each a pytest run of
part of the tests) made into one run report, md, html and json, and the GitHub step summary when
GITHUB_STEP_SUMMARY is set, as one run of all their tests would have written it (`report/shards.py`).

`--save`, `--compare`, `--compare-fail` and `--storage` do for the combined run what the `--useragent-` options of
the same names do for one run (`report/baselines.py`): a failed gate is exit status 1. What cannot be combined (a
folder with no report, a test in two shards, another release's format, a figure no run has, a path out of its shard,
shards of different commits or runs without `--allow-mixed`, an `--output` that is, is in or holds a shard) or a
baseline name not stored is one line and exit status 2, before anything is written. The report is written before the
baseline is saved: a combine that cannot write its report is exit status 2 and saves no baseline.

The sessions' folders are copied (hard-linked) by a process of its own as each shard is read, into a folder of their
own that is moved into place once every shard is checked (`report/copier.py`): on two cores the copy of 10,000
sessions takes as long as reading the shards and writing the reports.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from pytest_useragent.config import OPTIONS, UserAgentConfig
from pytest_useragent.errors import UserError
from pytest_useragent.regression.baseline import metadata
from pytest_useragent.report.aggregate import CombinedRun, SessionEntry
from pytest_useragent.report.baselines import BaselinePlan
from pytest_useragent.report.copier import Copier
from pytest_useragent.report.headline import headline
from pytest_useragent.report.regressions import comparison_lines
from pytest_useragent.report.render import append_github_summary, screenshots, write_combined_report
from pytest_useragent.report.shards import Shard, check_output, combine, copies, read_shard, records, shown
from pytest_useragent.templates import counted

HELP = "merge the report folders of a suite's shards into one run report, and compare or save it as one baseline"

BASELINE_OPTIONS = ("storage", "save", "compare", "compare-fail")
"""The `--useragent-` options `combine` takes for the combined run, by the same names without the prefix."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "shards", nargs="+", type=Path, metavar="DIR", help="a shard's report folder (report.json and sessions/)"
    )
    parser.add_argument("--output", required=True, type=Path, metavar="DIR", help="where the combined report goes")
    parser.add_argument(
        "--allow-mixed",
        action="store_true",
        help="combine shards of different commits or runs (refused otherwise); the report says they are mixed",
    )
    for option in OPTIONS:
        if option.name in BASELINE_OPTIONS:
            shape: dict[str, Any] = {"nargs": "?", "const": option.bare} if option.bare is not None else {}
            parser.add_argument(
                f"--{option.name}",
                dest=option.name.replace("-", "_"),
                type=_typed(option.parse),
                metavar=option.metavar,
                help=option.help.replace("%", "%%"),  # argparse %-formats help
                **shape,
            )


def main(args: argparse.Namespace) -> int:
    # No cyclic garbage collection while the shards are read: 10,000 sessions are millions of objects, none in a
    # cycle, and each collection the allocations trigger walks them all again (reading 130 MB took 5x as long).
    gc.disable()
    try:
        return _combine(args)
    except UserError as error:
        print(f"useragent combine: {error}", file=sys.stderr)
        return 2
    finally:
        gc.enable()


def _combine(args: argparse.Namespace) -> int:
    """Everything checked before anything is written (the shards, the output folder, the baseline asked for); then
    the report, and the baseline last: a combine whose report cannot be written stores nothing."""
    given = {name.replace("-", "_"): getattr(args, name.replace("-", "_")) for name in BASELINE_OPTIONS}
    settings = replace(UserAgentConfig(), **{name: value for name, value in given.items() if value is not None})
    output: Path = args.output.absolute()
    check_output(args.shards, output)  # ShardError before anything is read or copied
    try:
        copier = Copier(output)
    except OSError as error:  # no folder for the copies beside the output
        print(f"useragent combine: could not write the report to {output}: {error.strerror or error}", file=sys.stderr)
        return 2
    with copier:  # a ShardError, a UserError, an interrupt: the copies made so far are removed, nothing is written
        shards = []
        for folder in args.shards:
            shards.append(read_shard(folder, output))
            copier.copy(shards[-1].copies)
        summary = combine(shards, output, allow_mixed=args.allow_mixed)  # ShardError before anything is written
        plan = BaselinePlan(settings, Path.cwd())
        meta = summary.metadata or metadata(Path.cwd(), provider=None, model=None, duration_seconds=None)
        baseline_lines = plan.finish(summary, summary.test_outcomes, meta, save=False)
        whole = shown(shards, summary)  # and so is a record report.html would show that is no session's
        copier.finish()
        try:
            written = _write(shards, summary, whole, output, copier)
        except OSError as error:
            print(
                f"useragent combine: could not write the report to {output}: {error.strerror or error}", file=sys.stderr
            )
            return 2
    baseline_lines += plan.save_pending()
    github = os.environ.get("GITHUB_STEP_SUMMARY")
    if github:
        with contextlib.suppress(OSError):
            append_github_summary(summary, Path(github))
    print(f"combined {counted(len(shards), 'shard')}: " + headline(summary)[0])
    print(headline(summary)[1])
    if summary.mixed:
        print(f"mixed: {counted(len(summary.mixed), 'shard')} of different commits or runs (--allow-mixed)")
    for line in baseline_lines:
        print(line)
    if summary.comparison is not None:
        for line in comparison_lines(summary.comparison):
            print(line)
    print(f"report: {written}")
    failed = (summary.comparison is not None and summary.comparison.failed) or plan.gate_unchecked
    return 1 if failed else 0


def _write(shards: list[Shard], summary: CombinedRun, whole: list[SessionEntry], output: Path, copier: Copier) -> Path:
    """The reports, written while the copies are moved into place; they link to the copies the shards hold, and are
    written again in the rare case one could not be made (a folder gone meanwhile)."""
    jobs = copies(shards)
    placed = {copy: os.path.join(output, *copy.split("/")) for _, _, copy in jobs}  # as `shards._place` placed them
    summary.copies = {placed[copy]: copy for _, _, copy in jobs}
    # the screenshots report.html inlines, read from the shards' copies: the combined ones are being made
    read_from = {placed[copy]: source for _, source, copy in jobs}
    images = screenshots([entry.result for entry in whole], read_from=read_from)
    try:
        written = write_combined_report(summary, records(shards), whole, images, output)
    finally:
        made = {placed[copy] for copy in copier.result().values()}
    if made != summary.copies.keys():
        summary.copies = {where: copy for where, copy in summary.copies.items() if where in made}
        written = write_combined_report(summary, records(shards), whole, images, output)
    return written


def _typed(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """An option's own parser, its refusal in its own words (argparse says only "invalid value" for a ValueError)."""

    def typed(value: str) -> Any:
        try:
            return parse(value)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return typed
