"""The split-across-runners how-to's workflow fits together: every shard of the matrix runs its group with the
shared ledger and uploads the report folder the plugin writes, and the combine job downloads them all and runs a
`useragent combine` whose arguments the command takes."""

from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path

import pytest
import yaml

from pytest_useragent.cli import combine
from pytest_useragent.config import OPTIONS

ROOT = Path(__file__).parents[3]
WORKFLOW = yaml.safe_load((ROOT / "docs" / "examples" / "split.yml").read_text(encoding="utf-8"))


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(prog="useragent combine", exit_on_error=False)
    combine.add_arguments(made)
    return made


def words(run: str) -> list[str]:
    """A step's command as the runner gives it to the shell, on main and with no secret set: `${{ matrix.group }}` is
    1, `${{ x && 'a' || 'b' }}` is 'a', `${{ secrets.X || 'b' }}` is 'b'."""

    def value(expression: re.Match[str]) -> str:
        inside = expression.group(1)
        chosen = re.search(r"&&\s*'([^']*)'", inside) or re.search(r"\|\|\s*'([^']*)'", inside)
        return "1" if inside.strip() == "matrix.group" else chosen.group(1) if chosen else ""

    return shlex.split(re.sub(r"\$\{\{(.*?)\}\}", value, run))


def test_every_shard_runs_its_group_on_the_shared_ledger_and_uploads_its_report():
    shards = WORKFLOW["jobs"]["personas"]
    groups = shards["strategy"]["matrix"]["group"]
    run = next(step["run"] for step in shards["steps"] if step.get("run", "").startswith("pytest"))
    command = words(run)
    assert command[command.index("--splits") + 1] == str(len(groups)) and "--group" in command
    assert "--useragent-ledger=redis://localhost:6379/0" in command  # the service container, without the secret
    assert "6379:6379" in shards["services"]["redis"]["ports"]
    default = next(option.default for option in OPTIONS if option.name == "report-dir")
    upload = next(step for step in shards["steps"] if step.get("uses", "").startswith("actions/upload-artifact"))
    assert upload["with"]["path"].rstrip("/") == default and upload["if"] == "always()"
    download = next(s for s in WORKFLOW["jobs"]["report"]["steps"] if s.get("uses", "").startswith("actions/download"))
    assert re.fullmatch(
        download["with"]["pattern"].replace("*", ".*"), upload["with"]["name"].replace("${{ matrix.group }}", "1")
    )


def test_the_combine_job_runs_a_command_the_cli_takes_on_every_shard():
    job = WORKFLOW["jobs"]["report"]
    assert job["needs"] == "personas" and job["if"] == "always()"
    download = next(s for s in job["steps"] if s.get("uses", "").startswith("actions/download"))
    run = next(step["run"] for step in job["steps"] if step.get("run", "").startswith("useragent combine"))
    command = words(run)
    assert command[:2] == ["useragent", "combine"] and command[2] == f"{download['with']['path']}/*"
    args = parser().parse_args(command[2:])
    assert args.output == Path("useragent-report") and args.compare == "latest" and args.save == "main"
    assert str(args.compare_fail) == "goal:0%,new_issues:0"


def test_the_twin_a_command_the_cli_would_refuse_is_found():
    with pytest.raises(argparse.ArgumentError):
        parser().parse_args(["shards/*", "--output", "o", "--compare-fail", "goal:lots"])


def test_the_how_to_says_how_shards_on_one_machine_get_a_folder_each():
    """issue 41: shards run side by side on one machine write one `useragent-report/` unless each names its own; the
    how-to says how, with an option the plugin has, and combines those folders."""
    text = (ROOT / "docs" / "how-to" / "split-across-runners.md").read_text(encoding="utf-8")
    said = text[text.find("on one machine") :].split("```", 2)[:2] if "on one machine" in text else [""]
    assert "report-dir" in {option.name for option in OPTIONS}
    assert "--useragent-report-dir=" in said[-1] and "useragent combine" in said[-1]
