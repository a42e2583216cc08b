"""Small truths the model is told (tests/pages/truths/): a date field named as such with the layout it shows, which
typing takes as a person types it, beside the ISO form; a password field's value told by its length, never its
value; and their twins: a text field is not named a date and takes any text, a code in a text field shows."""

from __future__ import annotations

import re

from pytest_useragent.browser.actions import act
from pytest_useragent.browser.announce import ScreenReader
from pytest_useragent.browser.observe import observe
from pytest_useragent.browser.watch import PageWatcher
from pytest_useragent.records import Action
from pytest_useragent.secrets.redaction import Secrets


def ref(snapshot: str, name: str) -> str:
    found = re.search(rf'textbox "{name}"[^\n]*\[ref=(\w+)\]', snapshot)
    assert found, snapshot
    return found[1]


def test_a_date_field_is_named_with_its_layout_and_typed_as_it_shows_and_a_password_by_its_length(page, site):
    page.goto(f"{site}/truths/booking.html")
    watcher, secrets = PageWatcher(page), Secrets()
    seen = observe(page, watcher, secrets).snapshot
    assert re.search(r'textbox "Date" \[date=mm/dd/yyyy\] \[ref=\w+\]', seen), seen

    def typed(name: str, text: str):
        return act(page, Action(kind="type", ref=ref(seen, name), text=text), secrets, 2.0, seen)

    date = page.get_by_label("Date")
    shown = typed("Date", "12/24/2026")  # as the field shows it, as a person types it
    assert shown.ok and shown.message == "typed (the field holds 2026-12-24)" and date.input_value() == "2026-12-24"
    assert typed("Date", "2026-12-23").ok and date.input_value() == "2026-12-23"  # the ISO form, as ever
    refused = typed("Date", "24.12.2026")  # neither: the field stays empty and the model is told what works
    assert not refused.ok and date.input_value() == ""
    assert "'24.12.2026' is not a form it takes; type it as it shows, mm/dd/yyyy (e.g. 12/24/2026)" in refused.message
    assert "or as YYYY-MM-DD" in refused.message

    assert typed("Password", "hunter2hunt").message == "typed (hidden, 11 characters)"
    cut = typed("Member code", "hunter2hunt")  # maxlength=6: what was typed is not what the field holds
    assert cut.message == "typed 11 characters; the field holds (hidden, 6 characters)"
    after = observe(page, watcher, secrets)
    assert re.search(r'textbox "Password" \[ref=\w+\]: \(hidden, 11 characters\)', after.snapshot), after.snapshot
    assert re.search(r'textbox "Member code"[^\n]*\[ref=\w+\]: \(hidden, 6 characters\)', after.snapshot)
    assert "hunter" not in after.model_dump_json() and "hunter" not in cut.model_dump_json()
    heard = observe(page, PageWatcher(page, reader=ScreenReader(page, 2.0)), secrets).snapshot  # a reader's tree too
    assert 'textbox "Date" [date=mm/dd/yyyy]' in heard and "(hidden, 11 characters)" in heard, heard


def test_a_text_field_for_a_date_is_no_date_field_and_a_code_in_a_text_field_shows(page, site):
    page.goto(f"{site}/truths/booking-text.html")
    watcher, secrets = PageWatcher(page), Secrets()
    seen = observe(page, watcher, secrets).snapshot
    assert 'textbox "Date"' in seen and "[date=" not in seen
    done = act(page, Action(kind="type", ref=ref(seen, "Date"), text="24.12.2026"), secrets, 2.0, seen)
    assert done.ok and done.message == "typed" and page.get_by_label("Date").input_value() == "24.12.2026"
    act(page, Action(kind="type", ref=ref(seen, "Member code"), text="T0UR26"), secrets, 2.0, seen)
    after = observe(page, watcher, secrets).snapshot
    assert re.search(r'textbox "Member code"[^\n]*\[ref=\w+\]: T0UR26', after) and "hidden" not in after


def test_the_layout_is_the_fields_own_not_the_locale_a_context_gives_intl(browser, site):
    """Chromium lays out a date field in its own locale: a context in cs-CZ has Intl write 24. 12. 2026, while the
    field still shows (and takes) the browser's layout; the model is told the field's."""
    context = browser.new_context(locale="cs-CZ")
    try:
        page = context.new_page()
        page.goto(f"{site}/truths/booking.html")
        intl = page.evaluate("() => new Intl.DateTimeFormat().format(new Date(2026, 11, 24))")
        seen = observe(page, PageWatcher(page), Secrets()).snapshot
        told = re.search(r'textbox "Date" \[date=([^\]]+)\]', seen)
        assert told and told[1] == "mm/dd/yyyy" and intl.replace(" ", "") == "24.12.2026", (seen, intl)
        page.get_by_label("Date").focus()
        page.keyboard.type("12242026")  # a person's keys, segment by segment, in the layout told
        assert page.get_by_label("Date").input_value() == "2026-12-24"
    finally:
        context.close()
