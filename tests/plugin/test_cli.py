"""The `useragent` command as a user runs it: the installed console script in a subprocess, on tests/pages served on
loopback, a closed-network Chromium (`--browser-arg`), the offline engine unless a test says otherwise."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from ffmpeg import no_ffmpeg_at_all, no_playwright_ffmpeg
from secret_scan import SECRET, leaks

from pytest_useragent.cli import main
from pytest_useragent.testing import FakeMessagesAPI

PAGES = Path(__file__).parents[1] / "pages"
CLOSED = "--browser-arg=--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"
COMMAND = shutil.which("useragent", path=str(Path(sys.executable).parent)) or shutil.which("useragent")


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def pages() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(PAGES)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def useragent(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """The console script, with no API key in its environment (the offline engine) and `env` laid over it."""
    assert COMMAND is not None, "the useragent console script is installed with the package"
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("ANTHROPIC_", "OPENAI_", "USERAGENT_"))}
    return subprocess.run(
        [COMMAND, *args], cwd=cwd, env={**environ, **env}, capture_output=True, text=True, timeout=180, check=False
    )


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    """The error a usage mistake prints: one line on stderr, nothing else, no traceback."""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    return lines[0]


def test_exploring_a_site_writes_the_reports_and_a_video_and_exits_0(pages, tmp_path):
    done = useragent(
        tmp_path,
        "run",
        f"{pages}/index.html",
        "--persona",
        "first-time-visitor",
        "--video",
        "on",
        CLOSED,
        USERAGENT_MAX_STEPS="5",  # an option from the environment
        **no_playwright_ffmpeg(tmp_path),  # imageio-ffmpeg's records
    )

    assert done.returncode == 0, done.stdout + done.stderr
    assert "step 1/5 " in done.stdout and " so far" in done.stdout  # a line per step, as it went
    report = tmp_path / "useragent-report"
    assert f"report: {report / 'report.md'}" in done.stdout and f"report: {report / 'report.html'}" in done.stdout
    (session,) = report.glob("sessions/*/useragent")
    told = (session / "report.md").read_text()
    assert "**Explored:**" in told and "Sam" in told  # the preset's persona, and explored where a goal would be
    assert "[video.webm](video.webm)" in told
    assert (session / "video.webm").read_bytes()[:4] == b"\x1a\x45\xdf\xa3"  # a WebM (EBML) file, not empty
    assert (session / "video.webm").stat().st_size > 1000
    assert '<video controls preload="metadata"' in (report / "report.html").read_text()
    assert "| explored |" in (report / "report.md").read_text()
    assert "replaced" not in done.stdout
    again = useragent(tmp_path, "run", f"{pages}/index.html", CLOSED, USERAGENT_MAX_STEPS="1")
    assert f"report: replaced the earlier run's report in {report}" in again.stdout  # said, never lost unawares


def test_a_goal_reached_as_the_success_text_shows_exits_0_and_the_credentials_are_nowhere(pages, tmp_path):
    persona = tmp_path / "jana.yaml"
    persona.write_text("name: Jana\nbackground: Jana, 45. Signs in to shops she knows.\nlanguage: en\n")
    done = useragent(
        tmp_path,
        "run",
        f"{pages}/index.html",
        "--goal=Sign in",
        "--success-text=You are signed in",
        f"--persona={persona.name}",
        "--output=out",
        "--max-steps=6",
        CLOSED,
        "--credentials",
        "email=jana@example.com",
        "password=$UA_PASSWORD",
        UA_PASSWORD=SECRET,
    )

    assert done.returncode == 0, done.stdout + done.stderr
    assert "goal achieved" in done.stdout and "Jana" in (tmp_path / "out" / "report.md").read_text()
    typed = [line for line in done.stdout.splitlines() if '"{{password}}"' in line]
    assert typed, done.stdout  # the secret was typed, as its placeholder
    assert leaks(SECRET, [tmp_path / "out"], extra={"stdout": done.stdout, "stderr": done.stderr}) == []


def test_a_goal_whose_success_text_the_page_never_shows_exits_1(pages, tmp_path):
    done = useragent(
        tmp_path,
        "run",
        f"{pages}/pricing.html",
        "--goal=Find what the Pro plan costs",
        "--success-text=Order shipped",
        "--max-steps=3",
        CLOSED,
    )

    assert done.returncode == 1, done.stdout + done.stderr
    assert "goal not achieved" in done.stdout and (tmp_path / "useragent-report" / "report.html").is_file()


def test_a_start_page_that_cannot_be_opened_exits_4_not_as_a_goal_missed(tmp_path):
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    done = useragent(tmp_path, "run", f"http://127.0.0.1:{port}/", "--goal=Find the price", CLOSED)
    assert done.returncode == 4, done.stdout + done.stderr
    assert "unreachable after 0 steps, no UX verdict" in done.stdout


def test_a_fail_on_that_was_met_names_the_issues_that_met_it(pages, tmp_path):
    done = useragent(
        tmp_path, "run", f"{pages}/a11y/target-size-small.html", "--max-steps=1", "--fail-on=minor", CLOSED
    )
    assert done.returncode == 1, done.stdout + done.stderr
    named = [line for line in done.stdout.splitlines() if line.startswith("--fail-on minor: ")]
    assert any("[target-size]" in line for line in named), done.stdout
    # which limit, the run's value against it, then each issue: as the pytest gate says it
    failed = [line for line in done.stdout.splitlines() if line.startswith("FAILED by --fail-on minor: ")]
    assert failed == [
        f"FAILED by --fail-on minor: {len(named)} issue{'s' if len(named) != 1 else ''} of minor or worse, the limit is 0"
    ]
    twin = useragent(tmp_path, "run", f"{pages}/a11y/target-size-small.html", "--max-steps=1", CLOSED)
    assert "--fail-on" not in twin.stdout  # the twin: no --fail-on, no such line (and the status the goal's)


def test_what_axe_left_for_review_fails_only_a_fail_on_that_names_it(pages, tmp_path):
    page = f"{pages}/review/bypass-none.html"
    plain = useragent(tmp_path, "run", page, "--max-steps=1", "--fail-on=cosmetic", CLOSED)
    assert plain.returncode == 0 and "--fail-on" not in plain.stdout, plain.stdout + plain.stderr
    named = useragent(tmp_path, "run", page, "--max-steps=1", "--fail-on=major,review", CLOSED)
    assert named.returncode == 1, named.stdout + named.stderr
    assert (
        "--fail-on major,review: major (review) Page must have means to bypass repeated blocks [bypass]" in named.stdout
    )


def test_a_browser_channel_that_is_not_there_is_one_line_and_exits_2(tmp_path):
    done = useragent(tmp_path, "run", "http://127.0.0.1:9/", "--browser-channel=nonexistent")
    assert done.returncode == 2 and "the browser did not start: " in one_line(done)


def test_a_budget_stop_exits_3(pages, tmp_path):
    with FakeMessagesAPI() as fake:
        done = useragent(
            tmp_path,
            "run",
            f"{pages}/index.html",
            "--provider=anthropic",
            "--budget=0.0001",
            CLOSED,
            ANTHROPIC_API_KEY="sk-ant-test-key",
            ANTHROPIC_BASE_URL=fake.base_url,
        )

    assert done.returncode == 3, done.stdout + done.stderr
    assert "budget_exhausted" in done.stdout and fake.requests == []  # stopped before any call was paid


def test_a_bad_url_or_option_is_one_line_from_the_script_and_exits_2(tmp_path):
    bad_url = useragent(tmp_path, "run", "ftp://example.com/")
    bad_option = useragent(tmp_path, "run", "http://127.0.0.1:9/", USERAGENT_MAX_STEPS="many")  # from the environment

    assert bad_url.returncode == 2 and "URL 'ftp://example.com/': ftp: is not a page" in one_line(bad_url)
    assert bad_option.returncode == 2 and "--max-steps='many': must be a whole number" in one_line(bad_option)
    assert not (tmp_path / "useragent-report").exists()  # refused before anything ran


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["run", "http://127.0.0.1:9/", "--max-steps=0"], "--max-steps='0': must be a whole number of at least 1"),
        (["run", "http://127.0.0.1:9/", "--persona=missing.yaml"], "persona file"),
        (["run", "http://127.0.0.1:9/", "--credentials", "password"], "give NAME=VALUE or NAME=$VAR"),
        (["run", "http://127.0.0.1:9/", "--fail-on=bad"], "--fail-on='bad': must be one of critical, major, minor"),
        (["run", "http://127.0.0.1:9/", "--fail-on=major,all"], "optionally followed by ,review"),
        (["run", "http://127.0.0.1:9/", "--provider=anthropic"], "--provider=anthropic needs ANTHROPIC_API_KEY"),
        (["run", "http://127.0.0.1:9/", "--goal= "], "agent.run needs a goal"),
        (["walk", "http://127.0.0.1:9/"], "useragent: error: argument COMMAND: invalid choice: 'walk'"),
        (["run"], "the following arguments are required: URL"),
        # said by the command whose --help lists its flags
        (
            ["run", "http://127.0.0.1:9/", "--bogus"],
            "useragent run: error: unrecognized arguments: --bogus (see useragent run --help)",
        ),
        (
            ["combine", "a", "--output=o", "--bogus"],
            "useragent combine: error: unrecognized arguments: --bogus (see useragent combine",
        ),
        (["run", "http://127.0.0.1:9/", "--output=a-file"], "--output {tmp}/a-file: {tmp}/a-file is not a folder"),
        (["run", "http://127.0.0.1:9/", "--output=a-file/sub"], "--output {tmp}/a-file/sub: {tmp}/a-file is not a"),
        (["run", "http://127.0.0.1:9/", "--browser-arg=--user-data-dir=/x"], "Playwright sets --user-data-dir itself"),
        (["run", "http://127.0.0.1:9/", "--persona=mars.yaml"], "timezone: Value error, must be an IANA time zone"),
        (["run", "http://127.0.0.1:9/", "--persona=odd.yaml"], "locale: Value error, must be a language tag"),
    ],
)
def test_each_usage_error_is_one_line_and_status_2(args, said, capsys, monkeypatch, tmp_path):
    """The script's `main`, in process: each mistake it refuses before a browser starts (the script is above)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a-file").write_text("not a folder")  # what --output=a-file names
    (tmp_path / "mars.yaml").write_text("name: Ada\ntimezone: Mars/Olympus\n")  # what the browser would refuse
    (tmp_path / "odd.yaml").write_text("name: Ada\nlocale: '\\\">'\n")
    said = said.format(tmp=tmp_path)
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)

    status = main(args)

    err = capsys.readouterr().err.strip()
    assert status == 2 and len(err.splitlines()) == 1 and said in err, err


def test_the_help_names_every_flag_and_its_environment_variable(capsys):
    assert main(["run", "--help"]) == 0
    shown = capsys.readouterr().out
    assert "--session-timeout SECONDS" in shown and "USERAGENT_MAX_STEPS" in shown and "--output PATH" in shown


def test_video_without_any_ffmpeg_is_one_line_and_exits_2(pages, tmp_path):
    done = useragent(tmp_path, "run", f"{pages}/index.html", "--video=on", CLOSED, **no_ffmpeg_at_all(tmp_path))

    assert done.returncode == 2 and "pip install 'pytest-useragent[video]'" in one_line(done)


def test_python_dash_m_is_the_same_command(tmp_path):
    refused = subprocess.run(
        [sys.executable, "-m", "pytest_useragent", "run", "http://127.0.0.1:9/", "--max-steps=-1"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert refused.returncode == 2 and "useragent run: error: --max-steps='-1'" in one_line(refused)
