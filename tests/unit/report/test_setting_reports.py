"""`result.setting` in session.json, the session report and the run report (the persona table's browser column,
report.json's per_test); a session.json from before sessions recorded it still loads."""

from __future__ import annotations

import json

from pytest_useragent.records import SessionResult, Setting
from pytest_useragent.records.setting import Size
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.render import render_run_html, render_run_markdown, render_session_markdown
from pytest_useragent.testing.synthetic import session_result

ZOOMED = Setting(viewport=Size(width=320, height=180), pixel_ratio=4.0, zoom=400, uses="keyboard", network="fast-3g")
PHONE = Setting(viewport=Size(width=412, height=839), pixel_ratio=2.625, device="Pixel 7", uses="touch")


def with_setting(persona: str, setting: Setting | None) -> SessionResult:
    return session_result(persona=persona).model_copy(update={"setting": setting})


def test_a_setting_is_one_line_of_what_differs():
    assert ZOOMED.describe() == "320x180 CSS px, zoom 400%, keyboard, network: fast-3g"
    assert PHONE.describe() == "412x839 CSS px, Pixel 7, touch"
    assert Setting(viewport=Size(width=1280, height=720)).describe() == "1280x720 CSS px"  # a plain browser


def test_session_json_keeps_the_setting_and_an_old_one_without_it_loads():
    result = with_setting("Vera", ZOOMED)
    again = SessionResult.model_validate_json(result.model_dump_json())
    assert again.setting == ZOOMED
    saved = json.loads(result.model_dump_json())
    del saved["setting"]  # as session.json was written before
    assert SessionResult.model_validate(saved).setting is None


def test_the_session_report_says_which_browser(tmp_path):
    assert "- **Browser:** 320x180 CSS px, zoom 400%, keyboard, network: fast-3g" in render_session_markdown(
        with_setting("Vera", ZOOMED)
    )
    assert "**Browser:**" not in render_session_markdown(with_setting("Jana", None))


def test_the_run_report_compares_personas_with_their_browsers():
    sessions = [
        SessionEntry(nodeid="t::zoomed", result=with_setting("Vera", ZOOMED)),
        SessionEntry(nodeid="t::phone", result=with_setting("Lucie", PHONE)),
        SessionEntry(nodeid="t::old", result=with_setting("Jana", None)),
    ]
    summary = aggregate(sessions, [])
    markdown = render_run_markdown(summary)
    compared = markdown.split("## Personas compared")[1].split("##")[0]
    assert "| persona | sessions | goals achieved | met rate | SUS (mean) | issues | browser |" in compared
    rows = {line.split(" | ")[0].lstrip("| "): line for line in compared.splitlines() if line.startswith("| ")}
    assert rows["Vera"].endswith("| 320x180 CSS px, zoom 400%, keyboard, network: fast-3g |")
    assert rows["Lucie"].endswith("| 412x839 CSS px, Pixel 7, touch |")
    assert rows["Jana"].endswith("| - |")
    html = render_run_html(summary, {})
    assert "Vera &middot; <small>320x180 CSS px, zoom 400%" in html and "Jana &middot; <small>" not in html
    per_test = {entry["nodeid"]: entry for entry in json.loads(summary.model_dump_json())["per_test"]}
    assert per_test["t::phone"]["settings"] == [json.loads(PHONE.model_dump_json())]
    assert per_test["t::old"]["settings"] == []


def test_the_session_report_says_which_pages_axe_could_not_audit():
    result = session_result()
    assert "Not audited" not in render_session_markdown(result)  # the twin: every page audited
    blind = result.model_copy(update={"unaudited": ["shop.test/", "shop.test/pricing"]})
    told = render_session_markdown(blind)
    assert "- **Not audited:** axe could not audit 2 pages (shop.test/, shop.test/pricing)" in told
    assert "unknown, not none" in told
