"""A whole pytest run with credentials and a page that echoes the password: the terminal (assertion repr under -vv,
live step lines), the run reports, junit, the GitHub summary, pytest-html and every session file hold no form of it.
The secret is only ever in the environment: no file of the suite spells it."""

from __future__ import annotations

import base64
import re

import pytest
from secret_scan import SECRET, image_of, leaks, mostly_magenta

SUITE = """
import os

import anthropic
import pytest
from pytest_useragent import AnthropicProvider
from pytest_useragent.records import IssueDraft, WrapUp
from pytest_useragent.testing import FakeMessagesAPI, decision, ref_of, wrap_up


@pytest.fixture
def llm_provider():
    # a model that repeats what the page showed it (it never can: the page text is redacted before it is sent)
    said = os.environ["SHOP_PASSWORD"]
    issue = IssueDraft(severity="major", heuristic="security", title=f"Shows {said}", evidence=said, quote=said)
    script = [
        lambda body: decision("type", ref_of(body, "Password"), text="{{password}}"),
        lambda body: decision("click", ref_of(body, "Sign in"), verdict="met"),
        decision("done", evidence="Careless shop", verdict="met", summary=f"signed in with {said}", issues=[issue]),
        WrapUp(intuitiveness=6, rationale=said, issues=[issue], suggestions=[said], quotes=[f"It said {said}"]),
    ]
    with FakeMessagesAPI(script) as server:
        yield AnthropicProvider(anthropic.Anthropic(base_url=server.base_url, api_key="test"), keep_exchanges=True)
"""

TEST = """
import os
from urllib.parse import unquote_plus

import pytest


@pytest.mark.useragent(credentials={"password": "$SHOP_PASSWORD"})
def test_sign_in(agent, site):  # not `page`: a failing test's traceback shows `page = <Page url=...>` as it is
    result = agent.run("Sign in with {{password}}", url=site + "/echo.html")
    print("THE FIELD GOT THE VALUE:", os.environ["SHOP_PASSWORD"] in unquote_plus(agent.page.url))
    print("ECHO AT", agent.page.locator("#echo").bounding_box())
    assert result.wrap_up is None, result.goal
"""


def test_no_report_terminal_line_or_file_of_the_run_holds_the_secret(suite: pytest.Pytester, monkeypatch):
    monkeypatch.setenv("SHOP_PASSWORD", SECRET)
    github = suite.path / "github-summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(github))
    suite.makeconftest(suite.path.joinpath("conftest.py").read_text() + SUITE)
    suite.makepyfile(test_sign_in=TEST)
    result = suite.runpytest_subprocess(
        "-p",
        "no:cacheprovider",
        "-vv",
        "-s",
        "--useragent-debug=ultra",
        f"--basetemp={suite.path / 'tmp'}",
        f"--junitxml={suite.path / 'junit.xml'}",
        f"--html={suite.path / 'pytest-html.html'}",
        "--self-contained-html",
        timeout=240,
    )
    result.assert_outcomes(failed=1)
    output = result.stdout.str() + result.stderr.str()
    # the page got the password (it went out in the form's URL); the failing assertion's repr is in the output
    assert "THE FIELD GOT THE VALUE: True" in output
    assert "SessionResult(" in output and "[useragent]" in output and "{{password}}" in output
    written = [github, suite.path / "junit.xml", suite.path / "pytest-html.html", suite.path / "useragent-report"]
    assert all(path.exists() for path in written) and any((suite.path / "tmp").rglob("debug/*.json"))
    assert leaks(SECRET, [suite.path], [], {"terminal": output}) == []
    # report.html inlines the screenshots: the page after signing in shows the password, masked
    report = (suite.path / "useragent-report" / "report.html").read_text()
    images = [image_of(base64.b64decode(data)) for data in re.findall(r"base64,([A-Za-z0-9+/=]+)", report)]
    echo = {key: float(value) for key, value in re.findall(r"'(\w+)': ([\d.]+)", output.split("ECHO AT")[1])[:4]}
    box = (echo["x"], echo["y"], min(echo["width"], 200), echo["height"])
    assert len(images) == 3 and echo["height"] > 20 and mostly_magenta(images[2], box)
