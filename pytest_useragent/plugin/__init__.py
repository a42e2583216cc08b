"""The pytest11 entry point: options, ini, the marker, start-up checks, and what each test report carries.

Per-test data travels on each teardown report (attribute `useragent_sessions`, which pytest-xdist serializes), so
the controller (the process without `workerinput`) collects it and writes the run report once. The run's budget is
a ledger file in a temp directory the controller creates and hands to workers through `workerinput`.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

from pytest_useragent.browser import ffmpeg
from pytest_useragent.config import MARKER_ARGUMENTS, OPTIONS, UserAgentConfig
from pytest_useragent.cost.ledger import Spending, join
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.cost.runs import ci_run_id
from pytest_useragent.cost.shared import RedisLedger, shown
from pytest_useragent.errors import ConfigError, Divergence, UserAgentWarning, UserError
from pytest_useragent.llm import choice
from pytest_useragent.plugin import deltas, fixtures, hooks
from pytest_useragent.plugin.collect import SESSIONS_ATTRIBUTE, RunCollector, html_report_extras, junit_properties
from pytest_useragent.plugin.deltas import TestBaseline
from pytest_useragent.plugin.stash import (
    BASELINE_KEY,
    CONFIG_KEY,
    LEDGER_INPUT,
    RESULTS_KEY,
    SKIP_ATTRIBUTE,
    SKIP_KEY,
    SPENDING_KEY,
)
from pytest_useragent.records import result as told
from pytest_useragent.records.persona import Persona, enter_rootdir, leave_rootdir
from pytest_useragent.report.baselines import BaselinePlan
from pytest_useragent.report.copies import report_root
from pytest_useragent.templates import counted

__all__ = ["collect", "deltas", "fixtures", "hooks", "stash"]
"""Its modules; the hooks below are pytest's to call."""

LEDGER_DIR_KEY = pytest.StashKey[Path]()
THIRD_PARTY_DEPRECATION = "Session-scoped fixtures defined as instance methods are deprecated"


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    pluginmanager.add_hookspecs(hooks)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("useragent", "pytest-useragent: UX sessions driven as a persona")
    for option in OPTIONS:
        dest = "useragent_" + option.name.replace("-", "_")
        shape: dict[str, Any] = {"metavar": option.metavar}
        if option.bare is not None:  # --useragent-autosave, --useragent-compare[=NAME]
            switch = option.metavar == "on|off"
            shape = (
                {"action": "store_const", "const": option.bare}
                if switch
                else {**shape, "nargs": "?", "const": option.bare}
            )
        # argparse %-formats help text: "10%" in an example must reach it as "10%%"
        shown = option.help.replace("%", "%%")
        group.addoption(f"--useragent-{option.name}", dest=dest, default=None, help=shown, **shape)
        parser.addini(dest, help=option.help, type=option.ini_type, default=None)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"useragent({', '.join(f'{name}=None' for name in MARKER_ARGUMENTS)}): per-test settings for the agent fixture",
    )
    # pytest 9.2 deprecates how pytest-playwright 0.10 defines its `base_url` fixture, which every `page` needs: under
    # a suite's `filterwarnings = error` no browser test could even set up, and otherwise every run printed seven
    # lines its user can do nothing about. That one third party's deprecation is ignored in a run we are part of (a
    # line added after the suite's own, so it takes precedence for it alone); pytest-playwright's to fix.
    config.addinivalue_line("filterwarnings", f"ignore:{THIRD_PARTY_DEPRECATION}:DeprecationWarning")
    # and what a session could not keep (an export, a cassette) is told, never a failed test
    config.addinivalue_line("filterwarnings", f"default::{UserAgentWarning.__module__}.{UserAgentWarning.__name__}")
    try:
        settings = UserAgentConfig.from_raw(_raw(config))
        if settings.persona is not None:  # a file that is missing or broken stops the run here, not every test
            _checked_persona(settings.persona, config.rootpath)
        spending = _spending(config, settings)
    except UserError as error:
        raise pytest.UsageError(str(error)) from None
    enter_rootdir(config.rootpath)
    if settings.video != "off" or config.getoption("--video", None) not in (None, "off"):
        ffmpeg.supply()  # imageio-ffmpeg's, where Playwright has none: before pytest-playwright starts its driver
    try:
        choice.check(settings)
    except ConfigError as error:
        raise pytest.UsageError(str(error)) from None
    config.stash[CONFIG_KEY] = settings
    config.stash[SPENDING_KEY] = spending
    config.pluginmanager.register(fixtures, "useragent-fixtures")
    workerinput: dict[str, Any] | None = getattr(config, "workerinput", None)
    if workerinput is not None and workerinput.get(deltas.WORKER_INPUT):
        config.stash[BASELINE_KEY] = TestBaseline(Path(workerinput[deltas.WORKER_INPUT]), settings.compare_fail)
    if workerinput is None:
        report_dir = report_root(config, settings.report_dir)
        try:
            baselines = BaselinePlan(settings, config.invocation_params.dir)
        except UserError as error:
            raise pytest.UsageError(str(error)) from None
        if baselines.target is not None:
            config.stash[BASELINE_KEY] = TestBaseline(baselines.target.path, settings.compare_fail, baselines.before)
        collector = RunCollector(
            report_dir, spending, baselines, root=config.rootpath, hook=config.hook, export=settings.export
        )
        config.pluginmanager.register(collector, "useragent-collector")


