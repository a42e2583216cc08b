"""A newcomer's first hour (issue 18): every message they meet is one right line, the first time."""

from __future__ import annotations

import pytest

from pytest_useragent.config import MARKER_ARGUMENTS


def run(suite: pytest.Pytester, *args: str) -> pytest.RunResult:
    return suite.runpytest_subprocess("-p", "no:cacheprovider", *args, timeout=240)


def one_line(result: pytest.RunResult) -> str:
    """The whole output, checked for what a user should never see."""
    out = result.stdout.str() + result.stderr.str()
    assert "Traceback" not in out and "During handling" not in out and "pytest_useragent/" not in out
    return out


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            "personas/ana",
            "--useragent-persona=personas/ana: persona file */personas/ana: No such file or directory (did you mean ana.yaml?)",
        ),
        (
            "personas/broken.yaml",
            "--useragent-persona=personas/broken.yaml: persona file */personas/broken.yaml: not valid YAML (line 1)",
        ),
        (
            "personas/gone.yml",
            "--useragent-persona=personas/gone.yml: persona file */personas/gone.yml: No such file or directory",
        ),
    ],
)
def test_a_bad_persona_option_stops_the_run_at_start_with_one_line(suite, value, message):
    suite.mkdir("personas")
    suite.path.joinpath("personas", "ana.yaml").write_text("name: Ana\n", encoding="utf-8")
    suite.path.joinpath("personas", "broken.yaml").write_text("name: [oops", encoding="utf-8")
    suite.makepyfile(test_x="def test_a(persona): pass\ndef test_b(persona): pass\n")
    result = run(suite, f"--useragent-persona={value}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"ERROR: {message}"])
    one_line(result)


def test_a_bad_ini_persona_stops_the_run_too_and_text_stays_text(suite):
    suite.makeini("[pytest]\nuseragent_persona = personas/nobody.yaml\n")
    suite.makepyfile(test_x="def test_a(persona): pass\n")
    result = run(suite)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: --useragent-persona=personas/nobody.yaml: persona file *: No such file*"])
    suite.makeini("[pytest]\nuseragent_persona = Ana, 30, works w/ kids and/or dogs\n")
    suite.makepyfile(test_x="def test_a(persona): assert persona.name == 'Ana'\n")
    run(suite).assert_outcomes(passed=1)


def test_from_yaml_in_a_fixture_is_relative_to_the_rootdir_wherever_pytest_starts(suite):
    # the README's example, run from the project's parent directory: the same rule as the marker and the option
    project = suite.mkdir("shop_tests")
    project.joinpath("pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    project.joinpath("personas").mkdir()
    project.joinpath("personas", "jana.yaml").write_text("name: Jana\nlanguage: cs\n", encoding="utf-8")
    project.joinpath("test_jana.py").write_text(
        "import pytest\n"
        "from pytest_useragent import Persona\n\n"
        "@pytest.fixture\n"
        "def persona():\n"
        "    return Persona.from_yaml('personas/jana.yaml')\n\n"
        "def test_jana(persona):\n"
        "    assert persona.language == 'cs'\n",
        encoding="utf-8",
    )
    result = run(suite, "shop_tests")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["rootdir: */shop_tests*"])


def test_the_marker_persona_wins_over_an_overridden_persona_fixture(suite):
    suite.makepyfile(
        test_marked="""
        import pytest
        from pytest_useragent import Persona

        @pytest.fixture
        def persona():
            return Persona("Bob, 60, the module's persona.")

        @pytest.mark.useragent(persona="Jana, 45, this test's persona.")
        def test_marked(agent):
            assert agent.persona.name == "Jana"

        def test_unmarked(agent):
            assert agent.persona.name == "Bob"
    """
    )
    run(suite).assert_outcomes(passed=2)


def test_an_unknown_marker_setting_lists_every_key_it_takes(suite):
    suite.makepyfile(
        test_typo="""
        import pytest

        @pytest.mark.useragent(steps=3)
        def test_typo(agent):
            pass
    """
    )
    result = run(suite)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        [
            "@pytest.mark.useragent: unknown setting(s) steps (did you mean max_steps?); it takes "
            + ", ".join(sorted(MARKER_ARGUMENTS))
        ]
    )
    one_line(result)


