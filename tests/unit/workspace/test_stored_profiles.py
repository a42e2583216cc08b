"""A document's profile is kept beside it when it is written, read back while current, and its version checked when
it is read: an older or unknown one is analyzed again, a newer release's is one clear line."""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path

import pytest

from pytest_useragent.errors import UserAgentWarning
from pytest_useragent.workspace import profiles
from pytest_useragent.workspace.documents import Documents
from pytest_useragent.workspace.profile import PROFILE_VERSION

NOTES = "# Prices\n\nPro costs $12 a month. Basic is free.\n\nAsk about teams."


def kept(docs: Path, name: str = "notes.md") -> dict:
    return json.loads((docs / ".profiles" / f"{name}.json").read_text())


def entry(documents: Documents) -> str:
    [found] = documents.index()
    return found.profile


def analysis_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here, a profile analyzed again is a failed test: what is read must come from the kept file."""

    def refused(text: str, at: object) -> None:
        raise AssertionError("analyzed again")

    monkeypatch.setattr(profiles, "profile", refused)


def test_a_profile_is_kept_when_the_document_is_written_and_read_back_not_analyzed_again(tmp_path, monkeypatch):
    documents = Documents(tmp_path)
    documents.write("notes.md", NOTES)
    stored = kept(tmp_path)
    assert stored["version"] == PROFILE_VERSION and stored["language"] == "en" and stored["words"] == 13
    described = entry(documents)

    analysis_fails(monkeypatch)
    assert entry(Documents(tmp_path)) == described  # the next session, or the next step: read back
    assert "notes.md" in Documents(tmp_path).listing() and ".profiles" not in Documents(tmp_path).listing()


def test_a_document_changed_since_its_profile_is_analyzed_again(tmp_path):
    documents = Documents(tmp_path)
    documents.write("notes.md", NOTES)
    (tmp_path / "notes.md").write_text("Jen jedna věta, a česky: cena je dvanáct dolarů za měsíc a nic víc.")

    assert entry(documents).startswith("14 words, 1 lines") and ", in cs" in entry(documents)
    assert kept(tmp_path)["language"] == "cs"  # and kept again


@pytest.mark.parametrize(
    "version",
    [1, None, 0, -3, "2", True, 2.0],
    ids=["older", "missing", "zero", "negative", "text", "bool", "float"],
)
def test_an_older_or_unknown_version_is_analyzed_again_and_written_over_silently(tmp_path, version):
    Documents(tmp_path).write("notes.md", NOTES)
    old = {key: value for key, value in kept(tmp_path).items() if key not in ("language", "analyzed_at", "version")}
    old["words"] = 999  # what version 1 said would be wrong here: it must not be read
    if version is not None:
        old["version"] = version
    (tmp_path / ".profiles" / "notes.md.json").write_text(json.dumps(old))

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        described = entry(Documents(tmp_path))

    assert described.startswith("13 words") and ", in en" in described
    assert kept(tmp_path)["version"] == PROFILE_VERSION and kept(tmp_path)["words"] == 13


@pytest.mark.parametrize("junk", ["not json", "[1, 2]", '{"version": 2}', ""])
def test_a_kept_profile_that_is_no_profile_is_analyzed_again(tmp_path, junk):
    Documents(tmp_path).write("notes.md", NOTES)
    (tmp_path / ".profiles" / "notes.md.json").write_text(junk)

    assert entry(Documents(tmp_path)).startswith("13 words")
    assert kept(tmp_path)["version"] == PROFILE_VERSION


def test_a_newer_releases_profile_is_one_line_once_and_left_as_it_is(tmp_path):
    Documents(tmp_path).write("notes.md", NOTES)
    newer = {**kept(tmp_path), "version": PROFILE_VERSION + 1, "words": 999, "shape": "of the future"}
    (tmp_path / ".profiles" / "notes.md.json").write_text(json.dumps(newer))
    documents = Documents(tmp_path)

    with pytest.warns(UserAgentWarning) as told:
        described = entry(documents)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert entry(documents) == described  # once a session, not once a step

    [line] = [str(warning.message) for warning in told]
    assert "\n" not in line and line.startswith(f"useragent: {tmp_path / '.profiles' / 'notes.md.json'}: ")
    assert f"made by a newer pytest-useragent (document profile version {PROFILE_VERSION + 1}; " in line
    assert line.endswith("notes.md is analyzed again for this session, the file left as it is")
    assert described.startswith("13 words")  # analyzed here, not read from the newer file
    assert kept(tmp_path) == newer  # that release reads it still


def test_the_current_version_is_read_without_a_word(tmp_path):
    Documents(tmp_path).write("notes.md", NOTES)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert entry(Documents(tmp_path)).startswith("13 words")


def test_a_profiles_folder_that_is_a_link_is_neither_written_nor_read_through(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    docs = tmp_path / "docs"
    docs.mkdir()
    os.symlink(outside, docs / ".profiles")
    (outside / "notes.md.json").write_text(json.dumps({"version": PROFILE_VERSION + 1}))

    documents = Documents(docs)
    documents.write("notes.md", NOTES)  # the document is written all the same

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the newer file behind the link is never read
        assert entry(documents).startswith("13 words")
    assert [path.name for path in outside.iterdir()] == ["notes.md.json"]
