"""Every module of the package is named by a test (imported by name, or through its package), or says here which tests
exercise it and why none names it: a module added with no test fails here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[3]
PACKAGE = ROOT / "pytest_useragent"

THROUGH: dict[str, tuple[str, str]] = {
    "__main__": ("tests/plugin/test_cli.py", "`python -m pytest_useragent` run as a process"),
    "browser.events": ("tests/browser/test_events.py", "dialogs, popups and downloads met by sessions"),
    "browser.locators": ("tests/browser/test_actions.py", "every acted element's locator, read back by replay"),
    "browser.discard": ("tests/browser/test_focus_discarded.py", "the scan and the Tab check, on their pages"),
    "cli.flags": ("tests/plugin/test_cli.py", "the command's flags and variables, through `main`"),
    "cli.run": ("tests/plugin/test_cli.py", "`useragent run` as a process"),
    "config.options": ("tests/unit/config/test_config.py", "through `pytest_useragent.config`'s OPTIONS"),
    "config.settings": ("tests/unit/config/test_config.py", "through `pytest_useragent.config`'s UserAgentConfig"),
    "cost.book": ("tests/unit/cost/test_ledger.py", "the Ledger protocol both ledgers keep"),
    "llm.offline.choices": ("tests/browser/test_offline_languages.py", "choices made before a form is sent"),
    "llm.offline.explore": ("tests/browser/test_explore.py", "the offline engine exploring a site"),
    "llm.offline.form": ("tests/browser/test_offline_languages.py", "a form's steps, in five languages"),
    "llm.offline.keyboard": ("tests/browser/test_offline_widgets.py", "its keyboard moves on APG widgets"),
    "llm.offline.moves": ("tests/unit/llm/test_offline_engine.py", "through `OfflineProvider.decide`"),
    "llm.offline.operate": ("tests/browser/test_offline_widgets.py", "the widget a goal names, operated"),
    "llm.offline.step": ("tests/unit/llm/test_offline_engine.py", "its records, through the engine"),
    "plugin.deltas": ("tests/plugin/test_baselines.py", "each test against the baseline, in a pytest run"),
    "plugin.fixtures": ("tests/plugin/test_plugin.py", "the `agent` fixture in a pytest run"),
    "plugin.gate": ("tests/plugin/test_baselines.py", "the failed gate as a failed test of its own, in a pytest run"),
    "regression.exceeded": ("tests/unit/report/test_dashboard_markdown.py", "the limits exceeded, as reports say them"),
    "report.dashboard": ("tests/browser/test_report_html.py", "report.html's dashboard, in Chromium"),
    "session.browser_page": ("tests/browser/test_sessions.py", "every browser session's page"),
    "testing.page": ("tests/unit/session/test_session_outcomes.py", "`FakePage`, through `pytest_useragent.testing`"),
    "plugin.hooks": ("tests/plugin/test_plugin.py", "the hookspecs a conftest implements"),
    "records.actions": ("tests/unit/records/test_action_table.py", "the action table, through `records`"),
    "records.announcement": ("tests/browser/test_screen_reader.py", "what a reader announced"),
    "records.digest": ("tests/unit/report/test_combine.py", "a shard's sessions read as digests"),
    "records.issue": ("tests/unit/records/test_issues.py", "through `records`' Issue and IssueList"),
    "records.page": ("tests/unit/records/test_records.py", "through `records`' Observation and ActionOutcome"),
    "records.replayed": ("tests/browser/test_cassettes.py", "what a cassette did for a session"),
    "records.research": ("tests/browser/test_survey_and_interview.py", "the SUS and interview records"),
    "records.usage": ("tests/unit/cost/test_billing.py", "through `records`' Usage and Call"),
    "report.artifacts": ("tests/browser/test_sessions.py", "each session's folder as sessions write it"),
    "report.baselines": ("tests/plugin/test_baselines.py", "the baseline options at work"),
    "report.copier": ("tests/unit/report/test_combine.py", "the forked copy of a combine"),
    "report.coverage": ("tests/unit/records/test_wcag_coverage.py", "the run's WCAG coverage, through `Run.wcag`"),
    "report.shard_record": ("tests/unit/report/test_combine_hostile.py", "what combine trusts of a shard"),
    "report.shards": ("tests/unit/report/test_combine.py", "shards read back"),
    "report.summary": ("tests/unit/report/test_review_reports.py", "through `pytest_useragent`'s RunSummary"),
    "research.debrief": ("tests/browser/test_survey_and_interview.py", "`agent.interview`"),
    "research.survey": ("tests/browser/test_survey_and_interview.py", "the questionnaire after the wrap-up"),
    "session.afterwards": ("tests/browser/test_afterwards.py", "the wrap-up, then the survey"),
    "session.compose": ("tests/browser/test_large_writes.py", "a write composed over replies"),
    "session.coordinator": ("tests/browser/test_sessions.py", "every session runs through it"),
    "session.finish": ("tests/browser/test_sessions.py", "every session ends through it"),
    "session.state": ("tests/browser/test_sessions.py", "every session's setup and state"),
    "testing.replies": ("tests/unit/testing/test_chat_api.py", "the replies the fakes send, through `testing`"),
    "testing.script": ("tests/browser/test_scripted_provider.py", "a scripted provider's script"),
    "testing.scripted": ("tests/browser/test_scripted_provider.py", "the scripted provider"),
}
"""A module no test names -> the test that exercises it, and how."""


def modules() -> list[str]:
    return sorted(
        ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        for path in PACKAGE.rglob("*.py")
        if path.name != "__init__.py"
    )


def named(module: str, tests: str) -> bool:
    package, _, name = f"pytest_useragent.{module}".rpartition(".")
    imported = rf"from {re.escape(package)} import (\([^)]*|[^\n]*)\b{name}\b"
    return f"pytest_useragent.{module}" in tests or re.search(imported, tests) is not None


def test_every_module_is_named_by_a_test_or_says_which_tests_exercise_it():
    tests = "\n".join(path.read_text(encoding="utf-8") for path in (ROOT / "tests").rglob("*.py"))
    unnamed = [module for module in modules() if not named(module, tests) and module not in THROUGH]
    assert not unnamed, f"modules no test names: {unnamed}; write a test, or say in THROUGH which one exercises it"
    for module, (test, how) in THROUGH.items():
        assert module in modules(), f"THROUGH names {module}, which is gone"
        assert (ROOT / test).is_file() and how, f"{module}: {test} is no test file"
