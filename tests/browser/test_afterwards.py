"""The questions after a session (afterwards.py) on a model that refuses more than most (Claude 5's safety
classifiers end a turn with stop_reason "refusal"): a question left unanswered is said in the session's `error`, the
wrap-up's as the survey's is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pytest_useragent import Agent, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.testing import Malformed, Refusal, decision

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
