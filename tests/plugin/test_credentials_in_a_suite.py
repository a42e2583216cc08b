"""Credentials through pytest: a conftest's `useragent_credentials`, a marker's `credentials=` laid over them, values
from the environment, and a missing variable as one line before anything runs."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest

SHOUTED_PASSWORD = "sup3rSecret!"
"""A password a page shows upper-cased: `SUP3RSECRET!`."""

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


ADMIN = """
import json

import pytest


@pytest.mark.useragent(credentials={"username": "admin", "password": "admin"})
def test_admin_signs_in(agent, site):
    result = agent.run("Sign in to the admin panel", url=site + "/admin/index.html")
    agent.interview("What did you make of it?")
    print("SESSION", json.dumps(result.directory))
    assert False, "fails, so that the terminal shows the session's account and its link"
"""


def test_admin_credentials_leave_what_the_harness_owns_intact(suite: pytest.Pytester):
    """The Django defaults, admin/admin, with "admin" in the test id, the goal, the URL, the page and the tmp path
    (this test's name is in it): the session counted once, its folder copied, every path the terminal gives names a
    file that exists, and report.json keeps the goal and the test id as written."""
    suite.makepyfile(test_admin=ADMIN)
    result = suite.runpytest_subprocess("-p", "no:cacheprovider", "-s", timeout=240)
    result.assert_outcomes(failed=1)
    output = result.stdout.str()
    assert "admin" in str(suite.path) and "1 session in 1 test" in output
    assert "goal achieved (offline): Sign in to the admin panel" in output  # the page's "Admin panel" is masked
    warned = "CredentialWarning: the username and the password are the word 'admin', in the goal and shown on the page"
    assert output.count(warned) == 1 and output.count("CredentialWarning") == 1
    session = Path(json.loads(output.split("SESSION ", 1)[1].splitlines()[0]))
    assert session.is_dir() and (session / "session.json").is_file()
    links = [Path(line.split("report: ", 1)[1]) for line in output.splitlines() if line.startswith("report: ")]
    assert len(links) == 2 and all(link.is_file() for link in links), links
    report = suite.path / "useragent-report"
    copied = [path.parent for path in (report / "sessions").rglob("session.json")]
    assert len(copied) == 1 and links[0] == copied[0] / "report.md"
    # the copy's folder is named after the test, which holds a credential: a safe name, not a rewritten one
    assert copied[0].relative_to(report).parts[1].startswith("test-")
    ran = json.loads((report / "report.json").read_text())
    assert [(entry["nodeid"], entry["result"]["goal"]) for entry in ran["sessions"]] == [
        ("test_admin.py::test_admin_signs_in[chromium]", "Sign in to the admin panel")
    ]
    kept = ran["sessions"][0]["result"]
    assert kept["directory"] == str(session) and len(kept["interviews"]) == 1


def test_a_common_word_as_credentials_elsewhere_keeps_the_readable_copy_name(suite: pytest.Pytester):
    """The twin: the same run with credentials the test id does not hold copies the folder under the test's name, and
    warns of nothing."""
    suite.makepyfile(test_admin=ADMIN.replace('"admin"', '"Tr0ub4dor"'))
    result = suite.runpytest_subprocess("-p", "no:cacheprovider", "-s", timeout=240)
    result.assert_outcomes(failed=1)
    assert "1 session in 1 test" in result.stdout.str() and "CredentialWarning" not in result.stdout.str()
    copied = [path.parent for path in (suite.path / "useragent-report" / "sessions").rglob("session.json")]
    assert [path.parent.name.split("-")[0] for path in copied] == ["test_admin.py_test_admin_signs_in_chromium"]


SHOUTING = """
import json
import os
import re

import anthropic
import pytest
from pytest_useragent import AnthropicProvider
from pytest_useragent.records import IssueDraft, WrapUp
from pytest_useragent.testing import FakeMessagesAPI, decision, ref_of


def quoted(body):
    \"\"\"The line of the page the model was shown that holds "Marmalade", as a model quotes what it read.\"\"\"
    shown = json.dumps(body["messages"], ensure_ascii=False)
    return re.search(r'(?i)marmalade club: [^"\\\\]*', shown)[0]


def done(body):
    said = quoted(body)
    issue = IssueDraft(severity="minor", heuristic="security", title=f"Shows {said}", evidence=said, quote=said)
    return decision("done", evidence="Marmalade", verdict="met", summary=f"the page said {said}", issues=[issue])


@pytest.fixture
def llm_provider():
    # a model that repeats the page as it was shown, and the password as the page showed it, upper-cased
    shouted = os.environ["SHOP_PASSWORD"].upper()
    script = [
        lambda body: decision("type", ref_of(body, "Password"), text="{{password}}"),
        lambda body: decision("click", ref_of(body, "Sign in"), verdict="met"),
        done,
        WrapUp(intuitiveness=6, rationale=shouted.title(), issues=[], suggestions=[], quotes=[f"It said {shouted}"]),
    ]
    with FakeMessagesAPI(script) as server:
        yield AnthropicProvider(anthropic.Anthropic(base_url=server.base_url, api_key="test"), keep_exchanges=True)
"""

SHOUTED = """
import pytest


@pytest.mark.useragent(credentials={"password": "$SHOP_PASSWORD"})
@pytest.mark.parametrize("case", ["app", "css"])
def test_signs_in(agent, site, case):
    result = agent.run("Sign in with my account", url=site + "/shout.html?case=" + case)
    print("SAID", case, result.steps[-1].issues[0].quote)
"""


def test_a_password_the_page_shows_upper_cased_is_in_no_file_in_any_case(suite: pytest.Pytester, monkeypatch):
    """The page shows the password upper-cased, by its script (text and title) or by CSS (`text-transform`), and the
    model repeats it so: no file under the run's folder (reports, session folders and their debug logs, the tmp path,
    the baseline store, cassettes, the GitHub summary) holds it in any case; "Marmalade" beside it is kept."""
    monkeypatch.setenv("SHOP_PASSWORD", SHOUTED_PASSWORD)
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(suite.path / "github-summary.md"))
    suite.makeconftest(suite.path.joinpath("conftest.py").read_text() + SHOUTING)
    suite.makepyfile(test_shouted=SHOUTED)
    result = suite.runpytest_subprocess(
        "-p",
        "no:cacheprovider",
        "-s",
        "--useragent-debug=ultra",
        "--useragent-save=shouted",
        "--useragent-record-mode=all",
        timeout=240,
    )
    result.assert_outcomes(passed=2)
    output = result.stdout.str()
    assert "SAID app MARMALADE CLUB: {{password}}" in output and "SAID css Marmalade club: {{password}}" in output
    written = [path for path in suite.path.rglob("*") if path.is_file() and path.suffix != ".jpg"]
    places = {"baseline": ".useragent", "cassette": "cassettes", "debug log": "/debug/", "summary": "github-summary"}
    assert {name for name, part in places.items() if any(part in str(path) for path in written)} == set(places)
    texts = {str(path): path.read_text(errors="replace").lower() for path in written}
    secret = SHOUTED_PASSWORD.lower()
    assert [where for where, text in texts.items() if secret in text or quote(secret).lower() in text] == []
    assert sum("marmalade club: {{password}}" in text for text in texts.values()) > 4  # the twin: the word beside it
