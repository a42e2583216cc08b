from __future__ import annotations

import json
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_useragent.session.verdict import read_documents
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
    assert written and all(p.parent in (root, root / ".profiles") for p in written)  # its profile beside it


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


NOTES = "# Prices\n\n## Pro\nold pro text\n\n### Detail\nsub detail\n\n## Team\nteam text\n"


def test_update_replaces_a_section_up_to_the_next_heading_of_its_level(tmp_path):
    documents = Documents(tmp_path)
    documents.write("notes.md", NOTES)
    documents.update("notes.md", "Pro costs $12.", "Pro")
    assert (tmp_path / "notes.md").read_text() == "# Prices\n\n## Pro\nPro costs $12.\n\n## Team\nteam text\n"
    documents.update("notes.md", "sub", "## Team")
    assert (tmp_path / "notes.md").read_text().endswith("## Team\nsub")
    with pytest.raises(DocumentRefused, match="no heading 'Basic' \\(headings: Prices, Pro, Team\\)"):
        documents.update("notes.md", "x", "Basic")


def test_update_sets_a_json_key_path(tmp_path):
    documents = Documents(tmp_path)
    documents.write("plans.json", json.dumps({"plans": [{"name": "Pro", "price": 10}]}))
    documents.update("plans.json", "12", "plans.0.price")
    documents.update("plans.json", "same-day", "plans.0.delivery")
    assert json.loads((tmp_path / "plans.json").read_text()) == {
        "plans": [{"name": "Pro", "price": 12, "delivery": "same-day"}]
    }
    with pytest.raises(DocumentRefused, match="no key path 'plans.5.price'"):
        documents.update("plans.json", "1", "plans.5.price")


def test_reads_answer_queries_and_are_cut_when_large(tmp_path):
    documents = Documents(tmp_path)
    documents.write("notes.md", "First. Second. Third.")
    assert documents.read("notes.md", "last 2 sentences") == "notes.md (last 2 sentences):\nSecond.\nThird."
    documents.write("big.txt", "word " * 2000)
    answer = documents.read("big.txt")
    assert "[... cut: 6000 more characters; read a part with a query" in answer
    with pytest.raises(DocumentRefused, match="missing.md does not exist \\(documents: big.txt, notes.md\\)"):
        documents.read("missing.md")
    with pytest.raises(DocumentRefused, match="unknown read query"):
        documents.read("notes.md", "summarize")


def test_the_index_shows_name_format_size_headings_preview_and_profile(tmp_path):
    documents = Documents(tmp_path)
    documents.write("notes.md", NOTES)
    [entry] = documents.index()
    assert (entry.name, entry.format, entry.size) == ("notes.md", "md", len(NOTES))
    assert entry.headings == ["Prices", "Pro", "Detail", "Team"]
    assert entry.preview.startswith("# Prices ## Pro old pro text") and entry.profile.startswith(
        "15 words, 7 lines, 4 paragraphs"
    )


def test_a_long_non_ascii_name_is_refused_by_its_bytes_not_its_characters(tmp_path):
    name = "字" * 90 + ".md"  # 93 characters, 273 bytes: the file system would refuse it
    with pytest.raises(DocumentRefused, match=r"too long \(273 bytes in UTF-8\)"):
        Documents(tmp_path).write(name, "x")
    assert Documents(tmp_path).write("字" * 60 + ".md", "x").startswith("created")  # 183 bytes
    assert [path.name for path in tmp_path.iterdir() if path.name.startswith(".")] == [".profiles"]
    assert not any(path.name.endswith(".tmp") for path in tmp_path.rglob("*"))  # no temporary left behind


def test_an_os_error_is_a_refusal_never_an_escape(tmp_path):
    (tmp_path / "docs").write_text("a file where docs/ should be")
    documents = Documents(tmp_path / "docs")
    with pytest.raises(DocumentRefused, match="the file system refused: File exists"):
        documents.write("a.md", "x")
    with pytest.raises(DocumentRefused, match="the file system refused"):
        documents.read("a.md")
    assert documents.index() == []


