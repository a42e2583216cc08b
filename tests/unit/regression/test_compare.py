"""A run against a baseline, pure: which changes regress under which rules, with and without repeats; issues new,
resolved, persisting; the storage folder's numbering, names and errors; repeated sessions' aggregate."""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime

import pytest

from pytest_useragent.records import Issue, IssueList
from pytest_useragent.regression.baseline import (
    Baseline,
    BaselineError,
    BaselineStore,
    IssueFigures,
    RunMetadata,
    SessionFigures,
    TestFigures,
    autosave_name,
)
from pytest_useragent.regression.compare import compare
from pytest_useragent.regression.repeats import combined, repeat_stats
from pytest_useragent.regression.thresholds import parse_fail_rules
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.recorded import record
from pytest_useragent.report.regressions import comparison_lines
from pytest_useragent.report.render import render_run_markdown
from pytest_useragent.testing.synthetic import session_result

META = RunMetadata(date=datetime(2026, 11, 23, tzinfo=UTC))


def figures(
    goal: bool = True, *, met: int = 4, evaluated: int = 4, steps: int = 4, cost: float = 0.02
) -> SessionFigures:
    return SessionFigures(
        goal_achieved=goal,
        claimed=goal,
        outcome="goal_achieved",
        met=met,
        evaluated=evaluated,
        steps=steps,
        cost_usd=cost,
    )


def issue(key: str, trust: str = "objective", source: str = "check") -> IssueFigures:
    return IssueFigures(key=key, title=key, severity="major", source=source, trust=trust, sessions=1, step=2)  # type: ignore[arg-type]


def run(**tests: TestFigures) -> Baseline:
    return Baseline(name="run", metadata=META, tests={f"t::{name}": test for name, test in tests.items()})


def case(*sessions: SessionFigures, issues: list[IssueFigures] | None = None) -> TestFigures:
    return TestFigures(sessions=list(sessions), issues=issues or [])


def test_a_lost_goal_regresses_with_goal_0_and_is_only_reported_without_a_rule():
    before, now = run(a=case(figures(True))), run(a=case(figures(False, met=2)))
    failing = compare(before, now, parse_fail_rules("goal:0"))
    assert [(c.measure, c.before, c.now, c.regression) for c in failing.changes] == [
        ("goal", 1.0, 0.0, True),
        ("met_rate", 1.0, 0.5, False),
    ]
    assert failing.failed
    assert not compare(before, now).failed and compare(before, now).worse


def test_limits_are_points_for_rates_and_relative_or_absolute_for_steps_and_cost():
    before = run(a=case(figures(met=9, evaluated=10, steps=10, cost=0.10)))
    now = run(a=case(figures(met=8, evaluated=10, steps=12, cost=0.12)))
    within = compare(before, now, parse_fail_rules("met_rate:10%,steps:25%,cost:0.02"))
    assert not within.failed and len(within.worse) == 3
    beyond = compare(before, now, parse_fail_rules("met_rate:5,steps:1,cost:19%"))
    assert {c.measure for c in beyond.regressions} == {"met_rate", "steps", "cost"}


def test_with_repeats_a_drop_within_chance_does_not_fail_and_a_real_one_does():
    five = [figures(True)] * 5
    before = run(a=case(*five))
    one_lost = run(a=case(*[figures(True)] * 4, figures(False)))
    noisy = compare(before, one_lost, parse_fail_rules("goal:0"))
    goal = noisy.changes[0]
    assert goal.measure == "goal" and goal.worse and not goal.regression
    assert goal.interval is not None and goal.interval.low < 0 < goal.interval.high
    all_lost = compare(before, run(a=case(*[figures(False)] * 5)), parse_fail_rules("goal:30"))
    assert all_lost.changes[0].regression  # the change's interval ends at -38.6 points
    assert not compare(before, run(a=case(*[figures(False)] * 5)), parse_fail_rules("goal:40")).failed


