"""Agent: what the `agent` fixture gives a test. `agent.run(goal, url=...)` runs one session and returns its result."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from pytest_useragent.config import UserAgentConfig
from pytest_useragent.ledger import Spending
from pytest_useragent.llm.base import Provider
from pytest_useragent.persona import Persona
from pytest_useragent.records import SessionResult
from pytest_useragent.session import Progress, Session
from pytest_useragent.verdict import SuccessCheck, validate


class Agent:
    """Drives `page` as `persona`. Each run writes to its own directory under the test's tmp_path."""

    def __init__(
        self,
        page: Page,
        persona: Persona,
        provider: Provider,
        config: UserAgentConfig,
        directory: Path,
        progress: Progress | None = None,
        spending: Spending | None = None,
        test: str | None = None,
    ) -> None:
        self.page = page
        self.persona = persona
        self.provider = provider
        self.config = config
        self.directory = directory
        self.test = test
        """The pytest node id the agent serves, for the run's ledger."""
        self.results: list[SessionResult] = []
        self._progress = progress or (lambda line: None)
        # outside a pytest run (no plugin), an agent keeps a ledger of its own, capped at config.budget
        self.spending = spending or Spending.start(config, directory / "useragent-ledger.json")

    def run(
        self,
        goal: str,
        url: str | None = None,
        *,
        max_steps: int | None = None,
        budget: float | None = None,
        model: str | None = None,
        success: SuccessCheck | None = None,
    ) -> SessionResult:
        """Pursue `goal` as the persona, starting at `url` (or wherever the page is), and return what happened.

        `success` (a Locator that must be visible, or a function of the page returning True/False) decides whether
        the goal was reached, over the persona's word; a persona that said done when it says no is a finding."""
        config = self.config.with_overrides(max_steps=max_steps, budget=budget, model=model)
        name = "useragent" if not self.results else f"useragent-{len(self.results) + 1}"
        session = Session(
            page=self.page,
            persona=self.persona,
            provider=self.provider,
            config=config,
            directory=self.directory / name,
            spending=self.spending,
            progress=self._progress,
            test=self.test,
            success=validate(success),
        )
        result = session.run(goal, url)
        self.results.append(result)
        return result
