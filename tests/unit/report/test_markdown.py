"""`md`, the one escaper of text entering markdown: wherever a report's template puts a text (a list item, a heading, a
table cell, a quote), any text keeps the template's structure, adds no HTML and no link but one to a tested host,
and reads as it was written."""

from __future__ import annotations

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st
from markdown_check import blocks, problems, shown

from pytest_useragent.templates import environment, md

HOSTS = {"127.0.0.1"}
PLACES = {
    "list item": "- **Saw:** {}\n- next\n",
    "heading": "### Step 1: {}\n\ntext\n",
    "table cell": "| a | b |\n|---|---|\n| {} | x |\n",
    "quote": "> {}\n> {}\n",
    "line start": "{}\n\n{}\n",
}
PUNCTUATION = st.sampled_from(list("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~") + ["\n", "    ", "1.", "http://", "www."])
TEXTS = st.lists(
    st.one_of(PUNCTUATION, st.text(st.characters(exclude_categories=["Cc"]), max_size=4)), max_size=12
).map("".join)


@pytest.mark.parametrize("place", PLACES)
@given(text=TEXTS)
@example(text="<img src=x onerror=alert(1)>\n# Owned\n- item\n> quote\n[a](javascript:alert(1))")
@example(text="x\n===\n    code\n1) one\n```\nfence\n| a |\n|---|")
@example(text="mail jana@example.com or http://evil.example/a_b or www.evil.example or //evil.example")
@example(text="!//0.0 (//evil.example) x//y")
def test_any_text_keeps_the_place_it_is_put_in_and_adds_no_html_or_link(place, text):
    assume(text.split())  # an empty text leaves its place empty, as any would
    template = PLACES[place]
    written = template.format(md(text, HOSTS), md(text, HOSTS))
    assert problems(written, HOSTS) == []
    assert blocks(written) == blocks(template.format("x", "x"))


@given(text=TEXTS)
@example(text="C++ & *stars* and a_b_c, $12, 3.5 stars, AT&amp;T, \\n, <b>")
def test_any_text_reads_as_it_was_written(text):
    """On one line; an address outside the tested hosts shows as code, the same text (but for a backtick or `|`,
    percent-encoded there)."""
    written = md(text, HOSTS)
    percent_encoded = any(char in written for char in ("%60", "%7C")) and any(c in text for c in "`|")
    assert percent_encoded or shown(f"- {written}\n") == " ".join(text.split())


def test_control_characters_do_not_reach_a_terminal_that_shows_the_file():
    assert md("red \x1b[31m bell \x07 nul \x00") == "red \ufffd\\[31m bell \ufffd nul \ufffd"


def test_an_address_of_the_tested_host_is_a_link_and_any_other_is_code():
    text = "see http://127.0.0.1:8000/a_b. or https://evil.example/x, jana@example.com"
    written = md(text, HOSTS)
    assert written == "see <http://127.0.0.1:8000/a_b>. or `https://evil.example/x`, `jana@example.com`"
    assert shown(written) == text
    # the twin: with no tested host, no address is a link
    assert "<http" not in md(text) and problems(md(text), set()) == []


def test_code_is_a_code_span_when_nothing_in_it_could_end_the_span_or_a_cell():
    assert md("test_a.py::test_b[x-1]", code=True) == "`test_a.py::test_b[x-1]`"
    assert md("test_a.py::test_b[a|b]", code=True) == "test_a.py::test_b\\[a\\|b\\]"
    assert md("x ` y", code=True) == "x \\` y"
    assert md(None) == md("") == md("", code=True) == ""


def test_the_templates_use_it_for_what_they_are_given():
    """The filter reads the tested hosts from what the template was rendered with."""
    markdown = environment("report/templates").overlay(autoescape=False)  # as for the .md.j2 files
    template = markdown.from_string("- {{ text | md }} {{ text | md('code') }}")
    assert (
        template.render(text="http://127.0.0.1/x *", hosts=HOSTS) == "- <http://127.0.0.1/x> \\* `http://127.0.0.1/x *`"
    )
    assert template.render(text="http://127.0.0.1/x *") == "- `http://127.0.0.1/x` \\* `http://127.0.0.1/x *`"


def test_every_list_of_a_session_report_renders_as_a_list_one_item_an_entry():
    """A line that ends in a block tag kept its newline only by `+%}`: before, a session's two issues were one
    paragraph on GitHub (a template line ending `{% endif %}` under trim_blocks)."""
    from markdown_it import MarkdownIt

    from pytest_useragent.report.render import render_session_markdown
    from pytest_useragent.testing.synthetic import session_result

    result = session_result(issues=3, steps=2, met=1)
    result.issues[0].rule, result.issues[0].count, result.issues[0].examples = "target-size", 2, ["a", "b"]
    text = render_session_markdown(result)
    tokens = MarkdownIt("gfm-like").parse(text)
    items = [t for t in tokens if t.type == "list_item_open"]
    inline = [t.content for t in tokens if t.type == "inline"]
    for n in range(3):  # each issue its own item, in the UX issues list and under its step
        assert sum(line.startswith(("**", "**Issue")) and f"issue {n}" in line for line in inline) >= 1
    assert not [line for line in inline if line.count("issue ") > 1 and "- **" in line]  # none glued to the next
    assert len(items) >= 3 + 3