def test_new_issues_count_objective_and_reproduced_only_and_resolved_and_persisting_are_listed():
    before = run(a=case(figures(), issues=[issue("old"), issue("kept")]))
    now = run(a=case(figures(), issues=[issue("kept"), issue("fresh"), issue("hunch", "opinion", "persona")]))
    result = compare(before, now, parse_fail_rules("new_issues:0"))
    assert {(i.key, i.status, i.counted) for i in result.issues} == {
        ("fresh", "new", True),
        ("hunch", "new", False),
        ("kept", "persisting", False),
        ("old", "resolved", False),
    }
    assert [i.key for i in result.new_issue_regressions] == ["fresh"] and result.failed
    assert not compare(before, now, parse_fail_rules("new_issues:1")).failed


def test_issues_left_for_review_are_their_own_count_and_fail_only_review_issues():
    """A baseline keeps what axe left for review with its trust; a new one is no `new_issues`, and fails only a
    `review_issues` limit, named."""
    before = run(a=case(figures(), issues=[issue("kept")]))
    now = run(a=case(figures(), issues=[issue("kept"), issue("bypass?|html", "review")]))
    assert not compare(before, now, parse_fail_rules("new_issues:0")).failed
    result = compare(before, now, parse_fail_rules("new_issues:0,review_issues:0"))
    assert [i.key for i in result.new_to_review] == ["bypass?|html"] and result.failed
    assert [i.key for i in result.new_issue_regressions] == ["bypass?|html"]
    assert not compare(before, now, parse_fail_rules("review_issues:1")).failed
    assert "issues: 1 distinct new, 1 of them to review, 1 distinct persisting" in comparison_lines(result)
    stored = record(aggregate([SessionEntry(nodeid="t::a", result=reviewed_session())], []), META, {})
    assert [(i.trust, i.key) for i in stored.tests["t::a"].issues] == [("review", "bypass?|<html>")]


def reviewed_session():
    bypass = Issue(
        source="check",
        rule="bypass",
        severity="major",
        heuristic="WCAG 2.4.1 Bypass Blocks",
        title="Page must have means to bypass repeated blocks",
        evidence="html: No valid skip link found",
        quote="",
        element="<html>",
        trust="review",
        criteria=["2.4.1"],
        step=1,
    )
    result = session_result(issues=0)
    result.steps[0].issues = [bypass]
    return result.model_copy(update={"issues": IssueList([bypass])})


def test_tests_on_one_side_are_listed_not_failed_and_an_accepted_run_fails_nothing():
    result = compare(run(a=case(figures()), gone=case(figures())), run(a=case(figures(False)), fresh=case(figures())))
    assert (result.only_before, result.only_now) == (["t::gone"], ["t::fresh"])
    strict = compare(run(a=case(figures())), run(a=case(figures(False))), parse_fail_rules("goal:0"))
    strict.accepted = True
    assert strict.regressions and not strict.failed


def test_the_store_numbers_runs_and_finds_them_by_latest_number_stem_or_name(tmp_path):
    store = BaselineStore(tmp_path / ".useragent")
    assert store.find("latest") is None
    with pytest.raises(BaselineError, match="no baseline named 'main': .* holds none yet"):
        store.find("main")
    first = store.save(run(a=case(figures())), "main")
    second = store.save(run(a=case(figures(False))), "feature")
    assert (first.name, second.name) == ("0001_main.json", "0002_feature.json")
    assert store.find("latest").path == second  # type: ignore[union-attr]
    assert store.find("main").path == store.find("1").path == store.find("0001_main").path == first  # type: ignore[union-attr]
    with pytest.raises(BaselineError, match="no baseline named 'nope' in .*; it holds 0001_main, 0002_feature"):
        store.find("nope")
    loaded = store.load(store.find("main"))  # type: ignore[arg-type]
    assert loaded.name == "main" and loaded.tests["t::a"].goal.value == 1.0
    (tmp_path / ".useragent" / "0003_broken.json").write_text("{not json")
    with pytest.raises(BaselineError, match="0003_broken.json is not a useragent baseline"):
        store.load(store.find("broken"))  # type: ignore[arg-type]
    assert [b.name for b in store.history(5)] == ["main", "feature"]


def test_a_baseline_from_a_newer_plugin_with_a_field_we_do_not_know_still_loads(tmp_path):
    data = run(a=case(figures())).model_dump(mode="json")
    data["tests"]["t::a"]["sessions"][0]["sus"] = 72.5
    data["tests"]["t::a"]["replayed_steps"] = 3
    assert Baseline.model_validate(data).tests["t::a"].sessions[0].steps == 4


