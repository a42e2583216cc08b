"""The pytest11 entry point: options, ini, the marker, start-up checks, and the run report on the controller.

Per-test data travels on each test report's user_properties, so pytest-xdist needs no special path: the
controller (the process without `workerinput`) collects them and writes the report once.
"""

from __future__ import annotations

import os
from collections.abc import Generator

import pytest

from pytest_useragent import fixtures
from pytest_useragent.config import OPTIONS, UserAgentConfig
from pytest_useragent.errors import ConfigError, UserError
from pytest_useragent.report.collect import RunCollector
from pytest_useragent.stash import CONFIG_KEY


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("useragent", "pytest-useragent: UX sessions driven as a persona")
    for option in OPTIONS:
        dest = "useragent_" + option.name.replace("-", "_")
        group.addoption(f"--useragent-{option.name}", dest=dest, default=None, help=option.help)
        parser.addini(dest, help=option.help, default=None)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "useragent(persona=None, max_steps=None, model=None, budget=None, wait=None, settle_timeout=None): "
        "per-test settings for the agent fixture",
    )
    raw: dict[str, str | None] = {}
    for option in OPTIONS:
        dest = "useragent_" + option.name.replace("-", "_")
        value = config.getoption(dest)
        raw[option.name] = value if value is not None else config.getini(dest)
    try:
        settings = UserAgentConfig.from_raw(raw)
    except ConfigError as error:
        raise pytest.UsageError(str(error)) from None
    if settings.provider == "anthropic" and not os.environ.get("ANTHROPIC_API_KEY"):
        raise pytest.UsageError("--useragent-provider=anthropic needs ANTHROPIC_API_KEY in the environment")
    config.stash[CONFIG_KEY] = settings
    config.pluginmanager.register(fixtures, "useragent-fixtures")
    if not hasattr(config, "workerinput"):
        report_dir = settings.report_dir
        if not report_dir.is_absolute():
            report_dir = config.invocation_params.dir / report_dir
        config.pluginmanager.register(RunCollector(report_dir), "useragent-collector")


def pytest_report_header(config: pytest.Config) -> str:
    settings = config.stash[CONFIG_KEY]
    provider = fixtures.resolve_provider(settings)
    why = " (auto: no ANTHROPIC_API_KEY)" if settings.provider == "auto" and provider == "offline" else ""
    model = "" if provider == "offline" else f", model {settings.model}"
    return (
        f"useragent: provider {provider}{why}{model}, budget ${settings.budget:g} per session, "
        f"max {settings.max_steps} steps"
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A UserError (the author's mistake) is shown as its one-line message, not as a traceback."""
    report = yield
    if call.excinfo is not None and isinstance(call.excinfo.value, UserError):
        report.longrepr = f"{type(call.excinfo.value).__name__}: {call.excinfo.value}"
    return report
