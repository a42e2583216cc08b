"""report.html opens in real Chromium with no console errors, shows every test, and expands a timeline."""

from __future__ import annotations

from pytest_useragent import Agent, OfflineProvider, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.render import write_run_report


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
