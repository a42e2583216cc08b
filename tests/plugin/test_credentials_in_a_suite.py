"""Credentials through pytest: a conftest's `useragent_credentials`, a marker's `credentials=` laid over them, values
from the environment, and a missing variable as one line before anything runs."""

from __future__ import annotations

import pytest

CONFTEST = """

@pytest.fixture
def useragent_credentials():
    return {"email": "jana@example.com", "password": "$FIXTURE_PASSWORD"}
"""

TESTS = """
from urllib.parse import parse_qs, urlparse

import pytest


def test_from_the_fixture(agent, site):
    agent.run("Sign in with my account", url=site + "/echo.html")
    print("SENT", parse_qs(urlparse(agent.page.url).query))


@pytest.mark.useragent(credentials={"password": "$MARKER_PASSWORD"})
def test_the_marker_wins(agent, site):
    agent.run("Sign in with my account", url=site + "/echo.html")
    print("SENT", parse_qs(urlparse(agent.page.url).query))


@pytest.mark.useragent(credentials={"password": "$NOT_SET_ANYWHERE"})
def test_missing(agent):
    raise AssertionError("never runs")
"""


def test_credentials_from_fixture_and_marker_and_a_missing_variable(suite: pytest.Pytester, monkeypatch):
    monkeypatch.setenv("FIXTURE_PASSWORD", "from-the-fixture")
    monkeypatch.setenv("MARKER_PASSWORD", "from-the-marker")
    monkeypatch.delenv("NOT_SET_ANYWHERE", raising=False)
    suite.makeconftest(suite.path.joinpath("conftest.py").read_text() + CONFTEST)
    suite.makepyfile(test_login=TESTS)
    result = suite.runpytest_subprocess("-p", "no:cacheprovider", "-s", timeout=240)
    result.assert_outcomes(passed=2, errors=1)
    output = result.stdout.str()
    assert "SENT {'email': ['jana@example.com'], 'password': ['from-the-fixture']}" in output
    assert "SENT {'email': ['jana@example.com'], 'password': ['from-the-marker']}" in output
    result.stdout.fnmatch_lines(
        [
            "*ERROR at setup of test_missing*",
            "credential 'password': environment variable NOT_SET_ANYWHERE is not set",
            "=*=",
        ]
    )
    assert "never runs" not in output and "Traceback" not in output and "During handling" not in output
    assert not list(suite.path.rglob("test_missing*/useragent"))
