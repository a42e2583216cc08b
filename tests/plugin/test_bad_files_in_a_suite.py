"""Files a suite hands the plugin, tampered with or broken: each is one line naming the file, never an INTERNALERROR
or a traceback, and the run goes on where it can (a bad cassette fails its own test, the others replay; a bad
persona or prices file stops the run at start-up, before anything is paid). Each twin: the valid file still loads.
Baselines are held to this in test_baselines.py, each file's bounds in time and memory in tests/unit/package/test_bad_files.py.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

import pytest
import yaml

ALIAS_BOMB = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{name}: &{name} [{', '.join([f'*{before}'] * 9)}]\n" for before, name in zip("abcdefgh", "bcdefghi", strict=True)
)
"""Nine levels of nine aliases, as tests/unit/package/test_bad_files.py has it: 406 bytes, 387 million strings."""

JOURNEYS = """
import pytest

@pytest.mark.parametrize("case", ["valid", "bomb", "nan", "inf", "negative", "tokens", "zero", "fifo"])
def test_journey(agent, site, case):
    result = agent.run("Find the pricing", url=site + "/index.html")
    assert result.goal_achieved
"""


def run(suite: pytest.Pytester, *args: str) -> pytest.RunResult:
    return suite.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:randomly", *args, timeout=240)


def clean(result: pytest.RunResult) -> None:
    shown = result.stdout.str() + result.stderr.str()
    assert "INTERNALERROR" not in shown and "Traceback" not in shown and "MemoryError" not in shown


def spoil(path: Path, case: str) -> None:
    """The recorded cassette at `path`, made into the bad file `case` names."""
    data = yaml.safe_load(path.read_text())
    first = data["steps"][0]
    if case == "bomb":
        path.write_text(ALIAS_BOMB)
    elif case in ("nan", "inf", "negative"):
        first["cost_usd"] = {"nan": math.nan, "inf": math.inf, "negative": -0.5}[case]
        path.write_text(yaml.safe_dump(data))
    elif case == "tokens":
        first["usage"] = {"input_tokens": -1000}
        path.write_text(yaml.safe_dump(data))
    elif case == "zero":
        path.unlink()
        path.symlink_to("/dev/zero")
    elif case == "fifo":
        path.unlink()
        os.mkfifo(path)


SAID = {
    "bomb": "not a useragent cassette: its aliases expand it beyond 1,000,000 values*",
    "nan": "not a useragent cassette (steps.0.cost_usd: Input should be a finite number)*",
    "inf": "not a useragent cassette (steps.0.cost_usd: Input should be a finite number)*",
    "negative": "not a useragent cassette (steps.0.cost_usd: Input should be greater than or equal to 0)*",
    "tokens": "not a useragent cassette (steps.0.usage.input_tokens: Input should be greater than or equal to 0)*",
    "zero": "not a regular file",
    "fifo": "not a regular file",
}


def test_each_bad_cassette_fails_its_own_test_in_one_line_and_the_valid_one_replays(suite):
    suite.makepyfile(test_shop=JOURNEYS)
    run(suite, "--useragent-record-mode=once").assert_outcomes(passed=8)
    cassettes = suite.path / "cassettes" / "test_shop"
    for case in SAID:
        spoil(cassettes / f"test_journey[chromium-{case}].useragent.yaml", case)

    result = run(suite, "--useragent-record-mode=none")
    result.assert_outcomes(passed=1, failed=len(SAID))  # the valid twin replays; the run went on past the others
    clean(result)
    for case, said in SAID.items():
        result.stdout.fnmatch_lines([f"*cassette */test_journey[[]chromium-{case}[]].useragent.yaml: {said}"])
    assert "1,000,001" not in result.stdout.str() and "lol" not in result.stdout.str()  # no value, no expansion


@pytest.mark.parametrize(
    ("option", "content", "said"),
    [
        ("persona", "zero", "*persona file */jana.yaml: not a regular file"),
        ("persona", "fifo", "*persona file */jana.yaml: not a regular file"),
        ("persona", ALIAS_BOMB, "*persona file */jana.yaml: its aliases expand it beyond 1,000,000 values*"),
        ("prices", "currencies: {EUR: .nan}\n", "*--useragent-prices=*: currencies.EUR: Input should be a finite*"),
        ("prices", "zero", "*--useragent-prices=*: not a regular file"),
    ],
)
def test_a_bad_persona_or_prices_file_stops_the_run_in_one_line_before_anything_is_paid(suite, option, content, said):
    suite.makepyfile(test_shop=JOURNEYS)
    path = suite.path / ("jana.yaml" if option == "persona" else "prices.yaml")
    if content == "zero":
        path.symlink_to("/dev/zero")
    elif content == "fifo":
        os.mkfifo(path)
    else:
        path.write_text(content)
    result = run(suite, f"--useragent-{option}={path}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"ERROR: {said}"])
    clean(result)
    assert not (suite.path / "useragent-report").exists()  # nothing ran, nothing was paid


def test_the_valid_persona_and_prices_files_twin_run(suite):
    suite.makepyfile(test_shop=JOURNEYS)
    (suite.path / "jana.yaml").write_text("name: Jana\nbackground: reads every word\n")
    (suite.path / "prices.yaml").write_text("currencies: {EUR: 0.9}\n")
    result = run(suite, "--useragent-persona=jana.yaml", "--useragent-prices=prices.yaml", "-k", "valid")
    result.assert_outcomes(passed=1)
    clean(result)


LEDGER_SPOILED = """
import pytest
from pytest_useragent.plugin.stash import SPENDING_KEY

@pytest.mark.parametrize("case", ["kept", "spoiled"])
def test_journey(agent, site, case, request):
    result = agent.run("Find the pricing", url=site + "/index.html")
    assert result.goal_achieved
    if case == "spoiled":  # the run's ledger changed under it, as a careless script or a full disk would
        request.config.stash[SPENDING_KEY].ledger.path.write_text('{"limit_usd": NaN, "spent')
"""


@pytest.mark.parametrize("spoiled", [True, False])
def test_a_ledger_spoiled_mid_run_is_one_line_at_the_end_and_the_report_is_written(suite, spoiled):
    suite.makepyfile(test_shop=LEDGER_SPOILED)
    result = run(suite, "-k", "spoiled or kept" if spoiled else "kept")
    result.assert_outcomes(passed=2 if spoiled else 1)
    clean(result)
    said = [line for line in result.stdout.lines if "the run's ledger" in line]
    assert len(said) == (1 if spoiled else 0), result.stdout.str()
    assert (suite.path / "useragent-report" / "report.md").exists()  # what the sessions said is written all the same
