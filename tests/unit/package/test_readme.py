"""The README's two commands are the ones CI runs."""

from pathlib import Path

ROOT = Path(__file__).parents[3]


def test_ci_runs_the_readme_test_command():
    readme = ROOT.joinpath("README.md").read_text(encoding="utf-8").splitlines()
    commands = [line for line in readme[:20] if line.startswith("apt-get ")]
    assert len(commands) == 2 and commands[0].endswith("pytest example_project")
    assert commands[1] in ROOT.joinpath(".ci", "run").read_text(encoding="utf-8").splitlines()
