"""A pytest run killed (SIGKILL) in the middle of a large write, then pytest run again: the next run uses a new
pytest-N folder, or empties a fixed --basetemp, so the write is kept in the project's .useragent/ under its test and
session, where the test's next session takes it over (finished into its docs/ when DONE was seen, else reported with
what it saved kept), and the run says so at its end; a write no session took over is named as waiting. A run with
nothing left open says nothing of it. Each runs a real pytest in a subprocess."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest

GUIDE = "".join(
    f"{n}. Step {n} of the guide to the Corner Shop, with what to press and what happens.\n" for n in range(1, 301)
)
CUT = GUIDE.index("151. ")
"""Where the first part of the guide stops (at the output limit)."""

PROVIDER = """
import os, signal
import anthropic
import pytest
from pytest_useragent import AnthropicProvider
from pytest_useragent.testing import FakeMessagesAPI, MaxTokens, decision, wrap_up
from pytest_useragent.workspace.documents import Documents

GUIDE = {guide!r}
CUT = {cut}
DIE = lambda *args, **kwargs: os.kill(os.getpid(), signal.SIGKILL)
{before}
SERVER = FakeMessagesAPI({script}).start()


@pytest.fixture
def llm_provider():
    return AnthropicProvider(anthropic.Anthropic(base_url=SERVER.base_url, api_key="sk-ant-test", max_retries=0))
"""

TESTS = """
def test_guide(agent, site):
    agent.run("Write a guide to the shop", url=site + "/index.html")

def test_other(agent, site):
    agent.run("Find the shop", url=site + "/index.html")
"""

KILLED_MID_WRITE = '[decision("write", file="guide.md"), MaxTokens(GUIDE[:CUT]), DIE]'
"""The first part is on disk; the process dies as it asks for the second."""
KILLED_AFTER_DONE = '[decision("write", file="guide.md"), MaxTokens(GUIDE[:CUT]), GUIDE[CUT:] + "DONE"]'
"""With `Documents.apply = DIE`: the content is whole and on disk, and the process dies as it is put in place."""
DONE = '[decision("done", evidence="Welcome to Corner Shop"), wrap_up()]'
WRITES = '[decision("write", file="guide.md"), MaxTokens(GUIDE[:CUT]), GUIDE[CUT:] + "DONE", DONE_STEP, wrap_up()]'


def run(suite: pytest.Pytester, script: str, *args: str, before: str = "") -> pytest.RunResult:
    conftest = suite.path / "conftest.py"
    base = conftest.read_text().split("\n# -- the run's provider --\n")[0]
    provider = PROVIDER.format(guide=GUIDE, cut=CUT, script=script, before=before)
    conftest.write_text(f"{base}\n# -- the run's provider --\n{provider}")
    return suite.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:randomly", *args, timeout=240)


def killed(suite: pytest.Pytester, script: str, *args: str, before: str = "") -> None:
    suite.makepyfile(test_shop=TESTS)
    result = run(suite, script, "-k", "test_guide", *args, before=before)
    assert result.ret == -signal.SIGKILL, result.stdout.str()[-3000:]


def session_of(suite: pytest.Pytester, test: str) -> dict:
    report = json.loads((suite.path / "useragent-report" / "report.json").read_text())
    [session] = [entry["result"] for entry in report["sessions"] if test in entry["nodeid"]]
    return session


def left_open(suite: pytest.Pytester) -> list[Path]:
    """The records of large writes in the project's .useragent/."""
    return sorted((suite.path / ".useragent").rglob("*.meta.json"))


