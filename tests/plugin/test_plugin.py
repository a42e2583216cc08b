"""The plugin as users meet it: real pytest runs in a subprocess."""

from __future__ import annotations

import json

import pytest

FINDS_PRICING = """
def test_finds_pricing(agent, site):
    result = agent.run("Find the pricing", url=site + "/index.html")
    assert result.goal_achieved
    assert result.expectations.met_rate == 1.0
"""


def run(suite: pytest.Pytester, *args: str) -> pytest.RunResult:
    return suite.runpytest_subprocess("-p", "no:cacheprovider", *args, timeout=240)


def test_the_agent_fixture_runs_a_session_and_the_run_is_reported(suite):
    suite.makepyfile(test_shop=FINDS_PRICING)
    result = run(suite)
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(
        [
            "useragent: provider offline (auto: no ANTHROPIC_API_KEY or OPENAI_API_KEY), budget $5.00 (default) for the run, max 15 steps",
            "*= useragent =*",
            "1 session in 1 test, 1 goal achieved, 2 steps, expectations met 1/1 (100%), issues: *",
            "spent $0.00 of the $5.00 budget",
            "report: *useragent-report/report.html",
        ]
    )
    report = json.loads((suite.path / "useragent-report" / "report.json").read_text())
    assert report["schema_version"] == 2 and report["goals_achieved"] == 1
    assert report["sessions"][0]["nodeid"] == "test_shop.py::test_finds_pricing[chromium]"
    assert (
        "| `test_shop.py::test_finds_pricing[chromium]` | Alex |"
        in (suite.path / "useragent-report" / "report.md").read_text()
    )


def test_marker_sets_persona_and_limits(suite):
    suite.makepyfile(
        test_marked="""
        import pytest
        from pytest_useragent import Persona

        @pytest.mark.useragent(persona="Jana, 45. First time here.", max_steps=1, budget=0.5, model="claude-haiku-4-5")
        def test_marked(agent, persona, useragent_config, site):
            assert persona.name == "Jana"
            assert (useragent_config.max_steps, useragent_config.session_budget) == (1, 0.5)
            result = agent.run("Find the careers page", url=site + "/index.html")
            assert result.outcome == "max_steps" and len(result.steps) == 1

        @pytest.mark.useragent(persona=Persona(name="Petr", language="cs"))
        def test_persona_object(persona):
            assert persona.language == "cs"
    """
    )
    run(suite).assert_outcomes(passed=2)


def test_persona_from_option_yaml_and_from_ini(suite):
    suite.path.joinpath("personas").mkdir()
    suite.path.joinpath("personas", "jana.yaml").write_text("name: Jana\nlanguage: cs\n", encoding="utf-8")
    suite.makepyfile(
        test_who="""
        def test_who(persona, pytestconfig):
            assert (persona.name, persona.language) == (pytestconfig.getoption("expect"), "cs")
    """
    )
    suite.makeconftest(
        suite.path.joinpath("conftest.py").read_text()
        + """
def pytest_addoption(parser):
    parser.addoption("--expect")
"""
    )
    run(suite, "--useragent-persona=personas/jana.yaml", "--expect=Jana").assert_outcomes(passed=1)
    suite.makeini("[pytest]\nuseragent_persona = Petr, 30, in a hurry. \nuseragent_max_steps = 3\n")
    suite.makepyfile(
        test_who="""
        def test_who(persona, useragent_config):
            assert persona.name == "Petr" and useragent_config.max_steps == 3
    """
    )
    run(suite).assert_outcomes(passed=1)


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("--useragent-max-steps=0", "ERROR: --useragent-max-steps='0': must be a whole number of at least 1"),
        ("--useragent-debug=loud", "ERROR: --useragent-debug='loud': must be one of off, debug, ultra"),
        ("--useragent-provider=anthropic", "ERROR: --useragent-provider=anthropic needs ANTHROPIC_API_KEY*"),
        ("--useragent-provider=openai", "ERROR: --useragent-provider=openai needs OPENAI_API_KEY*"),
        ("--useragent-budget=-5", "ERROR: --useragent-budget='-5': must be an amount above 0"),
    ],
)
def test_bad_option_values_stop_the_run_with_one_line(suite, option, message):
    suite.makepyfile(test_x="def test_x(): pass")
    result = run(suite, option)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([message])
    assert "Traceback" not in result.stdout.str() + result.stderr.str()