@pytest.mark.parametrize(
    ("key", "args", "message"),
    [
        (
            "sk-ant-test",
            ["--useragent-model=gpt-4o"],
            "ERROR: --useragent-model=gpt-4o: auto: ANTHROPIC_API_KEY is set, so --useragent-provider=anthropic serves "
            "Claude models (claude-sonnet-4-6, *) only; --useragent-provider=openai takes any other model",
        ),
        (
            "sk-ant-test",
            ["--useragent-model=gpt-4o", "--useragent-provider=anthropic"],
            "ERROR: --useragent-model=gpt-4o: --useragent-provider=anthropic serves Claude models (*) only; *",
        ),
    ],
)
def test_a_model_no_provider_serves_stops_the_run_with_one_line(suite, monkeypatch, key, args, message):
    if key:
        monkeypatch.setenv("ANTHROPIC_API_KEY", key)
    suite.makepyfile(test_x="def test_x(): pass")
    result = run(suite, *args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([message])
    one_line(result)


def test_a_claude_model_with_no_key_is_said_to_be_unused(suite):
    suite.makepyfile(test_x="def test_x(): pass")
    run(suite, "--useragent-model=claude-haiku-4-5").stdout.fnmatch_lines(
        [
            "useragent: provider offline (auto: no ANTHROPIC_API_KEY or OPENAI_API_KEY), --useragent-model=claude-haiku-4-5 unused, budget*"
        ]
    )


def test_a_failing_goal_says_in_a_few_lines_how_the_session_went(suite):
    suite.makepyfile(
        test_goal="""
        def test_goal(agent, site):
            result = agent.run("Find the careers page and apply for a job", url=site + "/index.html", max_steps=2)
            assert result.goal_achieved
    """
    )
    result = run(suite, "-vv")  # -vv: pytest shows a repr whole
    result.assert_outcomes(failed=1)
    where = [line for line in result.stdout.lines if line.startswith("E") and "where False = " in line]
    assert len(where) == 1 and "Step(" not in where[0] and "usage" not in where[0], where  # not the 3 KB record
    result.stdout.fnmatch_lines(
        [
            "E        +  where False = SessionResult(outcome='max_steps', goal_achieved=False, steps=2, *"
            "report='*/useragent/report.md').goal_achieved",
            "*- useragent -*",
            "max_steps after 2 steps, goal not achieved (offline): Find the careers page and apply for a job",
            "last expectation: * -> met (*)",
            "issues: 1 major; 2 to review",
            "  major [[]dead-click[]] A click did nothing",
            "report: */useragent/report.md",
        ]
    )
    one_line(result)


def test_a_start_url_that_is_no_address_is_one_line_and_nothing_runs(suite):
    suite.makepyfile(
        test_url="""
        def test_not_a_url(agent):
            agent.run("Find the pricing", url="not a url")

        def test_nothing_ran(agent, tmp_path):
            assert not list(tmp_path.parent.glob("test_not_a_url*/useragent*"))
    """
    )
    result = run(suite)
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        ["NotAnAddress: agent.run(url='not a url'): not a whole address: give one with its scheme*"]
    )
    one_line(result)


def test_a_persona_read_at_import_is_one_line_too(suite):
    suite.makepyfile(
        test_module_level="""
        import pytest
        from pytest_useragent import Persona

        pytestmark = pytest.mark.useragent(persona=Persona.from_yaml("personas/nobody.yaml"))

        def test_x(agent):
            pass
    """
    )
    result = run(suite)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["PersonaError: persona file */personas/nobody.yaml: No such file or directory"])
    one_line(result)


def test_personas_parametrize_by_file_or_text(suite):
    suite.mkdir("personas")
    suite.path.joinpath("personas", "ana.yaml").write_text("name: Ana\nlanguage: cs\n", encoding="utf-8")
    suite.makepyfile(
        test_many="""
        import pytest

        @pytest.mark.parametrize("persona", ["personas/ana.yaml", "Bob, 67, reads everything twice."])
        def test_each(agent):
            assert agent.persona.name in ("Ana", "Bob")

        @pytest.mark.parametrize("persona", ["personas/nobody.yaml"])
        def test_missing(agent):
            pass
    """
    )
    result = run(suite)
    result.assert_outcomes(passed=2, errors=1)
    result.stdout.fnmatch_lines(["persona file */personas/nobody.yaml: No such file or directory"])
    one_line(result)


def test_a_marker_model_no_provider_serves_is_one_line(suite, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    suite.makepyfile(
        test_model="""
        import pytest

        @pytest.mark.useragent(model="gpt-4o")  # the run's provider is anthropic
        def test_model(useragent_config):
            pass
    """
    )
    result = run(suite, "--useragent-provider=anthropic")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        ["@pytest.mark.useragent: model='gpt-4o': --useragent-provider=anthropic serves Claude*"]
    )
    one_line(result)


def test_a_run_with_a_page_prints_no_deprecation_of_pytest_playwrights_own_fixture(suite):
    # pytest 9.2's PytestRemovedIn10Warning about pytest-playwright's `base_url` fixture: seven lines a run, nothing a
    # user can do; the twin, a deprecation of the suite's own, still shows
    suite.makepyfile(
        test_x="""
        import warnings

        def test_a(page):
            page.set_content("<h1>Hi</h1>")
            warnings.warn("my own helper is deprecated", DeprecationWarning)
        """
    )
    result = run(suite, "-p", "no:randomly")
    result.assert_outcomes(passed=1)
    out = result.stdout.str()
    assert "Session-scoped fixtures defined as instance methods" not in out and "base_url" not in out
    assert "my own helper is deprecated" in out
