"""A persona's device in a real pytest run: a known one runs and the run report names its browser beside the
default persona's; an unknown one fails its test in one line naming close devices, with no traceback."""

from __future__ import annotations

import json

PERSONAS = {
    "lucie.yaml": "name: Lucie\nbackground: Lucie, 31, shops on her phone.\ndevice: Pixel 7\n",
    "typo.yaml": "name: Tomas\nbackground: Tomas, 40.\ndevice: Pixle 7\n",
}


def test_a_device_runs_and_an_unknown_one_is_one_line(suite):
    for name, text in PERSONAS.items():
        (suite.path / name).write_text(text)
    suite.makepyfile(
        test_phone="""
        import pytest

        @pytest.mark.useragent(persona="lucie.yaml")
        def test_phone(agent, site):
            result = agent.run("Find the pricing", url=site + "/index.html")
            assert result.setting.viewport.width == 412 and result.setting.device == "Pixel 7"

        def test_desk(agent, site):
            assert agent.run("Find the pricing", url=site + "/index.html").setting.viewport.width == 1280

        @pytest.mark.useragent(persona="typo.yaml")
        def test_typo(agent, site):
            agent.run("Find the pricing", url=site + "/index.html")
    """
    )
    result = suite.runpytest_subprocess("-p", "no:cacheprovider", timeout=240)
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["*persona device 'Pixle 7' is not one of Playwright's devices; closest: Pixel 7*"])
    assert "Traceback" not in result.stdout.str() and "def test_typo" not in result.stdout.str()
    report = (suite.path / "useragent-report" / "report.md").read_text()
    compared = report.split("## Personas compared")[1].split("##")[0]
    rows = {line.split(" | ")[0].lstrip("| "): line for line in compared.splitlines() if line.startswith("| ")}
    assert rows["Lucie"].endswith("| 412x839 CSS px, Pixel 7 |") and rows["Alex"].endswith("| 1280x720 CSS px |")
    per_test = json.loads((suite.path / "useragent-report" / "report.json").read_text())["per_test"]
    assert [entry["settings"][0]["device"] for entry in per_test] == ["Pixel 7", None]