def test_a_write_cut_off_by_a_killed_run_is_reported_by_the_next_with_what_it_saved(suite):
    killed(suite, KILLED_MID_WRITE)  # pytester gives each run a new basetemp, as pytest-N is new each run
    [record] = left_open(suite)
    assert record.with_name("guide.md.content").read_text() == GUIDE[:CUT]

    result = run(suite, DONE, "-k", "test_guide")

    result.assert_outcomes(passed=1)
    content = record.with_name("guide.md.content")
    result.stdout.fnmatch_lines(
        [
            "cut off: test_shop.py::test_guide[chromium]: docs/guide.md, the write an earlier run left open "
            f"(1 part, {CUT:,} bytes): cut off before DONE: the process writing it ended; what it saved is kept in "
            f"{content}"
        ]
    )
    assert content.read_text() == GUIDE[:CUT]  # nothing it saved is lost
    [orphan] = session_of(suite, "test_guide")["orphaned_writes"]
    assert (orphan["fate"], orphan["bytes_saved"], orphan["content_path"]) == ("reported", CUT, str(content))
    assert json.loads(record.read_text())["state"] == "failed"

    again = run(suite, DONE, "-k", "test_guide")  # told once: the run after says nothing of it
    again.assert_outcomes(passed=1)
    assert "left open" not in again.stdout.str() and content.read_text() == GUIDE[:CUT]


def test_a_write_whose_done_was_seen_is_finished_into_the_next_runs_session_with_a_fixed_basetemp(suite):
    killed(suite, KILLED_AFTER_DONE, "--basetemp=kept", before="Documents.apply = DIE")

    result = run(suite, DONE, "-k", "test_guide", "--basetemp=kept")  # emptied at the start, as pytest does

    result.assert_outcomes(passed=1)
    session = session_of(suite, "test_guide")
    written = Path(session["docs"]["guide.md"])
    assert written.read_text() == GUIDE.rstrip("\n") and written.is_relative_to(suite.path / "kept")
    result.stdout.fnmatch_lines(
        [
            "recovered: test_shop.py::test_guide[chromium]: docs/guide.md, the write an earlier run left open "
            f"(2 parts, {len(GUIDE.rstrip()):,} bytes, DONE seen): finished, now in its session's docs/ ({written})"
        ]
    )
    [orphan] = session["orphaned_writes"]
    assert orphan["fate"] == "finished"
    copy = suite.path / "useragent-report" / session["report_copy"] / "docs" / "guide.md"
    assert copy.read_text() == GUIDE.rstrip("\n")  # the report's copy of the session has it too
    assert left_open(suite) == [] and not list((suite.path / ".useragent" / "pending").iterdir())


def test_a_write_no_session_took_over_is_named_as_waiting_at_the_end_of_the_run(suite):
    killed(suite, KILLED_MID_WRITE)

    result = run(suite, DONE, "-k", "test_other")  # its test is not run

    result.assert_outcomes(passed=1, deselected=1)
    [record] = left_open(suite)
    folder = record.parent.parent.relative_to(suite.path).as_posix()
    assert folder.startswith(".useragent/pending/test_shop.py_test_guide_chromium-")
    result.stdout.fnmatch_lines(
        [
            f"waiting: {folder}: docs/guide.md, the write a killed run left open (1 part, {CUT:,} bytes), for its "
            f"test's next run to take over; what it saved is in {record.with_name('guide.md.content')}"
        ]
    )
    assert json.loads(record.read_text())["state"] == "writing"  # untouched, for its test


def test_runs_with_nothing_left_open_say_nothing_of_it_and_leave_nothing_behind(suite):
    suite.makepyfile(test_shop=TESTS)
    script = WRITES.replace("DONE_STEP", 'decision("done", evidence="Welcome to Corner Shop")')

    plain = run(suite, DONE, "-k", "test_guide")
    assert not (suite.path / ".useragent").exists()  # no large write: nothing of ours in the project
    first = run(suite, script, "-k", "test_guide")
    assert session_of(suite, "test_guide")["docs"]["guide.md"]
    second = run(suite, DONE, "-k", "test_guide")

    for result in (plain, first, second):
        result.assert_outcomes(passed=1)
        said = result.stdout.str()
        assert not any(word in said for word in ("left open", "recovered:", "waiting:", "cut off:")), said
    assert left_open(suite) == []
    assert (suite.path / ".useragent" / ".gitignore").read_text().endswith("*\n")  # a write was kept there a while
    assert not list((suite.path / ".useragent" / "pending").iterdir())
