"""Rendering the run summary: report.md from a jinja2 template, report.json from the record itself."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined

from pytest_useragent.report.aggregate import RunSummary


@cache
def _environment() -> Environment:
    return Environment(
        loader=PackageLoader("pytest_useragent", "report/templates"),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
    )


def render_markdown(summary: RunSummary) -> str:
    return _environment().get_template("report.md.j2").render(summary=summary)


def write_report(summary: RunSummary, directory: Path) -> Path:
    """Write report.md and report.json into `directory`; returns the markdown path."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "report.json").write_text(summary.model_dump_json(indent=2), encoding="utf-8")
    markdown = directory / "report.md"
    markdown.write_text(render_markdown(summary), encoding="utf-8")
    return markdown
