"""Every file the plugin reads, tampered with or broken, is one line naming it, found in well under 5 s and 100 MB:
each loaded by its own reader in a subprocess (under an address-space limit, so a bomb that slipped through would fail
there rather than take the machine), its time and traced memory measured. Each twin: the valid file loads."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

ALIAS_BOMB = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{name}: &{name} [{', '.join([f'*{before}'] * 9)}]\n" for before, name in zip("abcdefgh", "bcdefghi", strict=True)
)
"""Nine levels of nine aliases: 406 bytes that stand for 9**9 (387 million) strings."""

READERS = {
    "cassette": "from pytest_useragent.replay.cassette import load\nload(PATH)",
    "persona": "from pytest_useragent import Persona\nPersona.from_yaml(PATH)",
    "prices": "from pytest_useragent.cost.pricing import PriceBook\nPriceBook.load(PATH)",
    "baseline": (
        "from pytest_useragent.regression.baseline import BaselineStore, StoredRun\n"
        "BaselineStore(PATH.parent).load(StoredRun(number=1, name='main', path=PATH))"
    ),
    "ledger": "from pytest_useragent.cost.ledger import RunLedger\nRunLedger(PATH).state()",
}

PROBE = """
import json, sys, time, tracemalloc
from pathlib import Path
from pytest_useragent.errors import UserAgentError
READERS = json.loads(sys.argv[1])
for reader in READERS.values():  # the imports before the clock and the trace: what is measured is the read
    exec(reader.splitlines()[0])
for line in sys.stdin:
    reader, path = json.loads(line)
    PATH = Path(path)
    tracemalloc.start()
    started = time.monotonic()
    try:
        exec(READERS[reader])
        shown = "LOADED"
    except UserAgentError as error:
        shown = "REFUSED " + str(error)
    seconds, peak = time.monotonic() - started, tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(json.dumps([shown, seconds, peak]), flush=True)
"""
"""One process reads every case in turn (one interpreter start, not 23), each read timed and traced alone."""

CASSETTE = """version: 1
goal: Find the price
persona: Jana
provider: offline
model: offline
recorded_at: 2026-11-24T10:00:00Z
outcome: goal_achieved
steps:
- index: 1
  page: {path: /index.html, controls: &page1 {'link "pricing"': 1}}
  outcome: {ok: true, message: clicked}
  usage: {input_tokens: 100, output_tokens: 10}
  cost_usd: 0.001
- index: 2
  page: {path: /pricing.html, controls: *page1}
  outcome: {ok: true, message: done}
  cost_usd: 0.001
