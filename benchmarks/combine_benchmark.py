"""`useragent combine` of N shards holding M synthetic sessions: the wall time and peak memory of the command, run as
CI runs it (a process of its own), and the size of what it read and wrote.

python benchmarks/combine_benchmark.py                       # 8 shards, 10,000 sessions (~130 MB of report.json)
python benchmarks/combine_benchmark.py --shards 2 --sessions 1000
python benchmarks/combine_benchmark.py --keep /tmp/shards    # made once, reused by the next run with --keep
python benchmarks/combine_benchmark.py --profile             # cProfile's top 25 instead of the timed run
python benchmarks/combine_benchmark.py --keep /tmp/shards --code /tmp/old-checkout   # another commit's code, timed
python benchmarks/combine_benchmark.py --keep /tmp/shards --settle 20   # the last run's output removed 20 s before

Each session is what a 5-step session with 2 issues leaves: its record in the shard's report.json, its folder
(session.json, report.md, a screenshot) under the shard's sessions/.

`--settle`: with `--keep`, the last run's combined folder (22,000 folders, 30,000 links) is removed before the run;
on ext4 mounted with `discard` the file system is still busy with what was freed for a while after `sync`, and a
combine started at once made its copies at a third of the speed (the copy's system time 1.3 s -> 4.6 s). A CI runner
combines into a folder that was never there; `--settle` waits that long after the removal before timing.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pytest_useragent.regression.baseline import metadata
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.copies import relative_copy
from pytest_useragent.testing.synthetic import session_result

JPEG = b"\xff\xd8" + b"x" * 20_000


def make_shards(root: Path, shards: int, sessions: int) -> list[Path]:
    folders = []
    each = sessions // shards
    for s in range(shards):
        folder = root / f"shard-{s + 1}"
        entries = []
        copies = {}
        for n in range(each):
            test = f"tests/test_shop_{s}.py::test_{n // 5}"
            result = session_result(
                persona=("Jana", "Petr", "Tereza")[n % 3], steps=5, met=4, issues=2, seed=s * each + n, cost_usd=0.03
            )
            result.directory = f"/tmp/pytest-of-ci/pytest-0/test_{s}_{n}/useragent-{n % 5 + 1}"
            result.steps[0].screenshot = "screenshots/step-001.jpg"
            copy = relative_copy(test, result.directory)
            session = folder / copy
            (session / "screenshots").mkdir(parents=True)
            (session / "screenshots" / "step-001.jpg").write_bytes(JPEG)
            (session / "session.json").write_text(result.model_dump_json())
            (session / "report.md").write_text("# the session\n")
            copies[result.directory] = copy
            entries.append(SessionEntry(nodeid=test, result=result))
        summary = aggregate(entries, [], budget_usd=50.0, spent_usd=0.03 * each)
        summary.test_outcomes = {entry.nodeid: "passed" for entry in entries}
        summary.metadata = metadata(folder, provider="offline", model="offline", duration_seconds=60.0)
        summary.copies = copies
        (folder / "report.json").write_text(summary.model_dump_json(indent=2), encoding="utf-8")
        folders.append(folder)
    return folders


def size(paths: list[Path]) -> int:
    return sum(file.stat().st_size for path in paths for file in path.rglob("*") if file.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shards", type=int, default=8)
    parser.add_argument("--sessions", type=int, default=10_000)
    parser.add_argument("--keep", type=Path, help="make the shards here once, and reuse them")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--code", type=Path, help="a checkout of pytest-useragent to time instead of the installed one")
    parser.add_argument("--settle", type=float, default=0.0, help="seconds to wait after removing the last output")
    args = parser.parse_args()
    root = (args.keep or Path(tempfile.mkdtemp(prefix="combine-bench-"))).absolute()
    started = time.perf_counter()
    if args.keep and (root / "shard-1" / "report.json").is_file():
        shards = sorted(path for path in root.iterdir() if path.name.startswith("shard-"))
        print(f"shards:      {len(shards)} reused from {root}")
    else:
        shards = make_shards(root, args.shards, args.sessions)
        print(f"shards:      {len(shards)} made in {time.perf_counter() - started:.1f} s")
    reports = sum((shard / "report.json").stat().st_size for shard in shards)
    print(f"report.json: {reports / 1e6:.0f} MB in all")
    output = root / "combined"
    shutil.rmtree(output, ignore_errors=True)
    command = [sys.executable, "-m", "pytest_useragent", "combine", *map(str, shards), "--output", str(output)]
    if args.profile:
        command[1:3] = ["-m", "cProfile", "-s", "cumulative", "-m", "pytest_useragent"]
    os.sync()
    time.sleep(args.settle)
    begun = time.perf_counter()
    environment = {**os.environ, "PYTHONPATH": str(args.code.absolute())} if args.code else None
    # run where no checkout is: `-m` puts the working folder first on sys.path, before PYTHONPATH
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=root, env=environment)
    wall = time.perf_counter() - begun
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    peak, cpu = used.ru_maxrss / 1024, used.ru_utime + used.ru_stime
    if args.profile:
        print("\n".join(done.stdout.splitlines()[:60]))
        return
    print(done.stdout.strip() or done.stderr.strip())
    print(f"combine:     {wall:.2f} s wall, {cpu:.2f} s CPU, peak {peak:.0f} MB resident, exit {done.returncode}")
    html = (output / "report.html").stat().st_size if (output / "report.html").exists() else 0
    print(
        f"written:     report.json {(output / 'report.json').stat().st_size / 1e6:.0f} MB, report.html "
        f"{html / 1e6:.1f} MB, {size([output]) / 1e6:.0f} MB in all"
    )
    if not args.keep:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
