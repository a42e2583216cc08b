"""The Corner Shop from example_project, flawed and fixed, for measuring the offline engine and the checks."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parents[2] / "example_project"))

from shop.app import serve  # noqa: E402

from pytest_useragent import Agent, OfflineProvider, Persona, SessionResult  # noqa: E402
from pytest_useragent.config import UserAgentConfig  # noqa: E402


@pytest.fixture(scope="session")
def flawed() -> Iterator[str]:
    with serve(fixed=False) as url:
        yield url


@pytest.fixture(scope="session")
def fixed() -> Iterator[str]:
    with serve(fixed=True) as url:
        yield url


@pytest.fixture
def session(page: Any, tmp_path: Path) -> Any:
    """Run one offline session: session(goal, url) -> SessionResult."""
    runs = iter(range(1, 100))

    def run(goal: str, url: str) -> SessionResult:
        agent = Agent(
            page,
            Persona(name="Jana", background="Jana, 45."),
            OfflineProvider(),
            UserAgentConfig(max_steps=12, settle_timeout=3),
            tmp_path / f"run-{next(runs)}",
        )
        return agent.run(goal, url=url)

    return run