"""


def baseline(**figures: object) -> str:
    session = {"goal_achieved": True, "claimed": True, "outcome": "goal_achieved", "met": 1, "evaluated": 2}
    session |= {"steps": 3, "cost_usd": 0.01, **figures}
    test = {"outcome": "passed", "sessions": [session]}
    return json.dumps({"metadata": {"date": "2026-11-24T10:00:00Z"}, "tests": {"test_a.py::test_a": test}})


LEDGER = '{"limit_usd": 5.0, "spent_usd": 0.5}'

CASES: dict[str, tuple[str, str, str | None]] = {
    # name: (reader, content or "zero" / "fifo" / "directory", what the one line says; None: it loads)
    "cassette alias bomb": ("cassette", ALIAS_BOMB, "its aliases expand it beyond 1,000,000 values"),
    "cassette NaN cost": ("cassette", CASSETTE.replace("0.001", ".nan", 1), "steps.0.cost_usd: Input should be a"),
    "cassette Inf cost": ("cassette", CASSETTE.replace("0.001", ".inf", 1), "steps.0.cost_usd: Input should be a"),
    "cassette negative cost": ("cassette", CASSETTE.replace("0.001", "-1", 1), "greater than or equal to 0"),
    "cassette /dev/zero": ("cassette", "zero", "not a regular file"),
    "cassette FIFO": ("cassette", "fifo", "not a regular file"),
    "cassette directory": ("cassette", "directory", "not a regular file"),
    "cassette valid": ("cassette", CASSETTE, None),
    "persona alias bomb": ("persona", ALIAS_BOMB, "its aliases expand it beyond"),
    "persona /dev/zero": ("persona", "zero", "not a regular file"),
    "persona too long": ("persona", "name: Jana\nbackground: " + "x" * 90_000, "larger than 80,000 bytes"),
    "persona valid": ("persona", "name: Jana\nbackground: reads every word\n", None),
    "prices NaN rate": ("prices", "currencies: {EUR: .nan}\n", "currencies.EUR: Input should be a finite number"),
    "prices alias bomb": ("prices", ALIAS_BOMB, "its aliases expand it beyond"),
    "prices /dev/zero": ("prices", "zero", "not a regular file"),
    "prices valid": ("prices", "currencies: {EUR: 0.9}\n", None),
    "baseline met > evaluated": ("baseline", baseline(met=3), "met 3 <= evaluated 2 <= steps 3 does not hold"),
    "baseline evaluated > steps": ("baseline", baseline(evaluated=4), "evaluated 4 <= steps 3 does not hold"),
    "baseline NaN": ("baseline", baseline(cost_usd=float("nan")), "cost_usd: Input should be a finite number"),
    "baseline Inf": ("baseline", baseline(cost_usd=float("inf")), "cost_usd: Input should be a finite number"),
    "baseline /dev/zero": ("baseline", "zero", "not a regular file"),
    "baseline valid": ("baseline", baseline(), None),
    "ledger NaN": ("ledger", LEDGER.replace("0.5", "NaN"), "spent_usd: Input should be a finite number"),
    "ledger /dev/zero": ("ledger", "zero", "not a regular file"),
    "ledger valid": ("ledger", LEDGER, None),
}


def limited() -> None:
    """A generous address-space cap: the interpreter and the package take some 500 MB of it; the bomb took 2.8 GB."""
    resource.setrlimit(resource.RLIMIT_AS, (1536 * 1024 * 1024, 1536 * 1024 * 1024))


def made(folder: Path, case: str) -> Path:
    reader, content, _ = CASES[case]
    folder.mkdir()
    path = folder / ("0001_main.json" if reader == "baseline" else f"{reader}.yaml")
    if content == "zero":
        path.symlink_to("/dev/zero")
    elif content == "fifo":
        os.mkfifo(path)
    elif content == "directory":
        path.mkdir()
    else:
        path.write_text(content)
    return path


@pytest.fixture(scope="module")
def reads(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, str, float, int]]:
    """Each case's file and what reading it said, in how many seconds, at what traced peak."""
    root = tmp_path_factory.mktemp("bad-files")
    paths = {case: made(root / f"case{number}", case) for number, case in enumerate(CASES)}
    lines = "".join(json.dumps([CASES[case][0], str(path)]) + "\n" for case, path in paths.items())
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(READERS)],
        input=lines,
        capture_output=True,
        text=True,
        timeout=120,  # only a hang would reach it
        preexec_fn=limited,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    told = [json.loads(line) for line in done.stdout.splitlines()]
    return {case: (path, *said) for (case, path), said in zip(paths.items(), told, strict=True)}


@pytest.mark.parametrize("case", list(CASES))
def test_a_bad_file_is_one_line_naming_it_within_bounds_and_the_valid_twin_loads(reads, case):
    path, shown, seconds, peak = reads[case]
    said = CASES[case][2]
    # bounds against a bomb's blow-up (minutes, gigabytes), not a speed goal
    assert seconds < 30 and peak < 100 * 1024 * 1024
    if said is None:
        assert shown == "LOADED"
    else:
        assert shown.startswith("REFUSED ") and said in shown and str(path) in shown
        assert "\n" not in shown, shown
        assert "lol" not in shown and "input_value" not in shown  # the field, never the value


def test_the_bomb_is_a_bomb():
    # the twin of the bound: without it, the same text is built into a value of 387 million strings' worth
    import yaml

    data = yaml.safe_load(ALIAS_BOMB)
    assert len(data["i"]) == 9 and data["i"][0][0][0][0][0][0][0][0] == ["lol"] * 9
    assert len(ALIAS_BOMB) < 500