def test_autosave_names_as_pytest_benchmark_does():
    assert autosave_name(META) == "20261123_000000"
    dirty = META.model_copy(update={"commit": "0123456789abcdef", "dirty": True})
    assert autosave_name(dirty) == "01234567_20261123_000000_uncommitted-changes"


def test_a_run_is_recorded_per_test_with_the_run_trust_of_each_issue():
    one = SessionEntry(nodeid="t::a", result=session_result(issues=2, seed=0))
    two = SessionEntry(nodeid="t::b", result=session_result(issues=1, seed=0, outcome="gave_up"))
    stored = record(aggregate([one, two], []), META, {"t::a": "passed", "t::b": "failed"})
    assert stored.tests["t::a"].outcome == "passed" and stored.tests["t::b"].outcome == "failed"
    assert [s.goal_achieved for s in stored.tests["t::b"].sessions] == [False]
    shared = next(i for i in stored.tests["t::a"].issues if i.title == "issue 0")
    assert shared.trust == "reproduced" and shared.step == 1  # met by both tests' sessions
    assert next(i for i in stored.tests["t::a"].issues if i.title == "issue 1").trust == "opinion"


def test_repeated_sessions_aggregate_to_their_sums_and_count_issues_by_session():
    sessions = [
        session_result(steps=3, met=2, cost_usd=0.01, issues=1),
        session_result(steps=5, met=5, cost_usd=0.03, issues=2, outcome="gave_up"),
        session_result(steps=4, met=1, cost_usd=0.02, issues=0),
    ]
    stats = repeat_stats(sessions)
    assert (stats.goal.hits, stats.goal.total) == (2, 3)
    assert (stats.met_rate.hits, stats.met_rate.total) == (8, 8)
    assert stats.steps == [3, 5, 4] and stats.steps_median == 4 and stats.cost_usd == pytest.approx(0.06)
    assert [(i.title, i.sessions, i.reproduced) for i in stats.issues] == [("issue 0", 2, True), ("issue 1", 1, False)]
    result = combined(sessions)
    assert not result.goal_achieved and result.outcome == "gave_up" and len(result.steps) == 5
    assert result.expectations.met == 8 and result.cost_usd == pytest.approx(0.06) and len(result.sessions) == 3
    assert {i.title: i.trust for i in result.issues} == {"issue 0": "reproduced", "issue 1": "opinion"}
    assert combined(sessions[:1]).goal_achieved and isinstance(combined(sessions[:1]).issues[0], Issue)


def test_with_repeats_a_rise_in_steps_regresses_only_beyond_chance():
    rules = parse_fail_rules("steps:25%")
    before = run(a=case(*(figures(steps=n) for n in (4, 4, 5, 6, 9))))
    noisy = run(a=case(*(figures(steps=n) for n in (4, 6, 7, 8, 12))))  # median 5 -> 7 (+40%), ranges overlap
    slower = run(a=case(*(figures(steps=n) for n in (10, 11, 12, 12, 14))))  # every session beyond the old ones
    assert [(c.measure, c.worse, c.regression) for c in compare(before, noisy, rules).changes] == [
        ("steps", True, False)
    ]
    assert [(c.measure, c.regression) for c in compare(before, slower, rules).changes] == [("steps", True)]
    single = compare(run(a=case(figures(steps=5))), run(a=case(figures(steps=7))), rules)  # no repeats: as they are
    assert [(c.measure, c.regression) for c in single.changes] == [("steps", True)]


def test_an_issue_the_journey_no_longer_reached_is_not_seen_not_resolved():
    """Issues met at steps 2 and 4; the journey now ends at step 3: the first is resolved, the second unseen."""
    before = run(a=case(figures(steps=5), issues=[met_at("early", 2), met_at("late", 4), met_at("anywhere", None)]))
    shorter = compare(before, run(a=case(figures(False, met=2, evaluated=2, steps=3))))
    assert {(i.key, i.status) for i in shorter.issues} == {
        ("early", "resolved"),
        ("late", "unseen"),
        ("anywhere", "unseen"),  # no step kept: the whole journey it was met on, 5 steps
    }
    lines = comparison_lines(shorter)
    assert (
        "issues: 1 distinct resolved, 2 distinct not seen (the journey ended earlier, or their page was not audited)"
        in lines
    )
    markdown = _regressions_markdown(shorter)
    assert "### Resolved issues: 1 distinct issue (1 occurrence in 1 test)" in markdown
    assert (
        "### Not seen: the journey ended before the step that met them, or axe could not audit their page: 2 distinct issues (2 occurrences in 1 test)"
        in markdown
    )