def test_a_bad_ini_value_is_rejected_too(suite):
    suite.makeini("[pytest]\nuseragent_wait = soon\n")
    suite.makepyfile(test_x="def test_x(): pass")
    result = run(suite)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["ERROR: useragent_wait in */tox.ini: must be a number of seconds, 0 or more (could not convert *: 'soon')"]
    )
    suite.makeini("[pytest]\nuseragent_max_steps = 0\n")
    result = run(suite)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: useragent_max_steps = 0 in */tox.ini: must be a whole number of at least 1"])


def test_author_mistakes_fail_with_one_line_and_no_traceback(suite):
    suite.path.joinpath("broken.yaml").write_text("name: [oops", encoding="utf-8")
    suite.makepyfile(
        test_mistakes="""
        import pytest
        from pytest_useragent import Persona

        @pytest.mark.useragent(steps=3)
        def test_unknown_marker_argument(useragent_config):
            pass

        @pytest.mark.useragent(persona="broken.yaml")
        def test_broken_persona_file(persona):
            pass

        def test_persona_built_in_the_test():
            Persona.from_yaml("missing.yaml")
    """
    )
    result = run(suite)
    result.assert_outcomes(passed=0, failed=1, errors=2)
    out = result.stdout.str()
    assert "@pytest.mark.useragent: unknown setting(s) steps (did you mean max_steps?); it takes allowed_hosts" in out
    assert "broken.yaml: not valid YAML (line 1)" in out
    assert f"PersonaError: persona file {suite.path}/missing.yaml: No such file or directory" in out
    assert "Traceback" not in out and "pytest_useragent/" not in out and "During handling" not in out


def test_sessions_under_xdist_reach_one_report(suite):
    suite.makepyfile(test_a=FINDS_PRICING, test_b=FINDS_PRICING.replace("test_finds_pricing", "test_again"))
    result = run(suite, "-n", "2")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["2 sessions in 2 tests, 2 goals achieved, 4 steps, expectations met 2/2*"])
    report = json.loads((suite.path / "useragent-report" / "report.json").read_text())
    results = [s["result"] for s in report["sessions"]]
    assert report["steps"] == sum(len(r["steps"]) for r in results)
    assert report["met"] == sum(r["expectations"]["met"] for r in results)
    assert report["cost_usd"] == sum(r["cost_usd"] for r in results)
    assert sorted(s["nodeid"] for s in report["sessions"]) == [
        "test_a.py::test_finds_pricing[chromium]",
        "test_b.py::test_again[chromium]",
    ]


def test_each_step_is_told_as_it_ends_unless_quiet_and_report_dir_moves(suite):
    suite.makepyfile(test_shop=FINDS_PRICING)
    quiet = run(suite, "-q")
    assert "[useragent]" not in quiet.stdout.str()
    result = run(suite, "--useragent-report-dir=out/ux")  # by default, as `useragent run` tells its steps
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(
        [
            '*[[]useragent[]] test_shop.py::test_finds_pricing[[]chromium[]] step 1/15 click get_by_role("link", name="Pricing") -> clicked · $0.00 so far',
            "*[[]useragent[]] test_shop.py::test_finds_pricing[[]chromium[]] step 2/15 [[]met[]] done*",
        ]
    )
    assert {p.name for p in (suite.path / "out" / "ux").iterdir()} == {
        "report.md",
        "report.html",
        "report.json",
        "sessions",
    }


def test_pytest_playwright_options_keep_working(suite):
    suite.makepyfile(test_shop=FINDS_PRICING)
    result = run(suite, "--browser", "chromium", "--tracing", "on", "--screenshot", "on", "--output", "pw")
    result.assert_outcomes(passed=1)
    produced = {path.name for path in (suite.path / "pw").rglob("*")}
    assert "trace.zip" in produced and any(name.endswith(".png") for name in produced)


