"""The fixtures a test uses or overrides in its conftest: useragent_config, persona, llm_provider,
useragent_credentials, agent.

Also overrides pytest-playwright's `browser_type_launch_args` to find a usable Chromium; this module is registered
in pytest_configure, after pytest-playwright, so its fixtures win over those (and a conftest's win over ours).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from difflib import get_close_matches
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserType, Page
from playwright.sync_api import Error as PlaywrightError

from pytest_useragent.browser.launch import launch_options, video_problem
from pytest_useragent.config import MARKER_ARGUMENTS, UserAgentConfig
from pytest_useragent.errors import BudgetExhausted, UserError
from pytest_useragent.llm import choice
from pytest_useragent.llm.base import Provider, conforming
from pytest_useragent.plugin.stash import CONFIG_KEY, RESULTS_KEY, SKIP_KEY, SPENDING_KEY
from pytest_useragent.records.persona import DEFAULT_PERSONA, Persona
from pytest_useragent.replay.cassette import cassette_path
from pytest_useragent.report.copies import report_root
from pytest_useragent.secrets.credentials import Credentials
from pytest_useragent.session.agent import Agent
from pytest_useragent.session.state import Progress
from pytest_useragent.workspace.kept import STATE


@pytest.fixture
def useragent_config(request: pytest.FixtureRequest) -> UserAgentConfig:
    """The run's configuration with this test's `useragent` marker applied."""
    config = request.config.stash[CONFIG_KEY]
    marker = request.node.get_closest_marker("useragent")
    if marker is None:
        return config
    if marker.args:
        pytest.fail("@pytest.mark.useragent takes keyword arguments only, e.g. max_steps=12", pytrace=False)
    if unknown := sorted(set(marker.kwargs) - MARKER_KEYS):
        pytest.fail(f"@pytest.mark.useragent: {unknown_settings(unknown)}", pytrace=False)
    settings = {key: value for key, value in marker.kwargs.items() if key not in ("persona", "credentials")}
    # a record mode on the command line is the run's choice and wins (re-recording marked tests with rewrite)
    if request.config.getoption("useragent_record_mode") is not None:
        settings.pop("record_mode", None)
    try:
        return config.with_overrides(**settings)
    except UserError as error:
        problem = f"@pytest.mark.useragent: {str(error).removeprefix('useragent ')}"
    pytest.fail(problem, pytrace=False)  # outside `except`: the line alone, not "During handling of ..." and it again


MARKER_KEYS = frozenset(MARKER_ARGUMENTS)
"""Every setting `@pytest.mark.useragent` takes."""


def unknown_settings(unknown: list[str]) -> str:
    """What a marker got wrong, every key it takes, and the nearest one to each typo (`steps` -> max_steps)."""
    near = [
        f"{key} (did you mean {close[0]}?)" if (close := get_close_matches(key, MARKER_KEYS, 1)) else key
        for key in unknown
    ]
    return f"unknown setting(s) {', '.join(near)}; it takes {', '.join(sorted(MARKER_KEYS))}"


@pytest.fixture
def persona(request: pytest.FixtureRequest, useragent_config: UserAgentConfig) -> Persona:
    """Who the agent is: the marker's `persona=`, else --useragent-persona / ini, else a hurried everyday user."""
    marked = _marker_persona(request)
    if marked is not None:
        return marked
    if useragent_config.persona is None:
        return DEFAULT_PERSONA
    return _loaded(useragent_config.persona, request)


def _marker_persona(request: pytest.FixtureRequest) -> Persona | None:
    """The test's `@pytest.mark.useragent(persona=...)`, if it has one."""
    marker = request.node.get_closest_marker("useragent")
    spec: Any = marker.kwargs.get("persona") if marker is not None else None
    if spec is None or isinstance(spec, Persona):
        return spec
    return _loaded(str(spec), request)