def _spending(config: pytest.Config, settings: UserAgentConfig) -> Spending:
    """The controller starts the run's ledger; an xdist worker joins the one it was handed."""
    workerinput: dict[str, Any] | None = getattr(config, "workerinput", None)
    if workerinput is not None and LEDGER_INPUT in workerinput:
        prices = PriceBook.load(settings.prices)
        prices.rate(settings.currency)
        return Spending(prices, join(workerinput[LEDGER_INPUT]), settings.currency)
    directory = Path(tempfile.mkdtemp(prefix="useragent-run-"))
    config.stash[LEDGER_DIR_KEY] = directory
    return Spending.start(settings, directory / "ledger.json", config.rootpath)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """pytest-xdist: tell each worker where the run's ledger is, and the baseline its tests are compared with."""
    node.workerinput[LEDGER_INPUT] = node.config.stash[SPENDING_KEY].ledger.address
    baseline = node.config.stash.get(BASELINE_KEY, None)
    node.workerinput[deltas.WORKER_INPUT] = str(baseline.path) if baseline is not None else ""


def _raw(config: pytest.Config) -> dict[str, str | None]:
    """Each option's value as given: the command line's, else the ini's (which pytest has typed: 12, 1.5, True)."""
    raw: dict[str, str | None] = {}
    for option in OPTIONS:
        dest = "useragent_" + option.name.replace("-", "_")
        value = config.getoption(dest)
        if value is None:
            try:
                value = config.getini(dest)
            except (pytest.UsageError, ValueError, TypeError) as error:  # pytest's own words name the value only
                raise ConfigError(f"{dest} in {config.inipath}: {option.rule} ({error})") from None
            try:  # said here, where it is known to come from the ini file
                option.parse(str(value)) if value is not None else None
            except ValueError as error:
                raise ConfigError(f"{dest} = {value} in {config.inipath}: {error}") from None
        raw[option.name] = None if value is None else str(value)
    return raw


def _checked_persona(spec: str, rootdir: Path) -> Persona:
    try:
        return Persona.load(spec, root=rootdir)
    except UserError as error:
        raise ConfigError(f"--useragent-persona={spec.strip():.60}: {error}") from None


def pytest_unconfigure(config: pytest.Config) -> None:
    leave_rootdir(config.rootpath)
    if LEDGER_DIR_KEY in config.stash:
        shutil.rmtree(config.stash[LEDGER_DIR_KEY], ignore_errors=True)


def pytest_report_header(config: pytest.Config) -> list[str]:
    settings, spending = config.stash[CONFIG_KEY], config.stash[SPENDING_KEY]
    chosen = choice.choose(settings)
    provider, model_name = chosen.provider, choice.model(settings, chosen.provider)
    why = f" ({chosen.why})" if chosen.why else ""
    model = "" if provider == "offline" else f", model {model_name}"
    if provider == "offline" and (config.getoption("useragent_model") or config.getini("useragent_model")):
        model = f", --useragent-model={settings.model} unused"
    given = config.getoption("useragent_budget") is not None or config.getini("useragent_budget") is not None
    budget = spending.show(spending.ledger.state().limit_usd) + ("" if given else " (default)")
    steps = counted(settings.max_steps, "step")
    lines = [f"useragent: provider {provider}{why}{model}, budget {budget} for the run, max {steps}"]
    if isinstance(spending.ledger, RedisLedger):  # the one place the run's id is told, so other shards can join it
        new = settings.run_id is None and ci_run_id(os.environ) is None
        hint = f" (a new id: give every shard of this run --useragent-run-id={spending.ledger.run})" if new else ""
        lines.append(
            f"useragent: budget shared through {shown(spending.ledger.url)} as run {spending.ledger.run} of "
            f"{spending.ledger.project}{hint}"
        )
    if provider != "offline" and not spending.prices.is_known(model_name):
        lines.append(
            f"useragent: no known price for {model_name}: it is charged at the dearest known rate "
            "(price a local model at 0 with --useragent-prices)"
        )
    return lines


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(
    collector: pytest.Collector,
) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
    """A UserError while a test module is imported (`Persona.from_yaml` at module level) is its one line too: the
    report carries the call that made it until pytest's `collect_one_node` takes it, with the error itself."""
    report = yield
    call = getattr(report, "call", None)
    error = call.excinfo.value if call is not None and call.excinfo is not None else None
    if report.failed and isinstance(error, UserError):
        report.longrepr = f"{type(error).__name__}: {error}"
    return report


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Carry the test's sessions on its teardown report; show a UserError as its one line, not a traceback."""
    report = yield
    if call.excinfo is not None and isinstance(call.excinfo.value, UserError | Divergence):
        report.longrepr = f"{type(call.excinfo.value).__name__}: {call.excinfo.value}"
    if call.when == "setup" and report.skipped and SKIP_KEY in item.stash:  # skipped by the agent fixture: why
        setattr(report, SKIP_ATTRIBUTE, item.stash[SKIP_KEY])
    results = item.stash.get(RESULTS_KEY, [])
    if call.when == "call" and report.failed and results:  # the sessions in a few lines, under the failure
        report.sections.append(("useragent", "\n\n".join("\n".join(told.lines(result)) for result in results)))
    if call.when == "teardown" and results:
        setattr(report, SESSIONS_ATTRIBUTE, [result.model_dump_json() for result in results])
        baseline = item.config.stash.get(BASELINE_KEY, None)
        comparison = baseline.compare(item.nodeid, results) if baseline is not None else None
        report.user_properties.extend(junit_properties(results, comparison, item.nodeid))
        extras = html_report_extras(item.config, results, comparison, item.nodeid)
        if extras:
            report.extras = [*getattr(report, "extras", []), *extras]  # type: ignore[attr-defined]
    return report
