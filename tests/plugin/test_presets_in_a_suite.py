"""Presets by name in the option and the marker, the survey asked by option or marker, in a real pytest run."""

from __future__ import annotations

import json

import pytest


def run(suite: pytest.Pytester, *args: str) -> pytest.RunResult:
    return suite.runpytest_subprocess("-p", "no:cacheprovider", *args, timeout=240)


def test_a_preset_by_name_and_the_survey_from_the_command_line(suite):
    suite.makepyfile(
        test_shop="""
        import pytest

        def test_default(agent, site):
            result = agent.run("Find the pricing", url=site + "/index.html")
            assert result.persona.name == "Marek" and result.survey is not None

        @pytest.mark.useragent(persona="older-adult-low-vision", survey="off")
        def test_marked(agent, site):
            result = agent.run("Find the pricing", url=site + "/index.html")
            assert result.persona.name == "Vera" and result.survey is None
    """
    )
    result = run(suite, "--useragent-persona=screen-reader-user", "--useragent-survey=sus")
    result.assert_outcomes(passed=2)
    report = json.loads((suite.path / "useragent-report" / "report.json").read_text())
    rows = {row["persona"]: row for row in report["by_persona"]}
    assert rows["Marek"]["surveys"] == 1 and rows["Marek"]["sus"] is not None and rows["Vera"]["sus"] is None


def test_an_unknown_preset_fails_its_test_in_one_line_listing_the_presets(suite):
    suite.makepyfile(
        test_shop="""
        import pytest

        @pytest.mark.useragent(persona="screen-reader")
        def test_marked(persona):
            pass
    """
    )
    result = run(suite)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        ["*unknown persona preset 'screen-reader' (a value ending in .yaml/.yml, or one word holding a /, is a file*"]
    )
    result.stdout.fnmatch_lines(["*presets: first-time-visitor, hurried-expert, *, screen-reader-user*"])
    assert "Traceback" not in result.stdout.str()


def test_an_unknown_survey_stops_the_run_in_one_line(suite):
    suite.makepyfile(test_shop="def test_nothing():\n    pass\n")
    result = run(suite, "--useragent-survey=umux")
    assert result.ret != 0
    result.stderr.fnmatch_lines(["ERROR: --useragent-survey='umux': must be one of off, sus"])
