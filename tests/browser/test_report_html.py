"""report.html opens in real Chromium with no console errors, shows every test, and expands a timeline."""

from __future__ import annotations

from dashboard_run import dashboard_run

from pytest_useragent import Agent, OfflineProvider, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.copies import relative_copy
from pytest_useragent.report.render import render_run_html, write_run_report


def test_report_html_in_a_browser(page, site, tmp_path, output_path):
    sessions = []
    for name, goal in [("Jana", "Find the pricing"), ("Petr", "Find the careers page")]:
        agent = Agent(page, Persona(name=name), OfflineProvider(), UserAgentConfig(max_steps=4), tmp_path / name)
        sessions.append(
            SessionEntry(nodeid=f"test_shop.py::test_{name.lower()}", result=agent.run(goal, url=f"{site}/"))
        )
    html = write_run_report(aggregate(sessions, []), tmp_path / "report")

    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(html.as_uri())

    rows = page.locator("details.session")
    assert rows.count() == 2
    assert rows.nth(0).locator("summary").inner_text().startswith("test_shop.py::test_jana")
    rows.nth(0).locator("summary").click()
    first_shot = rows.nth(0).locator("img.shot").first
    first_shot.wait_for()
    assert first_shot.evaluate("img => img.complete && img.naturalWidth") > 0

    page.select_option("#filter-persona", "Petr")
    assert rows.nth(0).is_hidden() and rows.nth(1).is_visible()
    page.screenshot(path=f"{output_path}/report.png", full_page=True)  # kept as a test artifact
    assert errors == []


def test_report_html_is_a_dashboard_that_fits_a_laptop_and_a_phone(page, tmp_path, output_path):
    # issue 41: the verdict and the run's headline above the fold, each issue once with its tests behind a
    # disclosure, the gate naming only the limits it exceeded, no sideways scroll at 1280 px nor at 375 px
    html = tmp_path / "report.html"
    run = dashboard_run()  # each session's folder copied beside the report, as a run copies them: long unbroken paths
    run.copies = {entry.result.directory: relative_copy(entry.nodeid, entry.result.directory) for entry in run.sessions}
    html.write_text(render_run_html(run, {}))
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(html.as_uri())

    for part in ("#verdict", "#gate", "#card-goals", "#card-met", "#card-issues", "#card-cost"):
        box = page.locator(part).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 720, part
    verdict = page.locator("#verdict").inner_text()
    assert verdict.startswith("Failed: the baseline gate (goal:0%, new_issues:0)") and "cost" not in verdict
    assert page.locator("#card-issues .big").inner_text() == "4 distinct issues (55 occurrences in 18 tests)"
    assert page.locator("#card-issues").inner_text().count("critical") == 1  # "2 critical, 1 major, 1 minor"

    groups = page.locator("#issues details.group")
    assert groups.count() == 4
    first = groups.nth(0)
    assert first.locator("summary").inner_text().startswith("CRITICAL Buttons must have discernible text: 18 tests")
    assert "new since baseline 0002_fixed: fails the gate" in first.locator("summary").inner_text()
    assert first.locator("ul.where li").first.is_hidden()  # the tests behind the disclosure
    first.locator("summary").click()
    assert first.locator("ul.where li").count() == 18 and first.locator("ul.where li").first.is_visible()
    first.locator("summary").click()

    new = page.locator("#regressions .issues-new details.group")
    assert new.count() == 4 and "Buttons must have discernible text: 18 tests" in new.nth(0).inner_text()
    regressions = page.locator("#regressions").bounding_box()
    assert regressions is not None and regressions["height"] <= 720 * new.count()  # a screen per distinct issue
    assert page.locator("#trend .axis-y text").first.text_content() == "0%"
    assert "runs, oldest to newest" in (page.locator("#trend .axis-x").text_content() or "")

    for width in (1280, 375):
        page.set_viewport_size({"width": width, "height": 720 if width == 1280 else 812})
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), width
        page.screenshot(path=f"{output_path}/dashboard-{width}.png")  # kept as a test artifact
    for opened in page.locator("details").all():  # every disclosure open: still no sideways scroll
        opened.evaluate("d => { d.open = true; }")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
