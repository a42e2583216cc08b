"""Each objective check on a small page of its own."""

from __future__ import annotations

import pytest

from pytest_useragent.browser import checks as module
from pytest_useragent.browser.audit import Audits, evidence_of
from pytest_useragent.browser.checks import PageChecks, issues_from_signals
from pytest_useragent.browser.observe import LOOK, Rider, observe
from pytest_useragent.browser.scripts import script
from pytest_useragent.browser.watch import MAX_SIGNALS, PageWatcher
from pytest_useragent.records import FailedRequest, Signals, SlowResponse
from pytest_useragent.records.grouping import MAX_EXAMPLES
from pytest_useragent.secrets.redaction import Secrets


def inspect(checks, page):
    """The checks on the page as the session runs them: with the fingerprint of a look, and axe's findings."""
    return checks.inspect(Signals(), page.evaluate(LOOK)["fingerprint"]) + checks.audited()


def rules(issues):
    return [issue.rule for issue in issues]


def test_axe_finds_an_unnamed_button_once_per_page_state(page):
    page.set_content("<main><h1>Shop</h1><button><svg width=20 height=20></svg></button></main>")
    checks = PageChecks(page)
    first = inspect(checks, page)
    assert "button-name" in rules(first)
    issue = next(i for i in first if i.rule == "button-name")
    assert issue.severity == "critical" and issue.locator == 'locator("button")' and "<button>" in issue.element
    assert "button-name" not in rules(inspect(checks, page))  # same page, same state: not run again


def test_axe_findings_read_as_a_person_writes_them(page):
    """The rule's short help as the title; the element by role and accessible name (its HTML, short, when it has
    neither) and the rule's help page as the evidence: never axe's several lines of "Fix any of the following"."""
    page.set_content(
        "<main><h1>Shop</h1><button><svg width=20 height=20></svg></button>"
        '<a href="/cart"><img src="cart.png"></a><label>Remember me <input type=checkbox value=on></label></main>'
    )
    found = {issue.rule: issue for issue in inspect(PageChecks(page), page)}
    button = found["button-name"]
    assert button.title == "Buttons must have discernible text"
    assert button.evidence.startswith("button (no name); the rule: https://dequeuniversity.com/rules/axe/")
    assert button.evidence.endswith("button-name?application=axeAPI")
    assert found["image-alt"].evidence.startswith("img (no name)")
    assert found["link-name"].evidence.startswith("link (no name)")
    everything = [issue.evidence for issue in found.values()]
    assert all("Fix any" not in text and "Fix all" not in text and "\n" not in text for text in everything)
    assert all(len(text.split("; the rule: ")[0]) <= 120 for text in everything)


def test_an_element_is_named_by_its_role_and_accessible_name(page):
    page.set_content(
        "<p id=t>Total due</p><input aria-labelledby=t><label>Remember me <input type=checkbox value=on></label>"
        '<input type=submit value="Send"><a href="/x"> Read  more </a><div role=button title=Close></div>'
        "<input placeholder=Search><span>plain</span>"
    )
    described = page.evaluate(
        f"() => [...document.querySelectorAll('input, a, [role], span')].map({script('describe.js')})"
    )
    assert described == [
        'textbox "Total due"',
        'checkbox "Remember me"',  # not its value, "on"
        'button "Send"',
        'link "Read more"',
        'button "Close"',
        'textbox "Search"',
        'span "plain"',
    ]


def test_small_controls_need_room_around_them(page):
    page.set_content("""<style>button{width:16px;height:16px;padding:0;margin:0}</style>
        <div><button aria-label="a">a</button><button aria-label="b">b</button></div>
        <div style="margin-top:80px"><button aria-label="alone">c</button></div>""")
    (found,) = [i for i in inspect(PageChecks(page), page) if i.rule == "target-size"]  # one issue for the rule
    assert found.count == 2 and found.evidence.startswith('button "a": 16x16 px')
    # the examples are locators that find the cramped controls ("alone" has room)
    assert [eval("page." + example, {"page": page}).get_attribute("aria-label") for example in found.examples] == [
        "a",
        "b",
    ]
    assert found.element and found.element.startswith('<button aria-label="a">')
    box = page.get_by_label("a", exact=True).bounding_box()  # where the step's screenshot shows the first one
    assert found.box is not None and box is not None
    assert (found.box.x, found.box.y, found.box.width, found.box.height) == (round(box["x"]), round(box["y"]), 16, 16)


