"""The docs site builds with --strict, and its reference, generated from the code, matches what pytest shows."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
import yaml

import pytest_useragent
import pytest_useragent.testing
from pytest_useragent.config import MARKER_ARGUMENTS
from pytest_useragent.plugin import THIRD_PARTY_DEPRECATION

ROOT = Path(__file__).parents[3]


def hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reference_hook", ROOT / "docs" / "hooks" / "reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("site")
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", "mkdocs.yml", "-d", str(target)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert built.returncode == 0, built.stderr
    return target


@pytest.fixture(scope="module")
def shown() -> str:
    """What `pytest --help` shows, in a directory of no project of its own."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", "--help", "-p", "no:cacheprovider"],
        cwd=Path(__file__).parent,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout


def reference_text(site: Path) -> str:
    return (site / "reference" / "index.html").read_text(encoding="utf-8")


def test_the_reference_lists_every_option_and_ini_key_pytest_help_shows(site, shown):
    options = set(re.findall(r"--useragent-[a-z-]+", shown))
    ini_keys = set(re.findall(r"^\s+(useragent_[a-z_]+)", shown, flags=re.MULTILINE))
    page = reference_text(site)
    listed = set(re.findall(r"--useragent-[a-z-]+", page))
    assert options and ini_keys and len(options) == len(ini_keys)
    assert options <= listed and all(f"<code>{key}</code>" in page for key in ini_keys)
    assert {row[0] for row in hook().option_rows()} == options  # and nothing the plugin does not register


def test_the_reference_lists_every_flag_and_variable_the_command_shows(site):
    shown = subprocess.run(
        [sys.executable, "-m", "pytest_useragent", "run", "--help"], capture_output=True, text=True, timeout=120
    ).stdout
    flags = set(re.findall(r"^\s+(--[a-z-]+)", shown, flags=re.MULTILINE)) - {"--help"}
    variables = set(re.findall(r"USERAGENT_[A-Z_]+", shown))
    page = reference_text(site)
    section = page[page.index('id="the-useragent-command"') : page.index('id="marker-arguments"')]
    assert {"--goal", "--max-steps", "--output", "--video", "--session-timeout"} <= flags
    assert all(f"<code>{flag}</code>" in section for flag in flags)
    assert all(f"<code>{name}</code>" in section for name in variables) and len(variables) == len(flags)
    assert {row[0] for row in hook().cli_rows()} == flags  # and nothing the command does not take


def test_the_reference_lists_every_marker_argument_the_marker_takes(site):
    page = reference_text(site)
    assert all(f"<code>{name}</code>" in page for name in MARKER_ARGUMENTS)


def test_the_marker_pytest_shows_takes_the_same_arguments(shown):
    markers = subprocess.run(
        [sys.executable, "-m", "pytest", "--markers", "-p", "no:cacheprovider"],
        cwd=Path(__file__).parent,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    line = next(line for line in markers.splitlines() if line.startswith("@pytest.mark.useragent("))
    assert re.findall(r"(\w+)=None", line) == list(MARKER_ARGUMENTS)


def test_the_reference_has_every_public_name_and_fixture(site):
    page = reference_text(site)
    for name in [*pytest_useragent.__all__, *pytest_useragent.testing.__all__]:
        assert f'id="{name.lower()}"' in page, name
    for fixture in ("agent", "persona", "llm_provider", "useragent_config", "useragent_credentials"):
        assert f"<code>{fixture}</code>" in page


def test_every_page_is_in_the_navigation():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))

    def pages(node: object) -> list[str]:
        if isinstance(node, str):
            return [node]
        if isinstance(node, list):
            return [page for item in node for page in pages(item)]
        if isinstance(node, dict):
            return [page for value in node.values() for page in pages(value)]
        return []

    docs = ROOT / "docs"
    written = {path.relative_to(docs).as_posix() for path in docs.rglob("*.md")}
    listed = pages(config["nav"])
    assert set(listed) == written
    assert len(listed) == len(set(listed)), "a page listed twice in the navigation"


def test_the_workflow_uploads_the_report_the_plugin_writes():
    workflow = yaml.safe_load((ROOT / "docs" / "examples" / "useragent.yml").read_text(encoding="utf-8"))
    steps = workflow["jobs"]["personas"]["steps"]
    upload = next(step for step in steps if step.get("uses", "").startswith("actions/upload-artifact"))
    default = next(option.default for option in pytest_useragent.config.OPTIONS if option.name == "report-dir")
    assert upload["with"]["path"].rstrip("/") == default and upload["if"] == "always()"
    assert any(step.get("run", "").startswith("pytest") for step in steps)


def test_the_readmes_example_is_the_tutorials_tested_file_and_its_links_resolve():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    example = re.search(r"```python\n(.*?)```", readme, flags=re.DOTALL)
    assert example is not None
    assert example.group(1) == (ROOT / "docs" / "tutorial" / "test_shop.py").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#]+)", readme)
    assert "docs/index.md" in links and all((ROOT / link).is_file() for link in links)


def test_every_file_written_out_in_the_docs_is_the_file_as_it_is():
    """Code in the docs is written out (an include line shows as itself on GitHub and in a clone), each block under a
    comment naming the file the tests run: the block must be that file, character for character."""
    root = Path(__file__).parents[3]
    marked = re.compile(r"<!-- the file (\S+), tested as it is: keep this block the same -->\n```\w*\n(.*?)```", re.S)
    found = 0
    for page in [root / "README.md", *(root / "docs").rglob("*.md")]:
        text = page.read_text(encoding="utf-8")
        assert "--8<--" not in text or page.name == "architecture.md", f"{page.name}: an include line"
        for path, block in marked.findall(text):
            found += 1
            assert block == (root / path).read_text(encoding="utf-8"), f"{page.name}: {path} is not as written out"
    assert found >= 12


def test_every_install_line_in_the_docs_runs_as_written():
    """A new user pastes the docs' commands (issue 41): pytest-useragent is not on PyPI, so a bare `pip install
    pytest-useragent` fails where nothing installed it yet (an extra, `pip install 'pytest-useragent[video]'`, works
    once it is installed), and `git clone <repository URL>` is no command at all."""
    for page in [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]:
        for block in re.findall(r"```\w*\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S):
            for line in block.splitlines():
                command = line.split("#")[0].strip()
                assert not re.search(r"<[^>]*>", command) or not command.startswith(("git ", "pip ")), (page, line)
                assert not re.fullmatch(r"pip install ['\"]?pytest-useragent['\"]?", command), (page, line)


def test_the_tutorial_says_what_the_plugin_does_with_pytest_playwrights_deprecation():
    """The plugin ignores pytest-playwright's base_url deprecation (`plugin.THIRD_PARTY_DEPRECATION`): the tutorial
    once said it was kept shown, which a new user then looks for and never sees."""
    said = next(p for p in (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8").split("\n\n") if "base_url" in p)
    assert THIRD_PARTY_DEPRECATION and "ignores" in said and "shown" not in said
