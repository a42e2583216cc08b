"""`useragent run URL`: one persona's session (or `--repeat N`) on a site, outside pytest, written as the plugin
writes a run: each session's folder and report.md, and the run's report.md, report.html and report.json in
`--output`. Without `--goal` the persona explores (`Agent.explore`).

Exit status: 0 the goal was reached (or the exploration ran to its end), 1 it was not (or `--fail-on` met an issue of
that severity), 2 a usage error (one line), 3 the model's API or the budget stopped a session, 130 Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shlex
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO, cast, get_args

from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from pytest_useragent.browser import bounded, ffmpeg
from pytest_useragent.browser.launch import launch_options, video_problem
from pytest_useragent.browser.scope import not_an_address
from pytest_useragent.cli.flags import add_options, config_of, env_name, spoken
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.cost.ledger import Spending
from pytest_useragent.errors import UserError
from pytest_useragent.llm import choice
from pytest_useragent.records import GATED_TRUST, Issue, SessionResult, Severity, Trust
from pytest_useragent.records import result as told
from pytest_useragent.records.persona import DEFAULT_PERSONA, Persona
from pytest_useragent.regression.baseline import metadata
from pytest_useragent.report.aggregate import SessionEntry, Stops, aggregate
from pytest_useragent.report.copies import copy_sessions
from pytest_useragent.report.render import write_run_report
from pytest_useragent.secrets.credentials import Credentials
from pytest_useragent.session.agent import Agent, checked_goal
from pytest_useragent.templates import counted

HELP = "run a persona's session on a site: toward --goal, or exploring without one"
STOPPED = ("provider_error", "budget_exhausted")
"""Outcomes that mean the model's API or the budget stopped the session: exit status 3."""
OK, NOT_REACHED, USAGE, STOPPED_STATUS, UNREACHABLE, INTERRUPTED = 0, 1, 2, 3, 4, 130
MAX_TRIPPED = 10
"""The most issues a --fail-on that was met names (the rest counted)."""
PLAYWRIGHT_OWNS = ("--user-data-dir", "--remote-debugging-pipe", "--remote-debugging-port")
"""Chromium flags Playwright sets itself and refuses from a user (a persistent profile is another launch)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("url", metavar="URL", help="where the session starts, an http(s) or file: URL")
    parser.add_argument("--goal", metavar="TEXT", help="what the persona should do; without it, it explores")
    parser.add_argument(
        "--success-text",
        metavar="TEXT",
        help="the goal counts as reached only if the page shows this text at the end",
    )
    parser.add_argument(
        "--credentials",
        metavar="NAME=VALUE",
        nargs="+",
        action="extend",
        help="credentials the persona types as {{NAME}}; NAME=$VAR reads the environment (never written anywhere)",
    )
    parser.add_argument(
        "--fail-on",
        metavar="SEVERITY",
        help="exit 1 when a session met an issue this severe or worse: critical, major, minor or cosmetic; "
        "SEVERITY,review counts what a check left for review too (axe's needs review, its experimental rules)",
    )
    parser.add_argument("--headed", action="store_true", default=None, help="show the browser (pytest-playwright's)")
    parser.add_argument("--browser-channel", metavar="CHANNEL", help="Chromium channel, e.g. chrome")
    parser.add_argument(
        "--browser-arg",
        metavar="ARG",
        action="append",
        help="a Chromium command-line flag, e.g. --browser-arg=--host-resolver-rules=... (repeatable)",
    )
    add_options(parser)
    for action in parser._actions:  # every flag's environment variable, said where --help says it
        if action.option_strings and action.help and "[env " not in action.help and action.dest != "help":
            action.help += f" [env {env_name(action.dest.replace('_', '-'))}]"


def main(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """`out`: where each step is told, the standard output as it is when the command runs (this module is imported
    when the command is given, `cli.COMMANDS`: a default of `sys.stdout` would be whatever it was then)."""
    try:
        _from_environment(args)
        plan = Plan.of(args)
    except UserError as error:
        print(f"useragent run: error: {spoken(str(error))}", file=sys.stderr)
        return USAGE
    return plan.run(out or sys.stdout)


class Plan:
    """What one `useragent run` was asked, checked before the browser starts or anything is paid."""

    def __init__(self, args: argparse.Namespace, config: UserAgentConfig, persona: Persona, known: Credentials) -> None:
        self.args = args
        self.config = config
        self.persona = persona
        self.credentials = known
        self.goal = checked_goal(args.goal) if args.goal is not None else None

    @classmethod
    def of(cls, args: argparse.Namespace) -> Plan:
        if problem := not_an_address(args.url):
            raise UserError(f"URL {args.url!r:.80}: {problem}")
        config = config_of(args)
        # found before a session is paid for, not after it, when its report has nowhere to go
        output = config.report_dir.absolute()
        there = next(folder for folder in (output, *output.parents) if folder.exists())
        if not there.is_dir():
            raise UserError(f"--output {output}: {there} is not a folder (the report is a folder of files)")
        if not os.access(there, os.W_OK | os.X_OK):
            raise UserError(f"--output {output}: {there} is a folder this user cannot write in")
        for flag in args.browser_arg or []:
            if flag.split("=", 1)[0] in PLAYWRIGHT_OWNS:
                raise UserError(f"--browser-arg={flag[:80]}: Playwright sets {flag.split('=', 1)[0]} itself")
        choice.check(config)
        persona = Persona.load(config.persona, root=Path.cwd()) if config.persona else DEFAULT_PERSONA
        return cls(args, config, persona, Credentials.resolve(_pairs(args.credentials or [])))

    def run(self, out: TextIO) -> int:
        """The sessions, then the run's report; the exit status."""
        work = Path(tempfile.mkdtemp(prefix="useragent-run-"))
        live = Live(out)
        agent: Agent | None = None
        interrupted = False
        try:
            with self._page(work) as (browser, page):
                agent = self._agent(page, work, live)
                try:
                    self._sessions(agent, page)
                except KeyboardInterrupt:  # the session is written; the report is written below
                    interrupted = True
                finally:
                    live.end()
                    agent.save_videos()
        except UserError as error:  # no Chromium, or the test's own mistake
            print(f"useragent run: error: {spoken(str(error))}", file=sys.stderr)
            return USAGE
        results = agent.results if agent is not None else []
        earlier = (self.output / "report.json").is_file()
        report = self._report(results, agent.spending if agent else None)
        for result in results:
            print("\n".join(told.lines(result)), file=out)
        if report is not None:
            if earlier:  # as pytest's report folder is, but said: a run's report is never lost unawares
                print(f"report: replaced the earlier run's report in {self.output} (--output names another)", file=out)
            print(f"report: {report.with_name('report.md')}\nreport: {report}", file=out)
            shutil.rmtree(work, ignore_errors=True)  # copied into the report; kept when it could not be
        return INTERRUPTED if interrupted else self.status(results, out)

    @contextlib.contextmanager
    def _page(self, work: Path) -> Iterator[tuple[Browser, Page]]:
        """A Chromium (launch.py finds one) with a context of the session's own, recording video when asked."""
        options: dict[str, object] = {"headless": not self.args.headed, "args": list(self.args.browser_arg or [])}
        if self.args.browser_channel:
            options["channel"] = self.args.browser_channel
        if self.config.video != "off":
            ffmpeg.supply()  # imageio-ffmpeg's, where Playwright has none: before its driver starts
        with sync_playwright() as playwright:
            chromium = playwright.chromium
            try:
                browser = chromium.launch(**launch_options(options, chromium.executable_path))
            except PlaywrightError as error:  # a channel not installed, a flag Chromium refuses: one line
                raise UserError(f"the browser did not start: {bounded.first_line(error)}") from None
            video = {"record_video_dir": str(work / "video")} if self.config.video != "off" else {}
            context = browser.new_context(**video)  # type: ignore[arg-type]
            try:
                try:
                    page = context.new_page()
                except PlaywrightError as error:
                    raise UserError(video_problem(error) or str(error).splitlines()[0]) from None
                yield browser, page
            finally:
                with contextlib.suppress(Exception):  # what is written matters more than a clean close
                    context.close()
                    browser.close()

    def _agent(self, page: Page, work: Path, live: Live) -> Agent:
        spending = Spending.start(self.config, work / "ledger.json")
        return Agent(
            page,
            self.persona,
            choice.build(self.config),
            self.config,
            work,
            progress=live.line,
            spending=spending,
            test=self.args.url,
            credentials=self.credentials,
            report_dir=self.output,
        )

    def _sessions(self, agent: Agent, page: Page) -> None:
        if self.goal is None:
            agent.explore(self.args.url)
            return
        agent.run(self.goal, self.args.url, success=shows(self.args.success_text) if self.args.success_text else None)

    @property
    def output(self) -> Path:
        return self.config.report_dir.absolute()

    def _report(self, results: list[SessionResult], spending: Spending | None) -> Path | None:
        """The run's report in --output, as the plugin writes it; None (and a line) when it could not be written."""
        if not results:
            return None
        sessions = [SessionEntry(nodeid=self.args.url, result=result) for result in results]
        state = spending.ledger.state() if spending is not None else None
        summary = aggregate(
            sessions,
            [],
            currency=self.config.currency,
            exchange_rate=results[0].exchange_rate,
            budget_usd=state.limit_usd if state else 0.0,
            spent_usd=state.spent_usd if state else None,
            stops=Stops(budget_exhausted=bool(state and state.exhausted)),
        )
        summary.metadata = metadata(
            Path.cwd(), provider=results[0].provider, model=results[0].model, duration_seconds=None
        )
        try:
            summary.copies = copy_sessions([(self.args.url, r.directory, r.report_copy) for r in results], self.output)
            return write_run_report(summary, self.output)
        except OSError as error:
            print(f"could not write the report to {self.output}: {error.strerror or error}", file=sys.stderr)
            return None

    def status(self, results: list[SessionResult], out: TextIO = sys.stdout) -> int:
        """0 reached or explored, 1 not (or --fail-on met, the issues that met it said), 3 stopped by the API or the
        budget, 4 the start page could not be opened (a site that is down is no UX failure)."""
        if not results or any(result.outcome in STOPPED for result in results):
            return STOPPED_STATUS if results else NOT_REACHED
        if any(result.outcome == "unreachable" for result in results):
            return UNREACHABLE
        fail_on = self.args.fail_on
        if fail_on and (tripped := [(result, issue) for result in results for issue in tripping(result, fail_on)]):
            severity, _, review = fail_on.partition(",")
            print(
                f"FAILED by --fail-on {fail_on}: {counted(len(tripped), 'issue')} of {severity} or worse"
                f"{' (review included)' if review else ''}, the limit is 0",
                file=out,
            )
            for result, issue in tripped[:MAX_TRIPPED]:  # which session, when more than one persona ran
                who = f"{result.persona.name}: " if len(results) > 1 else ""
                print(f"--fail-on {fail_on}: {who}{issue.line}", file=out)
            if len(tripped) > MAX_TRIPPED:
                print(f"--fail-on {fail_on}: and {len(tripped) - MAX_TRIPPED} more", file=out)
            return NOT_REACHED
        if self.goal is None:
            return OK if all(result.outcome == "explored" for result in results) else NOT_REACHED
        return OK if all(result.goal_achieved for result in results) else NOT_REACHED