def test_an_issue_gone_from_a_journey_as_long_or_longer_is_resolved():
    before = run(a=case(figures(steps=5), issues=[met_at("early", 2), met_at("late", 4), met_at("anywhere", None)]))
    for steps in (5, 7):
        again = compare(before, run(a=case(figures(steps=steps))))
        assert {i.status for i in again.issues} == {"resolved"}
        assert "not seen" not in " ".join(comparison_lines(again))
    # with repeats, one session that went as far is enough: it met the step without the issue
    repeated = compare(before, run(a=case(figures(False, met=2, evaluated=2, steps=2), figures(steps=4))))
    assert {(i.key, i.status) for i in repeated.issues} == {
        ("early", "resolved"),
        ("late", "resolved"),
        ("anywhere", "unseen"),
    }


def test_a_check_issue_on_a_page_axe_could_not_audit_now_is_not_seen_not_resolved():
    """An audit that failed is no audit that found nothing: the baseline's axe issue there is not called resolved."""
    on_pricing = issue("button-name").model_copy(update={"page": "shop.test/pricing"})
    said = issue("confusing-menu", trust="opinion", source="persona").model_copy(update={"page": "shop.test/pricing"})
    before = run(a=case(figures(), issues=[on_pricing, said]))
    blind = figures().model_copy(update={"unaudited": ["shop.test/pricing"]})
    assert {(i.key, i.status) for i in compare(before, run(a=case(blind))).issues} == {
        ("button-name", "unseen"),
        ("confusing-menu", "resolved"),  # what a persona did not say again is not the audit's to know
    }
    elsewhere = figures().model_copy(update={"unaudited": ["shop.test/cart"]})
    assert {i.status for i in compare(before, run(a=case(elsewhere))).issues} == {"resolved"}  # the twin


def met_at(key: str, step: int | None) -> IssueFigures:
    return issue(key).model_copy(update={"step": step})


def _regressions_markdown(comparison) -> str:
    summary = aggregate([], [])
    summary.comparison = comparison
    return render_run_markdown(summary)


def _spoiled_figures(text: str, **changed: float) -> str:
    """The stored baseline with its one session's figures changed (json writes NaN and Infinity as JS does)."""
    stored = json.loads(text)
    (figures_,) = next(iter(stored["tests"].values()))["sessions"]
    figures_.update(changed)
    return json.dumps(stored)


SPOILED = {
    "cut short": (lambda text: text[:300], "not valid JSON (a file cut"),
    "met > evaluated": (
        lambda text: _spoiled_figures(text, met=5, evaluated=4),
        "met 5 <= evaluated 4 <= steps",
    ),
    "NaN": (lambda text: _spoiled_figures(text, cost_usd=math.nan), "cost_usd: Input should be a finite number"),
    "Infinity": (lambda text: _spoiled_figures(text, steps=math.inf), "steps: "),
}


@pytest.mark.parametrize("case_", list(SPOILED))
def test_a_spoiled_baseline_is_one_line_naming_the_file_and_what(tmp_path, case_):
    # a failed upload, a bad merge, a hand edit: what tests/plugin/test_baselines.py sees end to end for one of them
    store = BaselineStore(tmp_path / ".useragent")
    path = store.save(run(a=case(figures())), "main")
    assert store.load(store.find("main")).tests["t::a"].goal.value == 1.0  # type: ignore[arg-type]  # the twin
    spoil, said = SPOILED[case_]
    path.write_text(spoil(path.read_text()))
    with pytest.raises(BaselineError) as caught:
        store.load(store.find("main"))  # type: ignore[arg-type]
    assert "0001_main.json is not a useragent baseline: " in str(caught.value) and said in str(caught.value)
    assert "\n" not in str(caught.value)
