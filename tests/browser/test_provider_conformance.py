"""Every provider the package ships (each row of the provider table, over the fake API the row names), and the test
double it offers, answers all a session asks: the steps, the wrap-up, the survey and an interview, each written to
session.json. A provider added to the table is run here by being added; one without a fake API fails
(tests/unit/config/test_provider_table.py says what a row must be given). A provider that lacks one of the answers is one
line before anything runs (its twin: the same double, complete, runs)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from pytest_useragent import Agent, Persona, SessionResult
from pytest_useragent.config import PROVIDERS, ProviderRow, UserAgentConfig
from pytest_useragent.errors import ConfigError
from pytest_useragent.llm.base import PROVIDER_METHODS
from pytest_useragent.llm.choice import built, located
from pytest_useragent.records import InterviewReply, SusItem, SusReply
from pytest_useragent.testing import ScriptedProvider, decision, wrap_up

EVIDENCE = "Welcome to Corner Shop"
DONE = decision("done", reason="found it", evidence=EVIDENCE)
SUS = SusReply(answers=[SusItem(item=item, score=3, reason="so so") for item in range(1, 11)])
ANSWER = InterviewReply(answer="The front page said it at once.")
SCRIPT = [DONE, wrap_up(), SUS, ANSWER]


@contextmanager
def table_provider(row: ProviderRow) -> Iterator[Any]:
    """`row`'s provider as `llm.choice` builds it, its client pointed at the row's fake API; one that calls no API,
    as it is."""
    if row.fake is None:
        assert row.key is None, f"{row.name} calls an API and names no fake API of it"
        yield built(row, {})
        return
    with located(row.fake)(list(SCRIPT)) as fake:
        yield built(row, {"max_retries": 0, "base_url": fake.base_url, "api_key": "sk-test"})
        assert not fake.problems


@contextmanager
def scripted_provider() -> Iterator[Any]:
    yield ScriptedProvider([DONE], survey=SUS, interview=lambda request: ANSWER)


@contextmanager
def scripted_defaults() -> Iterator[Any]:
    yield ScriptedProvider([DONE])  # the survey and interview answered as the offline engine answers them


DOUBLES: dict[str, Callable[[], Any]] = {"scripted": scripted_provider, "scripted-defaults": scripted_defaults}
"""The test doubles the package offers beside the table's providers."""
KINDS: dict[str, Callable[[], Any]] = {
    **{row.name: lambda row=row: table_provider(row) for row in PROVIDERS},
    **DOUBLES,
}


def session(page: Any, provider: Any, directory: Path, site: str, **config: Any) -> tuple[Agent, SessionResult]:
    settings = UserAgentConfig(settle_timeout=2, survey="sus", max_steps=3, **config)
    agent = Agent(page, Persona(name="Jana"), provider, settings, directory, cassette=directory / "cassette.yaml")
    return agent, agent.run("Find the shop's welcome", url=f"{site}/index.html")


def assert_answered_all(agent: Agent, result: SessionResult) -> None:
    interview = agent.interview("What told you where you were?")
    assert result.goal_achieved and result.wrap_up is not None, result.error
    assert result.survey is not None and 0 <= result.survey.score <= 100 and result.error is None
    assert interview.answer and interview.problem is None
    saved = SessionResult.model_validate_json((Path(result.directory) / "session.json").read_text())
    assert saved.survey == result.survey and [asked.answer for asked in saved.interviews] == [interview.answer]


@pytest.mark.parametrize("kind", KINDS)
def test_each_provider_answers_the_steps_wrap_up_survey_and_interview(page, site, tmp_path, kind):
    with KINDS[kind]() as provider:
        agent, result = session(page, provider, tmp_path, site)
        assert_answered_all(agent, result)


def test_a_replay_answers_them_too(page, site, tmp_path):
    with scripted_provider() as provider:
        session(page, provider, tmp_path / "recorded", site, record_mode="once")
    # the cassette was written beside the first session; the second is replayed from it (new_episodes: the live
    # provider may be asked what the cassette does not hold, as the survey is: an opinion of this run, never recorded)
    (tmp_path / "replayed").mkdir()
    (tmp_path / "recorded" / "cassette.yaml").rename(tmp_path / "replayed" / "cassette.yaml")
    with scripted_provider() as provider:
        agent, result = session(page, provider, tmp_path / "replayed", site, record_mode="new_episodes")
        assert result.replay is not None and result.replay.replayed == len(result.steps) == 1
        assert_answered_all(agent, result)


class Partial:
    """A test double written before the survey and interviews were asked of a provider."""

    name = "partial"

    def model_name(self, requested: str) -> str:
        return requested

    def endpoint(self, requested: str) -> None:
        return None

    def decide(self, *args: Any) -> Any:
        return ScriptedProvider([DONE]).decide(*args)

    def wrap_up(self, *args: Any) -> Any:
        return ScriptedProvider([DONE]).wrap_up(*args)

    compose = wrap_up


class Complete(Partial):
    def survey(self, *args: Any) -> Any:
        return ScriptedProvider([DONE]).survey(*args)

    interview = survey


def test_a_provider_lacking_a_method_is_one_line_before_anything_runs(page, tmp_path):
    with pytest.raises(ConfigError) as raised:
        Agent(page, Persona(name="Jana"), Partial(), UserAgentConfig(), tmp_path)
    assert str(raised.value) == (
        "Partial is not a provider: it lacks survey, interview (pytest_useragent.Provider names what a provider answers)"
    )
    assert not any(tmp_path.iterdir())  # nothing ran, nothing was written


def test_the_same_double_complete_is_a_provider(page, tmp_path):
    assert Agent(page, Persona(name="Jana"), Complete(), UserAgentConfig(), tmp_path).provider.name == "partial"
    assert set(PROVIDER_METHODS) <= set(dir(Complete))
