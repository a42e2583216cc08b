"""Every action by ref, the stable locator it records, and failures as outcomes."""

from __future__ import annotations

import re

import pytest

from pytest_useragent.browser.actions import act
from pytest_useragent.browser.observe import observe
from pytest_useragent.browser.watch import PageWatcher
from pytest_useragent.records import Action
from pytest_useragent.secrets.redaction import Secrets


def ref(page, role: str, name: str) -> str:
    snapshot = page.aria_snapshot(mode="ai")
    match = re.search(rf'- {role} "{re.escape(name)}"[^\n]*\[ref=([a-z0-9]+)\]', snapshot)
    assert match, snapshot
    return match.group(1)


def do(page, secrets=None, timeout=2.0, **fields):
    return act(page, Action(**fields), secrets or Secrets(), timeout)


@pytest.fixture
def home(page, site):
    page.goto(f"{site}/index.html")
    return page


def test_click_follows_a_link_and_records_a_playwright_locator(home, site):
    outcome = do(home, kind="click", ref=ref(home, "link", "Pricing"))
    home.wait_for_url(f"{site}/pricing.html")
    assert outcome.ok and outcome.locator == 'get_by_role("link", name="Pricing")'


def test_type_fills_a_field(home):
    outcome = do(home, kind="type", ref=ref(home, "textbox", "Email"), text="jana@example.com")
    assert outcome.ok and home.get_by_label("Email").input_value() == "jana@example.com"
    assert outcome.locator == 'get_by_role("textbox", name="Email")'


@pytest.mark.parametrize(("text", "heard"), [("Oreg", "Oreg"), ("two words ", "")])
def test_typing_ends_with_a_key_as_a_persons_typing_does_so_a_combobox_filters(page, text, heard):
    # a widget that listens to keys (the APG autocomplete combobox), not to a value set by a script
    page.set_content("""<label for=s>State</label><input id=s role=combobox aria-controls=l aria-expanded=false>
        <ul id=l role=listbox></ul><script>
        s.addEventListener('keyup', () => { l.textContent = s.value; s.setAttribute('aria-expanded', 'true'); });
        </script>""")
    outcome = do(page, kind="type", ref=ref(page, "combobox", "State"), text=text)
    assert outcome.ok and page.locator("#s").input_value() == text
    # the twin: text that ends in a space is set whole (a last key of Enter or Space could act on the page)
    assert page.locator("#l").text_content() == heard


def test_typing_into_a_password_field_makes_the_text_a_secret(home):
    secrets = Secrets()
    outcome = do(home, secrets, kind="type", ref=ref(home, "textbox", "Password"), text="pa55word!")
    assert outcome.ok and secrets.redact("my pa55word! here") == "my •••••• here"


def test_press_submits_a_form(home, site):
    field = ref(home, "textbox", "Email")
    do(home, kind="type", ref=field, text="a@b.c")
    outcome = do(home, kind="press", ref=field, key="Enter")
    home.wait_for_url(re.compile(r".*/signed-in\.html.*"))
    assert outcome.ok and "Enter" in outcome.message


def test_press_without_a_ref_goes_to_the_page(home):
    assert do(home, kind="press", key="Tab").ok


def test_select_by_label(home):
    outcome = do(home, kind="select", ref=ref(home, "combobox", "Size"), text="Large")
    assert outcome.ok and home.get_by_label("Size").input_value() == "Large"


def test_hover_and_scroll(home):
    assert do(home, kind="hover", ref=ref(home, "button", "Subscribe")).ok
    far = ref(home, "link", "Far away link")
    assert do(home, kind="scroll", ref=far).ok and home.get_by_text("Far away link").is_visible()
    assert do(home, kind="scroll", direction="up").ok
    assert do(home, kind="scroll").ok


def test_navigate_resolves_relative_urls_and_back_returns(home, site):
    assert do(home, kind="navigate", url="/about.html").ok and home.url == f"{site}/about.html"
    assert do(home, kind="back").ok and home.url == f"{site}/index.html"


def test_wait_does_nothing_to_the_page_and_what_is_not_the_pages_is_refused(home, site):
    assert do(home, kind="wait").ok and home.url == f"{site}/index.html"
    for kind in ("done", "give_up", "write", "find"):
        outcome = do(home, kind=kind)
        assert (
            not outcome.ok and outcome.message == f"{kind} is not done to the page" and home.url == f"{site}/index.html"
        )


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"kind": "click"}, "click needs the ref"),
        ({"kind": "click", "ref": "e999"}, "no element e999"),
        ({"kind": "navigate"}, "navigate needs a url"),
    ],
)
def test_bad_actions_are_outcomes(home, fields, message):
    outcome = do(home, **fields)
    assert not outcome.ok and message in outcome.message


