"""axe-core on copies of page states, in a page of their own: the same findings as on the page, none of its time."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError

from pytest_useragent.browser import checks as checks_module
from pytest_useragent.browser.audit import COPY, Audits, audit_in_place, auditor_for
from pytest_useragent.browser.checks import PageChecks
from pytest_useragent.browser.scripts import script
from pytest_useragent.records import Signals

UNNAMED_BUTTON = "<main><h1>Shop</h1><button><svg width=20 height=20></svg></button></main>"

PAGES = {
    "plain": '<html lang="en"><title>t</title><main><h1>Hi</h1><img src="a.png"><a href="#"></a></main></html>',
    "shadow DOM": """<main><h1>x</h1><div id=host></div></main><script>
        document.getElementById('host').attachShadow({mode: 'open'}).innerHTML = '<button></button>';</script>""",
    "a rule added by script": """<main><h1>x</h1><p class=faint>Hard to read</p></main><style id=s></style><script>
        document.getElementById('s').sheet.insertRule('.faint { color: #ccc; background: #fff }');</script>""",
    "an adopted style sheet": """<main><h1>x</h1><p class=faint>Hard to read</p></main><script>
        const sheet = new CSSStyleSheet(); sheet.replaceSync('.faint { color: #ddd }');
        document.adoptedStyleSheets = [sheet];</script>""",
    "an open modal dialog": """<main><h1>x</h1><button>Behind</button></main><dialog><p>Sure?</p><button></button>
        </dialog><script>document.querySelector('dialog').showModal();</script>""",
    "an open popover": """<main><h1>x</h1></main><div popover id=menu><button></button></div>
        <script>document.getElementById('menu').showPopover();</script>""",
    "dark colours": """<style>@media (prefers-color-scheme: dark) { p { color: #333; background: #222 } }</style>
        <main><h1>x</h1><p>Only dark is hard to read</p></main>""",
    "scrolled, under a fixed header": """<header style="position:fixed;top:0;height:80px;width:100%;background:#fff">
        <a href="#">Menu</a></header><main style="height:3000px"><h1>x</h1><p style="margin-top:1500px;color:#eee">
        low</p></main><script>scrollTo(0, 1400)</script>""",
}


def violations(issues):
    return sorted((issue.rule, issue.locator, issue.count, tuple(issue.examples)) for issue in issues or [])


def copy_audited(page):
    checks = PageChecks(page, Audits())
    return checks.inspect(Signals(), page.evaluate(script("look.js"))["fingerprint"]) + checks.audited()


@pytest.mark.parametrize("name", PAGES)
def test_the_copy_is_audited_as_the_page_itself(page, name):
    page.emulate_media(color_scheme="dark" if name == "dark colours" else "light")
    page.set_content(PAGES[name])
    found = [issue for issue in copy_audited(page) if issue.rule not in ("target-size", "horizontal-overflow")]
    assert page.evaluate("typeof window.axe") == "undefined"  # axe ran elsewhere
    in_place = audit_in_place(page)
    assert found and violations(found) == violations(in_place)


@pytest.mark.parametrize(
    "sheet",
    [
        '<link rel=stylesheet href="{other}/faint.css">',  # the page may use it but not read it: fetched
        '<style>@import url("{same}/faint.css") screen;</style>',  # read through the import
        '<style>@import url("{same}/faint.css") print;</style>',  # and only where it applies
    ],
)
def test_style_sheets_from_elsewhere_are_in_the_copy(page, site, sheet):
    page.goto(f"{site}/index.html")
    sheet = sheet.format(other=site.replace("127.0.0.1", "localhost"), same=site)
    page.set_content(f"{sheet}<main><h1>x</h1><p class=faint>Hard to read</p></main>")
    contrast = [issue for issue in copy_audited(page) if issue.rule == "color-contrast"]
    assert violations(contrast) == violations(i for i in audit_in_place(page) or [] if i.rule == "color-contrast")
    assert bool(contrast) is ("print" not in sheet)


def test_dark_colours_are_judged_only_when_the_page_is_dark(page):
    page.set_content(PAGES["dark colours"])
    assert "color-contrast" not in [issue.rule for issue in copy_audited(page)]


def test_the_copy_runs_none_of_the_page_scripts(page, site):
    page.goto(f"{site}/index.html")
    page.set_content("""<main><h1>x</h1><img src="/missing.png" onerror="window.handled = true"></main>
        <script>window.ran = true</script>""")
    page.wait_for_function("window.handled && window.ran")
    assert copy_audited(page) is not None
    auditor = auditor_for(page)
    assert auditor is not None
    copy_page = auditor._ready(page.evaluate(COPY))
    assert copy_page.evaluate("[window.ran, window.handled, typeof axe]") == [None, None, "object"]
    assert copy_page.context != page.context and page.context.pages == [page]  # not in the user's context


def test_a_closed_audit_page_loses_that_audit_only(page):
    page.set_content(UNNAMED_BUTTON)
    assert "button-name" in [issue.rule for issue in copy_audited(page)]  # the audit page is made
    auditor_for(page)._page.close()
    checks = PageChecks(page, Audits())
    checks.inspect(Signals(), "state 1")
    assert checks.audited() == []  # lost, and not kept: a later session audits the state again
    checks.inspect(Signals(), "state 2")
    assert "button-name" in [issue.rule for issue in checks.audited()]  # on a new audit page


def test_a_page_without_a_reachable_browser_is_audited_in_place(page, monkeypatch):
    monkeypatch.setattr(checks_module, "auditor_for", lambda page: None)
    page.set_content(UNNAMED_BUTTON)
    assert "button-name" in [issue.rule for issue in copy_audited(page)]
    assert page.evaluate("typeof window.axe") == "object"


def test_a_page_state_seen_in_an_earlier_session_is_not_audited_again(page):
    audits = Audits()
    page.set_content(UNNAMED_BUTTON)
    fingerprint = page.evaluate(script("look.js"))["fingerprint"]
    first = PageChecks(page, audits)
    started = [issue.rule for issue in first.inspect(Signals(), fingerprint)]
    assert "button-name" not in started  # still running elsewhere
    assert "button-name" in [issue.rule for issue in first.audited()]
    second = PageChecks(page, audits)
    known = second.inspect(Signals(), fingerprint)
    assert "button-name" in [issue.rule for issue in known] and second.audited() == []  # known at once, no audit
    known[0].step = 7
    assert PageChecks(page, audits).inspect(Signals(), fingerprint)[0].step is None  # each session gets copies
    assert PageChecks(page, audits).inspect(Signals(), fingerprint + " another") == []  # another state: audited


def test_a_document_going_away_is_checked_at_its_next_look(page, monkeypatch):
    page.set_content(UNNAMED_BUTTON)
    fingerprint = page.evaluate(script("look.js"))["fingerprint"]
    checks = PageChecks(page, Audits())

    def replaced(*args):
        raise PlaywrightError("Execution context was destroyed, most likely because of a navigation")

    with monkeypatch.context() as patched:
        patched.setattr(page, "evaluate", replaced)
        assert checks.inspect(Signals(console_errors=["boom"]), fingerprint)[0].rule == "console-error"
        assert checks.audited() == []
    checks.inspect(Signals(), fingerprint)  # not taken as seen: checked now
    assert "button-name" in [issue.rule for issue in checks.audited()]
