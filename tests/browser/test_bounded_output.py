"""A session on a 10,000-element, noisy page finishes, and everything it writes or sends stays bounded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pytest_useragent import Agent, OfflineProvider, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.records import SessionResult
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.render import write_run_report
from pytest_useragent.testing import decision, wrap_up

CROWDED = 10_000
JANA = Persona(name="Jana", background="Jana, 45. Never used a shop like this.")
SESSION_JSON = 200_000
REPORT_JSON = 300_000
REPORT_HTML = 1_000_000
"""Mostly the screenshots it inlines, one a step."""
STEP_PROMPT = 30_000
"""The text of one step's request; the page state alone is condensed to ~9,000 characters."""
STEP_REQUEST = 100_000
"""The whole request: the text, the cached prefix and, on a first view, a screenshot of at most 640x360."""
WRAP_UP_REQUEST = 60_000


def run(page: Any, provider: Any, site: str, tmp_path: Path) -> SessionResult:
    # the bound is generous on purpose: what is tested is the size of what is written, and a loaded CI machine takes
    # seconds for one evaluate on 10,000 elements (test_hangs proves the bound itself)
    agent = Agent(page, JANA, provider, UserAgentConfig(settle_timeout=30, max_steps=3), tmp_path)
    return agent.run("Find the home link and go home", url=f"{site}/crowded?buttons={CROWDED}")


def assert_bounded(result: SessionResult, tmp_path: Path) -> None:
    assert (Path(result.directory) / "session.json").stat().st_size < SESSION_JSON
    assert (Path(result.directory) / "transcript.jsonl").stat().st_size < SESSION_JSON
    (small,) = [issue for issue in result.issues if issue.rule == "target-size"]
    assert small.count == CROWDED and len(small.examples) == 5  # one issue that counts them all
    (unnamed,) = [issue for issue in result.issues if issue.rule == "button-name"]
    assert unnamed.count == CROWDED
    noise = [issue for issue in result.issues if issue.rule == "console-error"]
    assert noise and noise[0].count == 1000
    images = sum(issue.count for issue in result.issues if issue.rule == "http-error")
    assert images == 150
    summary = aggregate([SessionEntry(nodeid="test_crowded", result=result)], [])
    write_run_report(summary, tmp_path / "report")
    assert (tmp_path / "report" / "report.json").stat().st_size < REPORT_JSON
    assert (tmp_path / "report" / "report.html").stat().st_size < REPORT_HTML
    markdown = (tmp_path / "report" / "report.md").read_text(encoding="utf-8")
    assert len(markdown) < 20_000 and f"×{CROWDED:,}" in markdown


def test_the_offline_engine_on_a_crowded_page(page, site, tmp_path):
    result = run(page, OfflineProvider(), site, tmp_path)
    assert result.outcome in ("goal_achieved", "max_steps", "gave_up"), result.error
    assert_bounded(result, tmp_path)


def test_a_model_on_a_crowded_page_gets_bounded_requests(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        decision("scroll", direction="down"),
        decision("look"),
        decision("done", evidence="Crowded", verdict="met"),
        wrap_up(),
    )

    result = run(page, claude, site, tmp_path)

    assert result.outcome == "goal_achieved", result.error
    *steps, last = fake_api.requests
    assert len(steps) == 3
    texts = ["".join(part.get("text", "") for part in body["messages"][0]["content"]) for body in steps]
    assert all(len(text) < STEP_PROMPT for text in texts)
    assert all(len(json.dumps(body)) < STEP_REQUEST for body in steps)
    assert "(and 145 more)" in texts[0] and "noise" not in texts[0]  # failed requests; console errors never told
    assert len(json.dumps(last)) < WRAP_UP_REQUEST and f"(×{CROWDED})" in json.dumps(last, ensure_ascii=False)
    assert_bounded(result, tmp_path)
