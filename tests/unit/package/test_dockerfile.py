"""The Dockerfile, read as Docker reads it, without Docker: a Debian image with Chromium and the plugin, run as a plain
user, whose command runs the example project; what it copies goes to the build; and every `docker` command the docs
give builds or runs the image by one tag, with no network. Each check refuses its hostile twin."""

from __future__ import annotations

import io
import json
import re
import shlex
from pathlib import Path

import pytest
from dockerfile_parse import DockerfileParser

ROOT = Path(__file__).parents[3]
DOCKERFILE = ROOT / "Dockerfile"
IGNORE = ROOT / ".dockerignore"
DOCS = [ROOT / "docs" / "how-to" / "ci.md", ROOT / "docs" / "examples" / "docker.yml", DOCKERFILE]
VALUED = {"--network", "--shm-size", "--user", "-v", "--volume", "-e", "--env", "-w", "--workdir", "--name", "-t", "-f"}
"""The options of `docker build` and `docker run` the docs use that take a value."""


def image_problems(text: str) -> list[str]:
    """What is wrong with a Dockerfile's text for this project: [] when nothing is."""
    parsed = DockerfileParser(fileobj=_file(text))
    found = [(item["instruction"], item["value"]) for item in parsed.structure if item["instruction"] != "COMMENT"]
    problems = []
    base = parsed.baseimage or ""
    if not re.fullmatch(r"(python:3\.1[1-9][\w.-]*-bookworm|debian:bookworm[\w.-]*)", base):
        problems.append(f"FROM {base}: not a Debian bookworm image with Python 3.11 or later")
    runs = " ".join(value for instruction, value in found if instruction == "RUN")
    if not re.search(r"apt-get install\b[^&;]*\bchromium\b", runs):
        problems.append("Chromium is not installed from Debian")
    project = [value.split()[-1] for instruction, value in found if instruction == "COPY" and "pyproject.toml" in value]
    plugin = [
        value.split()[-1] for instruction, value in found if instruction == "COPY" and "pytest_useragent" in value
    ]
    installed = [target.rstrip("/") for target in re.findall(r"pip install (\S+)", runs)]
    if not (project and plugin and project[0].rstrip("/") in installed and plugin[0].startswith(project[0])):
        problems.append("the plugin is not copied in and installed with pip")
    users = [value for instruction, value in found if instruction == "USER"]
    if not users or users[-1].split(":")[0] in ("root", "0"):
        problems.append("it runs as root")
    commands = [value for instruction, value in found if instruction == "CMD"]
    try:
        command = json.loads(commands[-1]) if commands else []
    except json.JSONDecodeError:
        command = []
    if command[:1] != ["pytest"] or len(command) < 2 or not (ROOT / command[1]).is_dir():
        problems.append(f"its CMD {commands[-1:]} does not run pytest on a folder of the repository")
    elif not any(instruction == "COPY" and value.split()[-2:-1] == [command[1]] for instruction, value in found):
        problems.append(f"its CMD runs {command[1]}, which is not copied into the image")
    return problems


def ignore_problems(dockerfile: str, ignore: str) -> list[str]:
    """What the Dockerfile copies that .dockerignore keeps out of the build, or that is not in the repository."""
    parsed = DockerfileParser(fileobj=_file(dockerfile))
    kept = {line[1:].strip("/") for line in ignore.splitlines() if line.startswith("!")}
    sources = [
        source
        for item in parsed.structure
        if item["instruction"] == "COPY"
        for source in [word for word in item["value"].split() if not word.startswith("--")][:-1]
    ]
    problems = [f"{source} is kept out of the build by .dockerignore" for source in sources if source not in kept]
    problems += [f"{source} is not in the repository" for source in sources if not (ROOT / source).exists()]
    problems += [f"{path} goes to the build, and no COPY takes it" for path in sorted(kept - set(sources))]
    if "*" not in ignore.splitlines():
        problems.append(".dockerignore does not start from nothing (*): the clone's .git and .venv would go too")
    return problems


def docker_commands(text: str) -> list[list[str]]:
    """Every `docker build` and `docker run` command line in `text` (a page, a workflow, a comment), continued lines
    joined; a mention in a sentence is no command."""
    joined = re.sub(r"\\\n\s*", " ", text)
    lines = [re.sub(r"^\s*(?:#|-?\s*run:)?\s*", "", line) for line in joined.splitlines()]
    return [shlex.split(line) for line in lines if re.match(r"docker (?:build|run) ", line)]