def test_a_stale_ref_after_navigation_is_an_outcome(home):
    pricing = ref(home, "link", "Pricing")
    do(home, kind="click", ref=pricing)
    home.wait_for_load_state()
    home.aria_snapshot(mode="ai")  # a new look: the old refs are gone
    outcome = do(home, kind="click", ref=pricing)
    assert not outcome.ok and f"no element {pricing}" in outcome.message


def test_a_hidden_element_times_out_into_an_outcome(page, site):
    page.set_content('<button>Visible</button><button style="visibility:hidden">Hidden</button>')
    snapshot = page.aria_snapshot(mode="ai")
    page.evaluate("document.querySelector('button').style.display = 'none'")
    visible = re.search(r'button "Visible" \[ref=([a-z0-9]+)\]', snapshot).group(1)
    outcome = do(page, kind="click", ref=visible)  # the bound of a live page's calls too: never under a second
    assert not outcome.ok and "Timeout" in outcome.message
    assert outcome.locator is not None and "Visible" in outcome.locator


def test_select_of_a_missing_option_is_an_outcome_at_once_naming_the_options(home):
    outcome = do(home, kind="select", ref=ref(home, "combobox", "Size"), text="Huge")  # not Playwright's timeout
    assert not outcome.ok and outcome.message == "no option 'Huge': the dropdown offers 'Small', 'Large'"


def test_select_takes_the_one_option_a_name_begins_as_typing_on_the_dropdown_does(page):
    page.set_content(
        "<label>City <select><option>Choose</option><option>Warsaw, Poland</option>"
        "<option>Washington D.C., United States</option></select></label>"
    )
    city = ref(page, "combobox", "City")
    outcome = do(page, kind="select", ref=city, text="warsaw")
    assert outcome.ok and outcome.message == "selected 'Warsaw, Poland'"
    assert page.eval_on_selector("select", "e => e.value") == "Warsaw, Poland"
    missed = do(page, kind="select", ref=city, text="Wa")  # the twin: no word cut short, nothing changed
    assert not missed.ok and missed.message.startswith("no option 'Wa'")
    assert page.eval_on_selector("select", "e => e.value") == "Warsaw, Poland"


FIELDS = """<label>Date <input type=date></label><label>Time <input type=time></label>
<label>Qty <input type=number></label><label>Volume <input type=range min=0 max=10></label>
<label>Colour <input type=color></label><label>Size <select><option>S</option><option>M</option></select></label>"""


def test_every_kind_of_field_shows_its_value_in_the_next_look(page):
    """What was typed or chosen is in the snapshot the model reads next, in each input type, so it can judge its
    own expectation ("the date field shows 24 December")."""
    page.set_content(FIELDS)
    typed = {"Date": "2026-12-24", "Time": "09:30", "Qty": "3", "Colour": "#ff0000"}
    for name, text in typed.items():
        role = "spinbutton" if name == "Qty" else "textbox"
        assert do(page, kind="type", ref=ref(page, role, name), text=text).ok
    assert do(page, kind="type", ref=ref(page, "slider", "Volume"), text="7").ok
    assert do(page, kind="select", ref=ref(page, "combobox", "Size"), text="M").ok
    snapshot = observe(page, PageWatcher(page), Secrets()).snapshot  # as the model reads it
    shown = {**typed, "Volume": "7"}
    for role, name in (("textbox", "Date"), ("textbox", "Time"), ("spinbutton", "Qty"), ("slider", "Volume")):
        assert re.search(rf'{role} "{name}"[^\n]*\[ref=\w+\]: "?{shown[name]}"?\n', snapshot), snapshot
    assert re.search(r'textbox "Colour"[^\n]*: "#ff0000"', snapshot) and 'option "M" [selected]' in snapshot


@pytest.mark.parametrize(
    ("name", "text", "form"),
    [("Date", "24.12.2026", "mm/dd/yyyy (e.g. 12/24/2026), or as YYYY-MM-DD"), ("Time", "half past nine", "HH:MM")],
)
def test_a_date_the_field_drops_is_a_failed_action_that_names_the_forms_it_takes(page, name, text, form):
    page.set_content(FIELDS)
    outcome = do(page, kind="type", ref=ref(page, "textbox", name), text=text)
    assert not outcome.ok and f"stayed empty: {text!r} is not a form it takes; type it as it shows" in outcome.message
    assert form in outcome.message
    assert page.get_by_label(name).input_value() == ""  # the page as the persona sees it: still empty
