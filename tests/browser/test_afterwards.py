"""The questions after a session (afterwards.py) on a model that refuses more than most (Claude 5's safety
classifiers end a turn with stop_reason "refusal"): a question left unanswered is said in the session's `error`, the
wrap-up's as the survey's is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pytest_useragent import Agent, Persona, SessionResult
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.records import Usage
from pytest_useragent.testing import Fault, Malformed, Refusal, ScriptedProvider, decision, wrap_up

JANA = Persona(name="Jana", background="Jana, 45. Never used a shop like this.")
DONE = decision("done", verdict="met", evidence="Welcome to Corner Shop")


def run(page: Any, claude: Any, tmp_path: Path, site: str) -> Any:
    config = UserAgentConfig(settle_timeout=2, model="claude-fable-5-1")
    return Agent(page, JANA, claude, config, tmp_path).run("Find the shop", url=f"{site}/index.html")


def test_a_refused_wrap_up_is_said_in_the_error(page, site, tmp_path, fake_api, claude):
    fake_api.push(DONE, Refusal())
    result = run(page, claude, tmp_path, site)
    assert result.goal_achieved and result.wrap_up is None and not fake_api.problems
    assert result.error == "wrap-up not answered: the model refused"


def test_a_wrap_up_never_repaired_is_said_in_the_error(page, site, tmp_path, fake_api, claude):
    fake_api.push(DONE, Malformed(), Malformed(), Malformed())
    result = run(page, claude, tmp_path, site)
    assert result.goal_achieved and result.wrap_up is None and not fake_api.problems
    assert (result.error or "").startswith("wrap-up not answered: no valid reply after 2 repair requests")


def test_a_wrap_up_the_api_rejects_stops_the_run_calling_it(page, site, tmp_path, fake_api, claude):
    # a 401/403/400 refuses every later call alike, as at a step: no survey after it, and the run is halted
    fake_api.push(DONE, Fault(401))
    config = UserAgentConfig(settle_timeout=2, model="claude-fable-5-1", survey="sus")
    agent = Agent(page, JANA, claude, config, tmp_path)
    result = agent.run("Find the shop", url=f"{site}/index.html")
    assert result.goal_achieved and result.wrap_up is None and result.survey is None and not fake_api.problems
    assert len(fake_api.requests) == 2  # the step and the wrap-up: no survey asked of an API that refuses
    assert (result.error or "").startswith("wrap-up skipped: Anthropic API answered 401")
    halted = agent.spending.ledger.state().halted
    assert halted == {claude.endpoint("claude-fable-5-1"): result.error.removeprefix("wrap-up skipped: ")}


def test_a_survey_the_api_rejects_stops_the_run_calling_it(page, site, tmp_path, fake_api, claude):
    fake_api.push(DONE, wrap_up(), Fault(403))
    config = UserAgentConfig(settle_timeout=2, model="claude-fable-5-1", survey="sus")
    agent = Agent(page, JANA, claude, config, tmp_path)
    result = agent.run("Find the shop", url=f"{site}/index.html")
    assert result.goal_achieved and result.wrap_up is not None and result.survey is None and not fake_api.problems
    assert (result.error or "").startswith("survey skipped: Anthropic API answered 403")
    halted = agent.spending.ledger.state().halted
    assert halted == {claude.endpoint("claude-fable-5-1"): result.error.removeprefix("survey skipped: ")}


def test_ctrl_c_during_the_wrap_up_writes_the_session_first(page, site, tmp_path):
    # the steps are done and paid for; Ctrl-C while the wrap-up waits on the API must not lose their record
    def interrupted(request: Any) -> Any:
        raise KeyboardInterrupt

    provider = ScriptedProvider([DONE], wrap_up=interrupted, model="claude-sonnet-4-6", usage=Usage(input_tokens=900))
    agent = Agent(page, JANA, provider, UserAgentConfig(settle_timeout=2, model="claude-sonnet-4-6"), tmp_path)
    with pytest.raises(KeyboardInterrupt):
        agent.run("Find the shop", url=f"{site}/index.html")
    saved = SessionResult.model_validate_json((tmp_path / "useragent" / "session.json").read_text())
    assert saved.goal_achieved and saved.error == "wrap-up interrupted (KeyboardInterrupt)"
    assert saved.cost_usd > 0 and len(saved.steps) == 1 and (tmp_path / "useragent" / "report.md").is_file()