class Live:
    """Each step as it ends: on a terminal one line rewritten in place, elsewhere (CI, a pipe) a line a step."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.tty = out.isatty()
        self.open = False

    def line(self, text: str) -> None:
        if self.tty:
            self.out.write(f"\r\x1b[2K{text}")
            self.open = True
        else:
            self.out.write(text + "\n")
        self.out.flush()

    def end(self) -> None:
        if self.open:
            self.out.write("\n")
            self.open = False


def tripping(result: SessionResult, fail_on: str) -> list[Issue]:
    """The issues `--fail-on` fails on: `major` as `at_least("major")` (every trust level but review), `major,review`
    with what a check left for review."""
    severity, _, review = fail_on.partition(",")
    trust: tuple[Trust, ...] = (*GATED_TRUST, "review") if review else GATED_TRUST
    return result.issues.at_least(cast(Severity, severity), trust=trust)


def shows(text: str) -> Callable[[Page], bool]:
    """The command's `success=`: the page shows `text` (its visible text, any case) at the end."""

    def check(page: Page) -> bool:
        return page.get_by_text(text).count() > 0

    check.__qualname__ = f"the page shows {text!r}"
    return check


def _pairs(given: list[str]) -> dict[str, str]:
    """`NAME=VALUE` (or `NAME=$VAR`) pairs; a pair without `=` is a one-line UserError naming the name only."""
    pairs: dict[str, str] = {}
    for pair in given:
        name, equals, value = pair.partition("=")
        if not equals or not name:
            raise UserError(f"--credentials {name[:40]!r}...: give NAME=VALUE or NAME=$VAR")
        pairs[name] = value
    return pairs


def _from_environment(args: argparse.Namespace) -> None:
    """The command's own flags (goal, success text, fail-on, browser) from USERAGENT_* when not given; the table's
    options are read with the config (`flags.config_of`)."""
    for dest in ("goal", "success_text", "fail_on", "browser_channel"):
        if getattr(args, dest) is None and (value := os.environ.get(env_name(dest.replace("_", "-")))):
            setattr(args, dest, value)
    if args.fail_on is not None:
        severity, _, review = args.fail_on.partition(",")
        if severity not in get_args(Severity) or review not in ("", "review"):
            raise UserError(
                f"--fail-on={args.fail_on[:40]!r}: must be one of {', '.join(get_args(Severity))}, "
                "optionally followed by ,review"
            )
    if args.headed is None:
        args.headed = os.environ.get(env_name("headed"), "").lower() in ("1", "on", "true", "yes")
    for dest in ("credentials", "browser_arg"):
        if getattr(args, dest) is None and (value := os.environ.get(env_name(dest.replace("_", "-")))):
            setattr(args, dest, shlex.split(value))
