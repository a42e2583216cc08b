"""The checks a zoomed persona's browser makes: `reflow` (WCAG 1.4.10) at 400%, each planted barrier against its
fixed twin; and `target-size` naming the control by role and accessible name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pytest_useragent import Agent, Persona, SessionResult
from pytest_useragent.browser.checks import PageChecks
from pytest_useragent.browser.observe import LOOK
from pytest_useragent.browser.reflow import finding
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.records import Signals
from pytest_useragent.testing import ScriptedProvider, decision

VERA = Persona("Vera, 78. Reads with her browser zoomed in.", zoom=400)


def session(page: Any, tmp_path: Path, persona: Persona, url: str) -> SessionResult:
    provider = ScriptedProvider([decision("done", evidence="Opening hours")])
    config = UserAgentConfig(settle_timeout=5, survey="off")
    return Agent(page, persona, provider, config, tmp_path).run("Find the opening hours", url=url)


def rules(result: SessionResult) -> list[str | None]:
    return [issue.rule for issue in result.issues]


def test_a_fixed_width_layout_does_not_reflow_at_400_percent(page, site, tmp_path):
    result = session(page, tmp_path / "zoomed", VERA, f"{site}/a11y/reflow-fixed-width.html")
    (issue,) = [issue for issue in result.issues if issue.rule == "reflow"]
    assert issue.heuristic == "WCAG 1.4.10 Reflow" and issue.trust == "objective" and issue.step == 1
    # the widest offender, by role and accessible name: the 1,200 px box that holds the page
    assert issue.evidence.startswith('main "Opening hours" is 1200 px wide: the page scrolls ')
    assert "in a 320 px wide viewport" in issue.evidence
    assert "horizontal-overflow" not in rules(result)  # one finding for one sideways scroll
    # at 100% the same page fits its 1,280 px: no finding of either kind
    plain = session(page, tmp_path / "plain", Persona("Jana, 45"), f"{site}/a11y/reflow-fixed-width.html")
    assert "reflow" not in rules(plain) and "horizontal-overflow" not in rules(plain)


def test_a_fluid_layout_reflows_and_its_wide_data_table_is_exempt(page, site, tmp_path):
    result = session(page, tmp_path, VERA, f"{site}/a11y/reflow-fluid.html")
    assert result.setting is not None and result.setting.viewport is not None
    assert result.setting.viewport.width == 320
    assert "reflow" not in rules(result) and "horizontal-overflow" not in rules(result)


def test_a_narrow_viewport_is_checked_as_a_zoom_is(page, site):
    """320 CSS px is WCAG's measure, however it came about (a small phone, a window)."""
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(f"{site}/a11y/reflow-fixed-width.html")
    found = PageChecks(page).inspect(Signals(), page.evaluate(LOOK)["fingerprint"])
    assert [issue.rule for issue in found if issue.rule == "reflow"] == ["reflow"]
    page.goto(f"{site}/a11y/reflow-fluid.html")
    found = PageChecks(page).inspect(Signals(), page.evaluate(LOOK)["fingerprint"])
    assert "reflow" not in [issue.rule for issue in found]


def test_a_page_that_scrolls_with_nothing_to_blame_is_still_a_finding():
    offenders: list[dict[str, Any]] = []
    blamed = finding({"scrolls": 300, "offenders": offenders, "count": 0, "exempt": 0}, 320)
    assert blamed is not None and blamed.evidence.startswith("the page is wider than its content")
    assert finding({"scrolls": 300, "offenders": offenders, "count": 0, "exempt": 3}, 320) is None  # a data table
    assert finding({"scrolls": 2, "offenders": offenders, "count": 0, "exempt": 0}, 320) is None  # rounding


def test_a_tiny_checkbox_is_named_by_its_label_not_its_value(page, site, tmp_path):
    result = session(page, tmp_path / "small", Persona("Jana, 45"), f"{site}/a11y/target-size-small.html")
    (issue,) = [issue for issue in result.issues if issue.rule == "target-size"]
    assert issue.evidence.startswith('checkbox "Remember me": 1x1 px'), issue.evidence
    assert "on:" not in issue.evidence
    fixed = session(page, tmp_path / "fixed", Persona("Jana, 45"), f"{site}/a11y/target-size-fixed.html")
    assert "target-size" not in rules(fixed)
