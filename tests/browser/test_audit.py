"""axe-core on copies of page states, in a page of their own: the same findings as on the page, none of its time."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError

from pytest_useragent import Agent, Persona
from pytest_useragent.browser import checks as checks_module
from pytest_useragent.browser.audit import COPY, Audits, audit_in_place, auditor_for
from pytest_useragent.browser.checks import PageChecks
from pytest_useragent.browser.observe import LOOK
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.records import Box, IssueDraft, Signals
from pytest_useragent.testing import ScriptedProvider, decision, ref_of

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


def in_place_issues(page):
    audited = audit_in_place(page)
    return audited.issues if audited is not None else []


def copy_audited(page):
    checks = PageChecks(page, Audits())
    return checks.inspect(Signals(), page.evaluate(LOOK)["fingerprint"]) + checks.audited()


@pytest.mark.parametrize("name", PAGES)
def test_the_copy_is_audited_as_the_page_itself(page, name):
    page.emulate_media(color_scheme="dark" if name == "dark colours" else "light")
    page.set_content(PAGES[name])
    found = [issue for issue in copy_audited(page) if issue.rule not in ("target-size", "horizontal-overflow")]
    assert page.evaluate("typeof window.axe") == "undefined"  # axe ran elsewhere
    in_place = audit_in_place(page)
    assert in_place is not None and found and violations(found) == violations(in_place.issues)


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
    assert violations(contrast) == violations(i for i in in_place_issues(page) if i.rule == "color-contrast")
    assert bool(contrast) is ("print" not in sheet)


def test_dark_colours_are_judged_only_when_the_page_is_dark(page):
    page.set_content(PAGES["dark colours"])
    assert "color-contrast" not in [issue.rule for issue in copy_audited(page)]


def test_a_dark_and_a_light_page_state_get_their_own_contrast_results(page):
    """One process's audits are shared by its sessions: a light persona's results for a page are not a dark one's,
    though the document is the same."""
    audits = Audits()
    page.set_content(PAGES["dark colours"])

    def audited() -> list[str]:
        checks = PageChecks(page, audits)
        return [issue.rule for issue in checks.inspect(Signals(), page.evaluate(LOOK)["fingerprint"])] + [
            issue.rule for issue in checks.audited()
        ]

    assert "color-contrast" not in audited()  # light: the dark rule does not apply
    page.emulate_media(color_scheme="dark")
    assert "color-contrast" in audited()  # dark: audited anew, as the dark page
    page.emulate_media(color_scheme="light")
    assert "color-contrast" not in audited()  # light again: the light results, kept


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
    assert checks.unaudited == [page.url]  # and said: its issues are unknown, not none
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
    fingerprint = page.evaluate(LOOK)["fingerprint"]
    first = PageChecks(page, audits)
    started = [issue.rule for issue in first.inspect(Signals(), fingerprint)]
    assert "button-name" not in started  # still running elsewhere
    audited = {issue.rule: issue for issue in first.audited()}
    assert audited["button-name"].box is not None  # where this look's screenshot shows it
    second = PageChecks(page, audits)
    known = second.inspect(Signals(), fingerprint)
    assert "button-name" in [issue.rule for issue in known] and second.audited() == []  # known at once, no audit
    assert all(issue.box is None for issue in known)  # another look, maybe scrolled elsewhere: not marked from the old
    known[0].step = 7
    assert PageChecks(page, audits).inspect(Signals(), fingerprint)[0].step is None  # each session gets copies
    assert PageChecks(page, audits).inspect(Signals(), fingerprint + " another") == []  # another state: audited


def test_a_document_going_away_is_checked_at_its_next_look(page, monkeypatch):
    page.set_content(UNNAMED_BUTTON)
    fingerprint = page.evaluate(LOOK)["fingerprint"]
    checks = PageChecks(page, Audits())

    def replaced(*args):
        raise PlaywrightError("Execution context was destroyed, most likely because of a navigation")

    with monkeypatch.context() as patched:
        patched.setattr(page, "evaluate", replaced)
        assert checks.inspect(Signals(console_errors=["boom"]), fingerprint)[0].rule == "console-error"
        assert checks.audited() == []
    checks.inspect(Signals(), fingerprint)  # not taken as seen: checked now
    assert "button-name" in [issue.rule for issue in checks.audited()]


@pytest.mark.parametrize("scrolled", [0, 1000])
def test_an_axe_finding_carries_where_the_screenshot_shows_its_element(page, scrolled):
    page.set_viewport_size({"width": 800, "height": 600})
    page.set_content(
        '<main style="height:3000px"><h1>x</h1><img src="nowhere.png" style="position:absolute;left:300px;top:1100px;'
        'width:50px;height:40px"><button style="position:absolute;left:20px;top:1300px;width:30px;height:30px">'
        "</button></main>"
    )
    page.evaluate(f"scrollTo(0, {scrolled})")
    found = {issue.rule: issue for issue in copy_audited(page)}
    if scrolled:  # in the viewport: measured as the page lays it out now
        assert found["image-alt"].box is not None
        assert (found["image-alt"].box.x, found["image-alt"].box.y) == (300, 100)
        assert (found["image-alt"].box.width, found["image-alt"].box.height) == (50, 40)
        assert (found["button-name"].box.x, found["button-name"].box.y) == (20, 300)
    else:  # below the fold: nothing the screenshot shows
        assert found["image-alt"].box is None and found["button-name"].box is None
    assert all("data-useragent" not in (issue.element or "") for issue in found.values())
    in_place = {issue.rule: issue.box for issue in in_place_issues(page)}
    if scrolled:
        assert in_place["image-alt"] == found["image-alt"].box


def test_a_steps_screenshot_marks_the_acted_element_an_axe_finding_and_a_persona_finding(page, site, tmp_path):
    marked = f"{site}/marked.html"
    page.route(
        marked,
        lambda route: route.fulfill(
            content_type="text/html",
            body='<html lang="en"><title>Shop</title><main><h1>Shop</h1><a href="/pricing.html">Pricing</a>'
            '<button style="position:absolute;left:200px;top:300px;width:40px;height:30px"></button></main></html>',
        ),
    )

    def decide(request):
        finding = IssueDraft(
            severity="minor",
            heuristic="Nielsen #4",
            title="Odd link",
            evidence="-",
            quote="-",
            ref=ref_of(request, "Pricing"),
        )
        return decision("click", ref_of(request, "Pricing"), issues=[finding])

    provider = ScriptedProvider(decide)
    result = Agent(page, Persona(name="Jana"), provider, UserAgentConfig(max_steps=1, settle_timeout=2), tmp_path).run(
        "Find the pricing", url=marked
    )
    step = result.steps[0]
    assert step.marks is not None
    kinds = {
        (mark.kind, step.issues[int(mark.label) - 1].rule if mark.kind == "issue" else mark.label)
        for mark in step.marks.marks
    }
    assert kinds == {("acted", "click"), ("issue", None), ("issue", "button-name")}
    axe = next(mark for mark in step.marks.marks if mark.kind == "issue" and step.issues[int(mark.label) - 1].rule)
    assert (axe.box.x, axe.box.y, axe.box.width, axe.box.height) == (200, 300, 40, 30)


def test_no_box_attribute_leaks_into_findings_and_a_page_cannot_forge_one(page):
    """In a shadow root two deep or on an element carrying its own lookalike attribute, the evidence, locators and
    keys are the page's own markup (an issue's key does not move with its element), and each is marked where it is."""
    page.set_viewport_size({"width": 800, "height": 600})
    page.set_content(
        '<main><h1>x</h1><div id=host></div><img src="x.png" data-useragent-box="nan,nan,inf,inf" '
        'style="position:absolute;left:10px;top:10px;width:20px;height:20px"></main>'
        "<script>const outer = document.getElementById('host').attachShadow({mode: 'open'});"
        "outer.innerHTML = '<p>in</p><span id=inner></span>';"
        "outer.getElementById('inner').attachShadow({mode: 'open'}).innerHTML = "
        "'<button style=\"position:fixed;left:300px;top:200px;width:70px;height:50px\"></button>';</script>"
    )
    found = {issue.rule: issue for issue in copy_audited(page)}
    leaked = [
        text
        for issue in found.values()
        for text in (issue.element or "", issue.locator or "", issue.key, *issue.examples)
        if "data-useragent-box-" in text
    ]
    assert leaked == []
    assert found["button-name"].box == Box(x=300, y=200, width=70, height=50)  # through two shadow roots
    image = found["image-alt"]
    assert image.box == Box(x=10, y=10, width=20, height=20)
    assert 'data-useragent-box="nan,nan,inf,inf"' in (image.element or "")  # the page's own attribute, as it is
    in_place = {issue.rule: issue.box for issue in in_place_issues(page)}
    assert (in_place["button-name"], in_place["image-alt"]) == (found["button-name"].box, image.box)


def test_a_box_is_four_finite_numbers_or_nothing():
    assert Box.parse("1,2,3,4") == Box(x=1, y=2, width=3, height=4)
    assert [Box.parse(text) for text in ("nan,1,2,3", "1,2,inf,3", "1,2,3", "", None)] == [None] * 5