def test_ten_thousand_small_controls_are_one_issue_that_counts_them(page):
    buttons = "".join(f"<button id=b{i}></button>" for i in range(10_000))  # unnamed: axe finds them all too
    page.set_content(
        f"<style>button{{width:10px;height:10px;padding:0;margin:0;border:0}}</style><main>{buttons}</main>"
    )
    found = inspect(PageChecks(page), page)
    (small,) = [i for i in found if i.rule == "target-size"]
    assert small.count == 10_000 and len(small.examples) == MAX_EXAMPLES
    (unnamed,) = [i for i in found if i.rule == "button-name"]
    assert unnamed.count == 10_000 and len(unnamed.examples) == MAX_EXAMPLES
    assert len(found) < 10


def test_links_in_running_text_are_exempt(page):
    page.set_content('<p>Read <a href="#x">the terms</a> and <a href="#y">privacy</a> before you go.</p>')
    assert "target-size" not in rules(inspect(PageChecks(page), page))


COMBOBOX = """<style>input, button {{ margin: 0; box-sizing: border-box; height: 30px; vertical-align: top }}</style>
    <label for="s">State</label><input id="s" role="combobox" aria-controls="{input}" style="width: 150px"><button
    tabindex="-1" aria-label="States" aria-controls="list" style="width: 19px; padding: 0">v</button>
    <ul id="list" role="listbox" hidden></ul>"""
BOXES = """<style>li {{ line-height: 1.2 }} {style}</style><ul>
    <li><label><input type="checkbox">Tea</label></li><li><label><input type="checkbox">Milk</label></li></ul>"""


def test_wcag_s_exceptions_hold_an_arrow_beside_its_combobox_and_a_box_the_browser_sized(page):
    page.set_content(COMBOBOX.format(input="list") + BOXES.format(style=""))
    assert "target-size" not in rules(inspect(PageChecks(page), page))


@pytest.mark.parametrize(
    ("html", "named"),
    [
        (COMBOBOX.format(input="other") + BOXES.format(style=""), 'button "States"'),  # it opens what no other opens
        (BOXES.format(style="input { width: 10px; height: 10px }"), 'checkbox "Tea"'),  # the author sized the boxes
    ],
)
def test_the_twins_an_arrow_of_its_own_and_a_box_the_author_shrank(page, html, named):
    page.set_content(html)
    (small,) = [issue for issue in inspect(PageChecks(page), page) if issue.rule == "target-size"]
    assert small.evidence.startswith(named)


def test_horizontal_overflow(page):
    page.set_content('<div style="width:3000px">wide</div>')
    issue = next(i for i in inspect(PageChecks(page), page) if i.rule == "horizontal-overflow")
    assert "wider than the viewport" in issue.evidence
    page.set_content("<div>narrow</div>")
    assert "horizontal-overflow" not in rules(inspect(PageChecks(page), page))


def clicked(page, checks, locator, name):
    """A click as the session does it: a look, the click, then the dead-click check."""
    page.evaluate(LOOK)
    url = page.url
    locator.click()
    return checks.dead_click(f"button {name}", url)


