"""Aggregate and render the run report of N synthetic sessions; prints the time of each part.

python benchmarks/report_benchmark.py            # 1,000 sessions
python benchmarks/report_benchmark.py 5000 5     # 5,000 sessions: 1,000 tests x 5 repeats
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.render import render_run_html, render_run_markdown
from pytest_useragent.testing.synthetic import session_result


def main(count: int, repeats: int = 1) -> None:
    started = time.perf_counter()
    sessions = [
        SessionEntry(
            nodeid=f"tests/test_shop.py::test_{n // repeats}",
            result=session_result(
                persona=("Jana", "Petr", "Tereza")[n % 3], steps=10, met=7, issues=5, seed=n, cost_usd=0.03
            ),
        )
        for n in range(count)
    ]
    built = time.perf_counter()
    summary = aggregate(sessions, [])
    aggregated = time.perf_counter()
    markdown = render_run_markdown(summary)
    rendered_md = time.perf_counter()
    html = render_run_html(summary, {})
    rendered_html = time.perf_counter()
    with tempfile.TemporaryDirectory() as directory:
        Path(directory, "report.json").write_text(summary.model_dump_json(), encoding="utf-8")
        size_json = Path(directory, "report.json").stat().st_size
    dumped = time.perf_counter()
    print(f"sessions:           {count} x 10 steps, 5 issues each, in {count // repeats} tests")
    print(f"build records:      {built - started:.2f} s (not part of the report)")
    print(f"aggregate:          {aggregated - built:.3f} s  ({len(summary.issues)} distinct issues)")
    print(f"report.md:          {rendered_md - aggregated:.3f} s  ({len(markdown) / 1e6:.1f} MB)")
    print(f"report.html:        {rendered_html - rendered_md:.3f} s  ({len(html) / 1e6:.1f} MB)")
    print(f"report.json:        {dumped - rendered_html:.3f} s  ({size_json / 1e6:.1f} MB)")
    print(f"report total:       {dumped - built:.2f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000, int(sys.argv[2]) if len(sys.argv) > 2 else 1)
