"""What names a run in a shared ledger: its id (given, or CI's) and its project (the repository, and where in it the
tests' root is), so shards of one run share a budget, and neither another run nor another project ever does."""

from __future__ import annotations

import os
import re
import subprocess
import uuid
from collections.abc import Mapping
from pathlib import Path

from pytest_useragent.secrets.addresses import without_credentials

CI_RUN_IDS: tuple[tuple[str, ...], ...] = (
    ("GITHUB_RUN_ID", "GITHUB_RUN_ATTEMPT"),
    ("CI_PIPELINE_ID",),  # GitLab
    ("BUILDKITE_BUILD_ID",),
    ("CIRCLE_WORKFLOW_ID",),
    ("BITBUCKET_BUILD_NUMBER",),
    ("BUILD_BUILDID",),  # Azure Pipelines
    ("BUILD_ID",),  # Jenkins, Google Cloud Build
)
"""CI variables that every job of one run shares, first found first; a variable with its attempt joins them with '-',
so a re-run has a budget of its own."""

CI_REPOSITORIES: tuple[tuple[str, ...], ...] = (
    ("GITHUB_SERVER_URL", "GITHUB_REPOSITORY"),
    ("CI_PROJECT_URL",),  # GitLab
    ("BUILDKITE_REPO",),
    ("CIRCLE_REPOSITORY_URL",),
    ("BITBUCKET_GIT_HTTP_ORIGIN",),
    ("BUILD_REPOSITORY_URI",),  # Azure Pipelines
    ("GIT_URL",),  # Jenkins
)
"""CI variables naming the repository a run builds, first found first (the first of each must be set)."""

GIT_SECONDS = 5.0
"""The most git may take to say where the root is."""
MAX_PROJECT = 160
_UNSAFE = re.compile(r"[^A-Za-z0-9._/:@-]+")
"""What a project's name may not hold in a Redis key: braces (a cluster's hash tag), spaces, anything else."""


def run_id(given: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The run's id: the one given, else CI's (`CI_RUN_IDS`), else a new one (the plugin prints it once)."""
    return given or ci_run_id(os.environ if environ is None else environ) or uuid.uuid4().hex[:16]


def ci_run_id(environ: Mapping[str, str]) -> str | None:
    """The id every job of this CI run shares, from its variables; None outside CI."""
    for names in CI_RUN_IDS:
        if environ.get(names[0]):
            return "-".join(environ[name] for name in names if environ.get(name))
    return None


def project(root: Path, environ: Mapping[str, str] | None = None) -> str:
    """The project `root` is the tests' root of: its repository (CI's, else git's origin; never a credential) and
    the root's path in it (else the root folder's name), e.g. `github.com/acme/shop:web/tests`."""
    environ = os.environ if environ is None else environ
    repository = _ci_repository(environ) or _git(root, "config", "--get", "remote.origin.url") or ""
    inside = _git(root, "rev-parse", "--show-prefix")
    where = inside.rstrip("/") if inside is not None else root.resolve().name
    return _UNSAFE.sub("_", f"{_bare(repository)}:{where}")[:MAX_PROJECT]


def _ci_repository(environ: Mapping[str, str]) -> str | None:
    for names in CI_REPOSITORIES:
        if environ.get(names[-1]):
            return "/".join(environ[name].strip("/") for name in names if environ.get(name))
    return None


def _bare(repository: str) -> str:
    """A repository's address as host and path: no scheme, credential, `git@` or `.git`, so https and ssh agree."""
    if "://" in repository:
        repository = without_credentials(repository).split("://", 1)[1]
    else:  # scp-like: git@github.com:acme/shop.git
        repository = repository.rpartition("@")[2].replace(":", "/", 1)
    return repository.removesuffix("/").removesuffix(".git")


def _git(root: Path, *args: str) -> str | None:
    """What git says, None when it cannot (no repository, no git, too slow)."""
    try:
        done = subprocess.run(
            ["git", *args], cwd=root, capture_output=True, text=True, timeout=GIT_SECONDS, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() if done.returncode == 0 else None
