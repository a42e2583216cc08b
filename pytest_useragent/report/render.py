"""Rendering: run reports (report.md, report.html, report.json) and a session's own report.md, from templates."""

from __future__ import annotations

import base64
import os
import stat
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

from jinja2 import Environment
from markupsafe import Markup

from pytest_useragent.files import atomic_write
from pytest_useragent.records import AnySession, SessionResult
from pytest_useragent.regression.compare import Comparison
from pytest_useragent.report.dashboard import change_count, headline_of, issue_count, issue_groups, standings
from pytest_useragent.report.links import Links, featured
from pytest_useragent.report.regressions import FORMATS
from pytest_useragent.report.summary import CombinedRun, E, Run, RunSummary, SessionEntry
from pytest_useragent.templates import environment

GITHUB_SUMMARY_LIMIT = 1024 * 1024
"""GitHub refuses a step summary over 1 MiB."""
INLINE_IMAGE_BYTES = 8 * 1024 * 1024
"""Screenshots inlined in report.html (~11 MB as base64; ~400 steps of a 1280x720 page at ~20 KB a JPEG): the
report stays one file a browser opens at once, and a larger run's later screenshots are linked to the copies."""


def _environment() -> Environment:
    return environment("report/templates", report=True)


def tested_hosts(results: Iterable[AnySession]) -> frozenset[str]:
    """The hosts the sessions tested (their start pages and the pages their steps saw): the only ones a markdown
    report links to (see `templates.md`)."""
    hosts = set()
    # each address once: 10,000 sessions' steps are 60,000 addresses of a few dozen pages
    urls = {url for result in results for url in (result.start_url or "", *(step.url for step in result.steps))}
    for url in urls:
        try:
            parts = urlsplit(url)
        except ValueError:  # not an address: nothing to link to
            continue
        if parts.scheme in ("http", "https") and parts.hostname:
            hosts.add(parts.hostname)
    return frozenset(hosts)


def _dashboard(summary: Run[E]) -> dict[str, object]:
    """What every run report opens with and groups by (`dashboard.py`)."""
    return {
        "headline": headline_of(summary),
        "standings": standings,
        "issue_groups": issue_groups,
        "issue_count": issue_count,
        "change_count": change_count,
    }


def render_run_markdown(summary: Run[E]) -> str:
    hosts = tested_hosts(session.result for session in summary.sessions)
    template = _environment().get_template("report.md.j2")
    return template.render(summary=summary, hosts=hosts, **FORMATS, **_dashboard(summary))


def render_run_html(summary: RunSummary, images: dict[str, str]) -> str:
    return render_html(summary, images, featured(summary))


def render_html(summary: Run[E], images: dict[str, str], shown: Sequence[SessionEntry]) -> str:
    """report.html, with the timelines of `shown`, whole sessions of the run (`links.featured`)."""
    # computed once here: as properties called per session and per issue they made a large run quadratic
    links = Links.of(summary, shown)
    template = _environment().get_template("report.html.j2")
    return template.render(summary=summary, images=images, shown=shown, links=links, **FORMATS, **_dashboard(summary))


def render_session_markdown(result: SessionResult) -> str:
    return _environment().get_template("session.md.j2").render(result=result, hosts=tested_hosts([result]))


def render_timeline_html(result: SessionResult, images: dict[str, str]) -> str:
    """One session's timeline as an HTML fragment (for pytest-html)."""
    return _environment().get_template("timeline.html.j2").render(result=result, images=images)


def render_deltas_html(comparison: Comparison, nodeid: str) -> str:
    """One test against the baseline as an HTML fragment (for pytest-html)."""
    template = _environment().get_template("deltas.html.j2")
    return template.render(comparison=comparison, nodeid=nodeid, **FORMATS)