def command_problems(commands: list[list[str]]) -> list[str]:
    """A `docker run` of another image than `docker build -t` made, or with a network; [] when none."""
    tags = {words[words.index("-t") + 1] for words in commands if words[1] == "build" and "-t" in words}
    problems = [] if len(tags) == 1 else [f"the docs build {len(tags)} tags: {sorted(tags)}"]
    for words in commands:
        if words[1] != "run":
            continue
        image = _first_positional(words[2:])
        if image not in tags:
            problems.append(f"{shlex.join(words)}: runs {image}, not the image built ({', '.join(sorted(tags))})")
        if "--network" not in words or words[words.index("--network") + 1] != "none":
            problems.append(f"{shlex.join(words)}: has a network")
    return problems


def _first_positional(words: list[str]) -> str | None:
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word in VALUED:
            skip = True
        elif not word.startswith("-"):
            return word
    return None


def _file(text: str) -> io.BytesIO:
    return io.BytesIO(text.encode())


def test_the_dockerfile_is_debian_chromium_and_the_plugin_run_as_a_plain_user():
    assert image_problems(DOCKERFILE.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (("FROM python:3.11-slim-bookworm", "FROM python:3.11-alpine"), "not a Debian bookworm image"),
        (("FROM python:3.11-slim-bookworm", "FROM python:3.10-slim-bookworm"), "with Python 3.11 or later"),
        (
            ("chromium chromium-headless-shell fonts-liberation", "fonts-liberation"),
            "Chromium is not installed from Debian",
        ),
        (("pip install /opt/pytest-useragent", "pip install pytest"), "not copied in and installed with pip"),
        (("USER useragent", "USER root"), "it runs as root"),
        (("USER useragent", ""), "it runs as root"),
        (('CMD ["pytest", "example_project"]', 'CMD ["pytest", "no_such_folder"]'), "does not run pytest on a folder"),
        (('CMD ["pytest", "example_project"]', "CMD pytest example_project"), "does not run pytest on a folder"),
        (("COPY --chown=useragent example_project /work/example_project", ""), "which is not copied into the image"),
    ],
)
def test_a_dockerfile_that_misses_a_point_is_refused(change, problem):
    old, new = change
    text = DOCKERFILE.read_text(encoding="utf-8")
    assert old in text
    assert any(problem in found for found in image_problems(text.replace(old, new)))


def test_what_the_dockerfile_copies_goes_to_the_build_and_nothing_else():
    assert ignore_problems(DOCKERFILE.read_text(encoding="utf-8"), IGNORE.read_text(encoding="utf-8")) == []


def test_a_copy_the_ignore_file_keeps_out_is_refused():
    dockerfile, ignore = DOCKERFILE.read_text(encoding="utf-8"), IGNORE.read_text(encoding="utf-8")
    assert ignore_problems(dockerfile, ignore.replace("!example_project/\n", "")) == [
        "example_project is kept out of the build by .dockerignore"
    ]
    assert ignore_problems(dockerfile + "\nCOPY missing.txt /work/\n", ignore + "!missing.txt\n") == [
        "missing.txt is not in the repository"
    ]
    assert "does not start from nothing" in ignore_problems(dockerfile, ignore.replace("*\n", "", 1))[0]
    assert ignore_problems(dockerfile, ignore + "!tests/\n") == ["tests goes to the build, and no COPY takes it"]


def test_every_docker_command_of_the_docs_uses_the_image_they_build_with_no_network():
    commands = [command for page in DOCS for command in docker_commands(page.read_text(encoding="utf-8"))]
    assert len([words for words in commands if words[1] == "run"]) >= 5  # the page's, the workflow's, the file's
    assert command_problems(commands) == []
    # the built tag is run as the Dockerfile's own comment says, and the mounted suite's command names /tests
    assert ["pytest", "/tests"] in [words[-2:] for words in commands if words[1] == "run"]


@pytest.mark.parametrize(
    ("commands", "problem"),
    [
        ("docker build -t pytest-useragent .\ndocker run --rm --network none useragent", "runs useragent, not"),
        ("docker build -t pytest-useragent .\ndocker run --rm pytest-useragent", "has a network"),
        ("docker build -t pytest-useragent .\ndocker run --network host pytest-useragent", "has a network"),
        ("docker build -t a .\ndocker build -t b .\ndocker run --network none a", "the docs build 2 tags"),
        ("docker build -t pytest-useragent .\ndocker run --network none \\\n  -v x:/tests other pytest", "runs other"),
    ],
)
def test_a_command_that_runs_another_image_or_opens_the_network_is_refused(commands, problem):
    assert any(problem in found for found in command_problems(docker_commands(commands)))
