"""One budget for the machines of a run, through a real Redis (`--useragent-ledger=redis://...`): two pytest processes,
each in a folder of its own with its own fake API (as two CI runners, no file shared), run at once under a budget
smaller than their wish; and a Redis stopped mid-run stops the paying, not the record."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from redis_server import RedisServer, redis_server

from pytest_useragent.cli import main
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.cost.runs import project
from pytest_useragent.cost.shared import RedisLedger
from pytest_useragent.records import Usage

MODEL = "claude-sonnet-4-6"

MACHINE = """
import json
import os
import time
from pathlib import Path

import anthropic
import pytest
import redis
from pytest_useragent import AnthropicProvider
from pytest_useragent.testing import FakeMessagesAPI, decision, wrap_up

STEPS = []


MET = []


def pytest_runtest_setup(item):
    # both machines are under way before either reserves a cent (the second's xdist workers take a while to start):
    # each process says it is here before its first test, and waits, within a bound, for the other machine. Held
    # later (inside a paid call), a machine would hold its reservation while it waits, and the other find the budget
    # taken and pay nothing
    if os.environ.get("STOP_REDIS_FIRST") and not MET:  # Redis goes down before the first session
        redis.Redis.from_url(os.environ["LEDGER"]).shutdown(nosave=True)
    peers = os.environ.get("PEERS")
    if not peers or MET:
        return
    MET.append(True)
    Path(peers, os.environ["MACHINE"]).touch()
    deadline = time.monotonic() + 120
    while len(list(Path(peers).iterdir())) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)


def reply(body):
    if not body.get("tools"):  # the wrap-up
        return wrap_up()
    STEPS.append(body)
    if len(STEPS) == int(os.environ.get("STOP_REDIS_AT", "0")):  # Redis goes down while this call is answered
        try:
            redis.Redis.from_url(os.environ["LEDGER"]).shutdown(nosave=True)
        except redis.ConnectionError:
            pass
    return decision("scroll", direction="down", verdict="met" if len(STEPS) > 1 else None)


SERVER = FakeMessagesAPI([reply] * 200).start()


@pytest.fixture
def llm_provider():
    return AnthropicProvider(anthropic.Anthropic(base_url=SERVER.base_url, api_key="test", max_retries=0))


def pytest_sessionfinish(session):  # each process its own: the controller, and each xdist worker with its fake
    SERVER.idle()
    # the pid as well: a worker of this run and the process that runs it can carry one worker name (the outer
    # suite's own xdist worker name is in their environment), and one would write over the other's bills
    name = f"{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-{os.getpid()}"
    Path(f"billed-{name}.json").write_text(json.dumps({"billed": SERVER.billed, "steps": len(STEPS)}))
"""

TESTS = """
def test_{name}_one(agent, site):
    agent.run("Find the pricing", url=site + "/index.html")

def test_{name}_two(agent, site):
    agent.run("Find the pricing", url=site + "/index.html")

def test_{name}_three(agent, site):
    agent.run("Find the pricing", url=site + "/index.html")
"""


def machine(suite: pytest.Pytester, folder: Path, name: str) -> Path:
    """A suite of three tests in a folder of its own, with its own fake API: what one CI runner holds."""
    folder.mkdir(parents=True)
    (folder / "conftest.py").write_text(suite.path.joinpath("conftest.py").read_text() + MACHINE)
    (folder / f"test_{name}.py").write_text(TESTS.format(name=name))
    return folder


def start(folder: Path, url: str, *args: str, **env: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly", "-rs", "-s"]
    command += [f"--basetemp={folder / 'tmp'}", f"--useragent-ledger={url}", *args]
    environ = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_XDIST_")}
    environ.update({"LEDGER": url, **env})  # a machine of its own: not a worker of the suite that runs this test
    return subprocess.Popen(
        command, cwd=folder, env=environ, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def billed(folder: Path) -> list[dict]:
    """What each process of the machine wrote at its end: its fake API's bills and the steps it was asked."""
    return [json.loads(path.read_text()) for path in sorted(folder.glob("billed-*.json"))]


def billed_usd(folder: Path) -> float:
    book = PriceBook.load()
    return sum(book.cost_usd(MODEL, Usage(**usage)) for process in billed(folder) for usage in process["billed"])


@pytest.fixture
def server(tmp_path: Path):
    with redis_server(tmp_path / "redis") as running:
        yield running


