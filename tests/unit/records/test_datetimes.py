"""Date and time fields as a person meets them (records/datetimes.py): the layout told, and what a person types in
it read as the ISO value the field takes; a text in neither form is no date."""

from __future__ import annotations

import pytest

from pytest_useragent.records.datetimes import Layout, forms, to_iso
from pytest_useragent.records.snapshot import parse
from pytest_useragent.records.states import with_states

US_DATE = Layout("date", (("month", "12"), ("text", "/"), ("day", "24"), ("text", "/"), ("year", "2026")))
CZ_DATE = Layout("date", (("day", "24"), ("text", ". "), ("month", "12"), ("text", ". "), ("year", "2026")))
US_TIME = Layout("time", (("hour", "09"), ("text", ":"), ("minute", "30"), ("text", "\u202f"), ("ampm", "AM")))
US_WHEN = Layout(
    "datetime-local",
    (*US_DATE.parts, ("text", ", "), *US_TIME.parts),
)
MONTH = Layout("month", (("month", "December"), ("text", " "), ("year", "2026")))
WEEK = Layout("week", (("text", "Week "), ("week", "52"), ("text", ", "), ("year", "2026")))


def test_a_layout_is_told_as_the_field_shows_it_with_an_example():
    assert (US_DATE.shown, US_DATE.example, US_DATE.attribute) == ("mm/dd/yyyy", "12/24/2026", ("date", "mm/dd/yyyy"))
    assert (US_TIME.shown, US_TIME.example) == ("hh:mm AM/PM", "09:30 AM")  # a narrow no-break space is a space
    assert US_WHEN.attribute == ("date-time", "mm/dd/yyyy, hh:mm AM/PM")
    assert (MONTH.shown, WEEK.shown, CZ_DATE.shown) == ("Month yyyy", "Week ww, yyyy", "dd. mm. yyyy")
    told = forms(US_DATE, "date")
    assert told == "as it shows, mm/dd/yyyy (e.g. 12/24/2026), or as YYYY-MM-DD, e.g. 2026-12-24"
    assert forms(None, "date") == "as YYYY-MM-DD, e.g. 2026-12-24"  # a layout not read: only the form that works


@pytest.mark.parametrize(
    ("layout", "typed", "iso"),
    [
        (US_DATE, "12/24/2026", "2026-12-24"),
        (US_DATE, "1/5/2026", "2026-01-05"),
        (US_DATE, " 12 / 24 / 2026 ", "2026-12-24"),
        (CZ_DATE, "24. 12. 2026", "2026-12-24"),  # another browser's layout, read as it is
        (CZ_DATE, "24.12.2026", "2026-12-24"),
        (US_TIME, "9:30 pm", "21:30"),
        (US_TIME, "12:05 AM", "00:05"),
        (US_TIME, "09:30AM", "09:30"),
        (US_WHEN, "12/24/2026, 09:30 AM", "2026-12-24T09:30"),
        (US_WHEN, "12/24/2026 9:30 PM", "2026-12-24T21:30"),  # the comma left out, as Chromium's keys skip it
        (MONTH, "December 2026", "2026-12"),
        (MONTH, "dec 2026", "2026-12"),
        (MONTH, "12 2026", "2026-12"),
        (WEEK, "Week 52, 2026", "2026-W52"),
    ],
)
def test_what_a_person_types_in_the_fields_layout_is_its_iso_value(layout, typed, iso):
    assert to_iso(typed, layout) == iso


@pytest.mark.parametrize(
    ("layout", "typed"),
    [
        (US_DATE, "24.12.2026"),  # another layout than the field's
        (US_DATE, "2026-12-24"),  # the ISO form is set as it is, not read as the layout
        (US_DATE, "2/30/2026"),  # no such day
        (US_DATE, "13/01/2026"),
        (US_DATE, "Christmas Eve"),
        (US_DATE, "12/24/26"),  # a year of two digits: which century is the field's guess, not ours
        (US_TIME, "21:30 PM"),
        (US_TIME, "half past nine"),
        (MONTH, "Decembre 2026"),
        (WEEK, "Week 54, 2026"),
        (CZ_DATE, "12/24/2026"),
    ],
)
def test_a_text_in_neither_form_is_no_date(layout, typed):
    assert to_iso(typed, layout) is None


def test_a_layout_that_lacks_a_segment_or_repeats_one_is_not_read():
    assert not Layout("date", (("month", "12"), ("text", "/"), ("year", "2026"))).usable()
    assert not Layout("date", (*US_DATE.parts, ("day", "24"))).usable()
    assert to_iso("12/2026", Layout("date", (("month", "12"), ("text", "/"), ("year", "2026")))) is None


def test_a_date_field_is_named_with_its_layout_on_its_own_line_and_a_text_field_is_not():
    snapshot = """- textbox "Date" [ref=e4] [box=42,9,125,21]
- textbox "Name" [ref=e5] [box=42,40,125,21]"""
    lines = parse(with_states(snapshot, [["42,9,125,21", {"date": "mm/dd/yyyy"}]], []))
    assert lines[0].render() == '- textbox "Date" [date=mm/dd/yyyy] [ref=e4] [box=42,9,125,21]'
    assert lines[1].render() == '- textbox "Name" [ref=e5] [box=42,40,125,21]'
    broken = parse(with_states(snapshot, [["42,9,125,21", {"date": "x] [ref=e99\n"}]], []))
    assert broken[0].ref == "e4" and broken[0].attributes["date"] == "x) (ref=e99"  # page text never makes a ref