def test_the_llm_provider_fixture_can_point_claude_at_another_server(suite):
    suite.makepyfile(
        test_claude="""
        import anthropic
        import pytest
        from pytest_useragent import AnthropicProvider
        from pytest_useragent.testing import FakeMessagesAPI, decision, ref_of, wrap_up

        @pytest.fixture
        def fake():
            with FakeMessagesAPI([lambda body: decision("click", ref_of(body, "Pricing")),
                                  decision("done", verdict="met", evidence="Pro plan"), wrap_up()]) as server:
                yield server

        @pytest.fixture
        def llm_provider(fake):
            return AnthropicProvider(anthropic.Anthropic(base_url=fake.base_url, api_key="test"))

        def test_claude(agent, site, fake):
            result = agent.run("Find the pricing", url=site + "/index.html")
            assert result.goal_achieved and result.provider == "anthropic"
            assert result.model == "claude-sonnet-4-6" and result.cost_usd > 0
            assert not fake.problems
    """
    )
    run(suite).assert_outcomes(passed=1)


def test_the_header_says_which_engine_drives(suite, monkeypatch):
    suite.makepyfile(test_x="def test_x(): pass")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    run(suite).stdout.fnmatch_lines(
        ["useragent: provider anthropic (auto: ANTHROPIC_API_KEY is set), model claude-sonnet-4-6, budget $5.00*"]
    )
    run(suite, "--useragent-provider=offline").stdout.fnmatch_lines(["useragent: provider offline, budget*"])
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    run(suite).stdout.fnmatch_lines(["useragent: provider openai (auto: OPENAI_API_KEY is set), model gpt-5.4-mini, *"])
    run(suite, "--useragent-model=llama3.1").stdout.fnmatch_lines(
        [
            "useragent: provider openai (auto: OPENAI_API_KEY is set), model llama3.1, *",
            "useragent: no known price for llama3.1: it is charged at the dearest known rate (price a local model*",
        ]
    )


def test_a_bad_openai_base_url_is_one_line(suite, monkeypatch):
    suite.makepyfile(test_x="def test_x(): pass")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("OPENAI_BASE_URL", "localhost:11434")
    result = run(suite, "--useragent-provider=openai")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: OPENAI_BASE_URL='localhost:11434': not an http(s) URL such as *"])
    assert "Traceback" not in result.stdout.str() + result.stderr.str()


def test_a_local_model_priced_at_zero_is_known(suite, monkeypatch):
    suite.makepyfile(test_x="def test_x(): pass")
    suite.path.joinpath("prices.yaml").write_text(
        "models:\n  llama3.1: {input: 0, output: 0, cache_write: 0, cache_read: 0}\n"
    )
    monkeypatch.setenv("OPENAI_API_KEY", "ollama")
    result = run(suite, "--useragent-provider=openai", "--useragent-model=llama3.1", "--useragent-prices=prices.yaml")
    result.stdout.fnmatch_lines(["useragent: provider openai, model llama3.1, *"])
    assert "no known price" not in result.stdout.str()


def test_help_lists_the_options_with_what_they_take(suite):
    result = run(suite, "--help")
    result.stdout.fnmatch_lines(
        [
            "*pytest-useragent: UX sessions driven as a persona:*",
            "*--useragent-provider=auto|anthropic|openai|offline*",
            "*--useragent-persona=TEXT|FILE*",
            "*rootdir; a file may also set up the persona's browser*",
            "*--useragent-max-steps=N*",
            "*--useragent-todo=on|off*",
            "*useragent_model (string):*",
            "*useragent_max_steps (int):*",
            "*useragent_wait (float):*",
            "*useragent_budget (float):*",
            "*useragent_todo (bool):*",
        ]
    )


