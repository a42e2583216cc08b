"""The suite's runs of pytest forked from a warm interpreter (tests/forkserver.py) are the runs a fresh `python -m
pytest` makes: the same outcomes, lines (no warning of modules imported before pytest), exit codes and signals, the
same folder, environment and import path, modules read anew, files left open written; what an interpreter or the
preloaded SDKs read as they start, asked for otherwise, makes a plain run; a run past its timeout is killed and the
server goes on."""

from __future__ import annotations

import json
import os
import re
import signal
import time

import pytest
from forkserver import ForkedPopen, ForkServer

SUITE = """
import os, signal, sys

def test_passes():
    print("WHERE", os.getcwd(), os.environ.get("FORK_PROBE"), sys.path[0] == os.getcwd(), flush=True)
    print("PLUGIN", "pytest_useragent.plugin" in sys.modules, flush=True)

def test_fails():
    assert [1, 2] == [1, 3]

def test_killed():
    if os.environ.get("DIE"):
        os.kill(os.getpid(), getattr(signal, os.environ["DIE"]))
"""


def runs(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, server: ForkServer, *args: str, **env: str
) -> list[pytest.RunResult]:
    """The same run, forked and then as a plain process."""
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    forks = server.forks
    forked = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-s", *args, timeout=120)
    assert server.forks == forks + 1  # it was forked
    monkeypatch.setattr(pytester, "popen", pytest.Pytester.popen.__get__(pytester))
    plain = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-s", *args, timeout=120)
    return [forked, plain]


def said(result: pytest.RunResult) -> list[str]:
    """The run's lines, without its times and its temporary folder's number."""
    return [re.sub(r"in [\d.]+s|pytest-\d+|runpytest-\d+", "", line) for line in result.outlines]


def test_a_forked_run_says_and_ends_as_a_fresh_one(pytester, monkeypatch, fork_server):
    pytester.makepyfile(test_probe=SUITE)
    forked, plain = runs(pytester, monkeypatch, fork_server, FORK_PROBE="yes")
    assert forked.ret == plain.ret == pytest.ExitCode.TESTS_FAILED
    assert said(forked) == said(plain)
    forked.stdout.fnmatch_lines(
        [f"*WHERE {pytester.path} yes True", "PLUGIN True", "E*assert [[]1, 2[]] == [[]1, 3[]]"]
    )
    assert fork_server.alive()


@pytest.mark.parametrize(
    ("sent", "sigint", "ends"),
    [
        ("SIGKILL", signal.SIG_DFL, -signal.SIGKILL),
        ("SIGINT", signal.default_int_handler, pytest.ExitCode.INTERRUPTED),
        # the suite started in the background (`cmd &` in a script): its runs inherit SIGINT ignored
        ("SIGINT", signal.SIG_IGN, pytest.ExitCode.OK),
    ],
    ids=["killed", "interrupted", "interrupt-ignored"],
)
def test_a_run_ended_by_a_signal_ends_so_forked_too(pytester, monkeypatch, fork_server, sent, sigint, ends):
    pytester.makepyfile(test_probe=SUITE)
    previous = signal.signal(signal.SIGINT, sigint)
    try:
        forked, plain = runs(pytester, monkeypatch, fork_server, "-k", "killed", DIE=sent)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert forked.ret == plain.ret == ends


def test_a_run_interrupted_outside_its_session_ends_killed_by_sigint_forked_too(pytester, monkeypatch, fork_server):
    """A KeyboardInterrupt that pytest does not catch (here in pytest_unconfigure): Python ends killed by SIGINT."""
    pytester.makeconftest("def pytest_unconfigure():\n    raise KeyboardInterrupt\n")
    pytester.makepyfile(test_probe=SUITE)
    forked, plain = runs(pytester, monkeypatch, fork_server, "-k", "killed")
    assert forked.ret == plain.ret == -signal.SIGINT
    assert forked.errlines[-1] == plain.errlines[-1] == "KeyboardInterrupt"


def test_a_module_written_again_within_its_second_is_read_anew(pytester, fork_server):
    """What a fresh run (PYTHONDONTWRITEBYTECODE) does; a copy compiled by the run before would be checked against
    the source's size and time in seconds only, which are the same."""
    pytester.makepyfile(test_value="import value\n\ndef test_value():\n    print('VALUE', value.VALUE)\n")
    forks = fork_server.forks
    for number in (1, 2):
        module = pytester.makepyfile(value=f"VALUE = {number}\n")
        os.utime(module, (1_700_000_000, 1_700_000_000))
        result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-s", timeout=120)
        result.stdout.fnmatch_lines([f"*VALUE {number}"])
    assert fork_server.forks == forks + 2


