"""Compare a run of N tests x R repeats with a baseline of the same shape, and render its report; prints the time
of each part and the sizes.

python benchmarks/compare_benchmark.py            # 1,000 tests x 5 repeats
python benchmarks/compare_benchmark.py 200 3
"""

from __future__ import annotations

import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from pytest_useragent.regression.baseline import BaselineStore, RunMetadata
from pytest_useragent.regression.compare import compare
from pytest_useragent.regression.thresholds import parse_fail_rules
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.recorded import record
from pytest_useragent.report.render import render_run_html, render_run_markdown
from pytest_useragent.testing.synthetic import session_result


def run(tests: int, repeats: int, shift: int) -> list[SessionEntry]:
    """Sessions whose goals and issues differ with `shift`, so a comparison has changes to find."""
    return [
        SessionEntry(
            nodeid=f"tests/test_shop.py::test_{n}",
            result=session_result(
                outcome="goal_achieved" if (n + r + shift) % 7 else "gave_up",
                steps=8 + (n + r + shift) % 5,
                met=5 + (n + shift) % 3,
                issues=4,
                seed=n + shift,
                cost_usd=0.03,
            ),
        )
        for n in range(tests)
        for r in range(repeats)
    ]


def main(tests: int, repeats: int) -> None:
    meta = RunMetadata(date=datetime.now(UTC))
    before_summary = aggregate(run(tests, repeats, 0), [])
    now_summary = aggregate(run(tests, repeats, 1), [])
    started = time.perf_counter()
    before = record(before_summary, meta, {})
    now = record(now_summary, meta, {})
    recorded = time.perf_counter()
    with tempfile.TemporaryDirectory() as directory:
        store = BaselineStore(Path(directory))
        path = store.save(before, "main")
        saved = time.perf_counter()
        loaded = store.load(store.find("main"))  # type: ignore[arg-type]
        load_done = time.perf_counter()
        size = path.stat().st_size
    comparison = compare(loaded, now, parse_fail_rules("goal:0,met_rate:10%,new_issues:0,steps:25%,cost:25%"))
    compared = time.perf_counter()
    now_summary.comparison = comparison
    html = render_run_html(now_summary, {})
    rendered = time.perf_counter()
    markdown = render_run_markdown(now_summary)
    print(f"run:            {tests} tests x {repeats} sessions, 10 steps and 4 issues each")
    print(f"record (x2):    {recorded - started:.3f} s")
    print(f"save baseline:  {saved - recorded:.3f} s  ({size / 1e6:.1f} MB)")
    print(f"load baseline:  {load_done - saved:.3f} s")
    print(
        f"compare:        {compared - load_done:.3f} s  ({len(comparison.changes)} changes, "
        f"{len(comparison.issues)} issue rows, {len(comparison.regressions)} regressions)"
    )
    print(f"load + compare: {compared - saved:.3f} s")
    print(f"report.html:    {rendered - compared:.3f} s  ({len(html) / 1e6:.1f} MB, no screenshots)")
    print(f"report.md:      {len(markdown) / 1e6:.1f} MB")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000, int(sys.argv[2]) if len(sys.argv) > 2 else 5)
