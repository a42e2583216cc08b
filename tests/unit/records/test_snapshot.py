"""The ai snapshot's line format, read in one place: names with quotes and backslashes, frame refs, text values,
YAML-quoted keys, and lines that are not elements."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from pytest_useragent.records.snapshot import SnapshotLine, line, parse

SNAPSHOT = """\
- generic [ref=e1]:
  - heading "Say \\"hi\\" \\\\ there" [level=2] [ref=e2]
  - link "Pricing" [ref=e3] [cursor=pointer]:
    - /url: /pricing
  - iframe [ref=e4]:
    - button "Inside" [ref=f1e2]
  - textbox "Email" [ref=e5]: ada@example.com
  - checkbox "Terms" [checked] [ref=e6]
  - option "Blue" [selected] [ref=e7]
  - text: "Note: this costs 5€"
  - 'button "Save: now" [ref=e8]'
  - paragraph: It's 'fine'
  - … 57 elements below (link 40, …)
"""


def test_each_part_of_a_line_is_read() -> None:
    lines = parse(SNAPSHOT)
    by_ref = {read.ref: read for read in lines if read.ref}
    assert by_ref["e2"].name == 'Say "hi" \\ there'
    assert by_ref["e2"].level == 2 and by_ref["e2"].indent == 2
    assert by_ref["e3"].text == "" and by_ref["e3"].attributes["cursor"] == "pointer"
    assert by_ref["f1e2"].role == "button" and by_ref["f1e2"].name == "Inside"
    assert by_ref["e5"].text == "ada@example.com"
    assert by_ref["e6"].checked and not by_ref["e6"].selected
    assert by_ref["e7"].selected
    assert by_ref["e8"].name == "Save: now"
    url = next(read for read in lines if read.role == "/url")
    assert url.text == "/pricing" and url.ref is None
    text = next(read for read in lines if read.role == "text")
    assert text.text == "Note: this costs 5€" and text.name is None
    assert lines[-1].role == "paragraph" and lines[-1].text == "It's 'fine'"


def test_lines_that_are_no_element_are_none() -> None:
    assert line("  - … 57 elements below (link 40, …)") is None
    assert line('- listitem ×140 below, like e7 ("A" … "B"; 420 elements)') is None
    assert line("continued text") is None
    assert line("") is None
    assert line("- generic") == SnapshotLine(indent=0, role="generic")


def test_a_ref_that_is_not_playwrights_is_no_ref() -> None:
    assert line("- button [ref=x1]") is not None
    assert line("- button [ref=x1]").ref is None  # type: ignore[union-attr]
    assert line("- button [ref=f12e345]").ref == "f12e345"  # type: ignore[union-attr]


_names = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
_attributes = st.dictionaries(
    st.sampled_from(["ref", "level", "checked", "selected", "disabled", "cursor", "url", "box"]),
    st.one_of(st.none(), st.from_regex(r"[a-z0-9=/.,:-]{1,12}", fullmatch=True)),
    max_size=4,
)


@given(
    indent=st.integers(0, 12).map(lambda n: 2 * n),
    role=st.from_regex(r"/?[a-z][a-z-]{0,12}", fullmatch=True),
    name=st.one_of(st.none(), _names),
    attributes=_attributes,
    text=st.one_of(st.none(), _names),
)
@example(indent=0, role="a", name=None, attributes={}, text="-\\x00")  # a backslash before x00 is text, no escape
def test_a_rendered_line_reads_back_as_itself(
    indent: int, role: str, name: str | None, attributes: dict[str, str | None], text: str | None
) -> None:
    written = SnapshotLine(indent=indent, role=role, name=name, attributes=attributes, text=text)
    assert "\n" not in written.render()
    assert line(written.render()) == written