@pytest.mark.parametrize(
    ("variable", "value", "test"),
    [
        ("PYTHONOPTIMIZE", "1", "def test_optimized():\n    import helper\n    helper.check()\n"),
        (
            "ANTHROPIC_LOG",
            "debug",
            "import anthropic, logging\n\ndef test_logged():\n    assert logging.getLogger('anthropic').level\n",
        ),
    ],
    ids=["PYTHONOPTIMIZE", "ANTHROPIC_LOG"],
)
def test_a_run_asking_for_what_is_read_as_python_or_an_sdk_starts_is_a_plain_process(
    pytester, monkeypatch, fork_server, variable, value, test
):
    """The interpreter reads PYTHONOPTIMIZE as it starts (the helper's assert is left out); the Anthropic SDK reads
    ANTHROPIC_LOG as it is imported, which the server did before the test asked for it."""
    pytester.makepyfile(test_read=test, helper="def check():\n    assert False\n")
    monkeypatch.setenv(variable, value)
    forks = fork_server.forks
    pytester.runpytest_subprocess("-p", "no:cacheprovider", timeout=120).assert_outcomes(passed=1)
    assert fork_server.forks == forks


def test_a_file_a_run_left_open_is_written_as_its_end_frees_it_forked_too(pytester, monkeypatch, fork_server):
    pytester.makepyfile(test_kept="kept = open('kept.txt', 'a')\n\ndef test_writes():\n    kept.write('line\\n')\n")
    forked, plain = runs(pytester, monkeypatch, fork_server)
    assert forked.ret == plain.ret == 0
    assert (pytester.path / "kept.txt").read_text() == "line\n" * 2


def test_a_run_past_its_timeout_is_killed_and_the_server_goes_on(pytester, fork_server):
    pytester.makepyfile(test_slow="import time\ndef test_slow():\n    time.sleep(60)\n")
    with pytest.raises(pytester.TimeoutExpired):
        pytester.runpytest_subprocess("-p", "no:cacheprovider", timeout=3)
    pytester.makepyfile(test_slow="def test_quick():\n    pass\n")
    pytester.runpytest_subprocess("-p", "no:cacheprovider", timeout=120).assert_outcomes(passed=1)
    assert fork_server.alive()


def test_a_run_the_server_cannot_make_is_a_plain_process(pytester, monkeypatch, tmp_path):
    server = ForkServer(tmp_path / "compiled")
    try:
        log = tmp_path / "out"
        with log.open("w") as out:
            monkeypatch.setenv("PYTHONHASHSEED", "1234")  # read as an interpreter starts: the server's is not this
            assert server.start(["--version"], dict(os.environ), out, out) is None
            monkeypatch.delenv("PYTHONHASHSEED")
            forked = server.start(["--version"], dict(os.environ), out, out)
            assert isinstance(forked, ForkedPopen) and forked.wait(60) == 0
        assert f"pytest {pytest.__version__}" in log.read_text()
    finally:
        server.close()
    assert server.process.returncode == 0 and not server.alive()


def test_a_run_whose_environment_lets_python_write_bytecode_writes_it_beside_its_sources(monkeypatch, tmp_path):
    """As a fresh run without PYTHONDONTWRITEBYTECODE does (where this suite's machines set it, none is written)."""
    monkeypatch.delenv("PYTHONDONTWRITEBYTECODE", raising=False)
    server = ForkServer(tmp_path / "compiled")
    try:
        (tmp_path / "test_helped.py").write_text("import helper\n\ndef test_helped():\n    pass\n")
        (tmp_path / "helper.py").write_text("")
        monkeypatch.chdir(tmp_path)
        with (tmp_path / "out").open("w") as out:
            forked = server.start(["-p", "no:cacheprovider"], dict(os.environ, PYTHONPATH=str(tmp_path)), out, out)
            assert forked is not None and forked.wait(60) == 0, (tmp_path / "out").read_text()
    finally:
        server.close()
    assert [path.name for path in (tmp_path / "__pycache__").glob("helper.*.pyc")]


def test_a_run_that_ends_before_its_start_is_read_is_not_waited_for(tmp_path):
    """Its two lines (forked, ended) come in one read: the second is there at once, not left in a buffer."""
    server = ForkServer(tmp_path / "compiled")
    try:
        out = tmp_path / "out"
        out.touch()
        request = {"argv": ["--version"], "cwd": str(tmp_path), "env": dict(os.environ), "stdout": str(out)}
        request["sigint_ignored"] = False
        assert server.process.stdin is not None
        server.process.stdin.write(json.dumps({**request, "stderr": str(out)}).encode() + b"\n")
        server.process.stdin.flush()
        deadline = time.monotonic() + 60
        while "pytest" not in out.read_text() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)  # its end said too
        started, ended = server.answer(5), server.answer(0)
        assert started and ended and json.loads(ended)["returncode"] == 0
    finally:
        server.close()
