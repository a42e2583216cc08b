"""What a page, a model and a baseline say reaches report.md (the session's and the run's), the GitHub step summary
and the comparison with a baseline as text: parsed as GitHub would, a hostile text adds no HTML, no block and no
link but one to the tested host, and an ordinary one reads as it was written."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote

import pytest
from markdown_check import blocks, problems, shown

from pytest_useragent import Agent, Persona, SessionResult
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.records import Decision, IssueDraft, WrapUp
from pytest_useragent.regression.baseline import Baseline, RunMetadata
from pytest_useragent.regression.compare import compare
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.recorded import record
from pytest_useragent.report.render import append_github_summary, write_run_report
from pytest_useragent.testing import ScriptedProvider, decision, ref_of

HOSTILE = (
    "<img src=x onerror=alert(1)> <script>alert(2)</script>\n"
    "# Owned\n"
    "- a list item\n"
    "1. an ordered one\n"
    "> a quote\n"
    "| a | b |\n|---|---|\n| c | d |\n"
    "[click](javascript:alert(3)) ![x](http://evil.example/pixel.png) <http://evil.example/auto> "
    "http://evil.example/bare www.evil.example jana@example.com\n"
    "```\ncode fence\n```\n"
    "    indented code\n"
    "***\n"
    "Setext\n===\n"
    "[^1]: a footnote [x]: http://evil.example/ref"
)
ORDINARY = "C++ & *stars*: my_notes, $12 a month, 3.5 stars, see {site}/about.html"
NODEID = "test_told.py::test_told[chromium]"
META = RunMetadata(date=datetime(2026, 11, 23, tzinfo=UTC))


def told_session(page: object, site: str, directory: Path, text: str) -> SessionResult:
    """A session on a page that says `text`, driven by a model that says it too, in every field it has."""
    issue = IssueDraft(severity="minor", heuristic=text, title=text, evidence=text, quote=text)

    def decide(request: StepRequest) -> Decision:
        if request.step == 1:
            note = ref_of(request, "Note")
            return decision("type", note, text=text, expectation=text, observation=text, summary=text, issues=[issue])
        return decision("give_up", verdict="unmet", reason=text, observation=text, expectation=text)

    provider = ScriptedProvider(
        decide,
        wrap_up=WrapUp(intuitiveness=3, rationale=text, issues=[issue], suggestions=[text], quotes=[text]),
    )
    agent = Agent(page, Persona(name="Jana", background=text), provider, UserAgentConfig(settle_timeout=2), directory)
    agent.run(text, url=f"{site}/told.html?say={quote(text)}")
    agent.interview(text)
    return agent.results[-1]


def reports(result: SessionResult, directory: Path) -> dict[str, str]:
    """The session's report.md, and the run's report.md and GitHub step summary with the run compared with a
    baseline in which the test had none of its issues."""
    summary = aggregate([SessionEntry(nodeid=NODEID, result=result)], [])
    summary.metadata = META
    now = record(summary, META, {NODEID: "passed"}, name="now")
    clean = now.tests[NODEID].model_copy(update={"issues": []})
    summary.comparison = compare(Baseline(name="0001_before", metadata=META, tests={NODEID: clean}), now)
    write_run_report(summary, directory / "report")
    append_github_summary(summary, directory / "step-summary.md")
    return {
        "session": (Path(result.directory) / "report.md").read_text(),
        "run": (directory / "report" / "report.md").read_text(),
        "github": (directory / "step-summary.md").read_text(),
    }


@pytest.fixture
def told(page, site, tmp_path):
    def run(text: str, name: str) -> dict[str, str]:
        result = told_session(page, site, tmp_path / name, text.format(site=site))
        assert result.steps and result.issues and result.wrap_up and result.interviews  # every field was filled
        return reports(result, tmp_path / name)

    return run


def test_a_hostile_page_and_model_add_no_html_block_or_link_to_any_report(told):
    hostile, ordinary = told(HOSTILE, "hostile"), told(ORDINARY, "ordinary")
    for name, text in hostile.items():
        assert problems(text, {"127.0.0.1"}) == [], name
        # the same templates over texts of the same sessions: any heading, list, quote, table or code block that
        # the hostile text made would stand out against the ordinary one's
        assert blocks(text) == blocks(ordinary[name]), name
        assert "Owned" in text and "code fence" in text  # what it said is there, as text
    assert "<img src=x onerror=alert(1)> <script>alert(2)</script> # Owned - a list item" in shown(hostile["session"])
    assert "## Against baseline 0001_before" in hostile["run"] and "New issues" in hostile["github"]


def test_ordinary_text_reads_as_it_was_written_and_links_to_the_tested_host(told, site):
    ordinary = told(ORDINARY, "ordinary")
    for name, text in ordinary.items():
        assert problems(text, {"127.0.0.1"}) == [], name
        assert ORDINARY.format(site=site) in shown(text), name
    assert f"<{site}/about.html>" in ordinary["session"]  # an autolink: the tested host is the one place to go


def test_the_check_finds_what_a_raw_text_would_do():
    """The twin of the checks above: the same text written raw is HTML, blocks and links to elsewhere."""
    raw = f"- **Saw:** {HOSTILE}\n"
    found = problems(raw, {"127.0.0.1"})
    assert any(problem.startswith("html_inline") for problem in found)
    assert any("javascript:" in problem for problem in found) and any("evil.example" in problem for problem in found)
    assert blocks(raw) != blocks("- **Saw:** C++\n")
