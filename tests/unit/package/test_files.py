"""The one atomic write, and each stored format's version checked when it is read back: a file made by a newer
release is one line that says so; the current version (and a file from before versions were written) is read."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pydantic import ValidationError

from pytest_useragent.errors import UserError
from pytest_useragent.files import atomic_write, version_problem
from pytest_useragent.regression.baseline import BaselineError, BaselineStore, RunMetadata
from pytest_useragent.replay.cassette import CASSETTE_VERSION, load
from pytest_useragent.report.aggregate import REPORT_SCHEMA_VERSION, RunSummary, aggregate
from pytest_useragent.report.recorded import record

CASSETTE = """version: {version}
goal: Find the price
persona: Jana
provider: offline
model: offline
recorded_at: 2026-11-24T10:00:00Z
outcome: goal_achieved
steps: []
"""


def test_an_atomic_write_replaces_the_file_and_a_symlink_at_its_path(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep me")
    (tmp_path / "report.md").symlink_to(target)
    atomic_write(tmp_path / "report.md", "new")
    assert (tmp_path / "report.md").read_text() == "new" and not (tmp_path / "report.md").is_symlink()
    assert target.read_text() == "keep me"  # never written through the link
    assert sorted(path.name for path in tmp_path.iterdir()) == ["elsewhere.txt", "report.md"]


def test_a_write_that_fails_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "ledger.json"
    atomic_write(path, "old")
    with pytest.raises(TypeError):
        atomic_write(path, 42)  # type: ignore[arg-type]
    assert path.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["ledger.json"]


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"version": 1}, None),
        ({}, None),  # from before versions were written: the first
        ([1, 2], None),  # not a mapping: the format's own validation says what it is
        ({"version": 2}, "made by a newer pytest-useragent (cassette version 2; this one reads up to 1)"),
        ({"version": "2"}, "its version '2' is no version of a cassette"),
        ({"version": True}, "its version True is no version of a cassette"),
        ({"version": 0}, "its version 0 is no version of a cassette"),
    ],
)
def test_a_version_is_read_up_to_the_current_one(data: object, problem: str | None) -> None:
    found = version_problem(data, "version", 1, "cassette")
    assert (found is None) if problem is None else (found is not None and problem in found)


def test_a_cassette_from_a_newer_release_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "test_shop.useragent.yaml"
    path.write_text(CASSETTE.format(version=CASSETTE_VERSION + 1))
    with pytest.raises(UserError) as raised:
        load(path)
    assert "made by a newer pytest-useragent" in str(raised.value) and "\n" not in str(raised.value)
    path.write_text(CASSETTE.format(version=CASSETTE_VERSION))
    assert load(path) is not None and load(path).goal == "Find the price"  # type: ignore[union-attr]


def test_a_baseline_from_a_newer_release_is_one_line(tmp_path: Path) -> None:
    store = BaselineStore(tmp_path)
    summary = aggregate([], [])
    saved = store.save(record(summary, RunMetadata(date=datetime(2026, 11, 24, tzinfo=UTC)), {}), "main")
    assert store.load(store.find("latest")).name == "main"
    newer = json.loads(saved.read_text()) | {"schema_version": 99}
    saved.write_text(json.dumps(newer))
    with pytest.raises(BaselineError, match="made by a newer pytest-useragent .baseline version 99"):
        store.load(store.find("latest"))


def test_a_report_json_from_a_newer_release_says_so() -> None:
    summary = aggregate([], [])
    assert RunSummary.model_validate_json(summary.model_dump_json()) == summary
    newer = summary.model_dump(mode="json") | {"schema_version": REPORT_SCHEMA_VERSION + 1}
    with pytest.raises(ValidationError, match="made by a newer pytest-useragent"):
        RunSummary.model_validate(newer)