def outside_and_docs(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("# Private\nthe key is 1234")
    docs = tmp_path / "session" / "docs"
    docs.parent.mkdir()
    return outside, docs


def test_a_symlink_inside_docs_is_not_indexed_read_appended_or_updated(tmp_path):
    outside, docs = outside_and_docs(tmp_path)
    docs.mkdir()
    os.symlink(outside / "secret.md", docs / "link.md")
    (docs / "mine.md").write_text("# Mine\nmy own")
    documents = Documents(docs)
    assert [entry.name for entry in documents.index()] == ["mine.md"] and list(documents.listing()) == ["mine.md"]
    for operation in (
        lambda: documents.read("link.md"),
        lambda: documents.append("link.md", "more"),
        lambda: documents.update("link.md", "new", "Private"),
        lambda: documents.write("link.md", "new"),
    ):
        with pytest.raises(DocumentRefused):
            operation()
    assert (outside / "secret.md").read_text() == "# Private\nthe key is 1234"


def test_a_stale_temporary_symlink_is_not_written_through(tmp_path):
    outside, docs = outside_and_docs(tmp_path)
    docs.mkdir()
    os.symlink(outside / "secret.md", docs / ".notes.md.tmp")
    assert Documents(docs).write("notes.md", "mine").startswith("created")
    assert (outside / "secret.md").read_text() == "# Private\nthe key is 1234"
    assert (docs / "notes.md").read_text() == "mine" and not (docs / "notes.md").is_symlink()


def test_a_symlinked_docs_folder_is_refused_not_written_through(tmp_path):
    outside, docs = outside_and_docs(tmp_path)
    os.symlink(outside, docs)
    documents = Documents(docs)
    with pytest.raises(DocumentRefused, match="symbolic link"):
        documents.write("new.md", "x")
    assert documents.index() == [] and documents.listing() == {}
    assert sorted(path.name for path in outside.iterdir()) == ["secret.md"]


def test_what_is_written_passes_redaction(tmp_path):
    documents = Documents(tmp_path)
    documents.redact = lambda text: text.replace("hunter2", "••••••")
    documents.write("a.md", "pw hunter2")
    documents.append("a.md", "again hunter2")
    assert (tmp_path / "a.md").read_text() == "pw ••••••\nagain ••••••"


def test_a_name_holding_a_secret_is_refused_before_any_file_is_made(tmp_path):
    """Names are not redacted as content is: a file named after a password would keep it on disk and in the report's
    copy, and the redacted record would name a file that is not there."""
    from pytest_useragent.secrets.credentials import Credentials
    from pytest_useragent.secrets.redaction import Secrets
    from pytest_useragent.workspace.pending import PendingWrite

    documents = Documents(tmp_path / "docs")
    documents.redact = Secrets(Credentials({"password": "Canary-7f3a9q"})).redact
    for attempt in (
        lambda: documents.write("Canary-7f3a9q.md", "x"),
        lambda: documents.append("notes-Canary-7f3a9q", "x"),
        lambda: PendingWrite(documents, "Canary-7f3a9q.md", "write", None),
    ):
        with pytest.raises(DocumentRefused, match=r"^that name holds a secret; choose another$"):
            attempt()
    assert not [path for path in tmp_path.rglob("*") if "Canary" in path.name]
    assert documents.write("notes.md", "x").startswith("created")


def test_the_done_check_reads_no_document_through_a_link_put_in_its_place(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("the CI machine's file")
    (tmp_path / "notes.md").write_text("Pro plan: $29")
    (tmp_path / "link.md").symlink_to(secret)
    paths = {"notes.md": str(tmp_path / "notes.md"), "link.md": str(tmp_path / "link.md")}
    assert read_documents(paths, 100) == {"notes.md": "Pro plan: $29"}
