"""A date field's layout read from its node as CDP `DOM.describeNode` gives it, shadow tree pierced (pure parts of
browser/datefields.py; tests/browser/test_small_truths.py reads real fields)."""

from __future__ import annotations

from pytest_useragent.browser.datefields import layout_of, step_of


def field(*parts: dict[str, object]) -> dict[str, object]:
    edit = {"attributes": ["pseudo", "-webkit-datetime-edit-fields-wrapper"], "children": list(parts)}
    return {"nodeName": "INPUT", "shadowRoots": [{"children": [{"attributes": ["pseudo", "x"], "children": [edit]}]}]}


def segment(kind: str, text: str) -> dict[str, object]:
    pseudo = f"-webkit-datetime-edit-{kind}-field"
    return {
        "attributes": ["pseudo", pseudo, "aria-placeholder", "mm"],
        "children": [{"nodeType": 3, "nodeValue": text}],
    }


def between(text: str | None) -> dict[str, object]:
    children = [] if text is None else [{"nodeType": 3, "nodeValue": text}]
    return {"attributes": ["pseudo", "-webkit-datetime-edit-text"], "children": children}


def test_the_segments_and_the_text_between_them_are_read_in_order():
    node = field(segment("month", "12"), between("/"), segment("day", "24"), between("/"), segment("year", "2026"))
    read = layout_of("date", node)
    assert read.parts == (("month", "12"), ("text", "/"), ("day", "24"), ("text", "/"), ("year", "2026"))
    assert read.usable() and read.shown == "mm/dd/yyyy"


def test_text_between_segments_that_cdp_left_out_is_a_space_and_a_node_with_no_segment_no_layout():
    read = layout_of("month", field(segment("month", "December"), between(None), segment("year", "2026")))
    assert read.example == "December 2026" and read.shown == "Month yyyy"
    empty = layout_of("date", {"nodeName": "INPUT", "children": []})
    assert empty.parts == () and not empty.usable()


def test_a_step_is_passed_on_only_as_a_plain_number():
    assert (step_of("1"), step_of(0.001), step_of(None), step_of("'); alert(1); ('")) == ("1", "0.001", "", "")
