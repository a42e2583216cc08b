from __future__ import annotations

import json
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_useragent.workspace.documents import DocumentRefused, Documents, safe_name


@pytest.mark.parametrize("name", ["notes.md", "pricing.txt", "plan.json", "my notes.md", "log.custom", "Ceny-2026.md"])
def test_plain_names_pass(name):
    assert safe_name(name) == name


def test_a_name_without_extension_becomes_markdown():
    assert safe_name("notes") == "notes.md"


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("../../etc/passwd", "no folders or paths"),
        ("/etc/passwd", "no folders or paths"),
        ("C:\\Windows\\x.md", "no folders or paths"),
        ("docs/notes.md", "no folders or paths"),
        (".env", "hidden files"),
        ("CON", "reserved device name"),
        ("nul.txt", "reserved device name"),
        ("", "needs a name"),
        ("bad\x00name.md", "letters, digits"),
        ("a" * 120 + ".md", "at most 100"),
    ],
)
def test_unsafe_names_are_refused_with_a_reason(name, why):
    with pytest.raises(DocumentRefused, match=why):
        safe_name(name)


@given(st.text(max_size=60))
def test_whatever_the_name_a_document_stays_inside_docs(tmp_path_factory, name):
    case = tmp_path_factory.mktemp("case")
    root = case / "docs"
    try:
        Documents(root).write(name, "x")
    except DocumentRefused:
        return
    written = [p for p in case.rglob("*") if p.is_file()]
    assert written and all(p.parent == root for p in written)


def test_write_append_and_listing(tmp_path):
    documents = Documents(tmp_path / "docs")
    assert documents.write("notes.md", "# Notes") == "created notes.md (7 bytes)"
    assert documents.append("notes.md", "- Pro costs $12") == "appended to notes.md (23 bytes now)"
    assert (tmp_path / "docs" / "notes.md").read_text() == "# Notes\n- Pro costs $12"
    assert documents.write("notes.md", "new").startswith("replaced")
    assert list(documents.listing()) == ["notes.md"]


def test_json_is_validated_and_not_appended(tmp_path):
    documents = Documents(tmp_path)
    with pytest.raises(DocumentRefused, match="not valid JSON"):
        documents.write("plan.json", "{nope")
    documents.write("plan.json", json.dumps({"pro": 12}))
    with pytest.raises(DocumentRefused, match="cannot be appended"):
        documents.append("plan.json", "{}")


def test_the_size_cap(tmp_path):
    documents = Documents(tmp_path, max_bytes=10)
    with pytest.raises(DocumentRefused, match="over the 0 KB limit"):
        documents.write("big.md", "x" * 11)
    documents.write("ok.md", "x" * 10)
    with pytest.raises(DocumentRefused, match="over"):
        documents.append("ok.md", "y")
    assert (tmp_path / "ok.md").read_text() == "x" * 10  # what was written is kept


def test_a_symlink_out_of_docs_is_refused(tmp_path):
    outside = tmp_path / "outside.md"
    outside.write_text("secret")
    (tmp_path / "docs").mkdir()
    os.symlink(outside, tmp_path / "docs" / "link.md")
    with pytest.raises(DocumentRefused, match="inside docs"):
        Documents(tmp_path / "docs").write("link.md", "overwrite")
    assert outside.read_text() == "secret"
