"""The pytest11 entry point: options, ini, the marker, start-up checks, and what each test report carries.

Per-test data travels on each teardown report (attribute `useragent_sessions`, which pytest-xdist serializes), so
the controller (the process without `workerinput`) collects it and writes the run report once. The run's budget is
a ledger file in a temp directory the controller creates and hands to workers through `workerinput`.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

from pytest_useragent import fixtures
from pytest_useragent.config import OPTIONS, UserAgentConfig
from pytest_useragent.errors import ConfigError, UserError
from pytest_useragent.ledger import RunLedger, Spending
from pytest_useragent.llm import choice
from pytest_useragent.pricing import PriceBook
from pytest_useragent.report.collect import SESSIONS_ATTRIBUTE, RunCollector, html_report_extras, junit_properties
from pytest_useragent.stash import CONFIG_KEY, LEDGER_INPUT, RESULTS_KEY, SPENDING_KEY

LEDGER_DIR_KEY = pytest.StashKey[Path]()
THIRD_PARTY_DEPRECATION = "Session-scoped fixtures defined as instance methods are deprecated"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("useragent", "pytest-useragent: UX sessions driven as a persona")
    for option in OPTIONS:
        dest = "useragent_" + option.name.replace("-", "_")
        group.addoption(f"--useragent-{option.name}", dest=dest, default=None, metavar=option.metavar, help=option.help)
        parser.addini(dest, help=option.help, default=None)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "useragent(persona=None, max_steps=None, model=None, budget=None, wait=None, settle_timeout=None, "
        "slow_response=None, allowed_hosts=None, credentials=None): per-test settings for the agent fixture",
    )
    # pytest 9.2 deprecates how pytest-playwright 0.10 defines its `base_url` fixture, which every `page` needs: under
    # a suite's `filterwarnings = error` no browser test could even set up. A third party's deprecation is shown,
    # never fatal, in a run we are part of (a line added after the suite's own, so it takes precedence for it alone).
    config.addinivalue_line("filterwarnings", f"default:{THIRD_PARTY_DEPRECATION}:DeprecationWarning")
    raw: dict[str, str | None] = {}
    for option in OPTIONS:
        dest = "useragent_" + option.name.replace("-", "_")
        value = config.getoption(dest)
        raw[option.name] = value if value is not None else config.getini(dest)
    try:
        settings = UserAgentConfig.from_raw(raw)
        spending = _spending(config, settings)
    except ConfigError as error:
        raise pytest.UsageError(str(error)) from None
    try:
        choice.check(settings)
    except ConfigError as error:
        raise pytest.UsageError(str(error)) from None
    config.stash[CONFIG_KEY] = settings
    config.stash[SPENDING_KEY] = spending
    config.pluginmanager.register(fixtures, "useragent-fixtures")
    if not hasattr(config, "workerinput"):
        report_dir = settings.report_dir
        if not report_dir.is_absolute():
            report_dir = config.invocation_params.dir / report_dir
        config.pluginmanager.register(RunCollector(report_dir, spending), "useragent-collector")


def _spending(config: pytest.Config, settings: UserAgentConfig) -> Spending:
    """The controller starts the run's ledger; an xdist worker joins the one it was handed."""
    workerinput: dict[str, Any] | None = getattr(config, "workerinput", None)
    if workerinput is not None and LEDGER_INPUT in workerinput:
        prices = PriceBook.load(settings.prices)
        prices.rate(settings.currency)
        return Spending(prices, RunLedger(Path(workerinput[LEDGER_INPUT])), settings.currency)
    directory = Path(tempfile.mkdtemp(prefix="useragent-run-"))
    config.stash[LEDGER_DIR_KEY] = directory
    return Spending.start(settings, directory / "ledger.json")


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """pytest-xdist: tell each worker where the run's ledger is."""
    node.workerinput[LEDGER_INPUT] = str(node.config.stash[SPENDING_KEY].ledger.path)


def pytest_unconfigure(config: pytest.Config) -> None:
    if LEDGER_DIR_KEY in config.stash:
        shutil.rmtree(config.stash[LEDGER_DIR_KEY], ignore_errors=True)


def pytest_report_header(config: pytest.Config) -> list[str]:
    settings, spending = config.stash[CONFIG_KEY], config.stash[SPENDING_KEY]
    chosen = choice.choose(settings)
    provider, model_name = chosen.provider, choice.model(settings, chosen.provider)
    why = f" ({chosen.why})" if chosen.why else ""
    model = "" if provider == "offline" else f", model {model_name}"
    given = config.getoption("useragent_budget") is not None or config.getini("useragent_budget") is not None
    budget = spending.show(spending.ledger.state().limit_usd) + ("" if given else " (default)")
    lines = [f"useragent: provider {provider}{why}{model}, budget {budget} for the run, max {settings.max_steps} steps"]
    if provider != "offline" and not spending.prices.is_known(model_name):
        lines.append(
            f"useragent: no known price for {model_name}: it is charged at the dearest known rate "
            "(price a local model at 0 with --useragent-prices)"
        )
    return lines


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Carry the test's sessions on its teardown report; show a UserError as its one line, not a traceback."""
    report = yield
    if call.excinfo is not None and isinstance(call.excinfo.value, UserError):
        report.longrepr = f"{type(call.excinfo.value).__name__}: {call.excinfo.value}"
    results = item.stash.get(RESULTS_KEY, [])
    if call.when == "teardown" and results:
        setattr(report, SESSIONS_ATTRIBUTE, [result.model_dump_json() for result in results])
        report.user_properties.extend(junit_properties(results))
        extras = html_report_extras(item.config, results)
        if extras:
            report.extras = [*getattr(report, "extras", []), *extras]  # type: ignore[attr-defined]
    return report