def test_a_missing_empty_or_huge_goal_or_persona_is_one_line_and_nothing_runs(suite):
    suite.makepyfile(
        test_goals="""
        import pytest

        def test_no_goal(agent, site):
            agent.run(None, url=site + "/index.html")

        def test_empty_goal(agent, site):
            agent.run("  ", url=site + "/index.html")

        def test_huge_goal(agent, site):
            agent.run("x" * 100_000, url=site + "/index.html")

        @pytest.mark.useragent(persona="Jana. " + "y" * 1_000_000)
        def test_huge_persona(agent):
            pass

        def test_nothing_ran(agent, tmp_path):
            assert agent.results == [] and not list(tmp_path.parent.glob("test_*goal*/useragent*"))
    """
    )
    result = run(suite)
    result.assert_outcomes(passed=1, failed=3, errors=1)
    out = result.stdout.str()
    for line in (
        "GoalError: agent.run needs a goal, a sentence saying what the persona should do; got None",
        "GoalError: agent.run needs a goal, a sentence saying what the persona should do; it is empty",
        "GoalError: the goal is 100,000 characters; at most 2,000 (it goes with every call)",
        "characters; at most 20,000 (it goes with every call)",  # the persona
    ):
        assert line in out
    assert "Traceback" not in out and "pytest_useragent/" not in out and "= useragent =" not in out
    assert "During handling" not in out  # the persona's line once, not chained to itself


def test_a_suite_with_warnings_as_errors_still_runs_under_new_releases(suite):
    # pytest 9.2 warns about pytest-playwright 0.10's base_url fixture; a suite that turns warnings into errors must
    # still run its agent tests (the warning is shown, not raised), while its own warnings stay errors
    suite.makeini("[pytest]\nfilterwarnings = error\n")
    suite.makepyfile(
        test_strict="""
        import warnings

        def test_agent(agent, site):
            assert agent.run("Find the pricing", url=site + "/index.html").steps

        def test_own_warning_is_still_an_error():
            warnings.warn("ours", DeprecationWarning)
        """
    )
    result = suite.runpytest_subprocess("-p", "no:cacheprovider", timeout=240)
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["E       DeprecationWarning: ours"])


def test_nothing_to_open_is_one_line_and_nothing_runs(suite):
    suite.makepyfile(
        test_blank="""
        def test_no_url_on_a_blank_page(agent):
            agent.run("Find the pricing")

        def test_nothing_ran(agent, tmp_path):
            assert not list(tmp_path.parent.glob("test_no_url*/useragent*"))
    """
    )
    result = run(suite)
    result.assert_outcomes(passed=1, failed=1)
    out = result.stdout.str()
    assert "NothingToOpen: agent.run() has nothing to open: the page is about:blank and no url was given" in out
    assert "Traceback" not in out and "pytest_useragent/" not in out


def test_a_session_whose_cache_never_formed_is_said_in_the_terminal(suite):
    # the prices file claims Haiku caches from 1,024 tokens: the prefix is made too short for the fake's 4,096
    suite.path.joinpath("prices.yaml").write_text("cache_minimums:\n  claude-haiku-4-5: 1024\n")
    suite.makepyfile(
        test_claude="""
        import anthropic
        import pytest
        from pytest_useragent import AnthropicProvider
        from pytest_useragent.testing import FakeMessagesAPI, decision, ref_of, wrap_up

        @pytest.fixture
        def llm_provider():
            script = [lambda body: decision("click", ref_of(body, "Pricing")), decision("done", evidence="Pro"), wrap_up()]
            with FakeMessagesAPI(script) as server:
                yield AnthropicProvider(anthropic.Anthropic(base_url=server.base_url, api_key="test"))

        def test_claude(agent, site):
            assert agent.run("Find the pricing", url=site + "/index.html").cache.formed is False
    """
    )
    result = run(suite, "--useragent-model=claude-haiku-4-5", "--useragent-prices=prices.yaml")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(
        [
            "prompt cache never formed in 1 session, so their steps paid full input price; e.g. "
            "test_claude.py::test_claude*: no step after the first read from the prompt cache (the model caches a "
            "prefix of 1,024 tokens or more)"
        ]
    )
