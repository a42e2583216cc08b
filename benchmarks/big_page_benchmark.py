"""A session on a page far larger than a person reads: 30,000 links, or 100,000 nodes. Two steps of a scripted
persona (a scroll, then giving up): the wall time of the session and how it ended. Before the axe bound (issue 42,
row 16) such a page ended as a frozen page, axe holding a core for 30 s a state.

python benchmarks/big_page_benchmark.py             # both pages, three runs each
python benchmarks/big_page_benchmark.py --runs 1
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from pytest_useragent import Agent, Persona
from pytest_useragent.browser.launch import launch_options
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.testing import ScriptedProvider, decision

PAGES = {
    "30,000 links": "".join(f'<li><a href="/p{i}">Product number {i}</a></li>' for i in range(30_000)),
    "100,000 nodes": "".join(f"<div><span>item {i}</span></div>" for i in range(50_000)),
}


def session(page: object, folder: Path, url: str) -> tuple[str, float]:
    steps = iter([decision("scroll", direction="down", expectation="more"), decision("give_up", reason="enough")])
    agent = Agent(page, Persona("Jana, 45"), ScriptedProvider(lambda request: next(steps)), UserAgentConfig(), folder)
    started = time.monotonic()
    result = agent.run("Find the last item", url=url)
    return f"{result.outcome}{': ' + result.error if result.error else ''}", time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as work, sync_playwright() as playwright:
        chromium = playwright.chromium
        browser = chromium.launch(**launch_options({}, chromium.executable_path))
        for name, body in PAGES.items():
            path = Path(work) / f"{len(body)}.html"
            path.write_text(f"<!doctype html><title>Big</title><h1>Big</h1><ul>{body}</ul>")
            for run in range(runs):
                page = browser.new_page()
                ended, seconds = session(page, Path(work) / f"{name}-{run}", path.as_uri())
                print(f"{name}: {seconds:.1f} s, {ended}", flush=True)
                page.close()
        browser.close()


if __name__ == "__main__":
    main()
