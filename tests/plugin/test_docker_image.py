"""The image, built and run where a Docker daemon answers: the example project passes in it with no network, and a
suite mounted at /tests runs as the docs say. Skipped, with the reason, where no daemon answers or the base image
cannot be had."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from dockerfile_parse import DockerfileParser

ROOT = Path(__file__).parents[2]
TAG = "pytest-useragent"
BUILD_BOUND = 1800
"""Seconds a build may take (apt, pip, over a slow mirror): only a hang takes longer."""
RUN_BOUND = 900


def docker(*args: str, timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["docker", *args], capture_output=True, text=True, timeout=timeout, check=False)


def _why_not() -> str | None:
    """Why the image cannot be built here, in a line; None when it can."""
    if shutil.which("docker") is None:
        return "no docker command"
    try:
        answer = docker("info", timeout=10)
    except subprocess.TimeoutExpired:
        return "no Docker daemon answered within 10 s"
    if answer.returncode:
        return f"no Docker daemon answers: {(answer.stderr.strip().splitlines() or ['docker info failed'])[-1]}"
    base = DockerfileParser(str(ROOT / "Dockerfile")).baseimage or ""
    if docker("image", "inspect", base, timeout=60).returncode and docker("pull", base, timeout=600).returncode:
        return f"the base image {base} is neither here nor can it be pulled (no registry reached)"
    return None


@pytest.fixture(scope="module")
def image() -> str:
    if (reason := _why_not()) is not None:
        pytest.skip(f"the Docker image is built only where Docker can: {reason}")
    built = docker("build", "-t", TAG, str(ROOT), timeout=BUILD_BOUND)
    assert built.returncode == 0, built.stderr[-3000:]
    return TAG


def test_the_image_runs_the_example_project_with_no_network(image):
    ran = docker("run", "--rm", "--network", "none", "--shm-size=1g", image, timeout=RUN_BOUND)
    assert ran.returncode == 0, (ran.stdout + ran.stderr)[-3000:]
    assert "10 passed, 7 xfailed" in ran.stdout
    assert "useragent: provider offline" in ran.stdout
    assert docker("run", "--rm", image, "id", "-u", timeout=RUN_BOUND).stdout.strip() != "0"  # not root


def test_the_image_runs_a_suite_mounted_at_tests(image, tmp_path):
    suite = tmp_path / "tests"
    suite.mkdir()
    for name in ("test_shop.py", "shop.html", "pricing.html"):  # the tutorial's: its shop is files
        shutil.copy(ROOT / "docs" / "tutorial" / name, suite / name)
    suite.chmod(0o755)
    ran = docker(
        "run", "--rm", "--network", "none", "--shm-size=1g", "-v", f"{suite}:/tests:ro", image, "pytest", "/tests",
        timeout=RUN_BOUND,
    )  # fmt: skip
    assert ran.returncode == 0, (ran.stdout + ran.stderr)[-3000:]
    assert "1 passed" in ran.stdout
    # a suite that fails fails the container (the twin: the exit status is the suite's)
    (suite / "test_fails.py").write_text("def test_fails():\n    assert False\n")
    failed = docker(
        "run", "--rm", "--network", "none", "-v", f"{suite}:/tests:ro", image, "pytest", "/tests/test_fails.py",
        timeout=RUN_BOUND,
    )  # fmt: skip
    assert failed.returncode == 1 and "1 failed" in failed.stdout
