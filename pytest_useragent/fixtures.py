"""The fixtures a test uses or overrides in its conftest: useragent_config, persona, llm_provider,
useragent_credentials, agent.

Also overrides pytest-playwright's `browser_type_launch_args` to find a usable Chromium; this module is registered
in pytest_configure, after pytest-playwright, so its fixtures win over those (and a conftest's win over ours).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserType, Page

from pytest_useragent.agent import Agent
from pytest_useragent.browser.launch import launch_options
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.credentials import Credentials
from pytest_useragent.errors import UserError
from pytest_useragent.llm import choice
from pytest_useragent.llm.base import Provider
from pytest_useragent.persona import DEFAULT_PERSONA, Persona
from pytest_useragent.session import Progress
from pytest_useragent.stash import CONFIG_KEY, RESULTS_KEY, SPENDING_KEY


def resolve_provider(config: UserAgentConfig) -> str:
    """`auto` means the first provider whose key is set (anthropic, then openai), otherwise offline."""
    return choice.choose(config).provider


@pytest.fixture
def useragent_config(request: pytest.FixtureRequest) -> UserAgentConfig:
    """The run's configuration with this test's `useragent` marker applied."""
    config = request.config.stash[CONFIG_KEY]
    marker = request.node.get_closest_marker("useragent")
    if marker is None:
        return config
    if marker.args:
        pytest.fail("@pytest.mark.useragent takes keyword arguments only, e.g. max_steps=12", pytrace=False)
    settings = {key: value for key, value in marker.kwargs.items() if key not in ("persona", "credentials")}
    try:
        return config.with_overrides(**settings)
    except UserError as error:
        problem = f"@pytest.mark.useragent: {error}"
    pytest.fail(problem, pytrace=False)  # outside `except`: the line alone, not "During handling of ..." and it again


@pytest.fixture
def persona(request: pytest.FixtureRequest, useragent_config: UserAgentConfig) -> Persona:
    """Who the agent is: the marker's `persona=`, else --useragent-persona / ini, else a hurried everyday user."""
    marker = request.node.get_closest_marker("useragent")
    spec: Any = marker.kwargs.get("persona") if marker is not None else None
    spec = spec if spec is not None else useragent_config.persona
    if spec is None:
        return DEFAULT_PERSONA
    if isinstance(spec, Persona):
        return spec
    try:
        return Persona.load(str(spec), root=request.config.rootpath)
    except UserError as error:
        problem = str(error)
    pytest.fail(problem, pytrace=False)


@pytest.fixture
def llm_provider(useragent_config: UserAgentConfig) -> Provider:
    """Who decides each step. Override in a conftest to point a model elsewhere or to script decisions."""
    return choice.build(useragent_config)


@pytest.fixture
def useragent_credentials() -> Mapping[str, str]:
    """Credentials the persona may use, by name: `{"email": "jana@example.com", "password": "$SHOP_PASSWORD"}`
    (`$NAME` reads the environment). Override in a conftest; a marker's `credentials=` are laid over these."""
    return {}


@pytest.fixture
def agent(
    request: pytest.FixtureRequest,
    page: Page,
    persona: Persona,
    llm_provider: Provider,
    useragent_config: UserAgentConfig,
    useragent_credentials: Mapping[str, str],
    tmp_path: Path,
) -> Iterator[Agent]:
    """A persona driving pytest-playwright's `page`; `agent.run(goal, url=...)` returns a SessionResult.

    Skips the test when the run's budget is already spent, or the model's API refused the run's calls.
    """
    credentials = _credentials(request, useragent_credentials)
    spending = request.config.stash[SPENDING_KEY]
    state = spending.ledger.state()
    if state.halted:
        pytest.skip(f"useragent stopped calling the model: {state.halted}")
    if state.exhausted:
        pytest.skip(
            f"useragent budget exhausted: {spending.show(state.spent_usd)} spent of "
            f"{spending.show(state.limit_usd)} for the run"
        )
    progress = _live_progress(request) if useragent_config.debug != "off" else None
    agent = Agent(
        page,
        persona,
        llm_provider,
        useragent_config,
        tmp_path,
        progress=progress,
        spending=spending,
        test=request.node.nodeid,
        credentials=credentials,
    )
    request.node.stash[RESULTS_KEY] = agent.results
    yield agent


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any], browser_type: BrowserType) -> dict[str, Any]:
    """pytest-playwright's launch options, plus a system Chromium when Playwright's own is not installed."""
    if browser_type.name != "chromium":
        return browser_type_launch_args
    try:
        return launch_options(browser_type_launch_args, browser_type.executable_path)
    except UserError as error:
        problem = str(error)
    pytest.fail(problem, pytrace=False)


def _credentials(request: pytest.FixtureRequest, given: Mapping[str, str]) -> Credentials:
    """The fixture's credentials with the marker's `credentials=` over them; a bad one fails the test in one line
    (outside the `except`, so pytest shows no chained exception)."""
    marker = request.node.get_closest_marker("useragent")
    try:
        return Credentials.resolve(given).merged(marker.kwargs.get("credentials") if marker is not None else None)
    except UserError as error:
        problem = str(error)
    pytest.fail(problem, pytrace=False)


def _live_progress(request: pytest.FixtureRequest) -> Progress:
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    name = request.node.nodeid

    def write(line: str) -> None:
        if reporter is None or capture is None:
            return
        with capture.global_and_fixture_disabled():
            reporter.write_line(f"[useragent] {name} {line}")

    return write