def test_two_machines_share_one_budget_smaller_than_their_wish(suite, server: RedisServer, tmp_path, monkeypatch):
    for key in ("GITHUB_RUN_ID", "CI_PIPELINE_ID", "BUILD_ID"):
        monkeypatch.delenv(key, raising=False)
    # one project checked out on two runners (in folders of one name: the project's name when no repository names it)
    folders = [machine(suite, tmp_path / f"runner-{name}" / "shop", name) for name in ("a", "b")]
    # more than three calls' worst cases held at once (so neither machine is refused for what the other only holds),
    # less than both machines would spend: each runs three sessions of 15 paid steps at ~$0.004
    budget = 0.25
    shared = (f"--useragent-budget={budget}", "--useragent-run-id=run-7")
    (tmp_path / "peers").mkdir()
    peers = {"PEERS": str(tmp_path / "peers")}
    runs = [
        start(folders[0], server.url, *shared, MACHINE="a", **peers),
        start(folders[1], server.url, *shared, "-n", "2", MACHINE="b", **peers),  # and its xdist workers
    ]
    outputs = [run.communicate(timeout=300)[0] for run in runs]
    for run, output in zip(runs, outputs, strict=True):
        assert run.returncode == 0, output
        assert "useragent: budget shared through " + server.url + " as run run-7" in output
        assert "Traceback" not in output and "INTERNALERROR" not in output

    ledger = RedisLedger.create(server.url, "run-7", budget, project(folders[0])).state()
    assert ledger.exhausted and ledger.reserved_usd == pytest.approx(0, abs=1e-12)
    assert 0 < ledger.spent_usd <= budget  # overspend 0
    paid = [billed_usd(folder) for folder in folders]
    assert all(usd > 0 for usd in paid)  # both machines paid from the one budget
    assert all(sum(process["steps"] for process in billed(folder)) > 0 for folder in folders)  # for steps, too
    reports = [json.loads((folder / "useragent-report" / "report.json").read_text()) for folder in folders]
    recorded = [sum(s["result"]["cost_usd"] for s in report["sessions"]) for report in reports]
    for usd, booked, report in zip(paid, recorded, reports, strict=True):
        assert booked == pytest.approx(usd, abs=1e-9)  # every billed call recorded, once, on its machine
        assert report["spent_usd"] == pytest.approx(booked, abs=1e-9) and report["run_id"] == "run-7"
    assert ledger.spent_usd == pytest.approx(sum(paid), abs=1e-9)

    combined = tmp_path / "combined"
    assert main(["combine", *(str(folder / "useragent-report") for folder in folders), "--output", str(combined)]) == 0
    report = json.loads((combined / "report.json").read_text())
    assert report["spent_usd"] == pytest.approx(ledger.spent_usd, abs=1e-9) and report["budget_usd"] == budget
    assert len(report["test_outcomes"]) == 6 and report["stops"]["budget_exhausted"]


def test_redis_stopped_mid_run_makes_no_call_after_it_and_says_so(suite, server: RedisServer, tmp_path):
    folder = machine(suite, tmp_path / "runner", "a")
    run = start(folder, server.url, "--useragent-budget=5", "--useragent-run-id=run-8", STOP_REDIS_AT="2")
    output = run.communicate(timeout=300)[0]
    assert run.returncode == 0, output
    assert "Traceback" not in output and "INTERNALERROR" not in output
    gone = f"the run's ledger {server.url}: cannot be reached ("
    assert [process["steps"] for process in billed(folder)] == [2]  # no call after the one Redis went down in
    report = json.loads((folder / "useragent-report" / "report.json").read_text())
    [session] = report["sessions"]
    assert session["result"]["outcome"] == "budget_exhausted"
    assert session["result"]["error"].startswith(gone)
    assert session["result"]["error"].endswith("; no call is made while it cannot be booked")
    assert session["result"]["cost_usd"] == pytest.approx(billed_usd(folder), abs=1e-9)  # both paid calls kept
    assert sum(len(step["calls"]) for step in session["result"]["steps"]) == 2
    assert output.count("SKIPPED") == 2 and f"useragent budget cannot be proven: {gone}" in output
    assert report["stops"]["skipped_for_budget"] == 2 and report["spent_usd"] == session["result"]["cost_usd"]
    assert any(line.startswith(gone) for line in output.splitlines())  # the one line at the end


def test_redis_gone_before_the_first_session_still_writes_the_report_and_says_why(suite, server: RedisServer, tmp_path):
    folder = machine(suite, tmp_path / "runner", "a")
    run = start(folder, server.url, "--useragent-budget=5", "--useragent-run-id=run-9", STOP_REDIS_FIRST="1")
    output = run.communicate(timeout=300)[0]
    assert run.returncode == 0, output
    assert "Traceback" not in output and "INTERNALERROR" not in output
    assert [process["steps"] for process in billed(folder)] == [0]
    report = json.loads((folder / "useragent-report" / "report.json").read_text())
    assert report["sessions"] == [] and report["stops"]["skipped_for_budget"] == 3
    assert set(report["test_outcomes"].values()) == {"skipped by budget"}
    gone = f"the run's ledger {server.url}: cannot be reached ("
    lines = output.splitlines()
    assert "the budget stopped sessions; 3 tests skipped" in lines and any(line.startswith(gone) for line in lines)
    assert any(line.startswith("report: ") for line in lines)


def test_a_shard_whose_every_test_the_spent_budget_skipped_writes_its_report(suite, server: RedisServer, tmp_path):
    folder = machine(suite, tmp_path / "runner", "a")
    spent = RedisLedger.create(server.url, "run-10", 0.02, project(folder))
    spent._client.hset(spent._run, mapping={"spent": "0.02", "exhausted": "1"})  # an earlier shard spent it all
    run = start(folder, server.url, "--useragent-budget=0.02", "--useragent-run-id=run-10")
    output = run.communicate(timeout=300)[0]
    assert run.returncode == 0, output
    report = json.loads((folder / "useragent-report" / "report.json").read_text())
    assert report["stops"]["skipped_for_budget"] == 3 and report["run_id"] == "run-10"
    assert "the budget stopped sessions; 3 tests skipped" in output.splitlines()
    # and combine takes the shard: its tests are in the run, skipped, not gone
    combined = tmp_path / "combined"
    assert main(["combine", str(folder / "useragent-report"), "--output", str(combined)]) == 0
    assert len(json.loads((combined / "report.json").read_text())["test_outcomes"]) == 3