def test_a_dead_click_and_clicks_that_do_something(page):
    page.set_content("""<button id=dead>Dead</button>
        <button id=live onclick="this.textContent='Done'">Live</button>
        <button id=focus onclick="document.getElementById('f').focus()">Focus</button><input id=f aria-label=f>
        <a href="#next">Next</a>""")
    PageWatcher(page).start()
    checks = PageChecks(page)
    for name, dead in [("Dead", True), ("Live", False), ("Focus", False), ("Next", False)]:
        issue = clicked(page, checks, page.get_by_text(name, exact=True), name)
        assert (issue is not None) is dead, name
    page.evaluate(LOOK)
    assert checks.dead_click("x", page.url) is None  # no click since the look


def test_a_dead_button_below_the_fold_is_dead_every_time_and_a_click_that_scrolls_is_not(page):
    """A click scrolls its target into view before the button goes down; that scroll's event comes a frame later,
    often after the click, and was taken for the click's effect (a real site's dead button found 3 clicks in 6)."""
    page.set_content("""<div style="height:2400px">Our bears</div>
        <button id=dead style="transition: all .3s">Customise your bear</button>
        <button id=top onclick="window.scrollTo(0, 0)">Back to top</button><div style="height:2400px"></div>""")
    PageWatcher(page).start()
    checks = PageChecks(page)
    for _ in range(6):
        page.evaluate("scrollTo(0, 0)")
        assert clicked(page, checks, page.locator("#dead"), "Customise your bear") is not None
    # the twin: a click whose own effect is a scroll, the page scrolled by its script from where the person stood
    page.locator("#top").scroll_into_view_if_needed()
    assert clicked(page, checks, page.locator("#top"), "Back to top") is None


def test_a_click_whose_effect_comes_a_little_later_is_not_dead(page):
    page.set_content("""<button onclick="setTimeout(() => this.textContent = 'Sent', 40)">Send</button>""")
    PageWatcher(page).start()
    assert clicked(page, PageChecks(page), page.get_by_text("Send"), "Send") is None


def test_a_click_inside_a_frame_is_not_judged(page):
    page.set_content('<button>Outer</button><iframe srcdoc="<button>Inner</button>"></iframe>')
    PageWatcher(page).start()
    checks = PageChecks(page)
    assert clicked(page, checks, page.get_by_text("Outer"), "Outer") is not None  # dead, and judged
    inner = page.frame_locator("iframe").get_by_text("Inner")
    assert clicked(page, checks, inner, "Inner") is None  # its effects would be in the frame's document


def test_clicks_on_form_fields_are_never_dead(page):
    page.set_content('<input type=checkbox aria-label="Agree">')
    PageWatcher(page).start()
    assert clicked(page, PageChecks(page), page.get_by_label("Agree"), "Agree") is None


def test_signals_become_issues():
    signals = Signals(
        console_errors=["boom"],
        failed_requests=[
            FailedRequest(method="GET", url="http://x/a", resource="document", status=404),
            FailedRequest(method="GET", url="http://x/i.png", resource="image", error="net::ERR"),
        ],
        slow_responses=[SlowResponse(method="GET", url="http://x/s", milliseconds=1500)],
    )
    issues = issues_from_signals(signals)
    assert [(i.rule, i.severity) for i in issues] == [
        ("http-error", "major"),
        ("http-error", "minor"),
        ("console-error", "minor"),
        ("slow-response", "minor"),
    ]
    assert issues[0].evidence == "GET http://x/a -> 404" and issues[3].evidence == "GET http://x/s took 1500 ms"


def test_a_noisy_page_is_one_issue_per_kind_with_every_signal_counted():
    signals = Signals(
        console_errors=[f"boom {index}" for index in range(MAX_SIGNALS)],
        failed_requests=[
            FailedRequest(method="GET", url=f"http://x/{index}.png", resource="image", status=404)
            for index in range(MAX_SIGNALS)
        ],
        left_out={"console_errors": 900, "failed_requests": 40},
    )
    assert {(i.rule, i.title, i.count, len(i.examples)) for i in issues_from_signals(signals)} == {
        ("console-error", "The page logged an error", MAX_SIGNALS + 900, MAX_EXAMPLES),
        ("http-error", "A request failed (404)", MAX_SIGNALS, MAX_EXAMPLES),
        ("http-error", "More requests failed", 40, 1),  # their statuses were not kept
    }


