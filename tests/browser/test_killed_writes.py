"""A run killed (SIGKILL) in the middle of a large write, then run again in the same folder: the write's parts were on
disk as they arrived; the next session finishes it when DONE was seen, and otherwise reports it, with what it saved
kept whole, in todo.md's Notes and the session's report."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from pytest_useragent import Agent, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.testing import MaxTokens, decision, wrap_up

CLOSED_NETWORK = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"
"""As tests/conftest.py's: not imported from `conftest`, which is tests/plugin's when both folders run together."""
GUIDE = "".join(
    f"{n}. Step {n} of the guide to the Corner Shop, with what to press and what happens.\n" for n in range(1, 301)
)
CUT = GUIDE.index("151. ")
"""Where the first part of the guide stops (at the output limit)."""
BOUND = 120
"""Seconds within which the child reaches its write: only a hang takes this long."""

CHILD = """
import os, signal, sys
from pathlib import Path

import anthropic
from playwright.sync_api import sync_playwright

from pytest_useragent import Agent, AnthropicProvider, Persona
from pytest_useragent.browser.launch import launch_options
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.workspace.documents import Documents

api, site, directory, closed, die_at = sys.argv[1:6]
if die_at == "apply":  # the content is whole (DONE seen) and on disk: the process dies as it would be put in place
    Documents.apply = lambda *args, **kwargs: os.kill(os.getpid(), signal.SIGKILL)
with sync_playwright() as playwright:
    chromium = playwright.chromium
    browser = chromium.launch(**launch_options({"args": [closed]}, chromium.executable_path))
    client = anthropic.Anthropic(base_url=api, api_key="sk-ant-test-key", max_retries=0)
    agent = Agent(
        browser.new_page(), Persona(name="Jana"), AnthropicProvider(client), UserAgentConfig(settle_timeout=2),
        Path(directory),
    )
    agent.run("Write a guide to the shop", url=site + "/index.html")
sys.exit(3)  # never reached: the process is killed mid-write
"""


def start_child(tmp_path: Path, fake_api: Any, site: str, die_at: str) -> subprocess.Popen[bytes]:
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    command = [sys.executable, str(script), fake_api.base_url, site, str(tmp_path / "agent"), CLOSED_NETWORK, die_at]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def rerun(page: Any, claude: Any, tmp_path: Path, fake_api: Any, site: str):
    """The run again, in the same folder: the persona only says it is done."""
    fake_api.push(decision("done", evidence="Welcome to Corner Shop"), wrap_up())
    agent = Agent(page, Persona(name="Jana"), claude, UserAgentConfig(settle_timeout=2), tmp_path / "agent")
    return agent.run("Write a guide to the shop", url=f"{site}/index.html")


def test_a_run_killed_mid_write_is_reported_with_what_it_saved_by_the_next(page, site, tmp_path, fake_api, claude):
    released = threading.Event()

    def second_part(body: Any) -> Any:  # the child waits for it until it is killed
        released.wait(BOUND)
        return MaxTokens("never read")

    fake_api.push(decision("write", file="guide.md"), MaxTokens(GUIDE[:CUT]), second_part)
    child = start_child(tmp_path, fake_api, site, "never")
    pending = tmp_path / "agent" / "useragent" / "docs" / ".pending"
    try:
        deadline = time.monotonic() + BOUND
        while not _saved(pending / "guide.md.meta.json", parts=1):  # the first part is on disk
            assert child.poll() is None, child.communicate()[1].decode()[-2000:]
            assert time.monotonic() < deadline, "the child never wrote its first part"
            time.sleep(0.05)
        child.send_signal(signal.SIGKILL)
        child.communicate(timeout=BOUND)
    finally:
        released.set()
        child.kill()
    assert child.returncode == -signal.SIGKILL

    result = rerun(page, claude, tmp_path, fake_api, site)

    assert result.goal_achieved and not fake_api.problems, result.error
    [orphan] = result.orphaned_writes
    assert (orphan.fate, orphan.file, orphan.parts, orphan.bytes_saved) == ("reported", "guide.md", 1, CUT)
    assert orphan.problem == "cut off before DONE: the process writing it ended"
    assert (pending / "guide.md.content").read_text() == GUIDE[:CUT]  # nothing saved is lost
    assert "guide.md" not in result.docs
    [incomplete] = result.incomplete_docs
    assert incomplete.bytes_recovered == CUT and incomplete.problem == orphan.problem
    notes = (Path(result.directory) / "todo.md").read_text().split("## Notes")[1]
    assert f"docs/guide.md, the write an earlier run left open (1 part, {CUT:,} bytes) was cut off" in notes
    assert "kept in docs/.pending/guide.md.content" in notes
    report = (Path(result.directory) / "report.md").read_text()
    assert "**reported**: cut off before DONE: the process writing it ended" in report


def test_a_run_killed_after_done_has_its_300_lines_finished_by_the_next(page, site, tmp_path, fake_api, claude):
    # the documented path: the write action without text, then the content as plain text over two replies, DONE
    fake_api.push(decision("write", file="guide.md"), MaxTokens(GUIDE[:CUT]), GUIDE[CUT:] + "DONE")
    child = start_child(tmp_path, fake_api, site, "apply")
    try:
        child.communicate(timeout=BOUND)
    finally:
        child.kill()
    assert child.returncode == -signal.SIGKILL
    assert len(fake_api.requests) == 3  # the step, then the two parts of the guide
    meta = json.loads((tmp_path / "agent" / "useragent" / "docs" / ".pending" / "guide.md.meta.json").read_text())
    assert (meta["done"], meta["parts"], meta["state"]) == (True, 2, "writing")

    result = rerun(page, claude, tmp_path, fake_api, site)

    assert result.goal_achieved and not fake_api.problems, result.error
    [orphan] = result.orphaned_writes
    assert (orphan.fate, orphan.parts) == ("finished", 2)
    written = Path(result.docs["guide.md"]).read_text()
    assert written == GUIDE.rstrip("\n") and written.count("\n") == 299
    assert result.incomplete_docs == [] and not list((Path(result.directory) / "docs" / ".pending").iterdir())
    notes = (Path(result.directory) / "todo.md").read_text().split("## Notes")[1]
    assert "docs/guide.md, the write an earlier run left open (2 parts" in notes and "finished, now in place" in notes
    assert "**finished** (its content was whole, DONE seen)" in (Path(result.directory) / "report.md").read_text()


def _saved(meta: Path, parts: int) -> bool:
    """Whether the write's meta says `parts` parts are on disk (it may be being rewritten as it is read)."""
    try:
        return json.loads(meta.read_text())["parts"] == parts
    except (OSError, ValueError, KeyError):
        return False
