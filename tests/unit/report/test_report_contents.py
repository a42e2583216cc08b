"""What the run report shows, rendered from records: metadata first, then the comparison with the baseline, the
trend, each test's pytest outcome beside its figures, links from issues to sessions and steps, screenshots bounded."""

from __future__ import annotations

from datetime import UTC, datetime

from pytest_useragent.regression.baseline import (
    Baseline,
    IssueFigures,
    RunMetadata,
    SessionFigures,
    TestFigures,
    TrendPoint,
)
from pytest_useragent.regression.compare import compare
from pytest_useragent.regression.thresholds import parse_fail_rules
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.links import TIMELINE_SESSIONS, featured
from pytest_useragent.report.render import append_github_summary, render_run_html, render_run_markdown, screenshots
from pytest_useragent.testing.synthetic import session_result

META = RunMetadata(
    date=datetime(2026, 11, 23, 2, 0, tzinfo=UTC),
    duration_seconds=42,
    commit="0123456789abcdef",
    branch="main",
    provider="anthropic",
    model="claude-sonnet-4-6",
    plugin_version="0.1.0",
)


def figures(goal: bool) -> SessionFigures:
    return SessionFigures(goal_achieved=goal, claimed=goal, outcome="x", met=1, evaluated=1, steps=3, cost_usd=0.01)


def summary_with_comparison():
    entries = [SessionEntry(nodeid="t::a", result=session_result(outcome="gave_up", issues=1)) for _ in range(2)]
    for index, entry in enumerate(entries):
        entry.result.directory = f"/runs/a/useragent-{index}"
    summary = aggregate(entries, [])
    summary.metadata = META
    summary.test_outcomes = {"t::a": "xfailed"}
    new_issue = IssueFigures(
        key="k",
        title="Checkout button does nothing",
        severity="major",
        source="check",
        trust="objective",
        sessions=2,
        step=3,
    )
    before = Baseline(
        name="main",
        metadata=META,
        tests={"t::a": TestFigures(sessions=[figures(True)]), "t::gone": TestFigures(sessions=[figures(True)])},
    )
    now = Baseline(name="", metadata=META, tests={"t::a": TestFigures(sessions=[figures(False)], issues=[new_issue])})
    summary.comparison = compare(before, now, parse_fail_rules("goal:0,new_issues:0"), label="0001_main")
    summary.trend = [
        TrendPoint(label=f"run {n}", date=META.date, goal_rate=n / 4, met_rate=0.5, cost_usd=0.01 * n) for n in range(4)
    ]
    return summary


def test_markdown_puts_metadata_and_the_regressions_first():
    markdown = render_run_markdown(summary_with_comparison())
    assert markdown.splitlines()[2] == (
        "2026-11-23 02:00 UTC · 42 s · anthropic / claude-sonnet-4-6 · commit `01234567` on main · pytest-useragent 0.1.0"
    )
    assert markdown.index("**Failed: the baseline gate") < markdown.index("## Against baseline 0001_main")
    assert markdown.index("## Against baseline 0001_main") < markdown.index("## Tests")
    assert "**Failed** by `goal:0%` (1 test beyond it), `new_issues:0` (1 distinct new issue (1 occurrence" in markdown
    assert "| `t::a` | goal success | 100% | 0% | - | **yes** |" in markdown
    assert (
        "- **major** Checkout button does nothing: 1 test (objective, **fails the gate**), e.g. `t::a` step 3"
        in markdown
    )
    assert "In the baseline, not run now: `t::gone`." in markdown
    assert "| `t::a` | xfailed | 2 | 0/2 (0-66%) |" in markdown


def test_html_links_issues_to_their_session_and_step_and_draws_the_trend():
    html = render_run_html(summary_with_comparison(), {})
    assert (
        html.index('id="metadata"')
        < html.index('id="verdict"')
        < html.index('id="issues"')
        < html.index('id="regressions"')
        < html.index('id="trend"')
        < html.index('id="tests"')
    )
    assert '<a href="#session-1-step-3">3</a>' in html  # the new issue, to the test's first session's step
    assert '<a href="#session-1-step-1" title="t::a (Jana): step 1"><code>t::a</code></a>' in html  # issue -> sighting
    assert 'id="session-2"' in html and 'id="session-1-step-1"' in html
    assert html.count("<polyline") == 3 and "Last 4 runs" in html
    assert '<td class="outcome-xfailed">xfailed</td>' in html


def test_screenshots_are_inlined_up_to_a_bound_and_then_linked_to_the_copies(tmp_path):
    results = []
    for name in ("one", "two"):
        result = session_result(steps=1)
        result.directory = str(tmp_path / name)
        (tmp_path / name / "screenshots").mkdir(parents=True)
        (tmp_path / name / "screenshots" / "step-001.jpg").write_bytes(b"\xff\xd8" + b"x" * 1000)
        result.steps[0].screenshot = "screenshots/step-001.jpg"
        results.append(result)
    images = screenshots(results, limit=1500)
    assert list(images) == [f"{tmp_path}/one/screenshots/step-001.jpg"]
    summary = aggregate([SessionEntry(nodeid=f"t::{n}", result=r) for n, r in enumerate(results)], [])
    summary.copies = {results[1].directory: "sessions/t_1-abc/two"}
    html = render_run_html(summary, images)
    assert 'src="data:image/jpeg;base64,' in html
    assert '<a href="sessions/t_1-abc/two/screenshots/step-001.jpg" target="_blank" title="open full size">' in html
    assert '<img class="shot" src="sessions/t_1-abc/two/screenshots/step-001.jpg"' in html


def test_the_github_step_summary_starts_with_the_comparison(tmp_path):
    target = tmp_path / "summary.md"
    append_github_summary(summary_with_comparison(), target)
    text = target.read_text()
    assert (
        text.index("**Failed: the baseline gate") < text.index("## Against baseline 0001_main") < text.index("## Tests")
    )


def test_a_large_run_shows_the_timelines_that_most_need_a_look_and_links_the_others_to_their_copies():
    entries = []
    for index in range(TIMELINE_SESSIONS + 30):
        result = session_result(outcome="goal_achieved", issues=0, seed=index)
        result.directory = f"/runs/t{index}/useragent"
        entries.append(SessionEntry(nodeid=f"t::test_{index}", result=result))
    troubled = entries[TIMELINE_SESSIONS + 20]  # late in the run: a flat cut would leave it out
    troubled.result.outcome = "gave_up"
    summary = aggregate(entries, [])
    summary.test_outcomes = {"t::test_3": "failed"}
    summary.copies = {entry.result.directory: f"sessions/t{n}" for n, entry in enumerate(entries)}

    shown = featured(summary)
    assert len(shown) == TIMELINE_SESSIONS
    assert entries[3] in shown and troubled in shown  # a failed test's session, a goal not reached
    assert [summary.sessions.index(entry) for entry in shown] == sorted(summary.sessions.index(e) for e in shown)

    html = render_run_html(summary, {})
    assert html.count('<details class="session"') == TIMELINE_SESSIONS
    assert "the other 30 are linked from their tests to their copied folders" in html
    left_out = next(n for n, entry in enumerate(entries) if entry not in shown)
    assert f'<a href="sessions/t{left_out}/report.md"><code>t::test_{left_out}</code></a>' in html
    assert f'<a href="#{summary.anchors[troubled.result.directory]}"><code>{troubled.nodeid}</code></a>' in html