def screenshots(
    results: list[SessionResult], limit: int = INLINE_IMAGE_BYTES, read_from: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The screenshots of these sessions as data: URIs, keyed by session directory and relative path, in order
    until `limit` bytes of images; the report links the rest to the session folders copied beside it. Only a regular
    file in the session's folder is read: a step's path that climbs out of it or a symbolic link is no screenshot
    of the session's (a shard's report.json names its paths; `useragent combine`). `read_from`: where each session's
    files are read instead (`useragent combine` reads the shard's copy while its own is being made), and a session
    it does not name has none."""
    images: dict[str, str] = {}
    total = 0
    for result in results:
        folder = result.directory if read_from is None else read_from.get(result.directory)
        for step in result.steps:
            if step.screenshot and folder is not None:
                data = _shot(Path(folder), step.screenshot, limit - total)
                if data is None:
                    continue
                total += len(data)
                if total > limit:
                    return images
                kind = "png" if step.screenshot.endswith(".png") else "jpeg"
                encoded = base64.b64encode(data).decode("ascii")
                images[f"{result.directory}/{step.screenshot}"] = Markup(f"data:image/{kind};base64,{encoded}")
    return images


def _shot(directory: Path, relative: str, room: int) -> bytes | None:
    """The bytes of `relative` under `directory` when it is a regular file there (no part of it a link, no `..`),
    at most `room` + 1 of them (more says it does not fit); None otherwise."""
    parts = PurePosixPath(relative).parts
    if not parts or PurePosixPath(relative).is_absolute() or ".." in parts or "\\" in relative:
        return None
    path = directory
    try:
        for part in parts:
            path = path / part
            if path.is_symlink():
                return None
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):  # before fdopen, which refuses a directory its own way
        os.close(descriptor)
        return None
    with os.fdopen(descriptor, "rb") as opened:
        try:
            return opened.read(max(room, 0) + 1)
        except OSError:
            return None


def write_run_report(summary: RunSummary, directory: Path) -> Path:
    """report.md, report.html (self-contained, screenshots inlined) and report.json; returns report.html's path."""
    directory.mkdir(parents=True, exist_ok=True)
    atomic_write(directory / "report.json", summary.model_dump_json(indent=2))
    shown = featured(summary)
    return _write_readable(summary, shown, screenshots([session.result for session in shown]), directory)


def write_combined_report(
    run: CombinedRun, records: Iterable[bytes], shown: Sequence[SessionEntry], images: dict[str, str], directory: Path
) -> Path:
    """A combined run's reports (`useragent combine`): report.json holds the run's own fields and, in its sessions,
    each session's whole record as its shard wrote it (`shards.Shard.records`: one a line), not built again from
    records of 50,000 steps; report.md and report.html as a run's; returns report.html's path."""
    directory.mkdir(parents=True, exist_ok=True)
    own = run.model_dump_json(indent=2).encode("utf-8")  # its sessions are left out (`CombinedRun`)
    atomic_write(directory / "report.json", _report_json(records, own))
    return _write_readable(run, shown, images, directory)


def _report_json(records: Iterable[bytes], own: bytes) -> Iterator[bytes]:
    """report.json's parts in turn, the records one a line (never a list of them: a second copy of 700 MB)."""
    yield b'{\n  "sessions": [\n'
    for index, record in enumerate(records):
        if index:
            yield b",\n"
        yield record
    yield b"\n  ],\n"
    yield own[2:]  # after its `{\n`


def _write_readable(summary: Run[E], shown: Sequence[SessionEntry], images: dict[str, str], directory: Path) -> Path:
    atomic_write(directory / "report.md", render_run_markdown(summary))
    html = directory / "report.html"
    atomic_write(html, render_html(summary, images, shown))
    return html


def append_github_summary(summary: Run[E], path: Path) -> None:
    """Append the markdown summary to $GITHUB_STEP_SUMMARY, cut to stay under GitHub's 1 MiB limit."""
    existing = path.stat().st_size if path.exists() else 0
    room = GITHUB_SUMMARY_LIMIT - existing - 200
    if room <= 0:
        return
    text = render_run_markdown(summary)
    data = text.encode("utf-8")
    if len(data) > room:
        text = data[:room].decode("utf-8", errors="ignore") + "\n\n… cut to fit GitHub's 1 MiB limit: see report.md\n"
    with path.open("a", encoding="utf-8") as out:
        out.write(text + "\n")
