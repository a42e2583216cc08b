"""--useragent-video in a real pytest run: each session's page recorded, saved into its folder when the test ends,
linked from its report.md and played in report.html; off, nothing is recorded. Playwright's ffmpeg is missing here:
imageio-ffmpeg's records (the video extra); without either, one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ffmpeg import no_ffmpeg_at_all, no_playwright_ffmpeg

TESTS = """
import pytest

def test_explore(agent, site):
    agent.explore(site + "/index.html", max_steps=2)

@pytest.mark.useragent(persona="older-adult-low-vision", repeat=2, survey="off")
def test_zoomed_twice(agent, site):  # each session in a context of its own (the zoom, the repeat): recorded too
    agent.explore(site + "/index.html", max_steps=1)
"""


def run(suite: pytest.Pytester, *args: str) -> pytest.RunResult:
    return suite.runpytest_subprocess("-p", "no:cacheprovider", *args, timeout=240)


def test_video_on_records_each_session_into_its_folder_and_off_records_none(suite, monkeypatch, tmp_path):
    for name, value in no_playwright_ffmpeg(tmp_path).items():
        monkeypatch.setenv(name, value)
    suite.makepyfile(test_site=TESTS)

    run(suite, "--useragent-video=on").assert_outcomes(passed=2)

    report = suite.path / "useragent-report"
    sessions = sorted(report.glob("sessions/*/useragent*"))
    assert len(sessions) == 3 and all((found / "video.webm").is_file() for found in sessions), sessions
    (session,) = report.glob("sessions/*explore*/useragent")
    assert (session / "video.webm").read_bytes()[:4] == b"\x1a\x45\xdf\xa3"  # WebM, whole once the page closed
    assert "[video.webm](video.webm)" in (session / "report.md").read_text()
    assert json.loads((session / "session.json").read_text())["video"] == "video.webm"
    assert f'src="{session.relative_to(report).as_posix()}/video.webm"' in (report / "report.html").read_text()

    run(suite, "--useragent-video=off").assert_outcomes(passed=2)
    (session,) = report.glob("sessions/*explore*/useragent")
    assert not (session / "video.webm").exists() and "video" not in (session / "report.md").read_text().lower()


def test_video_without_any_ffmpeg_fails_in_one_line(suite, monkeypatch, tmp_path):
    for name, value in no_ffmpeg_at_all(tmp_path).items():
        monkeypatch.setenv(name, value)
    suite.makepyfile(test_site=TESTS)

    result = run(suite, "--useragent-video=on", "-k", "explore")

    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*--useragent-video: video recording needs Playwright's ffmpeg*"])
    assert "Traceback" not in result.stdout.str() and "╔" not in result.stdout.str()


def test_with_pytest_playwrights_video_a_session_in_a_context_of_its_own_keeps_its_own(suite, monkeypatch, tmp_path):
    """pytest-playwright's --video records the test's page: a session there links that file; a session in a context
    of its own (the zoomed persona's, its repeat's) ran elsewhere, and keeps its own recording in its folder."""
    for name, value in no_playwright_ffmpeg(tmp_path).items():
        monkeypatch.setenv(name, value)
    suite.makepyfile(test_site=TESTS)

    run(suite, "--video=on", "--useragent-video=on").assert_outcomes(passed=2)

    report = suite.path / "useragent-report"
    (explored,) = report.glob("sessions/*explore*/useragent")
    linked = json.loads((explored / "session.json").read_text())["video"]
    assert Path(linked).is_absolute() and linked.endswith("video.webm")  # pytest-playwright's own file
    zoomed = sorted(report.glob("sessions/*zoomed*/useragent*"))
    assert len(zoomed) == 2
    for session in zoomed:
        assert json.loads((session / "session.json").read_text())["video"] == "video.webm"
        assert (session / "video.webm").read_bytes()[:4] == b"\x1a\x45\xdf\xa3"