def _loaded(spec: str, request: pytest.FixtureRequest) -> Persona:
    try:
        return Persona.load(spec, root=request.config.rootpath)
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

    Skips the test when the run's budget is already spent, or the API it would call refused the run's calls.
    """
    credentials = _credentials(request, useragent_credentials)
    # the test's marker is the more specific word, over a `persona` fixture a module or conftest overrides, as a
    # marker's credentials= are laid over `useragent_credentials` (and pytest-playwright's browser_context_args marker
    # over its fixture)
    persona = _marker_persona(request) or persona
    if isinstance(persona, str):  # @pytest.mark.parametrize("persona", ["personas/ana.yaml", "Bob, 67, ..."])
        persona = _loaded(persona, request)
    spending = request.config.stash[SPENDING_KEY]
    state, problem = None, ""
    try:
        state = spending.ledger.state()
    except BudgetExhausted as unproven:  # a shared ledger that cannot be reached: no call whose cost it cannot book
        problem = str(unproven)
    if state is None:
        request.node.stash[SKIP_KEY] = "budget"
        pytest.skip(f"useragent budget cannot be proven: {problem}")
    llm_provider = conforming(llm_provider)
    halted = state.halted.get(llm_provider.endpoint(useragent_config.model) or "")
    if halted:
        request.node.stash[SKIP_KEY] = "halt"
        pytest.skip(f"useragent stopped calling the model: {halted}")
    if state.exhausted and not spending.prices.is_free(llm_provider.model_name(useragent_config.model)):
        request.node.stash[SKIP_KEY] = "budget"
        pytest.skip(  # what is left could not hold a call's worst case, though less than it may have been spent
            f"useragent budget exhausted: {spending.show(state.spent_usd)} spent of "
            f"{spending.show(state.limit_usd)} for the run, too little left for a call's worst case"
        )
    progress = _live_progress(request) if _told(request.config, useragent_config.debug) else None
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
        cassette=_cassette(request, useragent_config, persona),
        report_dir=report_root(request.config, useragent_config.report_dir),
        video=_their_video(request),
        state_dir=request.config.rootpath / STATE,
    )
    request.node.stash[RESULTS_KEY] = agent.results
    yield agent
    agent.save_videos()  # before the reports carry the results: the video each links is then there


@pytest.fixture(scope="session")
def browser_context_args(
    browser_context_args: dict[str, Any],
    pytestconfig: pytest.Config,
    tmp_path_factory: pytest.TempPathFactory,
    request: pytest.FixtureRequest,
) -> dict[str, Any]:
    """pytest-playwright's context options, recording video for --useragent-video unless its own --video does: each
    session's video is then saved into its folder when the test ends (`Agent.save_videos`)."""
    if pytestconfig.stash[CONFIG_KEY].video == "off" or "record_video_dir" in browser_context_args:
        return browser_context_args
    folder = str(tmp_path_factory.mktemp("useragent-video"))
    _can_record(request.getfixturevalue("browser"), folder)
    return {**browser_context_args, "record_video_dir": folder}


def _can_record(browser: Browser, folder: str) -> None:
    """A context that records opens a page, or every test fails with the one line that says why (no ffmpeg), not
    with Playwright's banner at each test's setup."""
    try:
        context = browser.new_context(record_video_dir=folder)
        try:
            context.new_page()
        finally:
            context.close()
    except PlaywrightError as error:
        problem = video_problem(error)
        if problem is None:
            raise
    else:
        return
    pytest.fail(f"--useragent-video: {problem}", pytrace=False)


def _their_video(request: pytest.FixtureRequest) -> str | None:
    """pytest-playwright's video of the test's page, when its --video records one: linked, not recorded twice."""
    if request.config.getoption("--video", None) in (None, "off"):
        return None
    return str(Path(request.getfixturevalue("output_path")) / "video.webm")


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


def _cassette(request: pytest.FixtureRequest, config: UserAgentConfig, persona: Persona) -> Path | None:
    """The test's cassette, named as pytest-recording names its own (with a suffix of ours), when it uses one. With a
    run-wide persona (--useragent-persona) the same test is another journey per persona, so its name is in the
    cassette's: runs with different personas keep their own cassettes."""
    if config.record_mode is None:
        return None
    directory = config.cassette_dir
    if directory is not None and not directory.is_absolute():
        directory = request.config.rootpath / directory
    test = f"{request.cls.__name__}.{request.node.name}" if request.cls is not None else request.node.name
    return cassette_path(request.node.path, test, directory, persona.name if config.persona is not None else None)


def _told(config: pytest.Config, debug: str) -> bool:
    """Whether each step is told as it ends: by default (a line a step, as `useragent run` tells it), not with -q, nor
    on an xdist worker, whose output pytest-xdist does not show; always with --useragent-debug."""
    return debug != "off" or (config.get_verbosity() >= 0 and not hasattr(config, "workerinput"))


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