def test_the_watcher_keeps_a_few_signals_of_each_kind_and_counts_the_rest(page):
    watcher = PageWatcher(page).start()
    page.evaluate("() => { for (let i = 0; i < 1000; i++) console.error('noise ' + i) }")
    page.evaluate("() => new Promise(requestAnimationFrame)")  # console events arrive before the next round trip
    signals = watcher.drain()
    assert len(signals.console_errors) == MAX_SIGNALS and signals.left_out == {"console_errors": 1000 - MAX_SIGNALS}
    assert signals.console_errors[0] == "noise 0"


def test_an_element_axe_could_not_name_is_a_short_excerpt_of_its_markup():
    markup = "<div\n  class='card'>" + "y" * 300 + "</div>"
    evidence = evidence_of({"name": None, "html": markup}, "https://dequeuniversity.com/rules/axe/4.11/region")
    element, url = evidence.split("; the rule: ")
    assert element.startswith("<div class='card'>yyy") and len(element) == 120 and element.endswith("…")
    assert url == "https://dequeuniversity.com/rules/axe/4.11/region"
    assert evidence_of({"name": 'button "Send"', "html": markup}, None) == 'button "Send"'  # named: no markup


def look_with(checks, page):
    """A look as the session takes it, with the checks' rider; the calls `inspect` then makes on the page itself."""

    watcher = PageWatcher(page).start()
    observation = observe(page, watcher, Secrets(), rider=checks.rider())
    calls = []
    evaluate = module.bounded.evaluate
    module.bounded.evaluate = lambda *args: (args[0] is page and calls.append(args)) or evaluate(*args)
    try:
        issues = checks.inspect(Signals(), observation.fingerprint) + checks.audited()
    finally:
        module.bounded.evaluate = evaluate
    return issues, calls


SMALL_BUTTONS = (
    "<main><h1>Shop</h1><button><svg width=20 height=20></svg></button>"
    "<button style='width:10px;height:10px'>a</button><button style='width:10px;height:10px'>b</button></main>"
)


def test_a_new_page_state_is_checked_by_the_look_itself(page):
    """The layout check and the copy for axe ride along with the look's own script: `inspect` makes no call of its
    own for them, and finds what it would have found."""

    page.set_content(SMALL_BUTTONS)
    along, calls = look_with(PageChecks(page, Audits()), page)
    assert calls == [] and {"button-name", "target-size"} <= set(rules(along))
    assert sorted(rules(along)) == sorted(rules(inspect(PageChecks(page, Audits()), page)))


def test_a_page_state_met_before_rides_nothing_along(page):

    page.set_content(SMALL_BUTTONS)
    checks = PageChecks(page, Audits())
    inspect(checks, page)
    rider = checks.rider()

    observe(page, PageWatcher(page).start(), Secrets(), rider=rider)
    assert rider.known and rider.found is None


def test_a_rider_that_throws_leaves_the_look_whole(page):

    page.set_content(SMALL_BUTTONS)
    rider = Rider("() => { throw new Error('no') }", None, ())
    observation = observe(page, PageWatcher(page).start(), Secrets(), rider=rider)
    assert observation.fingerprint and "Shop" in observation.snapshot and rider.found is None


def test_a_page_that_breaks_what_the_rider_uses_leaves_the_look_whole(page):
    """A hostile page's own `Array.prototype.includes` that throws costs the checks their ride, not the look."""
    page.set_content(SMALL_BUTTONS)
    page.evaluate("() => { Array.prototype.includes = () => { throw new Error('hostile') } }")
    checks = PageChecks(page, Audits())
    rider = checks.rider()
    observation = observe(page, PageWatcher(page).start(), Secrets(), rider=rider)
    assert observation.fingerprint and "Shop" in observation.snapshot and rider.found is None
